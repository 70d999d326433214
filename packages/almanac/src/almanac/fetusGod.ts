/**
 * 胎神占方 of a day (日胎神): where the fetus god stays, by day pillar. Rule source: 《协纪辨方书》/
 * 《玉匣记》 胎神 verses, as printed in almanacs:
 * - the place: by stem 甲己 门, 乙庚 碓磨, 丙辛 厨灶, 丁壬 仓库, 戊癸 房床, then by branch 子午 碓, 丑未 厕,
 *   寅申 炉, 卯酉 门, 辰戌 栖, 巳亥 床 (门 with 占: 占门…; where the two repeat: 占大门, 占碓磨, 占房床);
 * - the direction: a 60-day round — 外东南, 外正南, 外西南, 外正西, 外西北, 外正北, then 房内 北 中 南 西 东
 *   中, then 外东北, 外正东 and back to 外东南.
 */

import { mod } from './codec.ts';

const STEM_PLACES = ['占门', '碓磨', '厨灶', '仓库', '房床'] as const;
const BRANCH_PLACES = '碓厕炉门栖床';
/** The three pillars whose stem place and branch place coincide. */
const MERGED: Record<string, string> = { 占门门: '占大门', 碓磨碓: '占碓磨', 房床床: '占房床' };

const DIRECTIONS = [
  '外东南',
  '外正南',
  '外西南',
  '外正西',
  '外西北',
  '外正北',
  '房内北',
  '房内中',
  '房内南',
  '房内西',
  '房内东',
  '外东北',
  '外正东',
] as const;

/** Direction code (index into DIRECTIONS, base 36) of each of the 60 day pillars from 甲子. */
const DIRECTION_BY_PILLAR = '0011111222222333334444445555566666778889aaaa7bbbbbbccccc0000';

/** The fetus god's place and direction of a day. */
export interface FetusGod {
  /** e.g. '占门碓'. */
  place: string;
  /** e.g. '外东南'. */
  direction: string;
  /** As almanacs print it: '占门碓 外东南'. */
  text: string;
}

/** 胎神占方 of a day pillar (0 = 甲子 → 占门碓 外东南). */
export function fetusGod(dayPillar: number): FetusGod {
  const p = mod(dayPillar, 60);
  const joined = STEM_PLACES[p % 5] + BRANCH_PLACES[p % 6];
  const place = MERGED[joined] ?? joined;
  const direction = DIRECTIONS[Number.parseInt(DIRECTION_BY_PILLAR[p], 36)];
  return { place, direction, text: `${place} ${direction}` };
}
