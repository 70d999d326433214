/**
 * The offline 择日 (see get-zeri.ts): the engine's `chooseDays` in a worker of its own, like the chart's
 * offline worker. Bundled apart from the page, so the page does not carry the day tables, 神煞 and the
 * birth engine it needs only without a network; it also keeps a year's work off the main thread.
 */
import { isAlmanacError } from '@xuanli/almanac/errors';
import { type EnteredHolidayYear, holidayTable } from '@xuanli/almanac/holidayTable';
import { chooseDays, type ZeriInput, type ZeriResult } from '@xuanli/almanac/zeri';

/** What the page sends: the request, and the holiday days the phone keeps (the API's `years`). */
export interface ZeriWorkerInput {
  input: Omit<ZeriInput, 'holidayTable'>;
  holidays: readonly EnteredHolidayYear[];
}

/** The worker's answer to one input: the days, or the engine's refusal (`code`) or another failure. */
export type ZeriWorkerReply =
  | { ok: true; result: ZeriResult }
  | { ok: false; code: string | null; message: string };

/**
 * Chooses the days of `input` with the kept holiday days (none when the kept table is damaged); never
 * throws (a worker's exception would lose the error's code).
 */
export function zeriReply({ input, holidays }: ZeriWorkerInput): ZeriWorkerReply {
  let table: ReturnType<typeof holidayTable> | undefined;
  try {
    table = holidayTable(holidays);
  } catch {
    // A damaged kept table: the built-in plans alone, as the calendar does.
  }
  try {
    return { ok: true, result: chooseDays({ ...input, holidayTable: table }) };
  } catch (error) {
    if (isAlmanacError(error)) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: null, message: error instanceof Error ? error.message : String(error) };
  }
}

// Inside a worker, answer each message; imported elsewhere (a unit test), do nothing.
if ('importScripts' in globalThis) {
  self.onmessage = (event: MessageEvent<ZeriWorkerInput>) => self.postMessage(zeriReply(event.data));
}
