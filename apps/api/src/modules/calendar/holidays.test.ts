import { almanacDay } from '@xuanli/almanac/day';
import { holidayTable } from '@xuanli/almanac/holidayTable';
import { monthView } from '@xuanli/almanac/monthView';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { MADE_UP_2027, MADE_UP_NOTICE } from '../../../test/holiday-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { deleteHolidayDay, type HolidaySaveInput, listHolidayYears, saveHolidayDay } from './index.ts';

describe('holidays as versioned data', () => {
  const t = useTestApp();

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const at = () => new Date(t.clock.now());
  const save = (day: Omit<HolidaySaveInput, 'at' | 'updatedBy'>, updatedBy = 'editor.li') =>
    t.database.db.transaction((tx) => saveHolidayDay(tx, { ...day, updatedBy, at: at() }));
  const remove = (date: string) => t.database.db.transaction((tx) => deleteHolidayDay(tx, date));
  const version = async () => (await get('/api/calendar/holidays')).json().resData.version as number;

  it('starts with nothing entered: version 0, 2027 without holiday data', async () => {
    const res = await get('/api/calendar/holidays');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', resData: { version: 0, years: [] } });
    expect(res.headers.etag).toBe('"holidays-0"');
    expect(res.headers['cache-control']).toBe('no-cache');
    const day = (await get('/api/calendar/day?date=2027-10-01')).json().resData;
    expect(day).toMatchObject({ holiday: null, salaryMultiplier: null });
  });

  it('a 2027 notice entered through saveHolidayDay shows in the table, the day and the month view', async () => {
    const versions: number[] = [];
    for (const day of MADE_UP_2027) {
      t.clock.advanceSeconds(60);
      const change = await save(day);
      expect(change.before).toBeNull();
      expect(change.after).toEqual({ ...day, updatedAt: at().toISOString(), updatedBy: 'editor.li' });
      versions.push(change.version);
    }
    // Every save moved the version.
    expect(versions).toEqual(versions.map((_, i) => versions[0] + i));
    const current = versions.at(-1) as number;

    const table = await get('/api/calendar/holidays');
    expect(table.headers.etag).toBe(`"holidays-${current}"`);
    const { resData } = table.json();
    expect(resData.version).toBe(current);
    expect(resData.years).toEqual([
      {
        year: 2027,
        notices: [MADE_UP_NOTICE],
        updatedAt: at().toISOString(),
        days: [...MADE_UP_2027]
          .sort((a, b) => a.date.localeCompare(b.date))
          .map(({ date, name, offDay }) => ({ date, name, offDay })),
      },
    ]);
    // Nothing new for a client holding this version; 304 for its ETag.
    expect((await get(`/api/calendar/holidays?since=${current}`)).json().resData).toEqual({
      version: current,
      years: [],
    });
    expect((await get(`/api/calendar/holidays?since=${current - 1}`)).json().resData.years).toHaveLength(1);
    const cached = await get('/api/calendar/holidays', { 'if-none-match': `"holidays-${current}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect((await get('/api/calendar/holidays', { 'if-none-match': '"holidays-0"' })).statusCode).toBe(200);

    const engineTable = holidayTable(resData.years);
    const off = await get('/api/calendar/day?date=2027-10-01');
    expect(off.headers['cache-control']).toBe('public, max-age=60');
    expect(off.json().resData).toEqual(almanacDay('2027-10-01', { holidays: engineTable }));
    expect(off.json().resData).toMatchObject({
      holiday: { name: '国庆节', offDay: true },
      salaryMultiplier: 3,
    });
    expect((await get('/api/calendar/day?date=2027-10-09')).json().resData).toMatchObject({
      holiday: { name: '国庆节', offDay: false },
      salaryMultiplier: 1,
    });

    const month = (await get('/api/calendar/month?ym=2027-10')).json().resData;
    expect(month).toEqual(monthView(2027, 10, { weekStart: 1, today: '2026-01-15', holidays: engineTable }));
    const cell = (date: string) => month.cells.find((c: { date: string }) => c.date === date);
    expect(cell('2027-10-01')).toMatchObject({ rest: '休', salaryMultiplier: 3 });
    expect(cell('2027-10-07')).toMatchObject({ rest: '休', salaryMultiplier: 2 });
    expect(cell('2027-10-09')).toMatchObject({ rest: '班', salaryMultiplier: 1 });
    const september = (await get('/api/calendar/month?ym=2027-09')).json().resData;
    expect(september.cells.find((c: { date: string }) => c.date === '2027-09-26')).toMatchObject({
      rest: '班',
    });

    const ics = await get('/api/calendar/ics?from=2027&to=2027');
    expect(ics.body).toContain('SUMMARY:休 国庆节');
    expect(ics.body).toContain('SUMMARY:班 国庆节调休上班');
  });

  it('an entered day overrides the built-in one; deleting it brings the built-in day back', async () => {
    // 2026-10-10 is a built-in 国庆节 make-up workday (a Saturday).
    const builtIn = (await get('/api/calendar/day?date=2026-10-10')).json().resData;
    expect(builtIn).toMatchObject({ holiday: { name: '国庆节', offDay: false }, salaryMultiplier: 1 });
    const start = await version();

    const first = await save({
      date: '2026-10-10',
      name: '国庆节',
      offDay: true,
      notice: '测试用更正（虚构）',
    });
    expect(first.before).toBeNull();
    expect(first.version).toBe(start + 1);
    expect((await get('/api/calendar/day?date=2026-10-10')).json().resData).toMatchObject({
      holiday: { name: '国庆节', offDay: true },
      salaryMultiplier: 2,
    });
    t.clock.advanceSeconds(60);
    const second = await save(
      { date: '2026-10-10', name: '国庆节、中秋节', offDay: true, notice: '测试用更正（虚构）' },
      'admin.wang',
    );
    expect(second.before).toEqual(first.after);
    expect(second.after).toMatchObject({ name: '国庆节、中秋节', updatedBy: 'admin.wang' });
    expect(second.version).toBe(start + 2);

    const list = await listHolidayYears(t.database.db, 2026);
    expect(list.version).toBe(start + 2);
    expect(list.builtInYears).toEqual({ from: 2001, to: 2026 });
    expect(list.years).toHaveLength(1);
    expect(list.years[0].days).toEqual([second.after]);
    expect(list.years[0].builtIn).toContainEqual({ date: '2026-10-10', name: '国庆节', offDay: false });
    expect((await listHolidayYears(t.database.db)).years.map((y) => y.year)).toEqual([2026, 2027]);
    const table = (await get('/api/calendar/holidays')).json().resData;
    expect(table.years.map((y: { year: number }) => y.year)).toEqual([2026, 2027]);

    const removed = await remove('2026-10-10');
    expect(removed).toEqual({ version: start + 3, before: second.after, after: null });
    expect((await get('/api/calendar/day?date=2026-10-10')).json().resData).toEqual(builtIn);
    expect((await listHolidayYears(t.database.db, 2026)).years[0].days).toEqual([]);
    expect((await listHolidayYears(t.database.db)).years.map((y) => y.year)).toEqual([2027]);
  });

  it('refuses bad days without changing the version', async () => {
    const start = await version();
    const day = { date: '2027-10-01', name: '国庆节', offDay: true, notice: MADE_UP_NOTICE };
    await expect(remove('2027-10-08')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(save({ ...day, date: '2027-02-30' })).rejects.toMatchObject({ code: 'WRONG_SOLAR_DAY' });
    await expect(save({ ...day, date: '1899-12-31' })).rejects.toMatchObject({ code: 'OUT_OF_RANGE' });
    await expect(save({ ...day, date: '2027-1-01' })).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(save({ ...day, name: '  ' })).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(save({ ...day, name: '节'.repeat(21) })).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(save({ ...day, notice: '' })).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(save({ ...day, name: '国庆\u0000节' })).rejects.toMatchObject({ code: 'ValidationError' });
    // 2027-10-08 is a Friday: a make-up workday is a weekend day turned into a workday.
    await expect(save({ ...day, date: '2027-10-08', offDay: false })).rejects.toMatchObject({
      code: 'ValidationError',
      message: 'a make-up workday falls on a Saturday or Sunday; 2027-10-08 is not one',
    });
    expect(await version()).toBe(start);
    for (const url of [
      '/api/calendar/holidays?since=-1',
      '/api/calendar/holidays?since=abc',
      '/api/calendar/holidays?since=1.5',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
  });

  it('concurrent saves each get a version of their own, and a reader never sees a half-written table', async () => {
    const start = await version();
    const dates = ['2028-01-01', '2028-01-02', '2028-01-03', '2028-05-01', '2028-05-02', '2028-05-03'];
    const reads: Promise<{ version: number; years: { days: unknown[] }[] }>[] = [];
    const changes = await Promise.all(
      dates.map((date, i) => {
        reads.push(get('/api/calendar/holidays').then((res) => res.json().resData));
        return save({ date, name: i < 3 ? '元旦' : '劳动节', offDay: true, notice: '测试用（虚构）' });
      }),
    );
    expect(changes.map((c) => c.version).sort((a, b) => a - b)).toEqual(dates.map((_, i) => start + 1 + i));
    // Each read's days are exactly those of its version: 9 made-up 2027 days plus (version - start) of 2028.
    for (const read of await Promise.all(reads)) {
      const count = read.years.reduce((n, y) => n + y.days.length, 0);
      expect(count).toBe(9 + (read.version - start));
    }
    expect(await version()).toBe(start + dates.length);
    // Clean up for the tests after this one: back to the 2027 days only.
    for (const date of dates) await remove(date);
  });
});

describe('a day written by another API process', () => {
  /** What another process writes: a row and a version bump this process did not make. */
  const writeBehindTheApp = (t: TestApp) =>
    t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into holiday_days (date, name, off_day, notice, updated_at, updated_by) values ('2027-12-31', '元旦', true, ${MADE_UP_NOTICE}, now(), 'other.process')`,
      );
      await tx.execute(
        sql`insert into holiday_version (id, version) values (1, 1) on conflict (id) do update set version = holiday_version.version + 1`,
      );
    });
  const dayOf = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/api/calendar/day?date=2027-12-31' })).json().resData.holiday;

  it('shows as soon as the change notice arrives, the app’s clock standing still', async () => {
    const t = await buildTestApp();
    try {
      expect(await dayOf(t)).toBeNull();
      await writeBehindTheApp(t);
      const until = Date.now() + 1000;
      let seen = await dayOf(t);
      while (seen === null && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await dayOf(t);
      }
      expect(seen).toEqual({ name: '元旦', offDay: true });
      // A delete made in this process shows at once.
      await t.database.db.transaction((tx) => deleteHolidayDay(tx, '2027-12-31'));
      expect(await dayOf(t)).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('without change notices, shows within a second: the version is read at most once a second per process', async () => {
    const t = await buildTestApp({ links: false });
    try {
      expect(await dayOf(t)).toBeNull();
      await writeBehindTheApp(t);
      // Within the second this process still answers from the version it read.
      t.clock.advanceSeconds(0.5);
      expect(await dayOf(t)).toBeNull();
      t.clock.advanceSeconds(0.5);
      expect(await dayOf(t)).toEqual({ name: '元旦', offDay: true });
      // A delete made in this process shows at once.
      await t.database.db.transaction((tx) => deleteHolidayDay(tx, '2027-12-31'));
      expect(await dayOf(t)).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('calendar answers while the database is gone', () => {
  it('keep the last table known to the process, uncached; the table itself is not served', async () => {
    const t = await buildTestApp();
    try {
      await t.database.db.transaction((tx) =>
        saveHolidayDay(tx, { ...MADE_UP_2027[1], updatedBy: 'editor.li', at: new Date(t.clock.now()) }),
      );
      const before = await t.app.inject({ method: 'GET', url: '/api/calendar/day?date=2027-10-01' });
      expect(before.json().resData.holiday).toEqual({ name: '国庆节', offDay: true });
      await t.database.close();
      const after = await t.app.inject({ method: 'GET', url: '/api/calendar/day?date=2027-10-01' });
      expect(after.statusCode).toBe(200);
      expect(after.headers['cache-control']).toBe('no-store');
      expect(after.json().resData).toEqual(before.json().resData);
      const month = await t.app.inject({ method: 'GET', url: '/api/calendar/month?ym=2027-10' });
      expect(month.statusCode).toBe(200);
      const table = await t.app.inject({ method: 'GET', url: '/api/calendar/holidays' });
      expect(table.statusCode).toBe(503);
      expect(Object.keys(table.json())).toEqual(['code', 'msg']);
    } finally {
      await t.close().catch(() => {});
    }
  });
});
