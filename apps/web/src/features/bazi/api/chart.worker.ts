/**
 * The offline chart (see get-bzdata.ts): the engine's `baziChart` in a worker of its own.
 *
 * A worker rather than a lazily imported chunk: Vite bundles a worker apart from the app, so the
 * engine modules the 排盘 page already uses (the 流日 of yearlyLuck, say) are not made to carry the
 * whole chart engine's needs — with a dynamic import they would, and the 排盘 route would load the
 * second-precision solar-term tables (~8 KB gzip) on every visit for a fallback it rarely needs. It
 * also keeps the computation off the main thread. The file loads only when a chart is computed
 * offline, from the service worker's precache.
 */
import {
  type AnyBaziChart,
  type BaziInput,
  baziChart,
  type HourUnknownInput,
} from '@xuanli/almanac/bazi/chart';
import { isAlmanacError } from '@xuanli/almanac/errors';

/** The worker's answer to one input: the chart, or the engine's refusal (`code`) or another failure. */
export type ChartWorkerReply =
  | { ok: true; chart: AnyBaziChart }
  | { ok: false; code: string | null; message: string };

/** The engine's input of a chart: four pillars, or three with `hourUnknown: true`. */
export type ChartInput = BaziInput | HourUnknownInput;

/** Computes the chart of `input` (three pillars when the hour is unknown); never throws (a worker's exception would lose the error's code). */
export function chartReply(input: ChartInput): ChartWorkerReply {
  try {
    return { ok: true, chart: baziChart(input) };
  } catch (error) {
    if (isAlmanacError(error)) return { ok: false, code: error.code, message: error.message };
    return { ok: false, code: null, message: error instanceof Error ? error.message : String(error) };
  }
}

// Inside a worker, answer each message; imported elsewhere (a unit test), do nothing.
if ('importScripts' in globalThis) {
  self.onmessage = (event: MessageEvent<ChartInput>) => self.postMessage(chartReply(event.data));
}
