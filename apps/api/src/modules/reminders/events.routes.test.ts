/**
 * A user's own events and saved 吉日 through the routes (the tests' "now" is 2026-01-15 in Beijing):
 * each event answers the next solar day it falls on by the engine's rules (a 闰月 birthday in a year
 * without that leap month on the ordinary month, 腊月三十 on 廿九 of a short 腊月), bad input is a 400
 * with a Chinese message or the engine's code, nobody reaches another account's rows, and an account
 * keeps at most 200 events and 200 吉日 — also when two requests race for the last place.
 */
import { MAX_EVENTS, MAX_SAVED_DAYS } from '@xuanli/contracts/reminders-labels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { calendarEvents, calendarSavedDays } from './schema.ts';

const EVENTS = '/api/crm/calendar/events';
const SAVED_DAYS = '/api/crm/calendar/saved-days';

describe('calendar events', () => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signIn(t, 'user');
    other = await signIn(t, 'user');
  });
  afterAll(() => t?.close());

  const add = (body: object, as: SignedIn = owner) =>
    t.app.inject({ method: 'POST', url: EVENTS, headers: { token: as.token }, payload: body });
  const list = async (as: SignedIn = owner) => {
    const res = await t.app.inject({ method: 'GET', url: EVENTS, headers: { token: as.token } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData.list as { id: number; title: string; next: { date: string } | null }[];
  };

  it('keeps a 农历生日 and answers the next solar day it falls on', async () => {
    const res = await add({
      title: ' 妈妈生日 ',
      lunar: { month: 4, day: 8 },
      repeat: 'yearly',
      remindDays: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toEqual({
      id: expect.any(Number),
      title: '妈妈生日',
      date: null,
      lunar: { month: 4, day: 8, leap: false, year: null },
      repeat: 'yearly',
      remindDays: 3,
      next: { date: '2026-05-24', lunarText: '农历四月初八' },
      createdAt: '2026-01-15T04:00:00.000Z',
    });
  });

  it('keeps a 闰月 birthday on the ordinary month in a year without that leap month, and in it when there is one', async () => {
    // Born 2020 闰四月初八; 2026 has no leap month.
    const leapFour = await add({
      title: '闰四月生日',
      lunar: { month: 4, day: 8, leap: true, year: 2020 },
      repeat: 'yearly',
    });
    expect(leapFour.json().resData.next).toEqual({
      date: '2026-05-24',
      lunarText: '农历四月初八',
      moved: '该年无闰四月，按四月',
    });
    // 2028 has 闰五月: a 闰五月 birthday starting then is kept in the leap month itself.
    const leapFive = await add({
      title: '闰五月生日',
      lunar: { month: 5, day: 8, leap: true, year: 2028 },
      repeat: 'yearly',
    });
    expect(leapFive.json().resData.next.lunarText).toBe('农历闰五月初八');
    expect(leapFive.json().resData.next.moved).toBeUndefined();
  });

  it('keeps 腊月三十 on 廿九 of a 29-day 腊月, and a yearly solar date from its year on', async () => {
    const eve = await add({
      title: '除夕守岁',
      lunar: { month: 12, day: 30 },
      repeat: 'yearly',
      remindDays: 0,
    });
    expect(eve.json().resData.next).toEqual({
      date: '2026-02-16',
      lunarText: '农历腊月廿九',
      moved: '该月只有二十九天，按廿九',
    });
    const wedding = await add({ title: '结婚纪念日', date: '2012-10-09', repeat: 'yearly' });
    expect(wedding.json().resData.next).toEqual({ date: '2026-10-09' });
    const later = await add({ title: '孙子满月', date: '2030-03-01', repeat: 'yearly' });
    expect(later.json().resData.next).toEqual({ date: '2030-03-01' });
  });

  it('lists the soonest first and a one-off day gone by last, with no next day', async () => {
    const past = await add({ title: '去年体检', date: '2025-12-01', repeat: 'none' });
    expect(past.json().resData.next).toBeNull();
    const once = await add({
      title: '复诊',
      lunar: { year: 2026, month: 1, day: 20 },
      repeat: 'none',
      remindDays: 1,
    });
    expect(once.json().resData.next).toEqual({ date: '2026-03-08', lunarText: '农历正月二十' });
    const titles = (await list()).map((event) => [event.title, event.next?.date ?? null]);
    expect(titles).toEqual([
      ['除夕守岁', '2026-02-16'],
      ['复诊', '2026-03-08'],
      ['妈妈生日', '2026-05-24'],
      ['闰四月生日', '2026-05-24'],
      ['结婚纪念日', '2026-10-09'],
      ['闰五月生日', '2028-06-30'],
      ['孙子满月', '2030-03-01'],
      ['去年体检', null],
    ]);
  });

  it('refuses a blank title, both dates or none, and days the calendar lacks, in Chinese or with the engine’s code', async () => {
    const refused = async (body: object) => {
      const res = await add(body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string; msg: string; field?: string };
    };
    expect(await refused({ title: '   ', date: '2026-03-01', repeat: 'none' })).toMatchObject({
      code: 'ValidationError',
      msg: '请填写提醒的标题',
    });
    const both = await refused({
      title: '生日',
      date: '2026-03-01',
      lunar: { month: 1, day: 1 },
      repeat: 'yearly',
    });
    expect(both).toMatchObject({
      code: 'ValidationError',
      msg: '请选择一个公历日期或一个农历日期（二者选一）',
    });
    expect((await refused({ title: '生日', repeat: 'yearly' })).code).toBe('ValidationError');
    const long = await refused({ title: '长'.repeat(41), date: '2026-03-01', repeat: 'none' });
    expect(long).toMatchObject({ code: 'ValidationError', field: 'title' });
    expect(long.msg).toMatch(/title/);
    expect(
      await refused({ title: '提醒', date: '2026-03-01', repeat: 'none', remindDays: 31 }),
    ).toMatchObject({
      field: 'remindDays',
    });
    expect(await refused({ title: '提醒', lunar: { month: 13, day: 1 }, repeat: 'yearly' })).toMatchObject({
      field: 'lunar.month',
    });
    expect((await refused({ title: '提醒', date: '2026-02-30', repeat: 'none' })).code).toBe(
      'WRONG_SOLAR_DAY',
    );
    expect((await refused({ title: '提醒', date: '2101-01-01', repeat: 'none' })).code).toBe(
      'WRONG_SOLAR_YEAR',
    );
    expect(await refused({ title: '复诊', lunar: { month: 4, day: 8 }, repeat: 'none' })).toEqual({
      code: 'WRONG_LUNAR_YEAR',
      msg: '不重复的农历日程需要年份',
    });
    // 2026 has no leap month at all.
    expect(
      (await refused({ title: '复诊', lunar: { year: 2026, month: 4, day: 8, leap: true }, repeat: 'none' }))
        .code,
    ).toBe('WRONG_LUNAR_MONTH');
    expect((await refused({ title: '提醒', date: '2026-03-01', repeat: 'monthly' })).field).toBe('repeat');
  });

  it('keeps each account’s events to itself: another account’s id is 404 and stays', async () => {
    const mine = (await add({ title: '我的', date: '2026-06-01', repeat: 'none' })).json().resData
      .id as number;
    expect(await list(other)).toEqual([]);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `${EVENTS}/${mine}`,
      headers: { token: other.token },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('NotFound');
    expect((await list()).some((event) => event.id === mine)).toBe(true);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${EVENTS}/${mine}`,
      headers: { token: owner.token },
    });
    expect(gone.json()).toMatchObject({ code: 0, resData: { id: mine } });
    expect((await list()).some((event) => event.id === mine)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${EVENTS}/${mine}`,
      headers: { token: owner.token },
    });
    expect(again.statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_EVENTS} events an account, also when two requests race for the last place`, async () => {
    const full = await signIn(t, 'user');
    const userId = full.userId as number;
    await t.database.db.insert(calendarEvents).values(
      Array.from({ length: MAX_EVENTS - 1 }, (_, i) => ({
        userId,
        title: `提醒${i}`,
        date: '2026-06-01',
        repeat: 'none',
        createdAt: new Date(t.clock.now()),
      })),
    );
    const body = { title: '最后一个', date: '2026-07-01', repeat: 'none' };
    const raced = await Promise.all([add(body, full), add(body, full)]);
    expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const refused = raced.find((res) => res.statusCode === 400)!.json();
    expect(refused).toEqual({
      code: 'ValidationError',
      msg: `最多保存 ${MAX_EVENTS} 条提醒，请先删除不用的`,
    });
    expect(await list(full)).toHaveLength(MAX_EVENTS);
  });
});

describe('saved 吉日', () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signIn(t, 'user');
  });
  afterAll(() => t?.close());

  const save = (body: object, as: SignedIn = owner) =>
    t.app.inject({ method: 'POST', url: SAVED_DAYS, headers: { token: as.token }, payload: body });
  const list = async (as: SignedIn = owner) =>
    (await t.app.inject({ method: 'GET', url: SAVED_DAYS, headers: { token: as.token } })).json().resData
      .list;

  it('keeps a 吉日 once per day and matter, lists them by date, and deletes only the caller’s', async () => {
    const first = await save({ date: '2026-05-01', activity: '嫁娶', note: '值成日；吉时 子时、丑时' });
    expect(first.json().resData).toEqual({
      id: expect.any(Number),
      date: '2026-05-01',
      activity: '嫁娶',
      note: '值成日；吉时 子时、丑时',
      createdAt: '2026-01-15T04:00:00.000Z',
    });
    const again = await save({ date: '2026-05-01', activity: '嫁娶' });
    expect(again.json().resData.id).toBe(first.json().resData.id);
    await save({ date: '2026-03-08', activity: '入宅' });
    expect((await list()).map((day: { date: string }) => day.date)).toEqual(['2026-03-08', '2026-05-01']);

    const other = await signIn(t, 'user');
    expect(await list(other)).toEqual([]);
    const id = first.json().resData.id;
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `${SAVED_DAYS}/${id}`,
      headers: { token: other.token },
    });
    expect(theirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'DELETE',
      url: `${SAVED_DAYS}/${id}`,
      headers: { token: owner.token },
    });
    expect(mine.json().resData).toEqual({ id });
    expect(await list()).toHaveLength(1);
  });

  it('refuses a day that does not exist, a blank matter and the 201st 吉日', async () => {
    expect((await save({ date: '2026-02-29', activity: '嫁娶' })).json().code).toBe('WRONG_SOLAR_DAY');
    expect((await save({ date: '1899-12-31', activity: '嫁娶' })).json().code).toBe('WRONG_SOLAR_YEAR');
    expect((await save({ date: '2026-03-01', activity: '  ' })).json()).toEqual({
      code: 'ValidationError',
      msg: '请填写所择之事',
    });
    const full = await signIn(t, 'user');
    await t.database.db.insert(calendarSavedDays).values(
      Array.from({ length: MAX_SAVED_DAYS }, (_, i) => ({
        userId: full.userId as number,
        date: '2026-06-01',
        activity: `事${i}`,
        createdAt: new Date(t.clock.now()),
      })),
    );
    const over = await save({ date: '2026-07-01', activity: '出行' }, full);
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe(`最多保存 ${MAX_SAVED_DAYS} 个吉日，请先删除不用的`);
  });
});
