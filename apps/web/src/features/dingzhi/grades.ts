/**
 * How a luck grade (PRODUCT.md#constants: 大吉 … 大凶) looks and reads: the 吉 grades in the reds of good news, 中平
 * in a neutral brown, the 凶 grades in slate greys and never as a bare 凶 — in the restrained words of an
 * almanac with their reason ({@link gradeWords}). The words always say it; colour only repeats it.
 */
import type { FortuneDay } from '@xuanli/contracts/dingzhi';

/** Text colour of each grade; every one reads at 4.5:1 or better on the card's near-white. */
export const GRADE_COLOURS: Record<FortuneDay['jx'], string> = {
  大吉: '#b3261e',
  中吉: '#c2410c',
  小吉: '#a15c07',
  中平: '#6d5540',
  小凶: '#4f6472',
  中凶: '#3f4f5a',
  大凶: '#263238',
};

/** Colour of a grade, a neutral brown for anything unexpected. */
export function gradeColour(jx: string): string {
  return GRADE_COLOURS[jx as FortuneDay['jx']] ?? GRADE_COLOURS.中平;
}

type CautionGrade = '小凶' | '中凶' | '大凶';

/**
 * What an almanac says on a day of a 凶 grade instead of naming it: advice, milder to firmer — take it
 * slowly, keep still, hold back. (The grade itself stays in the wire answer and the score ring.)
 */
export const CAUTION_ADVICE: Record<CautionGrade, string> = {
  小凶: '宜缓不宜急',
  中凶: '宜静不宜动',
  大凶: '宜守不宜进',
};

/** The relation of the day's branch to the person's day branch that makes a day 凶, as its reason. */
const CAUTION_REASONS: Partial<Record<FortuneDay['relation'], [reason: string, short: string]>> = {
  冲: ['日支相冲', '逢冲'],
  刑: ['日支相刑', '逢刑'],
  害: ['日支相害', '逢害'],
  破: ['日支相破', '逢破'],
  克: ['五行相克', '相克'],
};

/** A day's grade as the 定制 card and week strip word it. */
export interface GradeWords {
  /** The grade (大吉 … 中平), or a 凶 day's advice (宜静不宜动). */
  title: string;
  /** Two characters for the week strip: the grade, or the advice's first half (宜静). */
  short: string;
  /** Why a 凶 day is one: 日支相冲; null for the others. */
  reason: string | null;
  /** The reason in two characters for the strip: 逢冲; null for the others. */
  shortReason: string | null;
}

/**
 * The words for grade `jx` on a day whose branch stands in `relation` to the person's day branch: a
 * 吉 grade or 中平 by its name; a 凶 grade never bare, but as the almanac's restrained advice with its
 * reason beside it (宜静不宜动 · 日支相冲). A 凶 day without one of the hostile relations (its ten god
 * or stars pulled it down) gives 流日欠顺, the day's flow running against the person.
 */
export function gradeWords(jx: string, relation: string): GradeWords {
  const advice = CAUTION_ADVICE[jx as CautionGrade];
  if (!advice) return { title: jx, short: jx, reason: null, shortReason: null };
  const [reason, shortReason] = CAUTION_REASONS[relation as FortuneDay['relation']] ?? ['流日欠顺', '欠顺'];
  return { title: advice, short: advice.slice(0, 2), reason, shortReason };
}
