/**
 * The console's holidays area (roles admin and editor): a 2027 notice entered day by day through the
 * admin API shows at once in `GET /api/calendar/day` and in the month grid, a removed day goes back to
 * what the engine had, and each save and delete leaves its audit row with the day before and after.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../../../test/build.ts';
import { operatorRequests, signInOperator } from '../../../test/operators.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';

const NOTICE = '国务院办公厅关于2027年部分节假日安排的通知';

describe('console holidays', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');

  const save = (body: object, as = editor) =>
    t.app.inject({ method: 'POST', url: '/api/admin/holidays', headers: as.headers, payload: body });
  const { get } = operatorRequests(t, editor);
  const removeDay = (date: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/admin/holidays', headers: editor.headers, query: { date } });
  const dayOf = async (date: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/calendar/day', query: { date } })).json().resData;
  const cellOf = async (ym: string, day: number) => {
    const month = (await t.app.inject({ method: 'GET', url: '/api/calendar/month', query: { ym } })).json()
      .resData;
    return month.cells.find((cell: { day: number; inMonth: boolean }) => cell.inMonth && cell.day === day);
  };

  it('shows a day entered from a notice in the day and month answers at once, and audits it', async () => {
    expect((await dayOf('2027-10-01')).holiday).toBeNull();
    const res = await save({ date: '2027-10-01', name: '国庆节', offDay: true, notice: NOTICE });
    expect(res.statusCode, res.body).toBe(200);
    const after = {
      date: '2027-10-01',
      name: '国庆节',
      offDay: true,
      notice: NOTICE,
      updatedAt: new Date(FIXED_NOW).toISOString(),
      updatedBy: editor.username,
    };
    expect(res.json().resData).toEqual({ version: expect.any(Number), before: null, after });
    expect((await dayOf('2027-10-01')).holiday).toEqual({ name: '国庆节', offDay: true });
    expect((await cellOf('2027-10', 1)).rest).toBe('休');

    // A make-up workday: a Sunday that becomes a workday.
    const workday = await save({ date: '2027-09-26', name: '国庆节', offDay: false, notice: NOTICE });
    expect(workday.statusCode, workday.body).toBe(200);
    expect((await cellOf('2027-09', 26)).rest).toBe('班');
    // Not a weekend day: refused, nothing changes.
    const friday = await save({ date: '2027-10-08', name: '国庆节', offDay: false, notice: NOTICE });
    expect(friday.statusCode).toBe(400);
    expect((await cellOf('2027-10', 8)).rest).toBeNull();

    const listed = await get('/api/admin/holidays', { year: '2027' });
    expect(listed.statusCode).toBe(200);
    for (const year of ['Infinity', '1e400', '1899']) {
      const refused = await get('/api/admin/holidays', { year });
      expect(refused.statusCode, year).toBe(400);
    }
    expect(listed.json().resData.years[0].days.map((day: { date: string }) => day.date)).toEqual([
      '2027-09-26',
      '2027-10-01',
    ]);

    // Renamed: the audit row keeps the day before and after.
    const renamed = await save({ date: '2027-10-01', name: '国庆节、中秋节', offDay: true, notice: NOTICE });
    expect(renamed.json().resData.before).toEqual(after);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'holiday:2027-10-01'))
      .orderBy(auditLog.id);
    expect(
      rows.map(({ action, actor, operatorId, before, after: next }) => ({
        action,
        actor,
        operatorId,
        before,
        next,
      })),
    ).toEqual([
      { action: 'holiday.save', actor: editor.username, operatorId: editor.id, before: null, next: after },
      {
        action: 'holiday.save',
        actor: editor.username,
        operatorId: editor.id,
        before: after,
        next: { ...after, name: '国庆节、中秋节' },
      },
    ]);
  });

  it('removes an entered day, audited; removing it again is NotFound', async () => {
    await save({ date: '2027-10-02', name: '国庆节', offDay: true, notice: NOTICE });
    expect((await dayOf('2027-10-02')).holiday).toEqual({ name: '国庆节', offDay: true });
    const removed = await removeDay('2027-10-02');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().resData).toMatchObject({ before: { date: '2027-10-02' }, after: null });
    expect((await dayOf('2027-10-02')).holiday).toBeNull();
    const again = await removeDay('2027-10-02');
    expect(again.statusCode).toBe(404);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.target, 'holiday:2027-10-02'));
    expect(rows.map((row) => [row.action, row.after])).toEqual([
      ['holiday.save', expect.objectContaining({ date: '2027-10-02' })],
      ['holiday.delete', null],
    ]);
  });

  it('is for admins and editors only', async () => {
    const support = await signInOperator(t, 'support');
    expect(
      (await save({ date: '2027-10-03', name: '国庆节', offDay: true, notice: NOTICE }, support)).statusCode,
    ).toBe(403);
    expect((await dayOf('2027-10-03')).holiday).toBeNull();
    const admin = await signInOperator(t, 'admin');
    expect(
      (await save({ date: '2027-10-03', name: '国庆节', offDay: true, notice: NOTICE }, admin)).statusCode,
    ).toBe(200);
  });
});
