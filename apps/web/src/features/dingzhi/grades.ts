/**
 * How a luck grade (SPEC §9: 大吉 … 大凶) looks: the 吉 grades in the reds of good news, 中平 in a
 * neutral brown, the 凶 grades in slate greys. The word always says the grade; colour only repeats it.
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
