/**
 * The offline 择日 (see get-zeri.ts): the engine's `chooseDays` in a worker of its own, like the chart's
 * offline worker. Bundled apart from the page, so the page does not carry the day tables, 神煞 and the
 * birth engine it needs only without a network; it also keeps a year's work off the main thread.
 */
import { isAlmanacError } from '@xuanli/almanac/errors';
import { chooseDays, type ZeriInput, type ZeriResult } from '@xuanli/almanac/zeri';

/** The worker's answer to one input: the days, or the engine's refusal (`code`) or another failure. */
export type ZeriWorkerReply =
  | { ok: true; result: ZeriResult }
  | { ok: false; code: string | null; message: string };

/** Chooses the days of `input`; never throws (a worker's exception would lose the error's code). */
export function zeriReply(input: ZeriInput): ZeriWorkerReply {
  try {
    return { ok: true, result: chooseDays(input) };
  } catch (error) {
    if (isAlmanacError(error)) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: null, message: error instanceof Error ? error.message : String(error) };
  }
}

// Inside a worker, answer each message; imported elsewhere (a unit test), do nothing.
if ('importScripts' in globalThis) {
  self.onmessage = (event: MessageEvent<ZeriInput>) => self.postMessage(zeriReply(event.data));
}
