/**
 * A page of a 择日 answer as the app shows it: the chosen days a page at a time, best first, with how
 * many there are in all and every removed day. The server pages the answer it computes, and the phone
 * the one its worker computes while offline, so the two must page alike.
 */
import type { ChosenDay, RemovedDay, ZeriResult } from './zeri.ts';
import type { ZeriActivity } from './zeriActivities.ts';

/** One page of a {@link ZeriResult}. */
export interface ZeriResultPage {
  activity: ZeriActivity;
  from: string;
  to: string;
  /** The page's chosen days, in the answer's order (best first). */
  list: ChosenDay[];
  /** How many days were chosen in all. */
  total: number;
  /** Every removed day, on every page: the page says why days are missing. */
  removed: RemovedDay[];
}

/** Page `page` (from 1) of `result`, `size` chosen days a page; a page past the last one is empty. */
export function zeriResultPage(result: ZeriResult, page: number, size: number): ZeriResultPage {
  const start = (page - 1) * size;
  return {
    activity: result.activity,
    from: result.from,
    to: result.to,
    list: result.days.slice(start, start + size),
    total: result.days.length,
    removed: result.removed,
  };
}
