/**
 * 加入日历: a chosen day as an iCalendar file the phone's calendar imports — one all-day event with the
 * day's lunar date, level, reasons and good hours, and a reminder the day before at 09:00 Beijing time
 * (the engine's `icsCalendar` with only this 吉日: no terms, festivals or 休/班). The UID comes from the
 * matter and the date, so adding the same day twice updates the event instead of doubling it.
 */
import type { IcsOptions } from '@xuanli/almanac/ics';
import type { ZeriDay } from '@xuanli/contracts/calendar';
import type { CalendarFileReply } from './api/calendar-file.worker';

/** What the file needs besides the day. */
export interface GoodDayEvent {
  day: ZeriDay;
  /** The almanac's word of the matter, e.g. '移徙'. */
  activity: string;
  /** The words the page shows for it, e.g. '搬家（移徙）'. */
  activityLabel: string;
  /** The people it was chosen for, e.g. ['新郎', '新娘']. */
  people: readonly string[];
}

/** The event's description: the day as the card shows it, one fact a line. */
export function goodDayNote({ day, people }: GoodDayEvent): string {
  return [
    `农历${day.lunar} ${day.ganzhi}日 ${day.level}（${day.score}分）`,
    ...day.reasons,
    day.goodHours.length > 0 ? `吉时：${day.goodHours.map((h) => `${h.name} ${h.range}`).join('、')}` : '',
    people.length > 0 ? `已避开与${people.join('、')}相冲的日子` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The engine's options for the file of one chosen day. */
export function goodDayOptions(event: GoodDayEvent, nowMs: number): IcsOptions {
  const year = Number(event.day.date.slice(0, 4));
  return {
    from: year,
    to: year,
    stamp: Math.floor(nowMs / 1000),
    terms: false,
    festivals: [],
    rest: false,
    name: '玄历 择日',
    goodDays: [
      {
        id: `zeri-${event.activity}`,
        date: event.day.date,
        title: `${event.activityLabel}吉日`,
        note: goodDayNote(event),
        remindDays: 1,
      },
    ],
  };
}

/** The .ics text of one chosen day, written by the engine in a worker (./api/calendar-file.worker.ts). */
export function goodDayCalendar(event: GoodDayEvent, nowMs: number = Date.now()): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./api/calendar-file.worker.ts', import.meta.url), { name: 'ics' });
    worker.onmessage = (message: MessageEvent<CalendarFileReply>) => {
      worker.terminate();
      if (message.data.ok) resolve(message.data.text);
      else reject(new Error(message.data.message));
    };
    worker.onerror = (error) => {
      worker.terminate();
      reject(new Error(error.message || '日历文件生成失败'));
    };
    worker.postMessage(goodDayOptions(event, nowMs));
  });
}

/** The file's name, e.g. '择日-移徙-2026-03-03.ics'. */
export function goodDayFileName(event: Pick<GoodDayEvent, 'activity' | 'day'>): string {
  return `择日-${event.activity}-${event.day.date}.ics`;
}

/**
 * How long the file's object URL lives after the click: the browser reads the blob after the click
 * returns, and Safari and older Android WebViews fail when it is revoked at once.
 */
const REVOKE_AFTER_MS = 10_000;

/** Hands the file to the browser as a download (iOS and Android then offer to add it to the calendar). */
export function saveCalendarFile(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Whether the page runs in WeChat's in-app browser, which cannot save a file: the reader is asked to
 * open the page in the system browser instead (as the classroom's downloads ask).
 */
export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}
