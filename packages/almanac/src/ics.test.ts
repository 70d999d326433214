import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { formatBeijing } from './beijingTime.ts';
import { icsCalendar, type SavedGoodDay } from './ics.ts';
import type { CalendarEvent } from './lunarEvents.ts';
import { termTime } from './solarTermTime.ts';
import { expectAlmanacError } from './testing/errorCode.ts';

describe('icsCalendar', () => {
  const text = icsCalendar({ from: 2024, to: 2024, stamp: 1_700_000_000 });
  const lines = text.split('\r\n');

  it('is a well-formed RFC 5545 calendar with CRLF lines of at most 75 octets', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.split('BEGIN:VEVENT').length).toBe(text.split('END:VEVENT').length);
    const uids = lines.filter((l) => l.startsWith('UID:'));
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('has the 24 terms at their UTC instants, festivals and 休/班 days', () => {
    expect(lines.filter((l) => l.startsWith('DTSTART:') && l.endsWith('Z'))).toHaveLength(24);
    // 立春 2024 at its Beijing instant minus eight hours.
    const [date, clock] = formatBeijing(termTime(2024, 2) - 8 * 3600).split(' ');
    expect(text).toContain(
      `DTSTART:${date.replaceAll('-', '')}T${clock.replaceAll(':', '')}Z\r\nSUMMARY:立春`,
    );
    expect(date).toBe('2024-02-04');
    expect(text).toContain('DTSTART;VALUE=DATE:20240210\r\nSUMMARY:春节');
    expect(text).toContain('SUMMARY:休 春节');
    expect(text).toContain('DTSTART;VALUE=DATE:20240204\r\nSUMMARY:班 春节调休上班');
    expect(text).toContain('DTSTAMP:20231114T221320Z');
  });

  it('rejects bad ranges', () => {
    expect(() => icsCalendar({ from: 1899, to: 1900 })).toThrow('wrong solar year');
    expect(() => icsCalendar({ from: 2025, to: 2024 })).toThrow('wrong count');
    expect(() => icsCalendar({ from: 1990, to: 2030 })).toThrow('wrong count');
  });
});

/** The calendar of 2026 with the public part (节气, festivals, 休/班) switched off. */
const NOTHING_PUBLIC_2026 = { from: 2026, to: 2026, terms: false, festivals: [], rest: false };

/** Parses a calendar with ical.js and lists its events as plain data. */
function parse(text: string) {
  const calendar = ICAL.Component.fromString(text);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: vevent.getFirstPropertyValue('description') as string | null,
      start: start.toString(),
      isDate: start.isDate,
      end: String(vevent.getFirstPropertyValue('dtend')),
      alarms: vevent.getAllSubcomponents('valarm').map((valarm) => ({
        action: String(valarm.getFirstPropertyValue('action')),
        trigger: String(valarm.getFirstPropertyValue('trigger')),
      })),
    };
  });
}

describe('icsCalendar for one user, read back with ical.js', () => {
  const events: CalendarEvent[] = [
    {
      id: 'birthday-1',
      title: '妈妈生日',
      lunar: { year: 1960, month: 4, day: 8, leap: false },
      repeat: 'yearly',
      remindDays: 3,
    },
    // 农历 2020 闰四月初八: none of 2026–2028 repeats 四月, so it is kept on 四月初八.
    {
      id: 'b2',
      title: '闰月生日',
      lunar: { year: 2020, month: 4, day: 8, leap: true },
      repeat: 'yearly',
      remindDays: 0,
    },
    { id: 'annual', title: '结婚纪念日, 第二行;\n还有一行\\', date: '2012-10-09', repeat: 'yearly' },
    { id: 'once', title: '体检', date: '2027-03-01', repeat: 'none', remindDays: 1 },
  ];
  const goodDays: SavedGoodDay[] = [
    {
      id: 'g1',
      date: '2026-05-01',
      title: '嫁娶吉日',
      note: '值成日（+12）；吉时 子时、丑时',
      remindDays: 7,
    },
    { id: 'g2', date: '2031-01-01', title: '范围外', remindDays: 1 },
  ];
  const options = {
    from: 2026,
    to: 2028,
    stamp: 1_800_000_000,
    festivals: ['春节', '中秋节', '中元节'],
    events,
    goodDays,
    name: '我的玄历',
  };
  const text = icsCalendar(options);
  const parsed = parse(text);
  const byUid = new Map(parsed.map((e) => [e.uid, e]));

  it('is valid RFC 5545: folded lines of at most 75 octets, one UID each, the calendar’s name', () => {
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(byUid.size).toBe(parsed.length);
    expect(ICAL.Component.fromString(text).getFirstPropertyValue('x-wr-calname')).toBe('我的玄历');
  });

  it('holds the 24 terms, only the chosen festivals and the 休/班 days', () => {
    const terms = parsed.filter((e) => e.uid.startsWith('term-'));
    expect(terms).toHaveLength(72);
    expect(terms.every((e) => !e.isDate && e.start.endsWith('Z'))).toBe(true);
    const festivals = parsed.filter((e) => e.uid.startsWith('festival-'));
    expect(new Set(festivals.map((e) => e.summary))).toEqual(new Set(['春节', '中秋节', '中元节']));
    expect(festivals).toHaveLength(9);
    expect(festivals.find((e) => e.summary === '春节' && e.start.startsWith('2026'))?.start).toBe(
      '2026-02-17',
    );
    expect(festivals.find((e) => e.summary === '中元节' && e.start.startsWith('2026'))?.start).toBe(
      '2026-08-27',
    );
    expect(byUid.get('rest-20261001@xuanli')?.summary).toBe('休 国庆节');
  });

  it('expands the user’s events to their solar days, each with its reminder at 09:00 Beijing time', () => {
    const birthday = parsed.filter((e) => e.uid.startsWith('event-birthday-1-'));
    // 四月初八: 2026-05-24, 2027-05-13, 2028-05-02.
    expect(birthday.map((e) => [e.start, e.end])).toEqual([
      ['2026-05-24', '2026-05-25'],
      ['2027-05-13', '2027-05-14'],
      ['2028-05-02', '2028-05-03'],
    ]);
    expect(birthday[0].summary).toBe('妈妈生日');
    expect(birthday[0].description).toBe('农历四月初八');
    // Three days before, at 09:00 in Beijing = 01:00 UTC.
    expect(birthday[0].alarms).toEqual([{ action: 'DISPLAY', trigger: '2026-05-21T01:00:00Z' }]);
    const leap = parsed.filter((e) => e.uid.startsWith('event-b2-'));
    expect(leap[0]).toMatchObject({ start: '2026-05-24', description: '农历四月初八，该年无闰四月，按四月' });
    expect(leap[0].alarms).toEqual([{ action: 'DISPLAY', trigger: '2026-05-24T01:00:00Z' }]);
    const annual = parsed.filter((e) => e.uid.startsWith('event-annual-'));
    expect(annual.map((e) => e.start)).toEqual(['2026-10-09', '2027-10-09', '2028-10-09']);
    // Commas, semicolons, line breaks and backslashes survive the escaping.
    expect(annual[0].summary).toBe('结婚纪念日, 第二行;\n还有一行\\');
    expect(annual[0].alarms).toEqual([]);
    expect(byUid.get('event-once-20270301@xuanli')?.alarms).toEqual([
      { action: 'DISPLAY', trigger: '2027-02-28T01:00:00Z' },
    ]);
  });

  it('holds the saved 吉日 within the years, with their notes and reminders', () => {
    const good = byUid.get('jiri-g1-20260501@xuanli');
    expect(good).toMatchObject({
      summary: '嫁娶吉日',
      description: '值成日（+12）；吉时 子时、丑时',
      start: '2026-05-01',
    });
    expect(good?.alarms).toEqual([{ action: 'DISPLAY', trigger: '2026-04-24T01:00:00Z' }]);
    expect(parsed.some((e) => e.uid.startsWith('jiri-g2-'))).toBe(false);
  });

  it('keeps every UID across two calls, another stamp, and more or fewer entries', () => {
    const again = parse(icsCalendar({ ...options, stamp: 1_900_000_000 }));
    expect(again.map((e) => e.uid)).toEqual(parsed.map((e) => e.uid));
    const fewer = parse(icsCalendar({ ...options, events: events.slice(1), goodDays: [] }));
    const uids = new Set(parsed.map((e) => e.uid));
    for (const e of fewer) expect(uids).toContain(e.uid);
    expect(fewer.filter((e) => e.uid.startsWith('event-b2-')).map((e) => e.uid)).toEqual(
      parsed.filter((e) => e.uid.startsWith('event-b2-')).map((e) => e.uid),
    );
  });

  it('leaves out what is switched off, and is the public calendar when nothing is asked', () => {
    const bare = parse(icsCalendar({ ...NOTHING_PUBLIC_2026, events: events.slice(0, 1) }));
    expect(bare.map((e) => e.uid)).toEqual(['event-birthday-1-20260524@xuanli']);
    const plain = icsCalendar({ from: 2024, to: 2024, stamp: 1_700_000_000 });
    expect(plain).toBe(icsCalendar({ from: 2024, to: 2024, stamp: 1_700_000_000, events: [], goodDays: [] }));
    expect(plain).toContain('X-WR-CALNAME:玄历 节气·节日·休班');
  });

  it('adds the Buddhist and Taoist festivals only when asked, without the Taoist markers of the day', () => {
    const religious = parse(icsCalendar({ ...NOTHING_PUBLIC_2026, buddhist: true, taoist: true }));
    const named = (prefix: string, summary: string) =>
      religious.filter((e) => e.uid.startsWith(prefix) && e.summary === summary).map((e) => e.start);
    // 四月初八 of 2026 is 05-24; 二月十九 is 04-06; 正月初九 is 02-25; 冬至 2026 is 12-22.
    expect(named('fo-', '释迦牟尼佛圣诞')).toEqual(['2026-05-24']);
    expect(named('fo-', '观世音菩萨圣诞')).toEqual(['2026-04-06']);
    expect(named('dao-', '玉皇上帝圣诞')).toEqual(['2026-02-25']);
    expect(named('dao-', '元始天尊圣诞')).toEqual(['2026-12-22']);
    // 八会 (every sixty days eight of them) and 八节 descents are markers of a day, not feasts.
    expect(religious.some((e) => /^(天|地|人|日|月|星辰|五行|四时)会$/.test(e.summary))).toBe(false);
    expect(religious.some((e) => e.summary.endsWith('天君下降'))).toBe(false);
    const uids = religious.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    const buddhistOnly = parse(
      icsCalendar({ from: 2026, to: 2026, terms: false, festivals: [], rest: false, buddhist: true }),
    );
    expect(buddhistOnly.length).toBeGreaterThan(25);
    expect(buddhistOnly.every((e) => e.uid.startsWith('fo-'))).toBe(true);
    expect(parse(icsCalendar({ from: 2026, to: 2026, terms: false, festivals: [], rest: false }))).toEqual(
      [],
    );
  });

  it('refuses bad entries before writing anything', () => {
    expectAlmanacError(
      () => icsCalendar({ from: 2026, to: 2026, events: [{ ...events[0], title: '' }] }),
      'WRONG_OPTION',
    );
    expectAlmanacError(
      () => icsCalendar({ from: 2026, to: 2026, goodDays: [{ id: 'x', date: '2026-02-30', title: '吉日' }] }),
      'WRONG_SOLAR_DAY',
    );
    expectAlmanacError(
      () => icsCalendar({ from: 2026, to: 2026, goodDays: [{ id: '', date: '2026-02-03', title: '吉日' }] }),
      'WRONG_OPTION',
    );
    const many = Array.from({ length: 501 }, (_, i) => ({ id: `g${i}`, date: '2026-02-03', title: '吉日' }));
    expectAlmanacError(() => icsCalendar({ from: 2026, to: 2026, goodDays: many }), 'WRONG_COUNT');
    expectAlmanacError(() => icsCalendar({ from: 2026, to: 2026, festivals: [1 as never] }), 'WRONG_OPTION');
  });
});
