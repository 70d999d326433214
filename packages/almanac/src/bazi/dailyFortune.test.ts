/**
 * dailyFortune / weekFortune: hand-checked days (pillars from the engine, every step of the rule
 * worked out in the comments), the grade boundaries, and properties over random people and dates.
 * Runs the same under TZ=UTC, Asia/Shanghai and America/New_York: nothing reads the machine's zone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAlmanacError } from '../errors.ts';
import { dayNumber, formatSolarDate, parseSolarDate, solarFromDayNumber, weekday } from '../solarDate.ts';
import { baziChart } from './chart.ts';
import { COMPAT_RELATIONS, LUCK_GRADES } from './compatibility.ts';
import {
  dailyFortune,
  FORTUNE_GRADES,
  type FortuneDay,
  type FortunePerson,
  fortuneGrade,
  fortunePerson,
  fortunePersonOfChart,
  STAR_POINTS,
  TEN_GOD_POINTS,
  weekFortune,
} from './dailyFortune.ts';
import { GRADE_ADVICE, RELATION_TEXTS, STAR_TEXTS, TEN_GOD_TEXTS } from './fortuneTexts.ts';
import { favouredElement } from './luckyElement.ts';
import { YUN_TYPES } from './yunType.ts';

/** 庚午 辛巳 乙亥 庚辰: day master 乙 (yin), day branch 亥, month 巳 (本气 丙 伤官: 不得令 → favours 水). */
const A = fortunePerson({ born: '公 1990-05-10 08:00', sex: '男' });
/** 乙卯 戊寅 丁酉 癸卯: day master 丁 (yin), day branch 酉, month 寅 (本气 甲 正印: 得令 → favours 土). */
const B = fortunePerson({ born: '公 1975-02-20 06:30', sex: '男' });
/** 癸未 壬戌 庚辰 甲申 (坤造): day master 庚 (yang), day branch 辰, month 戌 (本气 戊 偏印: 得令 → favours 水). */
const C = fortunePerson({ born: '公 2003-11-03 15:00', sex: '女' });

function thrownCode(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (isAlmanacError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

const sentences = (desc: string) => desc.split('。').filter(Boolean);

describe('the people of the examples', () => {
  it('have the pillars bazi/chart.ts prints', () => {
    const sizhu = (born: string, sex: '男' | '女') => baziChart({ born, sex, liunianCount: 0 }).sizhu;
    for (const [person, born, sex] of [
      [A, '公 1990-05-10 08:00', '男'],
      [B, '公 1975-02-20 06:30', '男'],
      [C, '公 2003-11-03 15:00', '女'],
    ] as const) {
      expect(fortunePersonOfChart({ sizhu: sizhu(born, sex), sex })).toEqual(person);
    }
    expect(baziChart({ born: '公 1990-05-10 08:00', sex: '男', liunianCount: 0 }).sizhu).toEqual({
      year: '庚午',
      month: '辛巳',
      day: '乙亥',
      hour: '庚辰',
    });
    // Options reach the pillars as in the chart (UTC+8: 1990-05 was in China's summer time); an early
    // 子时 birth moves the day.
    const late = { born: '公 1990-05-10 23:30', sex: '女' as const, timeZone: 'UTC+8' };
    expect(fortunePerson({ ...late, zi: 'early' }).pillars.day).toBe(A.pillars.day + 1);
    expect(fortunePerson(late).pillars.day).toBe(A.pillars.day);
    for (const options of [
      late,
      { ...late, zi: 'early' as const, timeZone: 'Asia/Hong_Kong', longitude: 114.2 },
    ]) {
      expect(fortunePersonOfChart(baziChart({ ...options, liunianCount: 0 }))).toEqual(
        fortunePerson(options),
      );
    }
  });

  it('favour the element of luckyElement.ts', () => {
    expect(favouredElement(A.pillars.day % 10, A.pillars.month % 12)).toBe(4); // 水 生 乙木
    expect(favouredElement(B.pillars.day % 10, B.pillars.month % 12)).toBe(2); // 丁火 生 土
    expect(favouredElement(C.pillars.day % 10, C.pillars.month % 12)).toBe(4); // 庚金 生 水
  });
});

describe('hand-checked days', () => {
  it('六合, 财运: 2026-01-16 庚寅 for A — 寅亥六合 95, 正官 adds nothing to 财运 → 95 大吉', () => {
    expect(dailyFortune(A, '2026-01-16', 'caiyun')).toEqual({
      date: '2026-01-16',
      yunType: 'caiyun',
      fen: 95,
      jx: '大吉',
      desc:
        '今日庚寅，流日寅与你的日支亥六合，合主和顺，谈生意、收账款都比较顺手，适合与人合作求财。' +
        '财运大吉，可以主动争取合作和收益，仍要量力而行。',
      dayGanzhi: '庚寅',
      relation: '六合',
      lucky: {
        // 财神 of 庚: 震 正东.
        directions: ['财神 正东'],
        // 黄道 hours of a 寅 day: 子 丑 辰 巳 未 戌. 巳亥 冲 is left out; the waking ones 辰 (克 52),
        // 未 (亥卯未 三合 88) and 戌 (克 52) remain.
        hours: ['辰时 07:00–08:59', '未时 13:00–14:59', '戌时 19:00–20:59'],
        // 水 on a yang (庚) day: 黑色 and the 天数 1.
        colour: '黑色',
        number: 1,
      },
    });
  });

  it('六合, 事业: the same day scores 95 + 正官 8 = 103, clamped to 100', () => {
    const day = dailyFortune(A, '2026-01-16', 'shiye');
    expect([day.fen, day.jx, day.lucky.directions]).toEqual([100, '大吉', ['福神 西南']]);
    expect(sentences(day.desc)[1]).toBe(
      '流日天干庚是你的正官，正官主职位和名声，适合汇报工作、争取机会，按规矩办事更受认可',
    );
  });

  it('冲: 2026-01-19 癸巳 for A — 巳亥冲; 财运 30 is one below 中凶 (31, yin) → 大凶; 感情 32 → 中凶', () => {
    const wealth = dailyFortune(A, '2026-01-19', 'caiyun');
    expect([wealth.dayGanzhi, wealth.relation, wealth.fen, wealth.jx]).toEqual(['癸巳', '冲', 30, '大凶']);
    // Peach-blossom column 32; 癸 is A's 偏印 (no points); A's 桃花 are 卯 (年支 午) and 子 (日支 亥).
    const love = dailyFortune(A, '2026-01-19', 'ganqing');
    expect([love.fen, love.jx, love.lucky.directions]).toEqual([32, '中凶', ['喜神 东南']]);
    // 健康: A does not command the season, so 偏印 supports: 30 + 6 = 36 → 中凶.
    const health = dailyFortune(A, '2026-01-19', 'jiankang');
    expect([health.fen, health.jx]).toEqual([36, '中凶']);
    expect(health.desc).toContain('流日天干癸是你的偏印，偏印生身');
    expect(wealth.desc).toMatch(/^今日癸巳，流日巳与你的日支亥相冲，/);
  });

  it('感情 of a man with 正财 and 桃花: 2026-01-14 戊子 for A — 子亥比和 66 + 8 + 6 = 80 → 中吉, four sentences', () => {
    const day = dailyFortune(A, '2026-01-14', 'ganqing');
    expect([day.dayGanzhi, day.relation, day.fen, day.jx]).toEqual(['戊子', '助', 80, '中吉']);
    expect(sentences(day.desc)).toEqual([
      '今日戊子，流日子与你的日支亥比和，比和主性情相近，相处轻松，也容易各持己见，多谦让一点就好',
      '流日天干戊是你的正财，正财是男命的妻星，与伴侣相处温馨，单身的人也有机会结识合适的对象',
      STAR_TEXTS.桃花,
      GRADE_ADVICE.ganqing.中吉,
    ]);
  });

  it('感情 of a woman with 桃花 at the yang 大吉 line: 2026-03-12 乙酉 for C — 辰酉六合 83 + 桃花 6 = 89', () => {
    // 乙 is C's 正财, which a woman's 感情 does not score; 酉 is the 桃花 of C's day branch 辰 (申子辰 → 酉).
    const day = dailyFortune(C, '2026-03-12', 'ganqing');
    expect([day.relation, day.fen, day.jx]).toEqual(['六合', 89, '大吉']);
    expect(sentences(day.desc)).toHaveLength(3);
  });

  it('冲 and 健康 of a strong day master: 2026-03-13 丙戌 and 2026-03-01 甲戌 for C', () => {
    // 辰戌冲 30; 丙 is 庚's 七杀: a day master that commands the season still loses 3 → 27 → 大凶.
    const d1 = dailyFortune(C, '2026-03-13', 'jiankang');
    expect([d1.relation, d1.fen, d1.jx]).toEqual(['冲', 27, '大凶']);
    // 事业: 30 + 七杀 6 = 36, one below the yang 中凶 line (37) → 大凶.
    const d2 = dailyFortune(C, '2026-03-13', 'shiye');
    expect([d2.fen, d2.jx]).toEqual([36, '大凶']);
    // 甲 clashes 庚 (天干相冲) and is C's 偏财 (nothing for 健康): 30 − 5 = 25 → 大凶, exactly its line.
    const d3 = dailyFortune(C, '2026-03-01', 'jiankang');
    expect([d3.dayGanzhi, d3.fen, d3.jx]).toEqual(['甲戌', 25, '大凶']);
    expect(sentences(d3.desc)[1]).toBe('流日天干甲与你的日主庚相冲，今天宜避免剧烈运动和熬夜');
  });

  it('三合, 学业, at the yang 大吉 line: 2026-03-03 丙子 for C — 申子辰 88 exactly → 大吉', () => {
    const day = dailyFortune(C, '2026-03-03', 'xueye');
    expect([day.relation, day.fen, day.jx]).toEqual(['三合', 88, '大吉']);
    // 水 on a yang (丙) day: 黑色, 1.
    expect([day.lucky.colour, day.lucky.number, day.lucky.directions]).toEqual(['黑色', 1, ['福神 西北']]);
  });

  it('学业 with 正印, 事业 with 天乙贵人, 破 with 劫财 for B (yin column)', () => {
    // 申酉 比和 70 + 正印 8 = 78 → 中吉 (yin line 75).
    const study = dailyFortune(B, '2026-03-11', 'xueye');
    expect([study.dayGanzhi, study.relation, study.fen, study.jx]).toEqual(['甲申', '助', 78, '中吉']);
    // 酉生亥 75; 乙 is 丁's 偏印 (nothing for 事业); 亥 is 丁's 天乙贵人 (丙丁猪鸡位) → 80 中吉.
    const career = dailyFortune(B, '2026-03-02', 'shiye');
    expect([career.relation, career.fen, career.jx]).toEqual(['生', 80, '中吉']);
    expect(sentences(career.desc)).toContain(STAR_TEXTS.天乙贵人);
    // 子酉破 25 + 劫财 −6 = 19, under every line → 大凶; 土 on a yang (丙) day: 黄色, 5.
    const wealth = dailyFortune(B, '2026-03-03', 'caiyun');
    expect([wealth.relation, wealth.fen, wealth.jx, wealth.lucky.colour, wealth.lucky.number]).toEqual([
      '破',
      19,
      '大凶',
      '黄色',
      5,
    ]);
    // 壬午: 午克酉 52 + 正官 8 = 60, one below the yin 小吉 line (61) → 中平.
    const career2 = dailyFortune(B, '2026-03-09', 'shiye');
    expect([career2.relation, career2.fen, career2.jx]).toEqual(['克', 60, '中平']);
  });

  it('the week of 2026-01-15 (a Thursday) for A', () => {
    const week = weekFortune(A, '2026-01-15', 'caiyun');
    expect(week.map((d) => [d.date, d.dayGanzhi, d.relation, d.fen, d.jx])).toEqual([
      ['2026-01-12', '丙戌', '克', 55, '中平'], // 52 + 伤官 3
      ['2026-01-13', '丁亥', '刑', 48, '小凶'], // 亥亥自刑 45 + 食神 3
      ['2026-01-14', '戊子', '助', 78, '中吉'], // 70 + 正财 8
      ['2026-01-15', '己丑', '克', 60, '中平'], // 52 + 偏财 8
      ['2026-01-16', '庚寅', '六合', 95, '大吉'],
      ['2026-01-17', '辛卯', '三合', 88, '中吉'], // 亥卯三合 88 < 89 (yin 大吉)
      ['2026-01-18', '壬辰', '克', 52, '小凶'],
    ]);
    expect(week[1].desc).toMatch(/^今日丁亥，流日亥与你的日支亥自刑，/);
    expect(week[3]).toEqual(dailyFortune(A, '2026-01-15', 'caiyun'));
  });
});

describe('grades (PRODUCT.md#constants luck grades, yin / yang columns)', () => {
  it('are named as LUCK_GRADES names them', () => {
    expect(FORTUNE_GRADES).toEqual(LUCK_GRADES.map((g) => g[0]));
  });

  it('are the best grade whose line the score reaches, at every exact boundary', () => {
    for (let i = 0; i < LUCK_GRADES.length; i++) {
      const [name, yin, yang] = LUCK_GRADES[i];
      const below = LUCK_GRADES[i + 1]?.[0] ?? '大凶';
      expect([fortuneGrade(yin, false), fortuneGrade(yin - 1, false)]).toEqual([name, below]);
      expect([fortuneGrade(yang, true), fortuneGrade(yang - 1, true)]).toEqual([name, below]);
    }
    expect([fortuneGrade(100, true), fortuneGrade(0, false)]).toEqual(['大吉', '大凶']);
    expect([fortuneGrade(88, true), fortuneGrade(88, false)]).toEqual(['大吉', '中吉']);
  });
});

describe('input checks', () => {
  it('throws the engine codes', () => {
    expect(thrownCode(() => fortunePerson({ born: 'x', sex: '男' }))).toBe('WRONG_BIRTH_TEXT');
    expect(thrownCode(() => fortunePerson({ born: 'x', sex: 'x' }))).toBe('WRONG_SEX');
    expect(thrownCode(() => fortunePerson({ born: '公 1990-13-01', sex: '女' }))).toBe('WRONG_SOLAR_MONTH');
    expect(thrownCode(() => dailyFortune(A, '2026-02-30', 'caiyun'))).toBe('WRONG_SOLAR_DAY');
    expect(thrownCode(() => dailyFortune(A, '1899-12-31', 'caiyun'))).toBe('OUT_OF_RANGE');
    expect(thrownCode(() => dailyFortune(A, '2101-01-01', 'caiyun'))).toBe('OUT_OF_RANGE');
    // @ts-expect-error a type the wire does not know
    expect(thrownCode(() => weekFortune(A, '2026-01-15', 'aiqing'))).toBe('WRONG_OPTION');
    expect(
      thrownCode(() =>
        fortunePersonOfChart({
          sizhu: { year: '甲丑', month: '甲子', day: '甲子', hour: '甲子' },
          sex: '男',
        }),
      ),
    ).toBe('WRONG_OPTION');
  });

  it('answers the weeks at the ends of the range, which reach into 1899 and 2101', () => {
    expect(weekFortune(A, '1900-01-01', 'caiyun')[0].date).toBe('1900-01-01'); // a Monday
    expect(weekFortune(A, '2100-12-31', 'caiyun').map((d) => d.date)).toContain('2101-01-02');
    expect(dailyFortune(A, { year: 2026, month: 1, day: 16 }, 'caiyun').fen).toBe(95);
  });
});

describe('tables', () => {
  it('hold a text for every scored ten god, relation, grade and star', () => {
    for (const [focus, points] of Object.entries(TEN_GOD_POINTS)) {
      expect(Object.keys(TEN_GOD_TEXTS[focus as keyof typeof TEN_GOD_TEXTS]).sort()).toEqual(
        Object.keys(points).sort(),
      );
    }
    for (const relation of COMPAT_RELATIONS)
      expect(Object.keys(RELATION_TEXTS[relation])).toEqual([...YUN_TYPES]);
    for (const type of YUN_TYPES) expect(Object.keys(GRADE_ADVICE[type])).toEqual([...FORTUNE_GRADES]);
    for (const rule of Object.values(STAR_POINTS)) if (rule) expect(STAR_TEXTS[rule.star]).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties

const person: fc.Arbitrary<FortunePerson> = fc
  .tuple(
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fc.integer({ min: 0, max: 59 }),
    fc.constantFrom('男' as const, '女' as const),
  )
  .map(([year, month, day, hour, sex]) => ({ pillars: { year, month, day, hour }, sex }));
const FIRST = dayNumber(1900, 1, 1);
const LAST = dayNumber(2100, 12, 31);
/** Any day of the range as 'YYYY-MM-DD'. */
const date = fc.integer({ min: FIRST, max: LAST }).map((n) => formatSolarDate(solarFromDayNumber(n)));
const yunType = fc.constantFrom(...YUN_TYPES);

function checkDay(day: FortuneDay, who: FortunePerson): void {
  expect(Number.isInteger(day.fen) && day.fen >= 0 && day.fen <= 100).toBe(true);
  expect(day.jx).toBe(fortuneGrade(day.fen, who.pillars.day % 2 === 0));
  expect(COMPAT_RELATIONS).toContain(day.relation);
  const n = sentences(day.desc).length;
  expect(n >= 2 && n <= 4 && day.desc.endsWith('。')).toBe(true);
  expect(day.lucky.hours.length >= 2 && day.lucky.hours.length <= 3).toBe(true);
  for (const h of day.lucky.hours) expect(h).toMatch(/^[子丑寅卯辰巳午未申酉戌亥]时 \d\d:\d\d–\d\d:\d\d$/);
  expect(day.lucky.directions).toHaveLength(1);
  expect(day.lucky.directions[0]).toMatch(/^(财神|喜神|福神) (正北|东北|正东|东南|正南|西南|正西|西北)$/);
  expect(Number.isInteger(day.lucky.number) && day.lucky.number >= 1 && day.lucky.number <= 10).toBe(true);
}

describe('properties', () => {
  it('score 0–100, grade consistent with the score, same input same output', () => {
    fc.assert(
      fc.property(person, date, yunType, (who, d, type) => {
        const day = dailyFortune(who, d, type);
        checkDay(day, who);
        expect([day.date, day.yunType]).toEqual([d, type]);
        expect(dailyFortune(structuredClone(who), d, type)).toEqual(day);
      }),
      { numRuns: 3000 },
    );
  });

  it('a week is 7 consecutive days from Monday holding the date, each the day’s own fortune', () => {
    fc.assert(
      fc.property(person, date, yunType, (who, d, type) => {
        const week = weekFortune(who, d, type);
        expect(week).toHaveLength(7);
        const days = week.map((x) => {
          const s = parseSolarDate(x.date);
          return dayNumber(s.year, s.month, s.day);
        });
        expect(weekday(days[0])).toBe(1);
        expect(days).toEqual(days.map((_, i) => days[0] + i));
        expect(week.map((x) => x.date)).toContain(d);
        expect(week.find((x) => x.date === d)).toEqual(dailyFortune(who, d, type));
      }),
      { numRuns: 500 },
    );
  });
});
