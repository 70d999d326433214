/**
 * The bazi calls (`app/bln.suan/*`, PRODUCT.md#paths) as plain functions over their dependencies. The engine
 * validates: a wrong sex, birth text or option throws AlmanacError with the engine's message
 * (PRODUCT.md#input-rules) (性别参数错误！, 生日参数错误！, 不是地支(wo) …), which the error handler answers as a 400. bzdata
 * and jxfen are pure (no database); miji reads its texts from the `content` table.
 */
import {
  type AnyBaziChart,
  type BaziInput,
  baziChart,
  type HourUnknownInput,
} from '@xuanli/almanac/bazi/chart';
import { type Compatibility, compatibility } from '@xuanli/almanac/bazi/compatibility';
import { type HehunResult, hehun } from '@xuanli/almanac/bazi/hehun';
import type { Sex } from '@xuanli/almanac/bazi/sex';
import type { ChartBody, HehunBody } from '@xuanli/contracts/bazi';
import type { Db } from '../../db/client.ts';
import { inChinese } from '../../shared/almanac-refusal.ts';
import { beijingToday, type Clock } from '../../shared/clock.ts';
import { chartReadings, type Readings } from './readings.ts';

/** A birth profile with the chart options: the bzdata and miji body as the wire declares it. */
export type ChartRequest = ChartBody;

/** The bzdata answer: the engine's chart (four pillars, or three with the hour unknown) with the name. */
export type NamedChart = { name: string } & AnyBaziChart;

/** The current year in Beijing: the default 流月 year (the engine itself would list the birth year's). */
export function currentYear(clock: Clock): number {
  return Number(beijingToday(clock).slice(0, 4));
}

/** The engine's input of a chart request (the profile, its options, the 流月 year by the clock). */
export function engineInput(clock: Clock, request: ChartRequest): BaziInput | HourUnknownInput {
  const input: BaziInput = {
    born: request.born,
    // The engine checks the value at run time (parseSex) and throws WRONG_SEX; the type only narrows.
    sex: request.sex as Sex,
    zi: request.zi,
    longitude: request.longitude,
    timeZone: request.timeZone,
    yunSchool: request.yunSchool,
    liunianCount: request.liunianCount,
    liuyueYear: request.liuyueYear ?? currentYear(clock),
  };
  return request.hourUnknown === true ? { ...input, hourUnknown: true } : input;
}

/**
 * bzdata (PRODUCT.md#bazi): `{name, ...chart}`; 流月 of the current Beijing year unless `liuyueYear` is given.
 */
export function chartOf(clock: Clock, request: ChartRequest): NamedChart {
  return { name: request.name ?? '', ...baziChart(engineInput(clock, request)) };
}

/** miji (PRODUCT.md#bazi): the readings of the request's chart, texts from the database. */
export async function readingsOf(deps: { db: Db; clock: Clock }, request: ChartRequest): Promise<Readings> {
  // Readings use only the natal chart: skip the 流年 list the body may ask for (up to 120 of them).
  const chart = baziChart({ ...engineInput(deps.clock, request), liunianCount: 0 });
  return chartReadings(deps.db, chart);
}

/** The `fen` of a jxfen body: `{wo, ta}`, or the two branches as one string ('子午'). */
export type Fen = { wo?: string; ta?: string } | string;

/**
 * `{wo, ta}` of a `fen`. A string is read as wo's branch then ta's, one character each after spaces
 * are dropped ('子午', '子 午'); anything left over becomes part of `ta`, so that the engine names the
 * faulty side (不是地支(ta)) instead of the call silently ignoring it.
 */
export function fenBranches(fen: Fen): { wo: string; ta: string } {
  if (typeof fen !== 'string') return { wo: fen.wo ?? '', ta: fen.ta ?? '' };
  const chars = Array.from(fen.replace(/[\s\u3000]+/g, ''));
  return { wo: chars[0] ?? '', ta: chars.slice(1).join('') };
}

/** jxfen (PRODUCT.md#hehun): the compatibility of wo's and ta's branches, per topic. */
export function compatibilityOf(fen: Fen): Compatibility {
  const { wo, ta } = fenBranches(fen);
  return compatibility(wo, ta);
}

/**
 * 合婚 (`POST /api/app/bln.suan/hehun`): the engine's reading of two whole charts — points with their
 * reasons and weights, the total and its restrained level, and the 生肖 view beside it. A refusal names
 * the person, in Chinese.
 */
export function hehunOf(body: HehunBody): HehunResult {
  const person = (p: HehunBody['a']) => ({ ...p, sex: p.sex as Sex });
  return inChinese(() => hehun({ a: person(body.a), b: person(body.b) }));
}
