import { festivalsOn } from '@xuanli/almanac/festivals';
import { dayNumber } from '@xuanli/almanac/solarDate';
import { FEED_YEARS_AHEAD, SOLAR_FESTIVALS, TRADITIONAL_FESTIVALS } from '@xuanli/contracts/reminders-labels';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp, testConfig } from '../../../test/build.ts';
import { captureLog } from '../../../test/log-capture.ts';
import { signInOperator } from '../../../test/operators.ts';
import { calendarEvents, calendarSavedDays, calendarSubscriptions } from './schema.ts';

const SUBSCRIPTION = '/api/crm/calendar/subscription';
const FEED = /^https?:\/\/[^/]+(\/api\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics)$/;

/** One VEVENT as a calendar app sees it. */
interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  isDate: boolean;
  description: string | null;
  categories: string | null;
  alarms: string[];
}

/** The events of a calendar file, parsed by ical.js. */
function parseFeed(text: string): FeedEvent[] {
  const calendar = ICAL.Component.fromString(text);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const start = vevent.getFirstPropertyValue('dtstart') as ICAL.Time;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      start: start.toString(),
      isDate: start.isDate,
      description: (vevent.getFirstPropertyValue('description') as string | null) ?? null,
      categories: (vevent.getFirstPropertyValue('categories') as string | null) ?? null,
      alarms: vevent
        .getAllSubcomponents('valarm')
        .map((valarm) => String(valarm.getFirstPropertyValue('trigger'))),
    };
  });
}

describe('the subscribed calendar', () => {
  let t: TestApp;
  let user: SignedIn;
  let link: string;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signIn(t, 'user');
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = user) =>
    t.app.inject({ method, url, headers: { token: as.token }, ...(payload ? { payload } : {}) });
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });
  const pathOf = (url: string) => FEED.exec(url)?.[1] as string;

  it('makes a secret link, shown once, and keeps only its hash', async () => {
    expect((await call('GET', SUBSCRIPTION)).json().resData).toEqual({
      active: false,
      festivals: { traditional: true, solar: true, buddhist: false, taoist: false },
      createdAt: null,
    });
    const made = await call('POST', SUBSCRIPTION, { festivals: { buddhist: true } });
    expect(made.statusCode, made.body).toBe(200);
    const { url, festivals, createdAt } = made.json().resData;
    expect(url).toMatch(FEED);
    expect(festivals).toEqual({ traditional: true, solar: true, buddhist: true, taoist: false });
    expect(createdAt).toBe('2026-01-15T04:00:00.000Z');
    link = pathOf(url);
    const token = FEED.exec(url)?.[2] as string;
    const rows = await t.database.db.select().from(calendarSubscriptions);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await call('GET', SUBSCRIPTION)).json().resData).toMatchObject({ active: true, createdAt });
  });

  it('holds the terms, the chosen festivals, 休/班 with an operator’s days, the events and the 吉日', async () => {
    const editor = await signInOperator(t, 'editor');
    const notice = '国务院办公厅关于2027年部分节假日安排的通知';
    for (const day of [
      { date: '2027-10-01', name: '国庆节', offDay: true, notice },
      { date: '2027-09-26', name: '国庆节', offDay: false, notice },
    ]) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/admin/holidays',
        headers: editor.headers,
        payload: day,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const birthday = await call('POST', '/api/crm/calendar/events', {
      title: '妈妈生日',
      lunar: { month: 4, day: 8 },
      repeat: 'yearly',
      remindDays: 3,
    });
    const leap = await call('POST', '/api/crm/calendar/events', {
      title: '闰五月生日',
      lunar: { month: 5, day: 8, leap: true, year: 2028 },
      repeat: 'yearly',
      remindDays: 0,
    });
    const once = await call('POST', '/api/crm/calendar/events', {
      title: '体检',
      date: '2027-03-01',
      repeat: 'none',
    });
    const good = await call('POST', '/api/crm/calendar/saved-days', {
      date: '2026-05-01',
      activity: '嫁娶',
      note: '吉时 子时',
    });
    const ids = [birthday, leap, once, good].map((res) => res.json().resData.id as number);

    const res = await fetchFeed(link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).not.toContain('RRULE');
    const events = parseFeed(res.body);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect(byUid.size).toBe(events.length);

    const years = FEED_YEARS_AHEAD + 1;
    const terms = events.filter((event) => event.uid.startsWith('term-'));
    expect(terms).toHaveLength(24 * years);
    expect(terms.every((event) => !event.isDate && event.start.endsWith('Z'))).toBe(true);
    expect(events.some((event) => event.summary === '春节' && event.start === '2026-02-17')).toBe(true);
    expect(events.some((event) => event.summary === '国庆节' && event.start === '2026-10-01')).toBe(true);
    expect(events.some((event) => event.summary === '释迦牟尼佛圣诞' && event.start === '2026-05-24')).toBe(
      true,
    );
    expect(events.some((event) => event.uid.startsWith('dao-'))).toBe(false);

    expect(byUid.get('rest-20260217@xuanli')?.summary).toBe('休 春节');
    expect(byUid.get('rest-20271001@xuanli')).toMatchObject({ summary: '休 国庆节', categories: 'HOLIDAY' });
    expect(byUid.get('rest-20270926@xuanli')?.summary).toBe('班 国庆节调休上班');

    const birthdays = events.filter((event) => event.uid.startsWith(`event-${ids[0]}-`));
    expect(birthdays.map((event) => [event.start, event.description, event.alarms])).toEqual([
      ['2026-05-24', '农历四月初八', ['2026-05-21T01:00:00Z']],
      ['2027-05-13', '农历四月初八', ['2027-05-10T01:00:00Z']],
      ['2028-05-02', '农历四月初八', ['2028-04-29T01:00:00Z']],
      ['2029-05-20', '农历四月初八', ['2029-05-17T01:00:00Z']],
    ]);
    expect(birthdays.every((event) => event.isDate && event.summary === '妈妈生日')).toBe(true);
    // From 2028, the year it starts: in 闰五月 that year, on 五月初八 in the years without one.
    const leapDays = events.filter((event) => event.uid.startsWith(`event-${ids[1]}-`));
    expect(leapDays.map((event) => [event.start, event.description])).toEqual([
      ['2028-06-30', '农历闰五月初八'],
      ['2029-06-19', '农历五月初八，该年无闰五月，按五月'],
    ]);
    expect(leapDays[0].alarms).toEqual(['2028-06-30T01:00:00Z']);
    expect(byUid.get(`event-${ids[2]}-20270301@xuanli`)).toMatchObject({ summary: '体检', alarms: [] });
    expect(byUid.get(`jiri-${ids[3]}-20260501@xuanli`)).toMatchObject({
      summary: '嫁娶吉日',
      description: '吉时 子时',
      categories: '吉日',
      alarms: ['2026-04-30T01:00:00Z'],
    });
  });

  it('keeps every UID from one fetch to the next, and answers 304 to an unchanged file', async () => {
    const first = await fetchFeed(link);
    const second = await fetchFeed(link);
    expect(second.body).toBe(first.body);
    const unchanged = await fetchFeed(link, { 'if-none-match': String(first.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    // A new event adds its days and leaves every other entry's UID as it was.
    await call('POST', '/api/crm/calendar/events', { title: '春游', date: '2026-04-10', repeat: 'yearly' });
    const after = await fetchFeed(link, { 'if-none-match': String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    const before = new Set(parseFeed(first.body).map((event) => event.uid));
    const now = parseFeed(after.body).map((event) => event.uid);
    expect(now.filter((uid) => !before.has(uid))).toHaveLength(FEED_YEARS_AHEAD + 1);
    for (const uid of before) expect(now).toContain(uid);
  });

  it('changes the festival groups without changing the link', async () => {
    const changed = await call('PUT', SUBSCRIPTION, { festivals: { taoist: true, solar: false } });
    expect(changed.json().resData).toMatchObject({
      active: true,
      festivals: { traditional: true, solar: false, buddhist: true, taoist: true },
    });
    const events = parseFeed((await fetchFeed(link)).body);
    expect(events.some((event) => event.summary === '玉皇上帝圣诞' && event.start === '2026-02-25')).toBe(
      true,
    );
    expect(events.some((event) => event.uid.startsWith('festival-') && event.summary === '国庆节')).toBe(
      false,
    );
    expect(events.some((event) => event.uid.startsWith('festival-') && event.summary === '中秋节')).toBe(
      true,
    );
  });

  it('answers 404 to a replaced link and to a stopped one, as to any made-up one', async () => {
    const madeUp = await fetchFeed(`/api/calendar/feed/${'A'.repeat(43)}.ics`);
    expect(madeUp.statusCode).toBe(404);
    const replaced = (await call('POST', SUBSCRIPTION)).json().resData.url as string;
    expect(pathOf(replaced)).not.toBe(link);
    const old = await fetchFeed(link);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(madeUp.json());
    expect((await fetchFeed(pathOf(replaced))).statusCode).toBe(200);
    // The groups chosen before stay with the new link.
    expect((await call('GET', SUBSCRIPTION)).json().resData.festivals.taoist).toBe(true);

    const stopped = await call('DELETE', SUBSCRIPTION);
    expect(stopped.json().resData).toMatchObject({ active: false, createdAt: null });
    expect((await fetchFeed(pathOf(replaced))).statusCode).toBe(404);
    expect((await fetchFeed('/api/calendar/feed/not-a-token.ics')).statusCode).toBe(404);
    expect((await fetchFeed(`/api/calendar/feed/${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('uses PUBLIC_URL, else PAY_PUBLIC_URL, for the link’s origin', async () => {
    const config = testConfig({ publicUrl: 'https://rili.example.com' });
    const withPublic = await buildTestApp({ config });
    const withPay = await buildTestApp({
      config: { pay: { ...testConfig().pay, publicUrl: 'https://pay.example.com' } },
    });
    try {
      for (const [app, origin] of [
        [withPublic, 'https://rili.example.com'],
        [withPay, 'https://pay.example.com'],
      ] as const) {
        const caller = await signIn(app, 'user');
        const res = await app.app.inject({
          method: 'POST',
          url: SUBSCRIPTION,
          headers: { token: caller.token },
        });
        expect(res.json().resData.url).toMatch(
          new RegExp(`^${origin}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`),
        );
      }
    } finally {
      await withPublic.close();
      await withPay.close();
    }
  });

  it('names festivals the engine has, in both lists', () => {
    const names = new Set<string>();
    for (let n = dayNumber(2026, 1, 1); n <= dayNumber(2027, 12, 31); n++) {
      const { main, other } = festivalsOn(n);
      for (const name of [...main, ...other]) names.add(name);
    }
    for (const name of [...TRADITIONAL_FESTIVALS, ...SOLAR_FESTIVALS]) expect(names, name).toContain(name);
  });
});

describe('the feed route', () => {
  it('never logs the link’s secret, and spends a per-IP budget of its own', async () => {
    const { stream, lines } = captureLog();
    const budgets = testConfig().rateBudgets;
    const t = await buildTestApp({
      config: { rateBudgets: { ...budgets, calendarFeed: { max: 3, windowSeconds: 60 } } },
      logger: { level: 'trace', stream },
    });
    try {
      const user = await signIn(t, 'user');
      const url = (
        await t.app.inject({ method: 'POST', url: SUBSCRIPTION, headers: { token: user.token } })
      ).json().resData.url as string;
      const [, path, token] = FEED.exec(url) as RegExpExecArray;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await t.app.inject({ method: 'GET', url: path })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const log = lines.join('');
      expect(log).toContain('/api/calendar/feed/[redacted]');
      expect(log).not.toContain(token);
      // The logged-in routes keep their general budget.
      const state = await t.app.inject({ method: 'GET', url: SUBSCRIPTION, headers: { token: user.token } });
      expect(state.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is erased with the account: rows gone and the link 404', async () => {
    const t = await buildTestApp();
    try {
      const user = await signIn(t, 'user');
      const headers = { token: user.token };
      await t.app.inject({
        method: 'POST',
        url: '/api/crm/calendar/events',
        headers,
        payload: { title: '生日', lunar: { month: 1, day: 1 }, repeat: 'yearly' },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/crm/calendar/saved-days',
        headers,
        payload: { date: '2026-05-01', activity: '嫁娶' },
      });
      const url = (await t.app.inject({ method: 'POST', url: SUBSCRIPTION, headers })).json().resData
        .url as string;
      const path = FEED.exec(url)?.[1] as string;
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      const deleted = await t.app.inject({
        method: 'POST',
        url: '/api/crm/member/delete',
        headers,
        payload: {},
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const db = t.database.db;
      expect(await db.select().from(calendarEvents)).toEqual([]);
      expect(await db.select().from(calendarSavedDays)).toEqual([]);
      expect(await db.select().from(calendarSubscriptions)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
