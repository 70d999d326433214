import { describe, expect, it } from 'vitest';
import { isAlmanacError } from '../errors.ts';
import { BRANCHES } from '../ganzhi.ts';
import {
  COMPAT_TOPICS,
  compatibility,
  gradeOfScore,
  LUCK_GRADES,
  RELATION_SCORES,
  scoreOfGrade,
  TOPIC_LABELS,
  TOPIC_TEXTS,
} from './compatibility.ts';

describe('compatibility (jxfen)', () => {
  it('carries the score and grade tables of PRODUCT.md#constants exactly', () => {
    // The two rows of the table, as PRODUCT.md writes them.
    const relations =
      '三合 88/80, 六合 95/83, 合 95/90, 生 75/65, 助 70/66, 克 52/45, 冲 30/32, 刑 45/35, 害 42/55, 破 25/25';
    const grades = '大吉 89/88, 中吉 75/78, 小吉 61/68, 中平 53/55, 小凶 42/46, 中凶 31/37, 大凶 22/25';
    const rows = (table: string) =>
      table.split(', ').map((cell) => {
        const [name, pair] = cell.split(' ');
        const [a, b] = pair.split('/').map(Number);
        return [name, a, b] as const;
      });
    expect(RELATION_SCORES).toEqual(
      Object.fromEntries(rows(relations).map(([name, a, b]) => [name, [a, b]])),
    );
    expect(Object.keys(RELATION_SCORES)).toEqual(rows(relations).map(([name]) => name));
    expect(LUCK_GRADES).toEqual(rows(grades));
  });
  it('classifies relations by precedence', () => {
    const r = (a: string, b: string) => compatibility(a, b).relation;
    expect([
      r('子', '丑'),
      r('子', '辰'),
      r('寅', '丑'),
      r('子', '午'),
      r('子', '卯'),
      r('辰', '辰'),
    ]).toEqual(['六合', '三合', '合', '冲', '刑', '刑']);
    expect([
      r('子', '未'),
      r('子', '酉'),
      r('子', '寅'),
      r('子', '子'),
      r('子', '戌'),
      r('巳', '申'),
    ]).toEqual(['害', '破', '生', '助', '克', '六合']);
    expect(compatibility('寅', '子').detail).toBe('子生寅（他生我）');
  });
  it('scores wealth and marriage by relation, the other topics by grade and wo yin/yang', () => {
    for (const a of BRANCHES) {
      for (const b of BRANCHES) {
        const c = compatibility(a, b);
        const yang = BRANCHES.indexOf(a) % 2 === 0;
        expect(c.wealth.fen).toBe(RELATION_SCORES[c.relation][0]);
        expect(c.marriage.fen).toBe(RELATION_SCORES[c.relation][1]);
        for (const t of COMPAT_TOPICS) {
          expect(LUCK_GRADES.map((g) => g[0])).toContain(c[t].jx);
          expect(c[t].desc).toContain(c[t].jx);
          if (t !== 'wealth' && t !== 'marriage') expect(c[t].fen).toBe(scoreOfGrade(c[t].jx, yang));
        }
      }
    }
  });
  it('grades a score by the nearest grade in the column', () => {
    expect(gradeOfScore(95, true)).toBe('大吉');
    // PRODUCT.md#constants heads the grades "(yin/yang)": 中凶 is 31 yin, 37 yang; 大凶 22 yin, 25 yang.
    expect(gradeOfScore(30, true)).toBe('大凶');
    expect(gradeOfScore(30, false)).toBe('中凶');
    expect(gradeOfScore(25, false)).toBe('大凶');
    const c = compatibility('子', '午');
    expect(c.polarity).toBe('yang');
    expect(c.lawsuit).toEqual({
      jx: '中凶',
      fen: 37,
      desc: '子午相冲，官司中凶：相冲主对立，容易起口角纷争，宜冷静处理，能和解就不打官司。',
    });
    expect(compatibility('丑', '未').lawsuit.fen).toBe(31);
  });
  it('explains each topic in its own words, naming the relation found', () => {
    for (const a of BRANCHES) {
      for (const b of BRANCHES) {
        const c = compatibility(a, b);
        const descs = COMPAT_TOPICS.map((t) => c[t].desc);
        // Five topics, five different explanations — never one stock sentence repeated.
        expect(new Set(descs.map((d) => d.slice(d.indexOf('：')))).size).toBe(5);
        for (const t of COMPAT_TOPICS) {
          expect(c[t].desc.startsWith(`${c.detail}，${TOPIC_LABELS[t]}${c[t].jx}：`)).toBe(true);
          expect(c[t].desc).toContain(TOPIC_TEXTS[c.relation][t]);
        }
      }
    }
    expect(compatibility('午', '未').marriage.desc).toBe(
      '午未六合，婚姻大吉：六合是地支里最亲近的一对，主两人情投意合、相处融洽，彼此愿意迁就。',
    );
    expect(compatibility('寅', '子').wealth.desc).toMatch(/^子生寅（他生我），财运.吉：相生主/);
    // Every relation × topic has its own text, and each names its relation.
    const words: Record<string, string> = { 合: '暗合', 生: '相生', 助: '比和', 克: '相克' };
    for (const r of Object.keys(TOPIC_TEXTS) as (keyof typeof TOPIC_TEXTS)[]) {
      for (const t of COMPAT_TOPICS) expect(TOPIC_TEXTS[r][t]).toContain(words[r] ?? r);
    }
    const all = Object.values(TOPIC_TEXTS).flatMap((x) => Object.values(x));
    expect(new Set(all).size).toBe(50);
  });

  it('rejects invalid branches with the original app’s messages', () => {
    const fail = (a: unknown, b: unknown) => {
      try {
        compatibility(a, b);
      } catch (e) {
        return isAlmanacError(e) ? `${e.code} ${e.message}` : 'other';
      }
      return 'none';
    };
    expect(fail('甲', '子')).toBe('WRONG_BRANCH_WO 不是地支(wo)');
    expect(fail('子', '子丑')).toBe('WRONG_BRANCH_TA 不是地支(ta)');
    expect(fail(undefined, 3)).toBe('WRONG_BRANCH_WO 不是地支(wo)');
    expect(compatibility(' 子 ', '丑').relation).toBe('六合');
  });
});
