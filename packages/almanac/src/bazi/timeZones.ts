/**
 * The birthplace's civil time: a small table of zones with their standard offsets and daylight-saving
 * rules, so that a clock time written on a birth certificate can be turned into an instant. Integer
 * arithmetic on day numbers; never `Date` or the machine's zone.
 *
 * Sources: the IANA tz database (`asia`, `northamerica`, `europe`, `australasia` files), and for
 * China the 国务院办公厅《关于在全国范围内实行夏时制的通知》(1986): from 1986 to 1991 clocks went forward at
 * 02:00 on the first Sunday on or after 11 April (1986: 4 May) and back at 02:00 (DST) on the first
 * Sunday on or after 11 September — tzdb `Rule PRC 1986 only May 4 2:00`, `Rule PRC 1987 1991 Apr
 * Sun>=11 2:00`, `Rule PRC 1986 1991 Sep Sun>=11 2:00`. The periods this gives:
 * 1986-05-04…09-14, 1987-04-12…09-13, 1988-04-17…09-11, 1989-04-16…09-17, 1990-04-15…09-16,
 * 1991-04-14…09-15 (tested against ICU's tz data).
 *
 * Every zone states the first year from which its rules are modelled; an earlier birth gets a
 * warning (its standard offset is used as is).
 */
import { AlmanacError } from '../errors.ts';
import { dayNumber, daysInSolarMonth, weekday } from '../solarDate.ts';

const DAY = 86400;
const HOUR = 3600;

/** When a transition happens: local clock seconds after midnight, read on the standard, wall or UTC clock. */
type At = { s: number; clock: 'std' | 'wall' | 'utc' };
/** A day rule: a fixed day, the first Sunday on or after a day, or the last Sunday of the month. */
type On = number | { sunOnOrAfter: number } | 'lastSun';
interface Rule {
  from: number;
  to: number;
  startMonth: number;
  startOn: On;
  startAt: At;
  endMonth: number;
  endOn: On;
  endAt: At;
  /** Seconds added during DST (3600). */
  save: number;
}

/** One zone of the table. */
export interface Zone {
  /** IANA id, e.g. 'Asia/Shanghai', or a fixed offset 'UTC+08:00'. */
  id: string;
  /** Chinese label for the 口径 line, e.g. '北京时间'. */
  label: string;
  /** Standard offset in seconds east of UTC (for zones whose offset changed: the current one). */
  standardOffset: number;
  /** Earlier standard offsets: before `untilUtc` (UTC seconds) the offset was `offset`. */
  history: readonly { untilUtc: number; offset: number }[];
  rules: readonly Rule[];
  /** First year whose civil time is modelled; earlier births get a warning. */
  modelledFrom: number;
}

const wall = (h: number, m = 0): At => ({ s: h * HOUR + m * 60, clock: 'wall' });
const utc = (h: number): At => ({ s: h * HOUR, clock: 'utc' });
const std = (h: number): At => ({ s: h * HOUR, clock: 'std' });
/** A one-hour DST rule for years from…to: it starts at [month, day rule, time] and ends at [month, day rule, time]. */
const rule = (
  from: number,
  to: number,
  [startMonth, startOn, startAt]: [number, On, At],
  [endMonth, endOn, endAt]: [number, On, At],
): Rule => ({
  from,
  to,
  startMonth,
  startOn,
  startAt,
  endMonth,
  endOn,
  endAt,
  save: HOUR,
});

/** China 1986–1991 (国务院办公厅 1986 通知; tzdb Rule PRC). */
const PRC: Rule[] = [
  rule(1986, 1986, [5, 4, wall(2)], [9, { sunOnOrAfter: 11 }, wall(2)]),
  rule(1987, 1991, [4, { sunOnOrAfter: 11 }, wall(2)], [9, { sunOnOrAfter: 11 }, wall(2)]),
];
/** Taiwan (tzdb Rule Taiwan 1974–1975, 1979). */
const TAIWAN: Rule[] = [
  rule(1974, 1975, [4, 1, std(0)], [10, 1, wall(0)]),
  rule(1979, 1979, [7, 1, std(0)], [10, 1, wall(0)]),
];
/** South Korea 1987–1988 (tzdb Rule ROK). */
const ROK: Rule[] = [rule(1987, 1988, [5, { sunOnOrAfter: 8 }, wall(2)], [10, { sunOnOrAfter: 8 }, wall(3)])];
/** United States (tzdb Rule US 1967–present; Canada follows the same dates). */
const US: Rule[] = [
  rule(1967, 1973, [4, 'lastSun', wall(2)], [10, 'lastSun', wall(2)]),
  rule(1974, 1974, [1, 6, wall(2)], [10, 'lastSun', wall(2)]),
  rule(1975, 1975, [2, 23, wall(2)], [10, 'lastSun', wall(2)]),
  rule(1976, 1986, [4, 'lastSun', wall(2)], [10, 'lastSun', wall(2)]),
  rule(1987, 2006, [4, { sunOnOrAfter: 1 }, wall(2)], [10, 'lastSun', wall(2)]),
  rule(2007, 9999, [3, { sunOnOrAfter: 8 }, wall(2)], [11, { sunOnOrAfter: 1 }, wall(2)]),
];
/** European Union from 1996 (tzdb Rule EU): last Sunday of March to last Sunday of October, 01:00 UTC. */
const EU_1996: Rule = rule(1996, 9999, [3, 'lastSun', utc(1)], [10, 'lastSun', utc(1)]);
/** UK 1981–1995 (tzdb Rules EU + GB-Eire). */
const UK: Rule[] = [
  rule(1981, 1989, [3, 'lastSun', utc(1)], [10, { sunOnOrAfter: 23 }, utc(1)]),
  rule(1990, 1995, [3, 'lastSun', utc(1)], [10, { sunOnOrAfter: 22 }, utc(1)]),
  EU_1996,
];
/** Continental EU 1981–1995 ended on the last Sunday of September (tzdb Rule EU). */
const EU: Rule[] = [rule(1981, 1995, [3, 'lastSun', utc(1)], [9, 'lastSun', utc(1)]), EU_1996];
/** New South Wales from 2008 (tzdb Rule AN): first Sunday of October to first Sunday of April. */
const AN: Rule[] = [
  rule(2007, 2007, [10, 'lastSun', std(2)], [4, { sunOnOrAfter: 1 }, std(2)]),
  rule(2008, 9999, [10, { sunOnOrAfter: 1 }, std(2)], [4, { sunOnOrAfter: 1 }, std(2)]),
];

/** Singapore and Malaysia moved from UTC+7:30 to UTC+8 on 1982-01-01 00:00 local time. */
const MALAYA_1982: Zone['history'] = [
  { untilUtc: dayNumber(1981, 12, 31) * DAY + 16 * HOUR + 30 * 60, offset: 7.5 * HOUR },
];

function zone(
  id: string,
  label: string,
  hours: number,
  rules: Rule[] = [],
  modelledFrom = 1900,
  history: Zone['history'] = [],
): Zone {
  return { id, label, standardOffset: Math.round(hours * HOUR), history, rules, modelledFrom };
}

/** The zone table (IANA ids). Aliases: Asia/Chongqing, Asia/Harbin, Asia/Chungking, PRC → Asia/Shanghai. */
export const ZONES: readonly Zone[] = [
  zone('Asia/Shanghai', '北京时间', 8, PRC, 1949),
  zone('Asia/Urumqi', '乌鲁木齐时间(UTC+6)', 6, [], 1949),
  zone('Asia/Hong_Kong', '香港时间', 8, [], 1980),
  zone('Asia/Macau', '澳门时间', 8, [], 1980),
  zone('Asia/Taipei', '台北时间', 8, TAIWAN, 1960),
  zone('Asia/Singapore', '新加坡时间', 8, [], 1970, MALAYA_1982),
  zone('Asia/Kuala_Lumpur', '吉隆坡时间', 8, [], 1970, MALAYA_1982),
  zone('Asia/Manila', '马尼拉时间', 8, [], 1991),
  zone('Asia/Bangkok', '曼谷时间', 7, [], 1920),
  zone('Asia/Jakarta', '雅加达时间', 7, [], 1964),
  zone('Asia/Kolkata', '印度时间', 5.5, [], 1946),
  zone('Asia/Tokyo', '东京时间', 9, [], 1952),
  zone('Asia/Seoul', '首尔时间', 9, ROK, 1962),
  zone('America/New_York', '美东时间', -5, US, 1967),
  zone('America/Chicago', '美中时间', -6, US, 1967),
  zone('America/Denver', '美山时间', -7, US, 1967),
  zone('America/Los_Angeles', '美西时间', -8, US, 1967),
  zone('America/Toronto', '多伦多时间', -5, US, 1987),
  zone('America/Vancouver', '温哥华时间', -8, US, 1987),
  zone('Europe/London', '伦敦时间', 0, UK, 1981),
  zone('Europe/Paris', '巴黎时间', 1, EU, 1981),
  zone('Europe/Berlin', '柏林时间', 1, EU, 1981),
  zone('Australia/Sydney', '悉尼时间', 10, AN, 2008),
  zone('UTC', '协调世界时', 0, [], 1900),
];

const ALIASES: Record<string, string> = {
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Chungking': 'Asia/Shanghai',
  'Asia/Harbin': 'Asia/Shanghai',
  PRC: 'Asia/Shanghai',
  'Etc/UTC': 'UTC',
  GMT: 'UTC',
};

/** The default zone of a chart: Asia/Shanghai (北京时间, with the 1986–1991 DST). */
export const DEFAULT_ZONE = 'Asia/Shanghai';

/**
 * A zone by IANA id (see {@link ZONES}) or fixed offset: 'UTC+8', 'GMT+08:00', '+08:00', '-0530',
 * 'UTC-5'. Anything else → WRONG_OPTION.
 */
export function resolveZone(id: string = DEFAULT_ZONE): Zone {
  if (typeof id !== 'string') throw new AlmanacError('WRONG_OPTION');
  const name = ALIASES[id] ?? id;
  const found = ZONES.find((z) => z.id === name);
  if (found) return found;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(id.trim());
  if (m) {
    const h = Number(m[2]);
    const mi = m[3] === undefined ? 0 : Number(m[3]);
    if (h <= 14 && mi < 60 && (h < 14 || mi === 0)) {
      const offset = (m[1] === '-' ? -1 : 1) * (h * HOUR + mi * 60);
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      const text = `UTC${sign}${String(Math.floor(abs / HOUR)).padStart(2, '0')}:${String((abs % HOUR) / 60).padStart(2, '0')}`;
      return { id: text, label: text, standardOffset: offset, history: [], rules: [], modelledFrom: 1 };
    }
  }
  throw new AlmanacError('WRONG_OPTION', `wrong option: timeZone ${JSON.stringify(id).slice(0, 40)}`);
}

/** Standard (non-DST) offset of a zone at a UTC instant (epoch seconds). */
export function standardOffsetAt(z: Zone, utcSeconds: number): number {
  for (const h of z.history) if (utcSeconds < h.untilUtc) return h.offset;
  return z.standardOffset;
}

function ruleDay(year: number, month: number, on: On): number {
  if (typeof on === 'number') return dayNumber(year, month, on);
  if (on === 'lastSun') {
    const end = dayNumber(year, month, daysInSolarMonth(year, month));
    return end - weekday(end);
  }
  const d = dayNumber(year, month, on.sunOnOrAfter);
  return d + ((7 - weekday(d)) % 7);
}

function toUtc(day: number, at: At, stdOffset: number, save: number): number {
  const local = day * DAY + at.s;
  if (at.clock === 'utc') return local;
  return local - stdOffset - (at.clock === 'wall' ? save : 0);
}

/** A DST period of a zone as UTC instants [start, end). */
export interface DstPeriod {
  start: number;
  end: number;
  save: number;
}

/** The DST periods of a zone that start in a Gregorian year. */
export function dstPeriods(z: Zone, year: number): DstPeriod[] {
  const out: DstPeriod[] = [];
  for (const r of z.rules) {
    if (year < r.from || year > r.to) continue;
    const stdOffset = z.standardOffset;
    const start = toUtc(ruleDay(year, r.startMonth, r.startOn), r.startAt, stdOffset, 0);
    const endYear = r.endMonth < r.startMonth ? year + 1 : year;
    const end = toUtc(ruleDay(endYear, r.endMonth, r.endOn), r.endAt, stdOffset, r.save);
    out.push({ start, end, save: r.save });
  }
  return out;
}

/** Civil offset at a UTC instant: `{offset, dst}` in seconds (offset includes dst). */
export function offsetAt(z: Zone, utcSeconds: number): { offset: number; dst: number } {
  const std = standardOffsetAt(z, utcSeconds);
  if (z.rules.length > 0) {
    const year = 1970 + Math.floor(utcSeconds / (365.2425 * DAY));
    for (let y = year - 1; y <= year + 1; y++) {
      for (const p of dstPeriods(z, y)) {
        if (utcSeconds >= p.start && utcSeconds < p.end) return { offset: std + p.save, dst: p.save };
      }
    }
  }
  return { offset: std, dst: 0 };
}

/** How a wall-clock time maps to an instant. */
export interface WallResolution {
  /** UTC epoch seconds chosen. */
  utc: number;
  /** Offset in force, seconds (includes DST). */
  offset: number;
  /** DST seconds in force (0 or 3600). */
  dst: number;
  /** 'ok'; 'gap' = the clock skipped this time (read as standard time); 'ambiguous' = it happened twice (the first, DST reading is used). */
  status: 'ok' | 'gap' | 'ambiguous';
}

/** The instant of a wall-clock time (local seconds since 1970-01-01 00:00 on that clock). */
export function wallToUtc(z: Zone, wallSeconds: number): WallResolution {
  const std = standardOffsetAt(z, wallSeconds - z.standardOffset);
  const hits: WallResolution[] = [];
  for (const dst of [HOUR, 0]) {
    const u = wallSeconds - std - dst;
    const at = offsetAt(z, u);
    if (at.offset === std + dst) hits.push({ utc: u, offset: at.offset, dst: at.dst, status: 'ok' });
  }
  if (hits.length === 0) {
    const at = offsetAt(z, wallSeconds - std);
    return { utc: wallSeconds - std, offset: std, dst: 0, status: at.dst ? 'gap' : 'ok' };
  }
  if (hits.length === 2) return { ...hits[0], status: 'ambiguous' };
  return hits[0];
}

/** DST transitions (UTC instants) of a zone within `window` seconds of an instant. */
export function transitionsNear(
  z: Zone,
  utcSeconds: number,
  window: number,
): { at: number; kind: 'start' | 'end' }[] {
  const out: { at: number; kind: 'start' | 'end' }[] = [];
  if (z.rules.length === 0) return out;
  const year = 1970 + Math.floor(utcSeconds / (365.2425 * DAY));
  for (let y = year - 1; y <= year + 1; y++) {
    for (const p of dstPeriods(z, y)) {
      if (Math.abs(p.start - utcSeconds) <= window) out.push({ at: p.start, kind: 'start' });
      if (Math.abs(p.end - utcSeconds) <= window) out.push({ at: p.end, kind: 'end' });
    }
  }
  return out;
}

/** Meridian (degrees east) of a zone's standard time at an instant: offset / 240 s per degree. */
export function zoneMeridian(z: Zone, utcSeconds: number): number {
  return standardOffsetAt(z, utcSeconds) / 240;
}
