/**
 * Calendar answers for clients that do not run the engine themselves. Each function validates what
 * the engine does not (ranges, query shapes) and otherwise lets the engine's AlmanacError through;
 * the error handler turns it into a 400 with the engine's message.
 */

import { formatBeijing } from '@xuanli/almanac/beijingTime';
import { almanacDay } from '@xuanli/almanac/day';
import type { HolidayTable } from '@xuanli/almanac/holidayTable';
import { icsCalendar } from '@xuanli/almanac/ics';
import { bridgeLeave } from '@xuanli/almanac/leavePlanner';
import { monthView } from '@xuanli/almanac/monthView';
import { parseSolarDate } from '@xuanli/almanac/solarDate';
import { termsOfYear } from '@xuanli/almanac/solarTermTime';
import { chooseDays } from '@xuanli/almanac/zeri';
import { zeriResultPage } from '@xuanli/almanac/zeriPage';
import {
  MAX_ICS_YEARS,
  type PinjiaAnswer,
  ZERI_PAGE_SIZE,
  type ZeriAnswer,
  type ZeriQuery,
} from '@xuanli/contracts/calendar';
import { ZERI_ALIASES, ZERI_DEFAULT_LABELS } from '@xuanli/contracts/zeri-labels';
import { inChinese } from '../../shared/almanac-refusal.ts';
import { beijingToday, type Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';

/**
 * The almanac of `date` ('YYYY-MM-DD'), or of today in Beijing when absent; `holidays` are the entered
 * days over the engine's built-in plans (holidays.ts).
 */
export function calendarDay(clock: Clock, date?: string, holidays?: HolidayTable) {
  return almanacDay(date ?? beijingToday(clock), { holidays });
}

/**
 * The month grid of `ym` ('YYYY-MM'), or of the current Beijing month; today is marked from the clock,
 * 休/班 from the built-in plans and the entered `holidays`.
 */
export function calendarMonth(
  clock: Clock,
  ym: string | undefined,
  weekStart: 0 | 1,
  holidays?: HolidayTable,
) {
  const today = beijingToday(clock);
  const match = /^(\d{4})-(\d{1,2})$/.exec(ym ?? today.slice(0, 7));
  if (!match) throw new AppError('BadRequest', `wrong ym '${ym}', expected YYYY-MM`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  // Reuse the engine's date check so that the messages are the engine's ('wrong solar month',
  // PRODUCT.md#input-rules).
  parseSolarDate(`${match[1]}-${match[2]}-1`);
  return monthView(year, month, { weekStart, today, holidays });
}

/** The 24 solar terms of `year` with their exact Beijing times. */
export function calendarTerms(year: number) {
  return {
    year,
    terms: termsOfYear(year).map((term) => ({ name: term.name, time: formatBeijing(term.time) })),
  };
}

/**
 * An iCalendar (RFC 5545) file of the years `from`..`to`, at most {@link MAX_ICS_YEARS} of them;
 * DTSTAMP is now (the engine reads no clock); 休/班 include the entered `holidays`.
 */
export function calendarIcs(clock: Clock, from: number, to: number, holidays?: HolidayTable): string {
  if (from > to) throw new AppError('BadRequest', `from (${from}) must not be after to (${to})`);
  if (to - from + 1 > MAX_ICS_YEARS) {
    throw new AppError('BadRequest', `at most ${MAX_ICS_YEARS} years per file, got ${to - from + 1}`);
  }
  return icsCalendar({ from, to, stamp: Math.floor(clock.now() / 1000), holidays });
}

/**
 * 择日 (`GET /api/calendar/zeri`): the engine's `chooseDays` for the query's matter (an everyday word
 * such as 搬家 read as the almanac's), range and people, a page of the chosen days best first and every
 * removed day. 休/班 include the entered `holidays`. Refusals are Chinese: the field or person named.
 */
export function calendarZeri(query: ZeriQuery, holidays?: HolidayTable): ZeriAnswer {
  const born = query.born ?? [];
  const labels = query.label ?? [];
  const zones = query.tz ?? [];
  if (labels.length > born.length || zones.length > born.length)
    throw new AppError('BadRequest', '每个 label 和 tz 都要对应一个 born（按同样的顺序）');
  const people = born.map((text, i) => ({
    label: labels[i] ?? ZERI_DEFAULT_LABELS[i] ?? `第${i + 1}位`,
    born: text,
    timeZone: zones[i],
  }));
  inChinese(() => parseSolarDate(query.from), '开始日期');
  inChinese(() => parseSolarDate(query.to), '结束日期');
  const result = inChinese(() =>
    chooseDays({
      activity: ZERI_ALIASES[query.activity] ?? query.activity,
      from: query.from,
      to: query.to,
      people,
      holidayTable: holidays,
    }),
  );
  return zeriResultPage(result, query.page ?? 1, query.size ?? ZERI_PAGE_SIZE);
}

/**
 * 拼假 (`GET /api/calendar/pinjia`): the breaks `leave` days of leave buy in `year`, best ratio first,
 * from the built-in plans and the entered `holidays`. A year whose plan nobody has entered yet is a 400.
 */
export function calendarPinjia(year: number, leave: number, holidays?: HolidayTable): PinjiaAnswer {
  return { year, leave, list: inChinese(() => bridgeLeave({ year, leave, holidayTable: holidays })) };
}
