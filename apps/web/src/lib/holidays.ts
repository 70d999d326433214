/**
 * Holiday days entered since this build (a State Council notice published after it), as the API
 * serves them: `GET /api/calendar/holidays?since=<version>`. The answer is kept in localStorage with
 * its version, so a calendar opened offline still marks those days; without it the engine's built-in
 * plans apply alone. Plain fetch, no API client: the calendar route carries this.
 */
import { type HolidayTable, holidayTable } from '@xuanli/almanac/holidayTable';
import type { HolidayTable as HolidayTableAnswer } from '@xuanli/contracts/holidays';
import { env } from '@/config/env';
import { HOLIDAYS_STORAGE_KEY_NAME } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';

/** localStorage key of the API's last answer, `{version, years}`. */
export const HOLIDAYS_STORAGE_KEY = HOLIDAYS_STORAGE_KEY_NAME;

const kept = () => readStorage<HolidayTableAnswer | null>(HOLIDAYS_STORAGE_KEY, null);

/** The engine's table of an answer; undefined when it is not one (a damaged or foreign value). */
function tableOf(answer: HolidayTableAnswer | null): HolidayTable | undefined {
  try {
    if (answer && Number.isInteger(answer.version)) return holidayTable(answer.years);
  } catch {
    // Not a table: as if none were kept.
  }
}

/** The kept table for the engine, or undefined when none (or a damaged one) is kept. */
export const keptHolidays = (): HolidayTable | undefined => tableOf(kept());

let asked: Promise<HolidayTable | undefined> | undefined;

/**
 * Asks the API, once per page load, for changes since the kept version. Resolves with the new table
 * (kept from now on) when it changed; with undefined when nothing changed, the answer was no table, or
 * the network failed — the kept table then stays in use.
 */
export function refreshHolidays(): Promise<HolidayTable | undefined> {
  const before = kept();
  // A damaged kept value asks for the whole table.
  const since = tableOf(before) ? `?since=${before?.version}` : '';
  asked ??= fetch(`${env.apiBaseUrl}/calendar/holidays${since}`)
    .then((response) => (response.ok ? response.json() : null))
    .then(({ resData: answer }: { resData: HolidayTableAnswer }) => {
      if (answer.version === before?.version && answer.years.length === 0) return undefined;
      const table = tableOf(answer);
      if (table) writeStorage(HOLIDAYS_STORAGE_KEY, answer);
      return table;
    })
    .catch(() => undefined);
  return asked;
}

/** Forgets that this page load asked already (tests open the calendar more than once). */
export function forgetHolidayRefresh(): void {
  asked = undefined;
}
