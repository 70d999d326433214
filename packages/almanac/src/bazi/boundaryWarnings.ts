/**
 * Honesty about boundaries: when a birth lies within N minutes (default 15) of a line where a pillar
 * changes — a 节 (month, and at 立春 the year), a double-hour (the hour), midnight or 23:00 (the day,
 * by 子时 school), a DST change — the chart says so and gives the pillars on the other side. It also
 * flags the cases where a convention, not the clock, decides: a birth in 23:00–23:59 (the two 子时
 * schools differ), a birth in a DST period, true solar time moving the hour, a missing time, and a
 * zone whose history is not modelled for that year. A chart whose hour is unknown has its own, day-long
 * boundaries ({@link hourUnknownWarnings}).
 */
import { formatBeijing } from '../beijingTime.ts';
import { dayPillar, sexagenaryName } from '../ganzhi.ts';
import { jieAround } from '../solarTermTime.ts';
import type { BirthMoment } from './birthMoment.ts';
import { type FourPillars, pillarsAt, type Sizhu, sizhuOf, type ZiSchool } from './fourPillars.ts';
import { transitionsNear } from './timeZones.ts';

/** One warning of a chart. */
export interface BoundaryWarning {
  /** 'jie' | 'hour' | 'midnight' | 'zi' | 'dst' | 'trueSolar' | 'noTime' | 'zone'. */
  kind: string;
  message: string;
  /** Distance to the boundary in minutes, when there is one. */
  minutes?: number;
  /** The pillars on the other side of the boundary / under the other reading. */
  alternative?: Sizhu;
}

/** Default distance (minutes) within which a boundary is reported. */
export const DEFAULT_WARN_MINUTES = 15;

const NAMES: Record<keyof Sizhu, string> = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' };

function changed(a: FourPillars, b: FourPillars, keys = Object.keys(NAMES) as (keyof Sizhu)[]): string {
  const s = sizhuOf(b);
  return keys
    .filter((k) => a[k] !== b[k])
    .map((k) => `${NAMES[k]}为${s[k]}`)
    .join('、');
}

/** The warnings of a birth whose chart has pillars `p`, under 子时 school `zi`. */
export function boundaryWarnings(
  m: BirthMoment,
  p: FourPillars,
  zi: ZiSchool,
  warnMinutes = DEFAULT_WARN_MINUTES,
): BoundaryWarning[] {
  const out: BoundaryWarning[] = [];
  const window = warnMinutes * 60;
  const at = (shift: number, school: ZiSchool = zi): FourPillars =>
    pillarsAt(m.beijing + shift, m.local + shift, school);
  const push = (kind: string, message: string, alt: FourPillars | null, seconds?: number): void => {
    const w: BoundaryWarning = { kind, message };
    if (seconds !== undefined) w.minutes = Math.round(seconds / 60);
    if (alt) w.alternative = sizhuOf(alt);
    out.push(w);
  };
  // '之后 3 分钟' but '之后不足 1 分钟': the space belongs beside the numeral, not before 不足.
  const mins = (s: number): string => (s < 60 ? '不足 1' : ` ${Math.round(s / 60)}`);

  if (!m.text.hasTime) {
    push('noTime', '未给出出生时间，按 00:00 排盘；时柱及与时辰相关的内容仅供参考。', null);
  }
  if (m.date.year < m.zone.modelledFrom) {
    push(
      'zone',
      `${m.zone.label}在 ${m.date.year} 年的历史时制（夏令时、时区变更）未建模，按其标准时排盘，请核对当时的钟表时间。`,
      null,
    );
  }

  /** A boundary `seconds` away: within the window, and where the pillars `shift` seconds away differ, a warning. */
  const boundary = (
    kind: string,
    seconds: number,
    shift: number,
    message: (what: string) => string,
  ): void => {
    if (seconds > window) return;
    const alt = at(shift);
    const what = changed(p, alt);
    if (what) push(kind, message(what), alt, seconds);
  };

  // 节 (month; 立春 also the year)
  const { prev, next } = jieAround(m.beijing);
  const sincePrev = m.beijing - prev.time;
  boundary(
    'jie',
    sincePrev,
    -sincePrev - 1,
    (what) =>
      `出生在${prev.name}交节（北京时间 ${formatBeijing(prev.time)}）之后${mins(sincePrev)} 分钟；若实际早于交节，${what}。`,
  );
  const toNext = next.time - m.beijing;
  boundary(
    'jie',
    toNext,
    toNext,
    (what) =>
      `出生在${next.name}交节（北京时间 ${formatBeijing(next.time)}）之前${mins(toNext)} 分钟；若实际晚于交节，${what}。`,
  );

  // double-hours (odd hours) and midnight, on the chart clock
  const t = ((m.local % 86400) + 86400) % 86400;
  const sinceOdd = (((t - 3600) % 7200) + 7200) % 7200;
  const toOdd = 7200 - sinceOdd;
  const clockName = m.trueSolar ? '真太阳时' : '标准时';
  boundary(
    'hour',
    sinceOdd,
    -sinceOdd - 1,
    (what) => `出生在时辰交界（${clockName}整点）之后${mins(sinceOdd)} 分钟；若实际稍早，${what}。`,
  );
  boundary(
    'hour',
    toOdd,
    toOdd,
    (what) => `出生在时辰交界（${clockName}整点）之前${mins(toOdd)} 分钟；若实际稍晚，${what}。`,
  );
  if (zi === 'late') {
    const after = t <= window;
    const toMidnight = after ? t : 86400 - t;
    boundary(
      'midnight',
      toMidnight,
      after ? -t - 1 : toMidnight,
      (what) =>
        `出生在午夜 0 点${after ? '之后' : '之前'}${mins(toMidnight)} 分钟（晚子时不换日口径下日柱在 0 点更替）；${what}。`,
    );
  }

  // 子时 school
  if (Math.floor(t / 3600) === 23) {
    const other: ZiSchool = zi === 'late' ? 'early' : 'late';
    const alt = at(0, other);
    push(
      'zi',
      zi === 'late'
        ? `出生于 23 点后（晚子时）：本盘按“晚子时不换日”（日柱仍取当日）；若按“子时换日”（23 点即算次日），${changed(p, alt)}。`
        : `出生于 23 点后（子时）：本盘按“子时换日”（23 点即算次日）；若按“晚子时不换日”，${changed(p, alt)}。`,
      alt,
    );
  }

  // daylight saving time
  const r = m.resolution;
  const near = transitionsNear(m.zone, m.utc, window);
  if (r.dst > 0) {
    const alt = at(r.dst);
    const what = changed(p, alt);
    push(
      'dst',
      `出生时${m.zone.label}正实行夏令时，已按标准时间（钟表时间减 1 小时）排盘${r.status === 'ambiguous' ? '（此钟点在夏令时结束时出现两次，取第一次）' : ''}；若记录的已是标准时间，${what || '四柱不变'}。`,
      what ? alt : null,
    );
  } else if (r.status === 'gap') {
    const alt = at(-3600);
    const what = changed(p, alt);
    push(
      'dst',
      `此钟点在夏令时开始时被跳过（不存在），已按标准时间排盘；若实为夏令时，${what || '四柱不变'}。`,
      what ? alt : null,
    );
  } else if (near.length > 0 && m.zone.rules.length > 0) {
    const alt = at(-3600);
    const what = changed(p, alt);
    push(
      'dst',
      `出生时刻距夏令时调整不足 ${warnMinutes} 分钟，请核对钟表时间；若按夏令时计，${what || '四柱不变'}。`,
      what ? alt : null,
    );
  }

  // true solar time moved the hour or the day
  if (m.trueSolar) {
    const clockPillars = pillarsAt(m.beijing, m.standard, zi);
    const what = changed(p, clockPillars);
    if (what) {
      const delta = Math.round((m.local - m.standard) / 60);
      push(
        'trueSolar',
        `真太阳时校正 ${delta >= 0 ? '+' : ''}${delta} 分钟改变了四柱；按钟表（标准）时间，${what}。`,
        clockPillars,
      );
    }
  }
  return out;
}

/** The three pillars of a chart whose hour is unknown. */
export interface ThreePillars {
  year: string;
  month: string;
  day: string;
  hour: null;
}

/** A warning of a chart whose hour is unknown; the alternative has no hour either. */
export interface DayWarning {
  /** 'jie' | 'zi' | 'zone'. */
  kind: string;
  message: string;
  alternative?: ThreePillars;
}

function threeOf(p: FourPillars): ThreePillars {
  const s = sizhuOf(p);
  return { year: s.year, month: s.month, day: s.day, hour: null };
}

/**
 * The warnings of a chart whose hour is unknown, worked at noon (`m`, pillars `p`): a 节 falling on the
 * birth date (the month pillar, and at 立春 the year, then depends on the hour nobody knows), the 子时
 * school (under 子时换日 a birth after 23:00 belongs to the next day), and an unmodelled zone.
 */
export function hourUnknownWarnings(m: BirthMoment, p: FourPillars, zi: ZiSchool): DayWarning[] {
  const out: DayWarning[] = [];
  if (m.date.year < m.zone.modelledFrom) {
    out.push({
      kind: 'zone',
      message: `${m.zone.label}在 ${m.date.year} 年的历史时制未建模，按其标准时排盘，请核对当时的日期。`,
    });
  }
  // The birth date on the chart clock, as Beijing seconds: noon is `m.local`, the day starts 12 h before.
  const dayStart = m.beijing - (m.local - Math.floor(m.local / 86400) * 86400);
  for (const jie of Object.values(jieAround(m.beijing))) {
    if (jie.time < dayStart || jie.time >= dayStart + 86400) continue;
    const before = jie.time <= m.beijing;
    const at = before ? jie.time - 1 : jie.time;
    const other = pillarsAt(at, m.local + at - m.beijing, zi);
    const what = changed(p, other, ['year', 'month', 'day']);
    out.push({
      kind: 'jie',
      message: `出生当天${jie.name}交节（北京时间 ${formatBeijing(jie.time)}），时辰不详，本盘按正午排；若出生在交节${before ? '之前' : '之后'}，${what}。`,
      alternative: threeOf(other),
    });
  }
  if (zi === 'early') {
    const next = { ...p, day: dayPillar(Math.floor(m.local / 86400) + 1) };
    out.push({
      kind: 'zi',
      message: `时辰不详：本盘按“子时换日”，若出生在 23 点以后，日柱为${sexagenaryName(next.day)}。`,
      alternative: threeOf(next),
    });
  }
  return out;
}
