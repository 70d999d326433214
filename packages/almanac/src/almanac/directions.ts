/**
 * 吉神方位 of a day by its stem: 喜神, 福神, 财神, 阳贵神 and 阴贵神, each in one of the eight trigram
 * directions (后天八卦). Rule sources:
 * - 喜神: 《协纪辨方书·喜神》 甲己在艮, 乙庚在乾, 丙辛在坤, 丁壬在离, 戊癸在巽;
 * - 阳贵/阴贵: 天乙贵人 (《协纪辨方书·贵神》, 《三命通会》 甲戊庚牛羊 …) placed on the trigram of its branch;
 * - 财神: 甲乙东北, 丙丁西南, 戊己正北, 庚辛正东, 壬癸正南 (通书);
 * - 福神: two traditions. Sect 2 (the default, what most almanacs print and lunar-typescript's default):
 *   甲己坎, 乙庚坤, 丙辛乾, 丁壬巽, 戊癸艮. Sect 1: 甲乙巽, 丙丁震, 戊坎, 己离, 庚辛坤, 壬乾, 癸兑.
 * Each table is a ten-character string of trigrams indexed by stem.
 */

import { mod } from './codec.ts';

/** The eight trigrams 后天八卦 and the direction each stands for. */
const TRIGRAMS = '坎艮震巽离坤兑乾';
const TRIGRAM_DIRECTIONS = ['正北', '东北', '正东', '东南', '正南', '西南', '正西', '西北'] as const;

const XI = '艮乾坤离巽艮乾坤离巽';
const FU_SECT_1 = '巽巽震震坎离坤坤乾兑';
const FU_SECT_2 = '坎坤乾巽艮坎坤乾巽艮';
const CAI = '艮艮坤坤坎坎震震离离';
const YANG_GUI = '坤坤兑乾艮坎离艮震巽';
const YIN_GUI = '艮坎乾兑坤坤艮离巽震';

/** A direction given by its trigram, e.g. {trigram: '艮', direction: '东北'}. */
export interface TrigramDirection {
  trigram: string;
  direction: string;
}

/** The five gods' directions of a day. */
export interface GodDirections {
  /** 喜神. */
  xi: TrigramDirection;
  /** 福神. */
  fu: TrigramDirection;
  /** 财神. */
  cai: TrigramDirection;
  /** 阳贵神. */
  yangGui: TrigramDirection;
  /** 阴贵神. */
  yinGui: TrigramDirection;
}

/** Direction name of a trigram character, e.g. '艮' → '东北'; '' for anything else. */
export function trigramDirection(trigram: string): string {
  const i = TRIGRAMS.indexOf(trigram);
  return i < 0 ? '' : TRIGRAM_DIRECTIONS[i];
}

function at(table: string, stem: number): TrigramDirection {
  const trigram = table[mod(stem, 10)];
  return { trigram, direction: trigramDirection(trigram) };
}

/** 喜神 direction for a day stem (0 = 甲 → 艮 东北). */
export function xiShen(dayStem: number): TrigramDirection {
  return at(XI, dayStem);
}

/** 福神 direction for a day stem; `sect` 2 (default, 甲 → 坎 正北) or 1 (甲 → 巽 东南). */
export function fuShen(dayStem: number, sect: 1 | 2 = 2): TrigramDirection {
  return at(sect === 1 ? FU_SECT_1 : FU_SECT_2, dayStem);
}

/** 财神 direction for a day stem (0 = 甲 → 艮 东北). */
export function caiShen(dayStem: number): TrigramDirection {
  return at(CAI, dayStem);
}

/** 阳贵神 direction for a day stem (0 = 甲 → 坤 西南). */
export function yangGuiShen(dayStem: number): TrigramDirection {
  return at(YANG_GUI, dayStem);
}

/** 阴贵神 direction for a day stem (0 = 甲 → 艮 东北). */
export function yinGuiShen(dayStem: number): TrigramDirection {
  return at(YIN_GUI, dayStem);
}

/** All five directions for a day stem (福神 by `fuSect`, default 2). */
export function godDirections(dayStem: number, fuSect: 1 | 2 = 2): GodDirections {
  return {
    xi: xiShen(dayStem),
    fu: fuShen(dayStem, fuSect),
    cai: caiShen(dayStem),
    yangGui: yangGuiShen(dayStem),
    yinGui: yinGuiShen(dayStem),
  };
}
