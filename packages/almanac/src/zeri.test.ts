import { readFileSync } from 'node:fs';
import { Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { dayDeities } from './almanac/dayDeities.ts';
import { dayOfficer } from './almanac/dayOfficer.ts';
import { tabooDays } from './almanac/tabooDays.ts';
import { yiJi } from './almanac/yiji.ts';
import { almanacDay } from './day.ts';
import { almanacDayBasics } from './dayBasics.ts';
import { BRANCHES } from './ganzhi.ts';
import { holidayTable } from './holidayTable.ts';
import { lunarFromDayNumber } from './lunar.ts';
import { ganzhiOfDay } from './pillars.ts';
import { dayNumber, formatSolarDate, parseSolarDate, solarFromDayNumber } from './solarDate.ts';
import { expectAlmanacError } from './testing/errorCode.ts';
import {
  AFFINITY_POINTS,
  chooseDays,
  LEVEL_THRESHOLDS,
  MONTH_BREAK_MATTERS,
  OFFICER_POINTS,
  PATH_POINTS,
  restKind,
  SPIRIT_POINTS,
  ZERI_ACTIVITIES,
  ZERI_BASE,
  type ZeriResult,
} from './zeri.ts';

const dn = (text: string) => {
  const { year, month, day } = parseSolarDate(text);
  return dayNumber(year, month, day);
};

/** The 宜/忌 of every day 2020–2030, from the engine's own 老黄历 day (the page users read). */
const FIRST = dn('2020-01-01');
const LAST = dn('2030-12-31');
const dayLists = (() => {
  const map = new Map<string, { yi: string[]; ji: string[] }>();
  for (let n = FIRST; n <= LAST; n++) {
    const day = almanacDayBasics(solarFromDayNumber(n));
    map.set(day.date, { yi: day.yi, ji: day.ji });
  }
  return map;
})();

/** chooseDays over each whole year 2020–2030 for one activity (a year is at most 366 days). */
function yearsOf(activity: string, people?: Parameters<typeof chooseDays>[0]['people']): ZeriResult[] {
  const out: ZeriResult[] = [];
  for (let year = 2020; year <= 2030; year++)
    out.push(chooseDays({ activity, from: `${year}-01-01`, to: `${year}-12-31`, people }));
  return out;
}

describe('the activities', () => {
  it('are exactly the matters the day table can name in 宜, verdicts left out', () => {
    const seen = new Set<string>();
    for (let month = 0; month < 12; month++)
      for (let pillar = 0; pillar < 60; pillar++) for (const word of yiJi(month, pillar).yi) seen.add(word);
    seen.delete('诸事不宜');
    seen.delete('馀事勿取');
    expect([...ZERI_ACTIVITIES].sort()).toEqual([...seen].sort());
    expect(new Set(ZERI_ACTIVITIES).size).toBe(ZERI_ACTIVITIES.length);
    for (const word of [
      '嫁娶',
      '纳采',
      '入宅',
      '移徙',
      '开市',
      '交易',
      '立券',
      '出行',
      '动土',
      '修造',
      '安床',
    ])
      expect(ZERI_ACTIVITIES).toContain(word);
    for (const word of ['祭祀', '祈福', '求医', '安葬']) expect(ZERI_ACTIVITIES).toContain(word);
  });
});

describe('chooseDays, every day of 2020–2030 and every activity', () => {
  it('chooses only days whose 老黄历 has the activity in 宜 and not in 忌, and loses none of them', () => {
    let chosen = 0;
    let removed = 0;
    for (const activity of ZERI_ACTIVITIES) {
      const kept = new Set<string>();
      for (const result of yearsOf(activity)) {
        for (const day of [...result.days, ...result.removed]) {
          const lists = dayLists.get(day.date)!;
          expect(lists.yi, `${day.date} ${activity}`).toContain(activity);
          expect(lists.ji, `${day.date} ${activity}`).not.toContain(activity);
          kept.add(day.date);
        }
        chosen += result.days.length;
        removed += result.removed.length;
      }
      for (const [date, lists] of dayLists)
        if (lists.yi.includes(activity) && !lists.ji.includes(activity)) expect(kept).toContain(date);
    }
    expect(chosen).toBeGreaterThan(30_000);
    expect(removed).toBeGreaterThan(5_000);
  });

  it('refuses exactly the 月破, 四离, 四绝, 杨公忌 and 三娘煞 days', () => {
    for (const activity of ['嫁娶', '祭祀', '安葬', '开市', '出行']) {
      for (const result of yearsOf(activity)) {
        for (const day of [...result.days, ...result.removed]) {
          const n = dn(day.date);
          const p = ganzhiOfDay(n);
          const taboos = tabooDays(n, lunarFromDayNumber(n), p.month % 12, p.day % 12).map((t) => t.name);
          if ('score' in day) expect(taboos).toEqual([]);
          else expect(day.taboos).toEqual(taboos);
        }
      }
    }
  });
});

describe('月破 for the matters of the 破 day', () => {
  it('does not veto 破屋, 坏垣, 求医 and 治病, whose classical day the 破 day is, and names why it is chosen', () => {
    expect([...MONTH_BREAK_MATTERS].sort()).toEqual(['坏垣', '求医', '治病', '破屋'].sort());
    for (const activity of MONTH_BREAK_MATTERS) {
      let breakDays = 0;
      for (const result of yearsOf(activity)) {
        for (const day of result.removed) expect(day.taboos).not.toContain('月破');
        for (const day of result.days) {
          if (day.officer !== '破') continue;
          breakDays++;
          expect(day.reasons).toContain(`破日宜${activity}（+${AFFINITY_POINTS}）`);
          // The other refusals still stand on a 破 day.
          const n = dn(day.date);
          const p = ganzhiOfDay(n);
          const taboos = tabooDays(n, lunarFromDayNumber(n), p.month % 12, p.day % 12).map((t) => t.name);
          expect(taboos).toEqual(['月破']);
        }
      }
      // Over 2020–2030 the 破 day was refused 60–230 times for each of them.
      expect(breakDays, activity).toBeGreaterThan(50);
    }
  });

  it('still vetoes every other matter on a 月破 day', () => {
    for (const activity of ZERI_ACTIVITIES) {
      if (MONTH_BREAK_MATTERS.includes(activity)) continue;
      for (const day of chooseDays({ activity, from: '2026-01-01', to: '2026-12-31' }).days)
        expect(day.officer, `${day.date} ${activity}`).not.toBe('破');
    }
  });
});

describe('the score', () => {
  it('is the documented sum of the day’s officer, path and spirits, and its level follows the thresholds', () => {
    for (const result of yearsOf('嫁娶')) {
      for (const day of result.days) {
        const p = ganzhiOfDay(dn(day.date));
        const officer = dayOfficer(p.month % 12, p.day % 12);
        expect(day.officer).toBe(officer);
        let sum =
          ZERI_BASE + OFFICER_POINTS[officer] + PATH_POINTS[day.dayGod.endsWith('黄道') ? '黄道' : '黑道'];
        if (['定', '成'].includes(officer)) sum += AFFINITY_POINTS;
        for (const spirit of dayDeities(p.month % 12, p.day).jiShen) sum += SPIRIT_POINTS[spirit] ?? 0;
        expect(day.score).toBe(Math.max(0, Math.min(100, sum)));
        expect(day.level).toBe(
          sum >= LEVEL_THRESHOLDS.上吉 ? '上吉' : sum >= LEVEL_THRESHOLDS.吉 ? '吉' : '平',
        );
      }
      const scores = result.days.map((d) => d.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('names each rule that moved it, with its points, on a worked day', () => {
    // 2026-03-03, 正月十五 丙子: 寅 month, 子 day → 开 (+10); 青龙 黄道 (+8); 月德 (丙 in the 寅 month, +8).
    const result = chooseDays({ activity: '嫁娶', from: '2026-03-03', to: '2026-03-03' });
    expect(result.days).toEqual([
      {
        date: '2026-03-03',
        weekday: 2,
        lunar: '正月十五',
        ganzhi: '丙子',
        officer: '开',
        dayGod: '青龙黄道',
        score: 81,
        level: '上吉',
        reasons: ['宜嫁娶，不在忌中（基础 55）', '值开日（+10）', '青龙黄道日（+8）', '逢月德（+8）'],
        goodHours: [
          { name: '子时', range: '23:00-00:59', god: '金匮' },
          { name: '丑时', range: '01:00-02:59', god: '天德' },
          { name: '卯时', range: '05:00-06:59', god: '玉堂' },
          { name: '申时', range: '15:00-16:59', god: '青龙' },
          { name: '酉时', range: '17:00-18:59', god: '明堂' },
        ],
        rest: '工作日',
      },
    ]);
    // 开 favours 开市: the same day gains the officer's affinity for it.
    expect(chooseDays({ activity: '开市', from: '2026-03-03', to: '2026-03-03' }).days[0]?.reasons).toContain(
      '开日宜开市（+4）',
    );
  });

  it('gives each chosen day its 黄道 hours without the 日破 hour, as the 老黄历 day lists them', () => {
    for (const day of chooseDays({ activity: '祭祀', from: '2025-01-01', to: '2025-12-31' }).days) {
      const hours = almanacDay(day.date).hours;
      const dayBranch = BRANCHES.indexOf(day.ganzhi[1] as (typeof BRANCHES)[number]);
      const expected = hours
        .filter((h, b) => h.luck === '吉' && (b + 6) % 12 !== dayBranch)
        .map((h, _i) => h.range);
      expect(day.goodHours.map((h) => h.range)).toEqual(expected);
    }
  });
});

describe('people', () => {
  it('removes the days whose branch clashes each year branch, for every year branch, and names whom', () => {
    const plain = chooseDays({ activity: '祭祀', from: '2026-01-01', to: '2026-12-31' });
    const all = new Set([...plain.days, ...plain.removed].map((d) => d.date));
    let totalClashes = 0;
    for (let branch = 0; branch < 12; branch++) {
      // Born at noon in mid-June: the year pillar is that of the Gregorian year (立春 long past).
      const year = 2020 + branch; // 2020 庚子 → 子
      const born = `公 ${year}-06-15 12:00`;
      const oracle = Solar.fromYmdHms(year, 6, 15, 12, 0, 0).getLunar().getEightChar();
      expect(oracle.getYearZhi()).toBe(BRANCHES[branch]);
      const dayBranch = BRANCHES.indexOf(oracle.getDayZhi() as (typeof BRANCHES)[number]);
      const result = chooseDays({
        activity: '祭祀',
        from: '2026-01-01',
        to: '2026-12-31',
        people: [{ label: '张三', born }],
      });
      expect(new Set([...result.days, ...result.removed].map((d) => d.date))).toEqual(all);
      for (const day of result.days) {
        const b = ganzhiOfDay(dn(day.date)).day % 12;
        expect((b + 6) % 12).not.toBe(branch);
        expect((b + 6) % 12).not.toBe(dayBranch);
        for (const hour of day.goodHours)
          expect((BRANCHES.indexOf(hour.name[0] as (typeof BRANCHES)[number]) + 6) % 12).not.toBe(branch);
      }
      let yearClashes = 0;
      for (const day of result.removed) {
        const b = ganzhiOfDay(dn(day.date)).day % 12;
        const expected = [];
        if ((b + 6) % 12 === branch) expected.push('年');
        if ((b + 6) % 12 === dayBranch) expected.push('日');
        expect(day.clashes.map((c) => c.pillar)).toEqual(expected);
        for (const clash of day.clashes) expect(clash.label).toBe('张三');
        if (expected.includes('年')) {
          yearClashes++;
          expect(day.reasons).toContain(
            `日冲${clash(branch).animal}，与张三（属${clash(branch).animal}）相冲`,
          );
        }
      }
      // 寅 days almost never suit 祭祀 (寅不祭祀), so a 申 person meets few clashes.
      expect(yearClashes).toBeGreaterThan(0);
      totalClashes += yearClashes;
    }
    expect(totalClashes).toBeGreaterThan(200);
  });

  it('says whose day it removed when several people are given', () => {
    const result = chooseDays({
      activity: '嫁娶',
      from: '2026-01-01',
      to: '2026-01-31',
      people: [
        { label: '新郎', born: '公 1996-03-12 10:00' }, // 丙子 year
        { label: '新娘', born: '农 1998-07-15' }, // 戊寅 year
      ],
    });
    // 2026-01-08 is a 午 day (冲鼠); 2026-01-10 a 申 day (冲虎) and 十一月廿二 (三娘煞).
    expect(result.removed.find((d) => d.date === '2026-01-08')).toEqual({
      date: '2026-01-08',
      reasons: ['日冲鼠，与新郎（属鼠）相冲'],
      taboos: [],
      clashes: [{ label: '新郎', pillar: '年', branch: '子', animal: '鼠' }],
    });
    expect(result.removed.find((d) => d.date === '2026-01-10')).toEqual({
      date: '2026-01-10',
      reasons: ['三娘煞日', '日冲虎，与新娘（属虎）相冲'],
      taboos: ['三娘煞'],
      clashes: [{ label: '新娘', pillar: '年', branch: '寅', animal: '虎' }],
    });
  });
});

describe('rest', () => {
  it('reads 休/班 from the plan, entered days included, else the weekday', () => {
    expect(restKind(dn('2024-02-10'))).toBe('休');
    expect(restKind(dn('2024-02-04'))).toBe('班');
    expect(restKind(dn('2024-03-09'))).toBe('周末');
    expect(restKind(dn('2024-03-08'))).toBe('工作日');
    // TEST DATA, made up: an entered 2027 day off on a Friday.
    const table = holidayTable([{ days: [{ date: '2027-10-01', name: '国庆节', offDay: true }] }]);
    expect(restKind(dn('2027-10-01'))).toBe('工作日');
    expect(restKind(dn('2027-10-01'), table)).toBe('休');
    const days = chooseDays({
      activity: '祭祀',
      from: '2027-09-25',
      to: '2027-10-05',
      holidayTable: table,
    }).days;
    const first = days.find((d) => d.date === '2027-10-01');
    if (first) expect(first.rest).toBe('休');
    for (const day of days) expect(day.rest).toBe(restKind(dn(day.date), table));
  });
});

describe('bad input', () => {
  it('is refused with an AlmanacError in Chinese', () => {
    const range = { from: '2026-01-01', to: '2026-12-31' };
    expectAlmanacError(
      () => chooseDays({ activity: '打麻将', ...range }),
      'WRONG_OPTION',
      '不能为「打麻将」择日',
    );
    expectAlmanacError(() => chooseDays({ activity: '诸事不宜', ...range }), 'WRONG_OPTION');
    expectAlmanacError(
      () => chooseDays({ activity: '嫁娶', from: '2026-01-01', to: '2027-01-02' }),
      'WRONG_COUNT',
      '择日范围最多 366 天',
    );
    expectAlmanacError(
      () => chooseDays({ activity: '嫁娶', from: '2026-02-01', to: '2026-01-01' }),
      'WRONG_COUNT',
      '结束日期不能早于开始日期',
    );
    expectAlmanacError(
      () => chooseDays({ activity: '嫁娶', from: '2026-02-30', to: '2026-03-01' }),
      'WRONG_SOLAR_DAY',
    );
    expectAlmanacError(
      () => chooseDays({ activity: '嫁娶', from: '1900-01-01', to: '1900-02-01' }),
      'OUT_OF_RANGE',
    );
    expectAlmanacError(
      () => chooseDays({ activity: '嫁娶', ...range, people: [{ label: '', born: '公 1990-01-01' }] }),
      'WRONG_OPTION',
    );
    expectAlmanacError(
      () => chooseDays({ activity: '嫁娶', ...range, people: [{ label: '新郎', born: '明天' }] }),
      'WRONG_BIRTH_TEXT',
      '新郎：生日参数错误！',
    );
    const many = Array.from({ length: 11 }, (_, i) => ({ label: `p${i}`, born: '公 1990-01-01' }));
    expectAlmanacError(() => chooseDays({ activity: '嫁娶', ...range, people: many }), 'WRONG_COUNT');
    expectAlmanacError(() => chooseDays(null as never), 'WRONG_OPTION');
  });

  it('accepts SolarDate objects and a range of exactly 366 days', () => {
    const result = chooseDays({ activity: '嫁娶', from: { year: 2024, month: 1, day: 1 }, to: '2024-12-31' });
    expect(result.from).toBe('2024-01-01');
    expect(result.to).toBe('2024-12-31');
  });
});

/**
 * lunar-typescript's 宜/忌 (test oracle) on every day of 2020–2030: the days whose 宜 names the activity
 * and whose 忌 does not must be exactly ours before refusals, and every such day we do not choose must be
 * explained by a refusal that the oracle's own facts confirm — the classes of
 * test-data/zeri-differences.md, and no other.
 */
describe('chooseDays vs lunar-typescript’s 宜/忌, 2020–2030', () => {
  const DOCUMENTED = readFileSync(new URL('../test-data/zeri-differences.md', import.meta.url), 'utf8');
  const SAN_NIANG = [3, 7, 13, 18, 22, 27];
  const YANG_GONG = [113, 211, 309, 407, 505, 603, 701, 729, 827, 925, 1023, 1121, 1219];

  /** The refusal classes the oracle's facts give for a day. */
  function oracleClasses(n: number): string[] {
    const d = solarFromDayNumber(n);
    const lunar = Solar.fromYmd(d.year, d.month, d.day).getLunar();
    const next = solarFromDayNumber(n + 1);
    const nextTerm = Solar.fromYmd(next.year, next.month, next.day).getLunar().getJieQi();
    const out: string[] = [];
    if (lunar.getZhiXing() === '破') out.push('月破');
    if (['春分', '夏至', '秋分', '冬至'].includes(nextTerm)) out.push('四离');
    if (['立春', '立夏', '立秋', '立冬'].includes(nextTerm)) out.push('四绝');
    const leap = lunar.getMonth() < 0;
    if (lunar.getFoto().isDayYangGong()) out.push('杨公忌');
    else if (leap && YANG_GONG.includes(-lunar.getMonth() * 100 + lunar.getDay())) out.push('杨公忌（闰月）');
    if (SAN_NIANG.includes(lunar.getDay())) out.push('三娘煞');
    return out;
  }

  /** The classes that refuse `activity`: all of them, but 月破 for the matters of the 破 day. */
  function vetoesFor(activity: string, classes: string[]): string[] {
    const breakDay = (MONTH_BREAK_MATTERS as readonly string[]).includes(activity);
    return breakDay ? classes.filter((c) => c !== '月破') : classes;
  }

  it('agrees on every qualifying day and explains every refusal', () => {
    const oracleLists = new Map<string, { yi: string[]; ji: string[]; classes: string[] }>();
    for (let n = FIRST; n <= LAST; n++) {
      const d = solarFromDayNumber(n);
      const lunar = Solar.fromYmd(d.year, d.month, d.day).getLunar();
      oracleLists.set(formatSolarDate(d), {
        yi: lunar.getDayYi(),
        ji: lunar.getDayJi(),
        classes: oracleClasses(n),
      });
    }
    const counts = new Map<string, number>();
    const unexplained: string[] = [];
    for (const activity of ZERI_ACTIVITIES) {
      const ours = new Map<string, string[] | null>();
      for (const result of yearsOf(activity)) {
        for (const day of result.days) ours.set(day.date, null);
        for (const day of result.removed) ours.set(day.date, day.taboos);
      }
      for (const [date, oracle] of oracleLists) {
        const qualifies = oracle.yi.includes(activity) && !oracle.ji.includes(activity);
        if (qualifies !== ours.has(date)) {
          unexplained.push(`${date} ${activity}: oracle ${qualifies}, ours ${ours.has(date)}`);
          continue;
        }
        const taboos = ours.get(date);
        if (!taboos) {
          if (qualifies && vetoesFor(activity, oracle.classes).length > 0)
            unexplained.push(`${date} ${activity}: chosen, oracle ${oracle.classes}`);
          continue;
        }
        const classes = vetoesFor(activity, oracle.classes).map((c) =>
          c === '杨公忌（闰月）' ? '杨公忌' : c,
        );
        if (taboos.join() !== classes.join())
          unexplained.push(`${date} ${activity}: ours ${taboos}, oracle ${classes}`);
        for (const c of vetoesFor(activity, oracle.classes)) counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    }
    expect(unexplained.slice(0, 20)).toEqual([]);
    // Every class occurs, and each is one test-data/zeri-differences.md documents.
    expect([...counts.keys()].sort()).toEqual(
      ['三娘煞', '四绝', '四离', '月破', '杨公忌', '杨公忌（闰月）'].sort(),
    );
    for (const c of counts.keys()) expect(DOCUMENTED).toContain(`| ${c} |`);
  });
});

function clash(branch: number): { animal: string } {
  return { animal: '鼠牛虎兔龙蛇马羊猴鸡狗猪'[branch] };
}
