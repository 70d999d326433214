import { chooseDays } from '@xuanli/almanac/zeri';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CalendarFileReply, calendarFileReply } from './api/calendar-file.worker';
import { goodDayCalendar, goodDayFileName, goodDayNote, saveCalendarFile } from './calendar-file';
import { presetRange, rangeDays, rangeProblem, rangeText } from './range';

describe('the range of a 择日', () => {
  it('runs from the start day to the month’s end, or three or twelve months on', () => {
    expect(presetRange('month', '2024-02-10')).toEqual({ from: '2024-02-10', to: '2024-02-29' });
    expect(presetRange('quarter', '2026-01-15')).toEqual({ from: '2026-01-15', to: '2026-04-14' });
    // A day the third month lacks: the range ends the day before that month's last day.
    expect(presetRange('quarter', '2025-11-30')).toEqual({ from: '2025-11-30', to: '2026-02-27' });
    expect(presetRange('year', '2024-03-01')).toEqual({ from: '2024-03-01', to: '2025-02-28' });
    expect(rangeDays(presetRange('year', '2024-01-01'))).toBe(366);
    // The engine's tables end with 2100.
    expect(presetRange('year', '2100-06-01').to).toBe('2100-12-31');
  });

  it('refuses in Chinese a custom range that ends first or is longer than a year', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-31' })).toBe('结束日期不能早于开始日期');
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-01' })).toBeNull();
    expect(rangeProblem({ from: '2026-01-01', to: '2027-01-02' })).toBe('最多选择一年（366 天），请缩短范围');
    expect(rangeText({ from: '2026-03-01', to: '2026-05-31' })).toBe(
      '2026年3月1日 至 2026年5月31日（92 天）',
    );
  });
});

describe('加入日历', () => {
  const day = chooseDays({ activity: '嫁娶', from: '2026-03-03', to: '2026-03-03' }).days[0]!;
  const event = { day, activity: '嫁娶', activityLabel: '嫁娶', people: ['新郎', '新娘'] };

  /** jsdom has no Worker: this one runs ./api/calendar-file.worker.ts's handler, as a message later. */
  class FakeWorker {
    onmessage: ((event: MessageEvent<CalendarFileReply>) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    postMessage(options: Parameters<typeof calendarFileReply>[0]) {
      setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: calendarFileReply(options) })));
    }
    terminate() {}
  }

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is one all-day event with the day’s facts, a reminder the day before, and no terms or festivals', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const text = await goodDayCalendar(event, Date.UTC(2026, 0, 15, 4));
    const lines = text.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('DTSTART;VALUE=DATE:20260303');
    expect(lines).toContain('SUMMARY:嫁娶吉日');
    expect(lines).toContain('UID:jiri-zeri-%E5%AB%81%E5%A8%B6-20260303@xuanli');
    expect(lines).toContain('DTSTAMP:20260115T040000Z');
    expect(lines).toContain('BEGIN:VALARM');
    const description = lines.find((l) => l.startsWith('DESCRIPTION:'))!;
    expect(description).toContain('农历正月十五 丙子日 上吉（81分）');
    expect(description).toContain('值开日（+10）');
    expect(description).toContain('吉时：子时 23:00-00:59');
    expect(description).toContain('已避开与新郎、新娘相冲的日子');
    expect(goodDayNote(event).split('\n')).toHaveLength(2 + day.reasons.length + 1);
    expect(goodDayFileName(event)).toBe('择日-嫁娶-2026-03-03.ics');
  });

  it('is handed to the browser as a download of that name', () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    URL.createObjectURL = vi.fn(() => 'blob:zeri');
    URL.revokeObjectURL = vi.fn();
    saveCalendarFile('BEGIN:VCALENDAR', '择日-嫁娶-2026-03-03.ics');
    expect(clicked.map((a) => [a.download, a.getAttribute('href')])).toEqual([
      ['择日-嫁娶-2026-03-03.ics', 'blob:zeri'],
    ]);
  });
});
