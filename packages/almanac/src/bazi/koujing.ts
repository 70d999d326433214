/**
 * 口径: one line saying which conventions produced a chart, so that a user comparing with another
 * app (问真八字 …) sees at once why two charts differ — the lesson of the field's top complaint
 * (PRODUCT.md#bazi, "Schools differ").
 */
import type { BirthMoment } from './birthMoment.ts';
import type { ZiSchool } from './fourPillars.ts';
import type { YunSchool } from './luckCycles.ts';

/** Labels of the 子时 schools. */
export const ZI_LABELS: Record<ZiSchool, string> = {
  late: '晚子时不换日(0点换日)',
  early: '子时换日(23点换日)',
};

/** Labels of the 起运 schools. */
export const YUN_LABELS: Record<YunSchool, string> = {
  2: '起运:三天一年·精确到分',
  1: '起运:三天一年·按日与时辰',
};

function signed(v: number, digits = 1): string {
  const s = v.toFixed(digits);
  return v >= 0 ? `+${s}` : s;
}

/**
 * The 口径 line of a chart, e.g. '晚子时不换日(0点换日) · 北京时间 · 真太阳时(东经116.4°) · 起运:三天一年·精确到分 ·
 * 年柱立春·月柱交节时刻'; a chart whose hour is unknown (three pillars, worked at noon) says so second.
 */
export function koujing(m: BirthMoment, zi: ZiSchool, yun: YunSchool, hourUnknown = false): string {
  const parts = [ZI_LABELS[zi]];
  if (hourUnknown) parts.push('时辰不详(三柱·按正午起运)');
  let zone = m.zone.label;
  if (m.resolution.dst > 0) zone += '(夏令时已减1小时)';
  parts.push(zone);
  if (m.trueSolar) {
    const t = m.trueSolar;
    const lng = `${t.longitude >= 0 ? '东经' : '西经'}${Math.abs(t.longitude)}°`;
    parts.push(
      `真太阳时(${lng}, 经度${signed(t.longitudeSeconds / 60)}分, 均时差${signed(t.eotSeconds / 60)}分)`,
    );
  } else {
    parts.push('未用真太阳时');
  }
  parts.push(YUN_LABELS[yun]);
  parts.push('年柱立春·月柱交节时刻');
  return parts.join(' · ');
}
