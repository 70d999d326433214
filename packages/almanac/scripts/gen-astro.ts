/**
 * Generates the engine's astronomy tables (src/data/*.gen.ts): the 24 solar terms and the new moons for
 * 1899–2101 in Beijing time to the second, and the lunar-year table 1900–2100 derived from them by
 * GB/T 33661-2017 《农历的编算和颁行》. Run with `npm run gen:astro -w @xuanli/almanac`; the output is
 * committed, so run time never does astronomy.
 *
 * Astronomy (npm `astronomia`, a port of Meeus' *Astronomical Algorithms* and of the full theories):
 * - Sun: full VSOP87 (series B, Earth, J2000 ecliptic) → FK5 correction → precession to the date
 *   (IAU 1976 by astronomia + the IAU 2006 rate correction, see {@link sunGeometricLongitude}) →
 *   nutation in longitude (IAU 1980) and annual aberration = apparent geocentric longitude, true equinox
 *   of date. A solar term is the instant that longitude reaches a multiple of 15° (小寒 = 285°,
 *   立春 = 315°, 春分 = 0°, 冬至 = 270°), solved by Meeus' iteration (27.1) to 1e-9 day. Checked against
 *   instants computed from JPL DE422/DE441 with IAU 2006/2000A: within ~1 s (src/solarTermTime.test.ts).
 * - Moon: ELP/MPP02 fitted to DE405 (`elp.Moon` with `elpMppDe`, the series truncated by astronomia; it
 *   differs from the full series by < 0.05″, i.e. < 0.1 s of new-moon time), corrected for light time.
 *   A new moon is the instant the apparent longitudes of Moon and Sun are equal (nutation cancels); the
 *   first guess comes from Meeus ch. 49 (`moonphase.newMoon`), refined by the secant method to 1e-9 day.
 *
 * Time scales: the theories run in TT (JDE); civil time is UT1 ≈ UTC (|UT1 − UTC| < 0.9 s). ΔT = TT − UT1
 * is observed (USNO/IERS) up to the last observation (2023-05) and then a smooth extrapolation into the
 * Espenak–Meeus prediction — see {@link deltaT}. Earlier versions of the tables used the Espenak–Meeus
 * polynomial throughout, which runs ~5 s above the observed ΔT in 2024 (terms ~5 s early), and IAU 1976
 * precession (terms ~2 s early in 2024, ~7 s late in 1900); the two partly cancelled. Sites quoting
 * "published" seconds ~10–15 s earlier than ours (e.g. 2024 立春 16:26:53) are not from the Purple
 * Mountain Observatory, which publishes minutes; see test-data/oracle-differences.md.
 *
 * Beijing time = UT + 8 h. Instants are truncated to the whole second (the second during which the event
 * happens), so that `Math.floor(s / 86400)` is the Beijing date of the event.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BEIJING_OFFSET_SECONDS } from '../src/beijingTime.ts';
import { dayNumber } from '../src/solarDate.ts';

// astronomia ships no type declarations; import it through a string so tsc treats the modules as `any`.
const load = (name: string) => import(name);
const { Planet } = await load('astronomia/planetposition');
const solar = (await load('astronomia/solar')).default;
const { Moon } = await load('astronomia/elp');
const moonphase = (await load('astronomia/moonphase')).default;
const nutation = (await load('astronomia/nutation')).default;
const earth = new Planet((await load('astronomia/data/vsop87Bearth')).default);
const moon = new Moon((await load('astronomia/data/elpMppDe')).default);
const deltatData = (await load('astronomia/data/deltat')).default;

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
 * ΔT = TT − UT in seconds for a decimal year, by the Espenak & Meeus polynomials (NASA/TP-2006-214141,
 * https://eclipse.gsfc.nasa.gov/SEcat5/deltatpoly.html), the pieces covering 1860–2150. Used by
 * {@link deltaT} only as the long-term trend after the last observation.
 */
export function espenakMeeus(y: number): number {
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

/** Decimal year (2000 + Julian years from J2000) of a Gregorian date at 0h — the argument scale of deltaT. */
function decimalYear(year: number, month: number, day: number): number {
  return 2000 + (julianDay(year, month, day) - 2451545) / 365.25;
}

/**
 * Observed ΔT as (decimal year, seconds) samples, ascending: astronomia's copy of the USNO/IERS series
 * (`astronomia/data/deltat`, from https://maia.usno.navy.mil/ser7 and the IERS finals2000A rapid
 * service): `historic` is ΔT every half year 1657–1984.5 (USNO historic_deltat.data), `data` the
 * monthly values TT − UT1 = 32.184 s + (TAI − UTC) − (UT1 − UTC) from 1973-02-01 to 2023-05-01.
 * The monthly series wins where both exist. astronomia's own `deltaT()` is not used: past the monthly
 * data it switches to a stale 2022–2032 *prediction* table (67.9 s for 2022.0, observed 69.3 s), a
 * 1 s jump, and then to the polynomial with another jump.
 */
export const OBSERVED_DELTA_T: readonly { year: number; seconds: number }[] = (() => {
  const { historic, data } = deltatData;
  const [firstYear, firstMonth] = data.firstYM as [number, number];
  const monthly = (data.table as number[]).map((seconds, k) => {
    const m = firstMonth - 1 + k;
    return { year: decimalYear(firstYear + Math.floor(m / 12), (m % 12) + 1, 1), seconds };
  });
  const halfYearly = (historic.table as number[])
    .map((seconds, k) => ({ year: historic.first + k / 2, seconds }))
    .filter((s) => s.year < monthly[0].year);
  return [...halfYearly, ...monthly];
})();

/** End of the blend from the last observation into the Espenak–Meeus trend. */
const DELTA_T_JOIN_YEAR = 2100;

/**
 * ΔT = TT − UT1 in seconds for a decimal year (2000 + Julian years from J2000.0).
 *
 * - Up to the last observation (2023-05): the observed values of {@link OBSERVED_DELTA_T}, linearly
 *   interpolated (monthly since 1973, half-yearly before; ΔT is smooth on those scales to < 0.1 s).
 * - After it: the Espenak–Meeus prediction (NASA/TP-2006-214141), which runs ~4 s above the
 *   observations by 2023 because the Earth's rotation has not slowed as the 2006 fit expected, joined to
 *   the last observation by a cubic Hermite correction: ΔT = EM(y) − D·h00(s) − R·L·h10(s), with
 *   s = (y − y0)/L, L = 2100 − y0, D = EM(y0) − ΔT(y0) and R = EM′(y0) − ΔT′(y0), ΔT′(y0) being the
 *   observed rate over the last three years (≈ −0.07 s/yr). So ΔT and its rate are continuous at the
 *   last observation (it starts flat, as observed), and the curve merges smoothly (value and slope)
 *   into Espenak–Meeus — i.e. into the long-term tidal parabola of Morrison & Stephenson (2004) that
 *   their 2050–2150 piece tends to — by 2100. This gives 69.1 s for 2025, 69.7 s for 2030, 82 s for 2050
 *   and 197 s for 2097 (Espenak–Meeus alone: 74.5, 77.6, 93 and 197 s).
 *
 * Future ΔT is a prediction whatever the model (Stephenson, Morrison & Hohenkerk 2016 extrapolate
 * ~90 s for 2100, Espenak–Meeus ~200 s); the date-level consequences are listed in
 * test-data/oracle-differences.md.
 */
export function deltaT(y: number): number {
  const obs = OBSERVED_DELTA_T;
  const last = obs[obs.length - 1];
  if (y < obs[0].year || y >= 2150) throw new RangeError(`ΔT model covers ${obs[0].year}–2150, got ${y}`);
  if (y <= last.year) {
    let hi = obs.findIndex((s) => s.year >= y);
    if (hi === 0) hi = 1;
    const a = obs[hi - 1];
    const b = obs[hi];
    return a.seconds + ((b.seconds - a.seconds) * (y - a.year)) / (b.year - a.year);
  }
  if (y >= DELTA_T_JOIN_YEAR) return espenakMeeus(y);
  const y0 = last.year;
  const threeYearsBefore = deltaT(y0 - 3);
  const observedRate = (last.seconds - threeYearsBefore) / 3;
  const h = 1e-3;
  const emRate = (espenakMeeus(y0 + h) - espenakMeeus(y0 - h)) / (2 * h);
  const length = DELTA_T_JOIN_YEAR - y0;
  const offset = espenakMeeus(y0) - last.seconds;
  const s = (y - y0) / length;
  const h00 = 1 - 3 * s ** 2 + 2 * s ** 3;
  const h10 = s - 2 * s ** 2 + s ** 3;
  return espenakMeeus(y) - offset * h00 - (emRate - observedRate) * length * h10;
}

/** Beijing seconds (since 1970-01-01 00:00 UTC+8) of a JDE, truncated to the second. */
export function beijingSecondsOfJde(jde: number): number {
  const year = 2000 + (jde - 2451545) / 365.25;
  const jdUt = jde - deltaT(year) / DAY;
  return Math.floor((jdUt - JD_UNIX_EPOCH) * DAY + BEIJING_OFFSET_SECONDS);
}

/** Signed angle a − b reduced to (−π, π]. */
function angleDiff(a: number, b: number): number {
  let d = (a - b) % TWO_PI;
  if (d > Math.PI) d -= TWO_PI;
  if (d <= -Math.PI) d += TWO_PI;
  return d;
}

/** JD (0h) of a Gregorian date: the engine's day number, counted from the Julian period's start. */
function julianDay(year: number, month: number, day: number): number {
  return dayNumber(year, month, day) + 2440587.5;
}

const ARCSEC = Math.PI / (180 * 3600);

/**
 * IAU 2006 (P03) minus IAU 1976 general precession in longitude, radians, T in Julian centuries from
 * J2000. astronomia precesses VSOP87's J2000 ecliptic to the date with Lieske's IAU 1976 expressions
 * (Meeus 21.5: p = 5029.0966″T + 1.11113″T² − 0.000006″T³), whose rate is 0.30″/century too fast
 * (the IAU 2000 precession-rate correction δψ_A = −0.29965″/cy, IERS Conventions 2003 §5.5.1). The
 * current standard is p_A = 5028.796195″T + 1.1054348″T² + 0.00007964″T³ − 0.000023857″T⁴ (Capitaine,
 * Wallace & Chapront 2003, A&A 412, 567; IAU 2006 Resolution B1; IERS Conventions 2010 eq. 5.39). The
 * difference is 0.074″ in 2024 (1.8 s of solar-term time, ours too early) and 0.30″ in 1900 (7 s, too
 * late). astronomia's ELP/MPP02 Moon already uses the corrected rate, so this also makes the Moon − Sun
 * elongation consistent.
 */
function precessionCorrection(jde: number): number {
  const t = (jde - 2451545) / 36525;
  return (-0.300405 * t - 0.0056952 * t ** 2 + 0.00008564 * t ** 3 - 0.000023857 * t ** 4) * ARCSEC;
}

/**
 * Geometric longitude of the Sun, mean equinox of date, radians: VSOP87 (series B, J2000 ecliptic),
 * Meeus' FK5 correction −0.09033″ (25.9), precession to the date with the IAU 2006 rate.
 *
 * The FK5 correction is kept on evidence: with it, the instants agree within ~1 s with the JPL
 * DE422/DE441 + IAU 2006/2000A instants in `src/solarTermTime.test.ts` (2014 秋分/冬至, 2024 秋分,
 * 2025 春分); without it they come out ~2 s early. (VSOP87 was fitted to DE200, whose J2000 equinox is
 * not exactly the ICRS-based dynamical equinox of the modern ephemerides.)
 */
function sunGeometricLongitude(jde: number): { lon: number; range: number } {
  const sun = solar.trueVSOP87(earth, jde);
  return { lon: sun.lon + precessionCorrection(jde), range: sun.range };
}

/**
 * Apparent geocentric longitude of the Sun, true equinox of date, radians: geometric longitude
 * ({@link sunGeometricLongitude}) + nutation in longitude (IAU 1980, Meeus 22.A; IAU 2000A differs by a
 * few mas, < 0.1 s) + annual aberration −20.4898″/R (Meeus 25.10, good to ~0.01″).
 */
export function sunApparentLongitude(jde: number): number {
  const sun = sunGeometricLongitude(jde);
  return sun.lon + nutation.nutation(jde)[0] + solar.aberration(sun.range);
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
  const sun = sunGeometricLongitude(jde);
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

/** Gregorian year of a day number. */
function gregorianYear(n: number): number {
  let y = Math.floor(1970 + n / 365.2425);
  while (dayNumber(y, 1, 1) > n) y--;
  while (dayNumber(y + 1, 1, 1) <= n) y++;
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
    const jie = Math.floor(terms[k] / DAY) - dayNumber(y, m, 3);
    const qi = Math.floor(terms[k + 1] / DAY) - dayNumber(y, m, 18);
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
    const offset = y.newYear - dayNumber(y.year, 1, 21);
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

// ---------------------------------------------------------------- the years before the main tables

/**
 * 四柱反查 (src/bazi/datesOfPillars.ts) searches 1800–2100 by default from 1801, a century before
 * the main tables start. It needs only the 12 节 of each year (for the year and month pillars) and the
 * lunar date (for the 农历 text of a result), so those years get a table of their own that nothing
 * else loads: the 节 of 1799–1898 (大雪 1799 opens the 子 month of January 1800) and the lunar years
 * 1799–1899 (lunar 1899 ends on 1900-01-30, where the main lunar table takes over).
 *
 * The lunar years are numbered by the same GB/T 33661-2017 rules in UTC+8. The Qing calendars of the
 * time (时宪历) were computed with their own, pre-modern theory on Beijing's meridian, so a month here
 * may start a day off from the printed almanac of that year; lunar-typescript, compared in
 * src/bazi/earlyCalendar.test.ts, differs from this table in the month lengths of seven years
 * (1804, 1831, 1841, 1862, 1880, 1895, 1896) and in one 正月初一 (1896).
 */
export const EARLY_FIRST_JIE_YEAR = 1799;
export const EARLY_LAST_JIE_YEAR = 1898;
export const EARLY_FIRST_LUNAR_YEAR = 1799;
export const EARLY_LAST_LUNAR_YEAR = 1899;

/** Lunar years from..to by GB/T 33661-2017, computed from terms and new moons around them. */
export function computeLunarYears(from: number, to: number): LunarYearRow[] {
  const terms = computeTerms(from - 1, to + 1);
  const moons = computeNewMoons(from - 1 + 0.8, to + 2.1);
  const years = lunarYears(numberLunarMonths(terms, moons, from - 1), gregorianYear).filter(
    (y) => y.year >= from && y.year <= to,
  );
  if (years.length !== to - from + 1 || years[0].year !== from) throw new Error('lunar years incomplete');
  return years;
}

/** The 12 节 (小寒, 立春 … 大雪: even term indices) of each year from..to, flat, year-major. */
export function computeJie(from: number, to: number): number[] {
  const out: number[] = [];
  for (let y = from; y <= to; y++)
    for (let i = 0; i < 24; i += 2) out.push(beijingSecondsOfJde(termJde(y, i)));
  return out;
}

/** The source of src/data/earlyCalendar.gen.ts (see {@link EARLY_FIRST_JIE_YEAR}). */
export function generateEarly(): string {
  const jie = computeJie(EARLY_FIRST_JIE_YEAR, EARLY_LAST_JIE_YEAR);
  const model = fitLinear(jie, 12);
  const years = computeLunarYears(EARLY_FIRST_LUNAR_YEAR, EARLY_LAST_LUNAR_YEAR);
  return (
    HEADER(`For 四柱反查 only: the 节 of ${EARLY_FIRST_JIE_YEAR}–${EARLY_LAST_JIE_YEAR} and the lunar years ${EARLY_FIRST_LUNAR_YEAR}–${EARLY_LAST_LUNAR_YEAR}, before the main tables.
// 节 j (0 = 小寒, 1 = 立春 … 11 = 大雪) of year y, Beijing seconds, k = 12·(y − ${EARLY_FIRST_JIE_YEAR}) + j:
// EARLY_JIE_BASE[j] + EARLY_JIE_STEP[j]·(y − ${EARLY_FIRST_JIE_YEAR}) + (${model.width} base-64 digits of EARLY_JIE at k·${model.width}) − ${64 ** model.width / 2}.
// Lunar years packed as in lunarYears.gen.ts.`) +
    `export const EARLY_JIE_FIRST_YEAR = ${EARLY_FIRST_JIE_YEAR};\n` +
    `export const EARLY_JIE_BASE = [${model.base.join(', ')}];\n` +
    `export const EARLY_JIE_STEP = [${model.step.join(', ')}];\n` +
    `export const EARLY_JIE_WIDTH = ${model.width};\n` +
    `export const EARLY_JIE = '${packResiduals(jie, model)}';\n` +
    `export const EARLY_LUNAR_FIRST_YEAR = ${EARLY_FIRST_LUNAR_YEAR};\n` +
    `export const EARLY_LUNAR_YEARS = '${packLunarYears(years)}';\n`
  );
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
    'earlyCalendar.gen.ts': generateEarly(),
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
