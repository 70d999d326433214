/**
 * 四柱反查 (fancha): the moments whose four pillars are the ones a practitioner was given — a chart
 * written on paper, a client who knows only the 八字 — so that the chart can be drawn again from its
 * date. The engine walks the cycles (`bazi/datesOfPillars.ts`); this module reads the pillars as people
 * write them and says in Chinese what is wrong with pillars that cannot stand together.
 */
import { datesOfPillars, PILLAR_SEARCH_DEFAULT, type PillarDate } from '@xuanli/almanac/bazi/datesOfPillars';
import type { ZiSchool } from '@xuanli/almanac/bazi/fourPillars';
import { isAlmanacError } from '@xuanli/almanac/errors';
import { AppError } from '../../shared/errors.ts';

/** A fancha request as the route has validated it. */
export interface FanchaRequest {
  pillars: string;
  from?: number;
  to?: number;
  zi?: ZiSchool;
}

/** Separators people put between pillars: spaces (also the full-width one), commas, 、 and dots. */
const SEPARATORS = /[\s\u3000,，、;；.。·|/]+/g;

const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;

/** What a reader is told when the text is not four pillars of two characters each. */
export const PILLARS_FORMAT_MESSAGE = '请按年、月、日、时的顺序填写四柱，每柱两个字，如“庚午 辛巳 乙亥 庚辰”';

/**
 * The four pillars of a text: eight characters once the separators are gone ('庚午 辛巳 乙亥 庚辰',
 * '庚午，辛巳，乙亥，庚辰', '庚午辛巳乙亥庚辰'). Whether each is one of the sixty 干支 is the engine's
 * check, which names the pillar.
 */
export function parsePillars(text: string): Record<(typeof PILLAR_KEYS)[number], string> {
  const chars = Array.from(text.replace(SEPARATORS, ''));
  if (chars.length !== 8) throw new AppError('WrongPillars', PILLARS_FORMAT_MESSAGE);
  const [year, month, day, hour] = PILLAR_KEYS.map((_, i) => chars[2 * i] + chars[2 * i + 1]);
  return { year, month, day, hour };
}

/**
 * Every 时辰 from `from` to `to` (1801–2099 by default) with the request's pillars under its 子时
 * school, in time order. Pillars that cannot stand together are 400 WrongPillars with the engine's
 * sentence (月柱甲寅与年柱甲子不相配：甲年的寅月是丙寅（五虎遁）); a range that ends before it starts is
 * 400 BadRequest.
 */
export function fancha(request: FanchaRequest): { list: PillarDate[] } {
  const from = request.from ?? PILLAR_SEARCH_DEFAULT.from;
  const to = request.to ?? PILLAR_SEARCH_DEFAULT.to;
  if (from > to) throw new AppError('BadRequest', `起始年份 ${from} 晚于结束年份 ${to}，请重新选择`);
  const pillars = parsePillars(request.pillars);
  try {
    return { list: datesOfPillars(pillars, { from, to, zi: request.zi }) };
  } catch (error) {
    // The range and the school were checked above and by the schema: what is left is the pillars.
    if (isAlmanacError(error) && error.code === 'WRONG_OPTION')
      throw new AppError('WrongPillars', error.message);
    throw error;
  }
}
