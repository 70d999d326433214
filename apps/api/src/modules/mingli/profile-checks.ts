/**
 * What a profile must be before it is kept, the same for a POST, a PATCH and every entry of an import:
 * the name without surrounding spaces and not empty; the birth accepted by the engine at the saved
 * birthplace (its grammar, the calendar, 1900–2100, the zone and longitude), so that every saved
 * profile can be charted; only the chart options the 排盘 page knows; events on real days of
 * 1900–2100 with some text. The schema has already bounded every length and shape.
 */
import { birthMoment } from '@xuanli/almanac/bazi/birthMoment';
import { formatBirthText, parseBirthText } from '@xuanli/almanac/bazi/birthText';
import { AlmanacError, isAlmanacError } from '@xuanli/almanac/errors';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import {
  MINGLI_DEFAULT_GROUP,
  type MingliEvent,
  type MingliGroup,
  type MingliOptions,
} from '@xuanli/contracts/mingli';
import { AppError } from '../../shared/errors.ts';

/** A profile as it is stored (without ids and times). */
export interface CheckedProfile {
  name: string;
  sex: '男' | '女';
  born: string;
  options: MingliOptions;
  group: MingliGroup;
  note: string;
  events: MingliEvent[];
}

/** A profile to check: what a POST, a PATCH merged over the stored one, or a file entry holds. */
export interface ProfileFields {
  name: string;
  sex: '男' | '女';
  born: string;
  options?: MingliOptions;
  group?: MingliGroup;
  note?: string;
  events?: MingliEvent[];
}

/** The option fields kept; anything else a client sends is dropped (the table is no junk drawer). */
const OPTION_KEYS = [
  'zi',
  'yunSchool',
  'trueSolar',
  'province',
  'city',
  'longitude',
  'timeZone',
  'hourUnknown',
] as const satisfies readonly (keyof MingliOptions)[];

/** The known chart options of `options`, in a fixed order. */
function keptOptions(options: MingliOptions | undefined): MingliOptions {
  const kept: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    const value = options?.[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept as MingliOptions;
}

/** Whether `date` ('YYYY-MM-DD') is a day of the calendar between 1900 and 2100. */
function isCalendarDay(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (year < 1900 || year > 2100) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** The events with their texts trimmed; a day that does not exist or an empty text → 400 in Chinese. */
function checkedEvents(events: readonly MingliEvent[] | undefined): MingliEvent[] {
  return (events ?? []).map((event, i) => {
    const text = event.text.trim();
    if (!isCalendarDay(event.date)) {
      throw new AppError('ValidationError', `第 ${i + 1} 个事件的日期不存在，请选 1900 到 2100 年间的日期`);
    }
    if (text === '') throw new AppError('ValidationError', `第 ${i + 1} 个事件还没有写内容`);
    return { date: event.date, text };
  });
}

/**
 * Whether the engine can chart `born` at the birthplace of `options`; a refusal keeps the engine's code
 * (the app says which field is wrong by it) with the app's Chinese sentence for it, instead of the
 * engine's English one that may quote the zone the client sent.
 */
function checkBirth(born: string, options: MingliOptions): void {
  try {
    birthMoment(born, { timeZone: options.timeZone, longitude: options.longitude });
  } catch (error) {
    if (isAlmanacError(error)) throw new AlmanacError(error.code, ERROR_MESSAGES_ZH[error.code]);
    throw error;
  }
}

/**
 * `fields` as they are kept: trimmed, defaults filled in, checked. A blank name or a wrong event →
 * 400 ValidationError in Chinese; a birth the engine refuses → its AlmanacError (WRONG_BIRTH_TEXT, a
 * calendar code, OUT_OF_RANGE, WRONG_OPTION for a zone or longitude), answered as a 400 with that code.
 */
export function checkedProfile(fields: ProfileFields): CheckedProfile {
  const name = fields.name.trim();
  if (name === '') throw new AppError('ValidationError', '姓名不能为空');
  const born = fields.born.trim();
  const options = keptOptions(fields.options);
  checkBirth(born, options);
  return {
    name,
    sex: fields.sex,
    born,
    options,
    group: fields.group ?? MINGLI_DEFAULT_GROUP,
    note: (fields.note ?? '').trim(),
    events: checkedEvents(fields.events),
  };
}

/**
 * What makes two profiles the same person for an import: the name, the sex and the birth moment as
 * the engine reads it ('公 1990-5-10 8:00' and '1990-05-10 08:00' are one birth). Only for checked
 * profiles, whose birth text parses.
 */
export function sameness(profile: { name: string; sex: string; born: string }): string {
  return `${profile.name}\u0000${profile.sex}\u0000${formatBirthText(parseBirthText(profile.born))}`;
}
