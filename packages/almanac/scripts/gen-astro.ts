/**
 * Generates the engine's astronomy tables (src/data/*.gen.ts): the 24 solar terms and the new moons for
 * 1899–2101 in Beijing time to the second, and the lunar-year table 1900–2100 derived from them by
 * GB/T 33661-2017 《农历的编算和颁行》. Run with `npm run gen:astro -w @xuanli/almanac`; the output is
 * committed, so run time never does astronomy.
 *
 * Astronomy (npm `astronomia`, a port of Meeus' *Astronomical Algorithms* and of the full theories):
 * - Sun: full VSOP87 (series B, Earth) → geometric longitude of date, FK5 correction, plus nutation in
 *   longitude (IAU 1980) and annual aberration = apparent geocentric longitude (`solar.apparentVSOP87`).
 *   A solar term is the instant that longitude reaches a multiple of 15° (小寒 = 285°, 立春 = 315°, 春分 = 0°,
 *   冬至 = 270°), solved by Meeus' iteration (27.1) to 1e-9 day.
 * - Moon: ELP/MPP02 fitted to DE405 (`elp.Moon` with `elpMppDe`, the series truncated by astronomia; it
 *   differs from the full series by < 0.05″, i.e. < 0.1 s of new-moon time), corrected for light time.
 *   A new moon is the instant the apparent longitudes of Moon and Sun are equal (nutation cancels); the
 *   first guess comes from Meeus ch. 49 (`moonphase.newMoon`), refined by the secant method to 1e-9 day.
 *
 * Time scales: the theories run in TT (JDE); civil time is UT ≈ UTC. ΔT = TT − UT follows the polynomial
 * expressions of F. Espenak and J. Meeus, "Five Millennium Canon of Solar Eclipses" (NASA/TP-2006-214141),
 * published at https://eclipse.gsfc.nasa.gov/SEcat5/deltatpoly.html — see {@link deltaT}. We chose it over
 * astronomia's `deltat.deltaT` because the latter mixes tabulated IERS observations (to 2023), IERS
 * predictions (to 2032) and then the same Espenak–Meeus polynomial, which (i) jumps by several seconds at
 * 2032 and (ii) changes with every astronomia data release, while the tables must be reproducible. The
 * polynomials stay within ~1 s of observed ΔT for 1900–2020; after that ΔT is a prediction (the
 * 2005–2050 polynomial gives 74.5 s for 2025, ~5 s more than observed) — no table can do better for the
 * future, and 5 s never moves a date except for an event within 5 s of midnight.
 *
 * Beijing time = UT + 8 h. Instants are truncated to the whole second (the second during which the event
 * happens), so that `Math.floor(s / 86400)` is the Beijing date of the event.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// astronomia ships no type declarations; import it through a string so tsc treats the modules as `any`.
const load = (name: string) => import(name);
const { Planet } = await load('astronomia/planetposition');
const solar = (await load('astronomia/solar')).default;
const { Moon } = await load('astronomia/elp');
const moonphase = (await load('astronomia/moonphase')).default;
const earth = new Planet((await load('astronomia/data/vsop87Bearth')).default);
const moon = new Moon((await load('astronomia/data/elpMppDe')).default);

/** First and last Gregorian year of the term tables: lunar years 1900..2100 need 冬至 1899 and 冬至 2101. */
export const FIRST_TERM_YEAR = 1899;
export const LAST_TERM_YEAR = 2101;
/** Lunar years of the lunar table. */
export const FIRST_LUNAR_YEAR = 1900;
export const LAST_LUNAR_YEAR = 2100;

const TWO_PI = 2 * Math.PI;
const DAY = 86400;
/** JD of 1970-01-01 00:00 UT. */
const JD_UNIX_EPOCH = 2440587.5;

/**
 * ΔT = TT − UT in seconds for a decimal year, by Espenak & Meeus (NASA/TP-2006-214141,
 * https://eclipse.gsfc.nasa.gov/SEcat5/deltatpoly.html), the pieces covering 1860–2150.
 */
export function deltaT(y: number): number {
  if (y < 1860 || y >= 2150) throw new RangeError(`ΔT model covers 1860–2150, got ${y}`);
  if (y < 1900) {
    const t = y - 1860;
    return (
      7.62 + 0.5737 * t - 0.251754 * t ** 2 + 0.01680668 * t ** 3 - 0.0004473624 * t ** 4 + t ** 5 / 233174
    );
  }
  if (y < 1920) {
    const t = y - 1900;
    return -2.79 + 1.494119 * t - 0.0598939 * t ** 2 + 0.0061966 * t ** 3 - 0.000197 * t ** 4;
  }
  if (y < 1941) {
    const t = y - 1920;
    return 21.2 + 0.84493 * t - 0.0761 * t ** 2 + 0.0020936 * t ** 3;
  }
  if (y < 1961) {
    const t = y - 1950;
    return 29.07 + 0.407 * t - t ** 2 / 233 + t ** 3 / 2547;
  }
  if (y < 1986) {
    const t = y - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (y < 2005) {
    const t = y - 2000;
    return (
      63.86 +
      0.3345 * t -
      0.060374 * t ** 2 +
      0.0017275 * t ** 3 +
      0.000651814 * t ** 4 +
      0.00002373599 * t ** 5
    );
  }
  if (y < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  const u = (y - 1820) / 100;
  return -20 + 32 * u ** 2 - 0.5628 * (2150 - y);
}

/** Beijing seconds (since 1970-01-01 00:00 UTC+8) of a JDE, truncated to the second. */
export function beijingSecondsOfJde(jde: number): number {
  const year = 2000 + (jde - 2451545) / 365.25;
  const jdUt = jde - deltaT(year) / DAY;
  return Math.floor((jdUt - JD_UNIX_EPOCH) * DAY + 8 * 3600);
}

/** Signed angle a − b reduced to (−π, π]. */
function angleDiff(a: number, b: number): number {
  let d = (a - b) % TWO_PI;
  if (d > Math.PI) d -= TWO_PI;
  if (d <= -Math.PI) d += TWO_PI;
  return d;
}

/** JD (0h) of a Gregorian date. */
function julianDay(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return (
    day +
    Math.floor((153 * m + 2) / 5) +
    365 * y +
    Math.floor(y / 4) -
    Math.floor(y / 100) +
    Math.floor(y / 400) -
    32045.5
  );
}

/** Apparent geocentric longitude of the Sun (VSOP87 + FK5 + nutation + aberration), radians. */
export function sunApparentLongitude(jde: number): number {
  return solar.apparentVSOP87(earth, jde).lon;
}

/**
 * JDE of solar term `index` (0 = 小寒 … 2 = 立春 … 23 = 冬至) of Gregorian `year`: the Sun's apparent
 * longitude reaches 285° + 15°·index.
 */
export function termJde(year: number, index: number): number {
  const target = (((285 + 15 * index) % 360) * Math.PI) / 180;
  let jde = julianDay(year, 1, 6) + (index * 365.2422) / 24;
  for (let i = 0; i < 60; i++) {
    // Meeus (27.1): 58 days per radian is the inverse mean speed of the Sun.
    const step = 58 * Math.sin(angleDiff(target, sunApparentLongitude(jde)));
    jde += step;
    if (Math.abs(step) < 1e-9) return jde;
  }
  throw new Error(`term ${year}/${index} did not converge`);
}

/** Moon longitude minus Sun longitude (both apparent, of date), radians in (−π, π]. */
function elongation(jde: number): number {
  const moonLon = moon.position(jde - moon.lightTime(jde)).lon;
  const sun = solar.trueVSOP87(earth, jde);
  return angleDiff(moonLon, sun.lon + solar.aberration(sun.range));
}

/** JDE of the new moon nearest to `guessJde` (within a few days). */
export function newMoonJde(guessJde: number): number {
  let x0 = guessJde;
  let x1 = guessJde + 0.01;
  let f0 = elongation(x0);
  let f1 = elongation(x1);
  for (let i = 0; i < 50; i++) {
    const x2 = x1 - (f1 * (x1 - x0)) / (f1 - f0);
    x0 = x1;
    f0 = f1;
    x1 = x2;
    if (Math.abs(x1 - x0) < 1e-9) return x1;
    f1 = elongation(x1);
  }
  throw new Error(`new moon near ${guessJde} did not converge`);
}

/** Beijing seconds of the 24 terms of each year from..to, flat in year-major, index-minor order. */
export function computeTerms(from: number, to: number): number[] {
  const out: number[] = [];
  for (let y = from; y <= to; y++) for (let i = 0; i < 24; i++) out.push(beijingSecondsOfJde(termJde(y, i)));
  return out;
}

/**
 * Beijing seconds of every new moon whose (Meeus mean-phase) lunation starts after decimal year
 * `fromYear` and before `toYear`, ascending.
 */
export function computeNewMoons(fromYear: number, toYear: number): number[] {
  const out: number[] = [];
  let jde = moonphase.newMoon(fromYear);
  const lastJde = 2451545 + (toYear - 2000) * 365.25;
  while (jde < lastJde) {
    out.push(beijingSecondsOfJde(newMoonJde(jde)));
    // Meeus' algorithm snaps a decimal year to the nearest lunation; step one mean month.
    jde = moonphase.newMoon(2000 + (jde + 29.530588861 - 2451545) / 365.25);
  }
  return out;
}

/** New moons used for the tables: from before month 11 of 1899 to after 正月初一 2101's 冬至 岁. */
export const NEW_MOON_FROM = 1899.8;
export const NEW_MOON_TO = 2102.1;

// ---------------------------------------------------------------- lunar years (GB/T 33661-2017)

/** One lunar month: first day (day number), length, number 1..12 and leap flag. */
export interface LunarMonthRow {
  start: number;
  days: number;
  month: number;
  leap: boolean;
}

/** Beijing seconds of 1912-01-01 and 1929-01-01 00:00 (UTC+8). */
const REPUBLIC_START = -1830384000;
const UTC8_START = -1293840000;
/** Beijing mean solar time (116°25′ E, UTC+7:45:40) is 860 s behind UTC+8. */
const BEIJING_LMT_LAG = 860;

/**
 * The calendar date (day number) on which an event counts for the month reckoning. GB/T 33661-2017
 * reckons in UTC+8, as Chinese calendars have since 1929; the calendars of 1912–1928 (中央观象台)
 * were reckoned in Beijing mean solar time (meridian 116°25′ E). This moves three new moons that fell
 * within 860 s after midnight UTC+8 to the previous day (1914-11-18, 1916-02-04 and 1920-11-11 at
 * 00:0x) — the dates the published calendars, the Hong Kong Observatory tables and lunar-typescript
 * give. The Qing calendars before 1912 used their own (pre-modern) theory; for 1900–1911 the modern
 * UTC+8 computation agrees with the published tables (see src/lunar.test.ts), so no rule is applied.
 */
export function calendarDay(s: number): number {
  const lag = s >= REPUBLIC_START && s < UTC8_START ? BEIJING_LMT_LAG : 0;
  return Math.floor((s - lag) / DAY);
}

/**
 * Numbers the lunar months by GB/T 33661-2017 §5: dates are Beijing dates ({@link calendarDay}); a month runs from the day of
 * one new moon to the day before the next; the month holding 冬至 is 11; when a 岁 (from month 11 to
 * the next month 11) has 13 months, the first of them holding no 中气 is leap and repeats the number of
 * the month before it.
 * `terms` are those of years FIRST_TERM_YEAR.., `newMoons` ascending.
 */
export function numberLunarMonths(
  terms: number[],
  newMoons: number[],
  firstYear = FIRST_TERM_YEAR,
  day: (s: number) => number = calendarDay,
): LunarMonthRow[] {
  const moonDays = newMoons.map(day);
  const years = terms.length / 24;
  // Days of every 中气 (odd index), ascending.
  const zhongqi: number[] = [];
  for (let k = 1; k < terms.length; k += 2) zhongqi.push(day(terms[k]));
  const hasZhongqi = (m: number) => zhongqi.some((d) => d >= moonDays[m] && d < moonDays[m + 1]);
  // Index of the month holding 冬至 of each year.
  const month11: number[] = [];
  for (let y = 0; y < years; y++) {
    const dz = day(terms[y * 24 + 23]);
    const m = moonDays.findIndex((d, i) => d <= dz && moonDays[i + 1] > dz);
    if (m < 0 || m + 1 >= moonDays.length) throw new Error(`no month holds 冬至 ${firstYear + y}`);
    month11.push(m);
  }
  const rows: LunarMonthRow[] = [];
  for (let y = 0; y + 1 < years; y++) {
    const a = month11[y];
    const b = month11[y + 1];
    const leapYear = b - a === 13;
    if (b - a !== 12 && !leapYear) throw new Error(`岁 ${firstYear + y} has ${b - a} months`);
    let leapSeen = false;
    let number = 10;
    for (let m = a; m < b; m++) {
      const leap = leapYear && !leapSeen && m > a && !hasZhongqi(m);
      if (leap) leapSeen = true;
      else number = (number % 12) + 1;
      rows.push({ start: moonDays[m], days: moonDays[m + 1] - moonDays[m], month: number, leap });
    }
    if (leapYear && !leapSeen)
      throw new Error(`岁 ${firstYear + y} has 13 months and every one holds a 中气`);
  }
  return rows;
}

/** One lunar year: 正月初一's day number, leap month (0 = none) and month lengths in order. */
export interface LunarYearRow {
  year: number;
  newYear: number;
  leapMonth: number;
  monthDays: number[];
}

/** Groups numbered months into lunar years (正月 to 腊月, the leap month where it falls). */
export function lunarYears(rows: LunarMonthRow[], firstDayNumberYear: (n: number) => number): LunarYearRow[] {
  const out: LunarYearRow[] = [];
  let current: LunarYearRow | undefined;
  for (const row of rows) {
    if (row.month === 1 && !row.leap) {
      current = { year: firstDayNumberYear(row.start), newYear: row.start, leapMonth: 0, monthDays: [] };
      out.push(current);
    }
    if (!current) continue;
    if (row.leap) current.leapMonth = row.month;
    current.monthDays.push(row.days);
  }
  return out.filter((y) => y.monthDays.length === (y.leapMonth ? 13 : 12));
}

// ---------------------------------------------------------------- packing

/** The 64 digits of the packed strings (URL-safe base64 order). */
export const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `value` (0 ≤ value < 64^width) as `width` base-64 digits, most significant first. */
export function packUnsigned(value: number, width: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 64 ** width)
    throw new RangeError(`${value} ∉ ${width} digits`);
  let s = '';
  for (let i = width - 1; i >= 0; i--) s += DIGITS[Math.floor(value / 64 ** i) % 64];
  return s;
}

/** Inverse of {@link packUnsigned} for the digits at `offset`. */
export function unpackUnsigned(text: string, offset: number, width: number): number {
  let v = 0;
  for (let i = 0; i < width; i++) v = v * 64 + DIGITS.indexOf(text[offset + i]);
  return v;
}

/** Day number (days since 1970-01-01) of a Gregorian date. */
function gregorianDayNumber(year: number, month: number, day: number): number {
  return julianDay(year, month, day) + 0.5 - 2440588;
}

/** Gregorian year of a day number. */
function gregorianYear(n: number): number {
  let y = Math.floor(1970 + n / 365.2425);
  while (gregorianDayNumber(y, 1, 1) > n) y--;
  while (gregorianDayNumber(y + 1, 1, 1) <= n) y++;
  return y;
}

/**
 * (a) Day table: one digit per Gregorian month = its 节 day − 3 (3 bits, high) and its 中气 day − 18
 * (3 bits, low). Every Gregorian month holds exactly one 节 (index 2(m−1)) and one 中气 (2(m−1)+1).
 */
export function packTermDays(terms: number[], firstYear = FIRST_TERM_YEAR): string {
  let s = '';
  for (let k = 0; k < terms.length; k += 2) {
    const y = firstYear + Math.floor(k / 24);
    const m = (k % 24) / 2 + 1;
    const jie = Math.floor(terms[k] / DAY) - gregorianDayNumber(y, m, 3);
    const qi = Math.floor(terms[k + 1] / DAY) - gregorianDayNumber(y, m, 18);
    if (jie < 0 || jie > 7 || qi < 0 || qi > 7) throw new Error(`term day out of packing range: ${y}-${m}`);
    s += DIGITS[jie * 8 + qi];
  }
  return s;
}

/** Linear model of one series: value(k) ≈ base + step·k, residuals stored in `width` signed digits. */
export interface LinearModel {
  base: number[];
  step: number[];
  width: number;
}

/** Least-squares line per column (`columns` interleaved series), rounded to whole seconds. */
export function fitLinear(values: number[], columns: number): LinearModel {
  const base: number[] = [];
  const step: number[] = [];
  let maxAbs = 0;
  for (let c = 0; c < columns; c++) {
    const ys: number[] = [];
    for (let k = c; k < values.length; k += columns) ys.push(values[k]);
    const n = ys.length;
    const mx = (n - 1) / 2;
    const my = ys.reduce((a, b) => a + b, 0) / n;
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i++) {
      sxy += (i - mx) * (ys[i] - my);
      sxx += (i - mx) ** 2;
    }
    const b = Math.round(sxy / sxx);
    const a = Math.round(my - b * mx);
    base.push(a);
    step.push(b);
    for (let i = 0; i < n; i++) maxAbs = Math.max(maxAbs, Math.abs(ys[i] - a - b * i));
  }
  let width = 1;
  while (64 ** width / 2 <= maxAbs) width++;
  return { base, step, width };
}

/** Residuals of `values` against `model`, packed as `width`-digit numbers offset by 64^width / 2. */
export function packResiduals(values: number[], model: LinearModel): string {
  const columns = model.base.length;
  const bias = 64 ** model.width / 2;
  let s = '';
  for (let k = 0; k < values.length; k++) {
    const c = k % columns;
    const i = Math.floor(k / columns);
    s += packUnsigned(values[k] - model.base[c] - model.step[c] * i + bias, model.width);
  }
  return s;
}

/** Inverse of {@link packResiduals}. */
export function unpackResiduals(text: string, model: LinearModel): number[] {
  const columns = model.base.length;
  const bias = 64 ** model.width / 2;
  const out: number[] = [];
  for (let k = 0; k * model.width < text.length; k++) {
    const c = k % columns;
    const i = Math.floor(k / columns);
    out.push(unpackUnsigned(text, k * model.width, model.width) - bias + model.base[c] + model.step[c] * i);
  }
  return out;
}

/**
 * (d) Lunar years: four digits per year = 24 bits: 正月初一 − Jan 21 (5 bits) · leap month (4 bits) ·
 * month lengths, 1 = 30 days, first month in the highest of 13 bits (15 bits, the last unused when
 * there is no leap month).
 */
export function packLunarYears(years: LunarYearRow[]): string {
  let s = '';
  for (const y of years) {
    const offset = y.newYear - gregorianDayNumber(y.year, 1, 21);
    if (offset < 0 || offset > 31) throw new Error(`new year ${y.year} out of packing range`);
    let bits = 0;
    y.monthDays.forEach((d, i) => {
      if (d !== 29 && d !== 30) throw new Error(`month of ${d} days in ${y.year}`);
      if (d === 30) bits |= 1 << (12 - i);
    });
    s += packUnsigned(offset * 2 ** 19 + y.leapMonth * 2 ** 15 + bits, 4);
  }
  return s;
}

// ---------------------------------------------------------------- files

const HEADER = (what: string) =>
  `// GENERATED by scripts/gen-astro.ts (npm run gen:astro -w @xuanli/almanac) — do not edit.\n// ${what}\n`;

/** All generated tables, as file name → TypeScript source. */
export function generate(): Record<string, string> {
  const terms = computeTerms(FIRST_TERM_YEAR, LAST_TERM_YEAR);
  const moons = computeNewMoons(NEW_MOON_FROM, NEW_MOON_TO);
  const rows = numberLunarMonths(terms, moons);
  const years = lunarYears(rows, gregorianYear).filter(
    (y) => y.year >= FIRST_LUNAR_YEAR && y.year <= LAST_LUNAR_YEAR,
  );
  if (years.length !== LAST_LUNAR_YEAR - FIRST_LUNAR_YEAR + 1 || years[0].year !== FIRST_LUNAR_YEAR) {
    throw new Error('lunar years incomplete');
  }
  const termModel = fitLinear(terms, 24);
  const moonModel = fitLinear(moons, 1);
  const span = `${FIRST_TERM_YEAR}–${LAST_TERM_YEAR}`;
  return {
    'termDays.gen.ts':
      HEADER(`Solar-term days ${span}, Beijing dates. One digit of DIGITS per Gregorian month from ${FIRST_TERM_YEAR}-01:
// (its 节's day − 3) · 8 + (its 中气's day − 18).`) +
      `export const TERM_DAYS_FIRST_YEAR = ${FIRST_TERM_YEAR};\n` +
      `export const TERM_DAYS = '${packTermDays(terms)}';\n`,
    'termTimes.gen.ts':
      HEADER(`Solar-term instants ${span}, Beijing seconds (since 1970-01-01 00:00 UTC+8). Term k = 24·(year − ${FIRST_TERM_YEAR}) + index:
// TERM_BASE[index] + TERM_STEP[index]·(year − ${FIRST_TERM_YEAR}) + (${termModel.width} base-64 digits of TERM_TIMES at k·${termModel.width}) − ${64 ** termModel.width / 2}.`) +
      `export const TERM_TIMES_FIRST_YEAR = ${FIRST_TERM_YEAR};\n` +
      `export const TERM_BASE = [${termModel.base.join(', ')}];\n` +
      `export const TERM_STEP = [${termModel.step.join(', ')}];\n` +
      `export const TERM_WIDTH = ${termModel.width};\n` +
      `export const TERM_TIMES = '${packResiduals(terms, termModel)}';\n`,
    'newMoons.gen.ts':
      HEADER(`New moons ${moons.length} from ${NEW_MOON_FROM} to ${NEW_MOON_TO}, Beijing seconds. Moon k:
// NEW_MOON_BASE + NEW_MOON_STEP·k + (${moonModel.width} base-64 digits of NEW_MOONS at k·${moonModel.width}) − ${64 ** moonModel.width / 2}.`) +
      `export const NEW_MOON_BASE = ${moonModel.base[0]};\n` +
      `export const NEW_MOON_STEP = ${moonModel.step[0]};\n` +
      `export const NEW_MOON_WIDTH = ${moonModel.width};\n` +
      `export const NEW_MOONS = '${packResiduals(moons, moonModel)}';\n`,
    'lunarYears.gen.ts':
      HEADER(`Lunar years ${FIRST_LUNAR_YEAR}–${LAST_LUNAR_YEAR} by GB/T 33661-2017. Four digits per year, 24 bits:
// (正月初一 − Jan 21 of that Gregorian year) · 2^19 + leap month · 2^15 + lengths (bit 12 − i set = month i of the year has 30 days).`) +
      `export const LUNAR_FIRST_YEAR = ${FIRST_LUNAR_YEAR};\n` +
      `export const LUNAR_YEARS = '${packLunarYears(years)}';\n`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/data');
  const started = performance.now();
  for (const [name, text] of Object.entries(generate())) {
    writeFileSync(join(dir, name), text);
    console.log(`${name}: ${text.length} bytes`);
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
