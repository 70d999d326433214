/**
 * Facts the lectures quote, computed by the engine (packages/almanac) so that a video says what the
 * app's own calendar and charts say: a demo chart, solar-term instants, a day of the almanac.
 */

import { baziChart } from '@xuanli/almanac/bazi/chart';
import { hiddenStemNames } from '@xuanli/almanac/bazi/hiddenStems';
import { formatBeijing } from '@xuanli/almanac/beijingTime';
import { almanacDay } from '@xuanli/almanac/day';
import { BRANCHES } from '@xuanli/almanac/ganzhi';
import { TERM_NAMES } from '@xuanli/almanac/solarTerm';
import { termTime } from '@xuanli/almanac/solarTermTime';

/** The demo chart the 八字 course reads from start to end: a man born 1990-05-10 08:00 Beijing time. */
export const DEMO_BIRTH = { born: '公 1990-05-10 08:00', sex: '男', text: '1990年5月10日上午8点' } as const;

/** The demo chart as the app's 排盘 computes it. */
export const DEMO_CHART = baziChart({ born: DEMO_BIRTH.born, sex: DEMO_BIRTH.sex });

/** The demo chart's four pillars, e.g. '庚午、辛巳、乙亥、庚辰'. */
export const DEMO_PILLARS = [
  DEMO_CHART.sizhu.year,
  DEMO_CHART.sizhu.month,
  DEMO_CHART.sizhu.day,
  DEMO_CHART.sizhu.hour,
];

/** The hidden stems of a branch by name, joined: 巳 → '丙庚戊'. */
export function hidden(branch: string): string {
  const index = BRANCHES.indexOf(branch as (typeof BRANCHES)[number]);
  if (index < 0) throw new Error(`no branch ${branch}`);
  return hiddenStemNames(index).join('');
}

/** '2月4日 10:46' of a solar term of a year, from the engine's table (Beijing time). */
export function termText(year: number, name: string): string {
  const index = TERM_NAMES.indexOf(name as (typeof TERM_NAMES)[number]);
  if (index < 0) throw new Error(`no solar term ${name}`);
  const at = formatBeijing(termTime(year, index));
  return `${Number(at.slice(5, 7))}月${Number(at.slice(8, 10))}日 ${at.slice(11, 16)}`;
}

/** The almanac day of a date ('2027-02-06'), as the 老黄历 page shows it. */
export function dayOf(date: string) {
  return almanacDay(date);
}

/** '2月6日' of an ISO date. */
export function monthDay(date: string): string {
  return `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
}
