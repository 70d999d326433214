/**
 * Operator accounts through the console (role admin): list, add, disable, change role — each audited
 * with before and after — and the rules that keep the console manageable: no self-disabling, and never
 * no active admin, even when two admins demote each other at the same moment.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../../../test/build.ts';
import {
  addTestOperator,
  loginRequest,
  OPERATOR_PASSWORD,
  signInOperator,
  type TestOperator,
  testUsername,
} from '../../../test/operators.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { runCommand } from '../../cli/commands.ts';
import { auditLog } from '../../shared/audit.ts';
import { operators } from './schema.ts';

describe('console operators', () => {
  const t = useTestApp();
  const admin = useOperator(t, 'admin');

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = admin) =>
    t.app.inject({ method, url, headers: as.headers, payload });
  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `operator:${id}`))
      .orderBy(auditLog.id);

  it('adds an operator who can then log in with the role given; the username is unique', async () => {
    const username = testUsername('new');
    const res = await call('POST', '/api/admin/operators', {
      username,
      displayName: '王小二',
      role: 'editor',
      password: 'first-password-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { operator } = res.json().resData;
    expect(operator).toEqual({
      id: expect.any(Number),
      username,
      displayName: '王小二',
      role: 'editor',
      totpEnabled: false,
      disabledAt: null,
      createdAt: new Date(FIXED_NOW).toISOString(),
      lastLoginAt: null,
    });
    const login = await loginRequest(t, { username, password: 'first-password-1' });
    expect(login.json().resData.operator.role).toBe('editor');
    const again = await call('POST', '/api/admin/operators', {
      username,
      displayName: '另一个',
      role: 'support',
      password: 'first-password-2',
    });
    expect(again.statusCode).toBe(409);
    const [row] = await auditOf(operator.id);
    expect(row).toMatchObject({
      action: 'operator.add',
      actor: admin.username,
      operatorId: admin.id,
      before: null,
      after: { username, displayName: '王小二', role: 'editor' },
    });
    expect(JSON.stringify(row)).not.toContain('first-password-1');
    const list = (await call('GET', '/api/admin/operators')).json().resData.list;
    expect(list.map((o: { username: string }) => o.username)).toContain(username);
    expect(JSON.stringify(list)).not.toMatch(/argon2|passwordHash|totpSecret/);
  });

  it('refuses a bad username, a short password or an unknown role', async () => {
    for (const body of [
      { username: 'AB', displayName: '甲', role: 'editor', password: 'long-enough-1' },
      { username: 'has space', displayName: '甲', role: 'editor', password: 'long-enough-1' },
      { username: testUsername('ok'), displayName: '甲', role: 'editor', password: 'short-1' },
      { username: testUsername('ok'), displayName: '甲', role: 'owner', password: 'long-enough-1' },
      { username: testUsername('ok'), displayName: '', role: 'editor', password: 'long-enough-1' },
    ]) {
      const res = await call('POST', '/api/admin/operators', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
  });

  it('disables an operator, ending their logins; not themselves, not twice', async () => {
    const target = await signInOperator(t, 'support');
    const res = await call('POST', `/api/admin/operators/${target.id}/disable`, { reason: '离职' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData.operator.disabledAt).toBe(new Date(FIXED_NOW).toISOString());
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: target.headers })).statusCode,
    ).toBe(401);
    expect(
      (await loginRequest(t, { username: target.username, password: OPERATOR_PASSWORD })).statusCode,
    ).toBe(401);
    expect((await call('POST', `/api/admin/operators/${target.id}/disable`, {})).statusCode).toBe(409);
    // Without a body too.
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operators/${admin.id}/disable`,
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(400);
    expect((await call('POST', '/api/admin/operators/999999/disable', {})).statusCode).toBe(404);
    const rows = await auditOf(target.id);
    expect(rows.filter((row) => row.action === 'operator.disable')).toEqual([
      expect.objectContaining({
        operatorId: admin.id,
        before: { disabledAt: null },
        after: { disabledAt: new Date(FIXED_NOW).toISOString(), loginsEnded: 1 },
        detail: '离职',
      }),
    ]);
  });

  it('changes a role, which applies at the next request', async () => {
    const target = await signInOperator(t, 'support');
    const audit = () => t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: target.headers });
    expect((await audit()).statusCode).toBe(403);
    const res = await call('POST', `/api/admin/operators/${target.id}/role`, {
      role: 'admin',
      reason: '升为主管',
    });
    expect(res.json().resData.operator.role).toBe('admin');
    expect((await audit()).statusCode).toBe(200);
    // The same role again changes nothing and writes nothing.
    await call('POST', `/api/admin/operators/${target.id}/role`, { role: 'admin' });
    const rows = (await auditOf(target.id)).filter((row) => row.action === 'operator.role');
    expect(rows.map(({ before, after, detail }) => ({ before, after, detail }))).toEqual([
      { before: { role: 'support' }, after: { role: 'admin' }, detail: '升为主管' },
    ]);
    expect((await call('POST', `/api/admin/operators/${target.id}/role`, { role: 'boss' })).statusCode).toBe(
      400,
    );
  });
});

describe('the last active admin', () => {
  const t = useTestApp();

  it('can be neither disabled nor demoted, even by two admins demoting each other at once', async () => {
    const a = await signInOperator(t, 'admin');
    const b = await signInOperator(t, 'admin');
    const demote = (by: TestOperator, whom: TestOperator) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/operators/${whom.id}/role`,
        headers: by.headers,
        payload: { role: 'editor' },
      });
    const results = await Promise.all([demote(a, b), demote(b, a)]);
    const statuses = results.map((res) => res.statusCode).sort();
    // One wins; the other is refused (the loser, now an editor, may be refused as such: 403), never both done.
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.database.db.select().from(operators).where(eq(operators.role, 'admin'));
    expect(admins.filter((row) => row.disabledAt === null)).toHaveLength(1);
    const lastAdmin = admins[0].id === a.id ? a : b;
    const selfDemote = await demote(lastAdmin, lastAdmin);
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json().code).toBe('Conflict');
    const cli = (...argv: string[]) =>
      runCommand({ db: t.database.db, clock: t.clock, actor: 'ops@host', config: t.config }, argv);
    await expect(cli('operator', 'disable', lastAdmin.username)).rejects.toMatchObject({ code: 'Conflict' });
    const extra = await addTestOperator(t, 'support');
    expect(await cli('operator', 'disable', extra.username)).toBe(
      `operator ${extra.username} disabled; their logins are ended`,
    );
  });
});
