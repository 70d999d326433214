/**
 * From a birth text and the birthplace to the instants a chart needs: the clock time as written, the
 * instant (UTC and Beijing seconds) through the birthplace's zone and its DST, and the chart's local
 * clock — standard time (DST removed) or, with a longitude, true solar time.
 */
import { BEIJING_OFFSET_SECONDS } from '../beijingTime.ts';
import { AlmanacError } from '../errors.ts';
import { dayNumberFromLunar, type LunarDate, lunarFromDayNumber } from '../lunar.ts';
import { dayNumber, type SolarDate, solarFromDayNumber } from '../solarDate.ts';
import { type BirthText, parseBirthText } from './birthText.ts';
import {
  resolveZone,
  standardOffsetAt,
  type WallResolution,
  wallToUtc,
  type Zone,
  zoneMeridian,
} from './timeZones.ts';
import { type TrueSolarTime, trueSolarTime } from './trueSolarTime.ts';

/** Birthplace options. */
export interface BirthPlace {
  /** IANA zone id or fixed offset (timeZones.ts); default Asia/Shanghai. */
  timeZone?: string;
  /** Longitude in degrees east (west negative), −180…180: enables true solar time. */
  longitude?: number;
}

/** Everything a chart needs to know about when the birth happened. */
export interface BirthMoment {
  text: BirthText;
  /** Civil (Gregorian) date on the birthplace clock. */
  date: SolarDate;
  /** Lunar date of that civil date. */
  lunar: LunarDate;
  /** The clock time as written: wall seconds (day number × 86400 + time of day). */
  clock: number;
  zone: Zone;
  resolution: WallResolution;
  /** UTC epoch seconds of the birth. */
  utc: number;
  /** The instant in BeijingSeconds (UTC + 8 h), for solar terms. */
  beijing: number;
  /** Local standard time (the zone's standard offset, DST removed), wall seconds. */
  standard: number;
  /** True solar time, when a longitude was given. */
  trueSolar: TrueSolarTime | null;
  /** The chart clock used for day and hour pillars: true solar time, else standard time. */
  local: number;
}

/** First civil year a chart accepts (the lunar table starts at 1900 正月初一 = 1900-01-31). */
export const FIRST_BIRTH_YEAR = 1900;
/** Last civil year a chart accepts (lunar 2100 and the 节 of 2101 are the table's end). */
export const LAST_BIRTH_YEAR = 2100;

/** Checks a longitude option: a finite number in −180…180, else WRONG_OPTION. */
export function checkLongitude(longitude: unknown): number | undefined {
  if (longitude === undefined || longitude === null) return undefined;
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new AlmanacError('WRONG_OPTION', 'wrong option: longitude');
  }
  return longitude;
}

/** Resolves a birth text at a birthplace; throws AlmanacError for any bad input. */
export function birthMoment(born: unknown, place: BirthPlace = {}): BirthMoment {
  const text = parseBirthText(born);
  const longitude = checkLongitude(place.longitude);
  const zone = resolveZone(place.timeZone);
  if (text.year < FIRST_BIRTH_YEAR || text.year > LAST_BIRTH_YEAR) throw new AlmanacError('OUT_OF_RANGE');
  let n: number;
  let lunar: LunarDate;
  if (text.calendar === 'lunar') {
    n = dayNumberFromLunar(text.year, text.month, text.day, text.leap);
    lunar = { year: text.year, month: text.month, day: text.day, leap: text.leap };
  } else {
    n = dayNumber(text.year, text.month, text.day);
    lunar = lunarFromDayNumber(n);
  }
  const date = solarFromDayNumber(n);
  const clock = n * 86400 + text.hour * 3600 + text.minute * 60 + text.second;
  const resolution = wallToUtc(zone, clock);
  const utc = resolution.utc;
  const standard = utc + standardOffsetAt(zone, utc);
  const trueSolar = longitude === undefined ? null : trueSolarTime(utc, longitude, zoneMeridian(zone, utc));
  return {
    text,
    date,
    lunar,
    clock,
    zone,
    resolution,
    utc,
    beijing: utc + BEIJING_OFFSET_SECONDS,
    standard,
    trueSolar,
    local: trueSolar ? trueSolar.local : standard,
  };
}
