import { describe, expect, it } from 'vitest';
import { parseSexagenary } from '../ganzhi.ts';
import { branchesBreak, branchesHarm, branchesPunish, pillarRelations, stemsClash } from './relations.ts';

const rel = (...names: string[]) => pillarRelations(names.map(parseSexagenary));

describe('relations', () => {
  it('finds 五合, 六合, 六冲 and 刑 with their pillars', () => {
    const r = rel('甲子', '己丑', '庚午', '丁卯');
    // type, the two pillars, their characters, and how the chart reads the relation
    const found = [
      ['天干五合', 'year month', '甲己', '甲己合土'],
      ['六合', 'year month', '子丑', '子丑合土'],
      ['天干相冲', 'year day', '甲庚', '甲庚相冲'],
      ['六冲', 'year day', '子午', '子午相冲'],
      ['相刑', 'year hour', '子卯', '子卯无礼之刑'],
      ['六害', 'month day', '丑午', '丑午相害'],
      ['六破', 'day hour', '午卯', '午卯相破'],
    ];
    for (const [type, pillars, chars, detail] of found) {
      expect(r).toContainEqual({ type, pillars: pillars.split(' '), chars, detail });
    }
  });
  it('finds 三合, 半合, 三会 and 自刑', () => {
    const r = rel('壬申', '甲子', '丙辰', '丙辰');
    expect(r.find((x) => x.type === '三合')).toEqual({
      type: '三合',
      pillars: ['year', 'month', 'day', 'hour'],
      chars: '申子辰',
      detail: '申子辰三合水局',
    });
    expect(r.filter((x) => x.type === '半合').map((x) => x.chars)).toEqual(['申子', '子辰', '子辰']);
    expect(r.find((x) => x.type === '自刑')?.detail).toBe('辰辰自刑');
    expect(rel('甲寅', '丁卯', '戊辰', '甲子').find((x) => x.type === '三会')?.detail).toBe('寅卯辰三会木方');
  });
  it('pair predicates', () => {
    expect(stemsClash(4, 10)).toBe(false);
    expect(branchesPunish(2, 5) && branchesPunish(5, 8) && branchesPunish(2, 8)).toBe(true);
    expect(branchesPunish(0, 0)).toBe(false);
    expect(branchesHarm(8, 11)).toBe(true);
    expect(branchesBreak(1, 4)).toBe(true);
  });
});
