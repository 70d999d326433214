import type { EnteredHolidayYear } from '../holidayTable.ts';
import { UsageError } from './args.ts';

/**
 * Where the `xuanli` CLI takes holiday days entered since its release from: `--holidays FILE|URL` (the
 * JSON that `GET /api/calendar/holidays` answers), else the environment — `XUANLI_HOLIDAYS` (the same)
 * or `XUANLI_API` (a 玄历 server, whose table is fetched and kept for offline use). Pure: main.ts and
 * loadHolidays.ts do the reading.
 */

/** Commands whose output shows 休/班 or pay multipliers, so only they look for a table. */
export const HOLIDAY_COMMANDS: ReadonlySet<string> = new Set([
  'today',
  'day',
  'days',
  'month',
  'lunar',
  'ics',
  'zeri',
  'leave',
]);

/** Where the table comes from: a file or URL named by the user, or a 玄历 server's base address. */
export type HolidaySource = { kind: 'given'; location: string; from: string } | { kind: 'api'; base: string };

/**
 * Takes `--holidays VALUE` / `--holidays=VALUE` out of `argv` (the other options stay for the
 * command) and decides the source: the option first, then `XUANLI_HOLIDAYS`, then `XUANLI_API`; null
 * when none is set.
 */
export function takeHolidaySource(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { argv: string[]; source: HolidaySource | null } {
  const rest: string[] = [];
  let option: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--holidays') {
      const value = argv[i + 1];
      if (value === undefined || value === '') throw new UsageError('--holidays needs a file or URL');
      option = value;
      i++;
    } else if (arg.startsWith('--holidays=')) {
      option = arg.slice('--holidays='.length);
      if (option === '') throw new UsageError('--holidays needs a file or URL');
    } else rest.push(arg);
  }
  if (option !== undefined)
    return { argv: rest, source: { kind: 'given', location: option, from: '--holidays' } };
  if (env.XUANLI_HOLIDAYS)
    return { argv: rest, source: { kind: 'given', location: env.XUANLI_HOLIDAYS, from: 'XUANLI_HOLIDAYS' } };
  if (env.XUANLI_API)
    return { argv: rest, source: { kind: 'api', base: env.XUANLI_API.replace(/\/+$/, '') } };
  return { argv: rest, source: null };
}

/** A holiday table as read: its version (null when the JSON carries none) and its years. */
export interface ReadHolidayTable {
  version: number | null;
  years: EnteredHolidayYear[];
}

/**
 * Reads the JSON of `GET /api/calendar/holidays`: the whole envelope `{code: 0, resData: {version,
 * years}}` or just `{version, years}`. Throws an Error saying what is wrong; the days themselves are
 * checked by `holidayTable`.
 */
export function parseHolidayJson(text: string): ReadHolidayTable {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('not JSON');
  }
  const record = value as { resData?: unknown; version?: unknown; years?: unknown } | null;
  const table = (record && typeof record === 'object' && 'resData' in record ? record.resData : record) as {
    version?: unknown;
    years?: unknown;
  } | null;
  if (!table || typeof table !== 'object' || !Array.isArray(table.years))
    throw new Error('expected {version, years: [...]} as GET /api/calendar/holidays answers');
  for (const year of table.years) {
    if (!year || typeof year !== 'object' || !Array.isArray((year as { days?: unknown }).days))
      throw new Error('every year needs a list of days');
  }
  const version = typeof table.version === 'number' && Number.isInteger(table.version) ? table.version : null;
  return { version, years: table.years as EnteredHolidayYear[] };
}
