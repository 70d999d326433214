import { almanacDay } from '@xuanli/almanac/day';
import { monthView } from '@xuanli/almanac/monthView';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/suite.ts';

describe('calendar routes', () => {
  const t = useTestApp();

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('GET /day answers the engine JSON in the envelope', async () => {
    const res = await get('/api/calendar/day?date=2024-02-10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', resData: almanacDay('2024-02-10') });
    expect(res.json().resData.lunar).toMatchObject({ month: 1, day: 1, leap: false });
    // 休/班 come from the entered holiday table as well, which operators may change at any time.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('GET /day without a date is today in Beijing from the clock', async () => {
    const res = await get('/api/calendar/day');
    expect(res.json().resData.date).toBe('2026-01-15');
    // 23:30 UTC is already the next day in Beijing.
    t.clock.set(Date.UTC(2026, 0, 15, 23, 30));
    expect((await get('/api/calendar/day')).json().resData.date).toBe('2026-01-16');
  });

  it('GET /month answers the grid with today marked from the clock', async () => {
    t.clock.set(Date.UTC(2026, 1, 3, 4, 0));
    const res = await get('/api/calendar/month?ym=2026-02&weekStart=0');
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toEqual(monthView(2026, 2, { weekStart: 0, today: '2026-02-03' }));
    const grid = res.json().resData;
    expect(
      grid.cells.filter((cell: { today: boolean }) => cell.today).map((cell: { date: string }) => cell.date),
    ).toEqual(['2026-02-03']);
    expect((await get('/api/calendar/month')).json().resData).toMatchObject({
      year: 2026,
      month: 2,
      weekStart: 1,
    });
  });

  it('GET /terms answers 24 terms with Beijing times', async () => {
    const res = await get('/api/calendar/terms?year=2026');
    expect(res.statusCode).toBe(200);
    const { year, terms } = res.json().resData;
    expect(year).toBe(2026);
    expect(terms).toHaveLength(24);
    expect(terms[0].name).toBe('小寒');
    expect(terms[0].time).toMatch(/^2026-01-0\d \d{2}:\d{2}:\d{2}$/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('GET /ics answers a text/calendar attachment', async () => {
    const res = await get('/api/calendar/ics?from=2025&to=2026');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="xuanli-2025-2026.ics"');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(res.body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(res.body).toContain('BEGIN:VEVENT');
  });

  it.each([
    ['/api/calendar/day?date=2024-13-40', 'WRONG_SOLAR_MONTH', 'wrong solar month'],
    ['/api/calendar/day?date=2024-02-30', 'WRONG_SOLAR_DAY', 'wrong solar day'],
    ['/api/calendar/day?date=abc', 'WRONG_SOLAR_YEAR', 'wrong solar year'],
    ['/api/calendar/day?date=1582-10-10', 'WRONG_SOLAR_DAY', 'wrong solar day'],
    ['/api/calendar/day?date=1800-01-01', 'OUT_OF_RANGE', 'date out of supported range'],
    ['/api/calendar/day?date=2024-01-01T00:00', 'ValidationError', '查询参数 date 最多 10 个字符'],
    ['/api/calendar/month?ym=abc', 'BadRequest', "wrong ym 'abc', expected YYYY-MM"],
    ['/api/calendar/month?ym=2024-13', 'WRONG_SOLAR_MONTH', 'wrong solar month'],
    ['/api/calendar/month?ym=1800-01', 'WRONG_SOLAR_YEAR', 'wrong solar year'],
    ['/api/calendar/month?ym=2024-01&weekStart=2', 'ValidationError', '查询参数 weekStart 不能大于 1'],
    ['/api/calendar/month?ym=2024-01&weekStart=x', 'ValidationError', '查询参数 weekStart 应为整数'],
    ['/api/calendar/terms', 'ValidationError', '查询参数缺少 year'],
    ['/api/calendar/terms?year=99999', 'ValidationError', '查询参数 year 不能大于 9999'],
    ['/api/calendar/terms?year=1800', 'OUT_OF_RANGE', 'date out of supported range'],
    ['/api/calendar/terms?year=20.5', 'ValidationError', '查询参数 year 应为整数'],
    ['/api/calendar/ics?from=2030&to=2020', 'BadRequest', 'from (2030) must not be after to (2020)'],
    ['/api/calendar/ics?from=2000&to=2020', 'BadRequest', 'at most 20 years per file, got 21'],
    ['/api/calendar/ics?from=1800&to=1801', 'WRONG_SOLAR_YEAR', 'wrong solar year'],
    ['/api/calendar/ics?from=2020', 'ValidationError', '查询参数缺少 to'],
  ])('%s → 400 %s', async (url, code, msg) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    // A refused schema also names the field, the query parameter its message speaks of.
    const field = code === 'ValidationError' ? / (?:缺少 )?(\w+)/.exec(msg)?.[1] : undefined;
    expect(res.json()).toEqual(field ? { code, msg, field } : { code, msg });
  });
});
