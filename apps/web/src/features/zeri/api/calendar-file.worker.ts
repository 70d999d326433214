/**
 * 加入日历's file (see ../calendar-file.ts): the engine's `icsCalendar` in a worker of its own. A worker
 * rather than a lazily imported chunk: the calendar code shares the festival and holiday tables with the
 * calendar tab, and a chunk of this page importing them would cut those tables out of the calendar
 * route's chunks into ones of their own — more files, more bytes on the route with a byte budget. The
 * worker is bundled apart and loads only when a reader taps 加入日历.
 */
import { isAlmanacError } from '@xuanli/almanac/errors';
import { type IcsOptions, icsCalendar } from '@xuanli/almanac/ics';

/** The worker's answer: the file's text, or why it could not be written. */
export type CalendarFileReply = { ok: true; text: string } | { ok: false; message: string };

/** Writes the file of `options`; never throws (a worker's exception would lose the message). */
export function calendarFileReply(options: IcsOptions): CalendarFileReply {
  try {
    return { ok: true, text: icsCalendar(options) };
  } catch (error) {
    return {
      ok: false,
      message: isAlmanacError(error) || error instanceof Error ? error.message : String(error),
    };
  }
}

// Inside a worker, answer each message; imported elsewhere (a unit test), do nothing.
if ('importScripts' in globalThis) {
  self.onmessage = (event: MessageEvent<IcsOptions>) => self.postMessage(calendarFileReply(event.data));
}
