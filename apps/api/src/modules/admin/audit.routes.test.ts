/**
 * The audit log through the console (role admin): console and command-line rows together, newest
 * first, filtered by operator, action, target (exact or a whole kind) and time, paged — and rows that
 * nobody, not even SQL by hand, can change or delete.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testPhone } from '../../../test/accounts.ts';
import { buildTestApp, FIXED_NOW, type TestApp } from '../../../test/build.ts';
import { signInOperator, type TestOperator } from '../../../test/operators.ts';
import { addProduct } from '../../../test/shop-fixtures.ts';
import { runCommand } from '../../cli/commands.ts';
import { auditLog } from '../../shared/audit.ts';
import { users } from '../member/testing-tables.ts';

describe('console audit log', () => {
  let t: TestApp;
  let admin: TestOperator;
  let support: TestOperator;
  let userId: number;
  const phone = testPhone();

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInOperator(t, 'admin');
    support = await signInOperator(t, 'support');
    userId = (await signIn(t, 'user', phone)).userId!;
    const grant = (days: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/users/vip',
        headers: support.headers,
        payload: { phone, days, reason: `赠送 ${days} 天` },
      });
    await grant(10);
    t.clock.advanceSeconds(3600);
    await grant(20);
    t.clock.advanceSeconds(3600);
    await runCommand({ db: t.database.db, clock: t.clock, actor: 'root@ops', config: t.config }, [
      'vip',
      'revoke',
      phone,
      '--reason',
      '命令行撤销',
    ]);
  });
  afterAll(() => t?.close());

  const audit = (query: Record<string, string> = {}, as = admin) =>
    t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: as.headers, query });

  it('lists console and command-line rows of a target, newest first', async () => {
    const res = await audit({ target: `user:${userId}` });
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = res.json().resData;
    expect(total).toBe(3);
    expect(
      list.map(({ action, actor, operatorId, reason, at }: Record<string, unknown>) => ({
        action,
        actor,
        operatorId,
        reason,
        at,
      })),
    ).toEqual([
      {
        action: 'vip.revoke',
        actor: 'root@ops',
        operatorId: null,
        reason: '命令行撤销',
        at: new Date(FIXED_NOW + 7_200_000).toISOString(),
      },
      {
        action: 'vip.grant',
        actor: support.username,
        operatorId: support.id,
        reason: '赠送 20 天',
        at: new Date(FIXED_NOW + 3_600_000).toISOString(),
      },
      {
        action: 'vip.grant',
        actor: support.username,
        operatorId: support.id,
        reason: '赠送 10 天',
        at: new Date(FIXED_NOW).toISOString(),
      },
    ]);
    expect(list[2]).toMatchObject({
      target: `user:${userId}`,
      before: { vipExpire: null },
      after: { vipExpire: new Date(FIXED_NOW + 10 * 86_400_000).toISOString(), days: 10 },
    });
  });

  it('filters by operator, action, a kind of target and a time range, and pages', async () => {
    const bySupport = (await audit({ operatorId: String(support.id) })).json().resData;
    expect(new Set(bySupport.list.map((row: { actor: string }) => row.actor))).toEqual(
      new Set([support.username]),
    );
    // The support operator's login and two grants.
    expect(bySupport.total).toBe(3);
    const grants = (await audit({ action: 'vip.grant', target: 'user:' })).json().resData;
    expect(grants.total).toBe(2);
    // Each test operator's account (added from the command line) and login.
    const accounts = (await audit({ target: 'operator:' })).json().resData;
    expect(accounts.list.map((row: { action: string }) => row.action).sort()).toEqual([
      'operator.add',
      'operator.add',
      'operator.login',
      'operator.login',
    ]);
    const logins = (await audit({ target: 'operator:', action: 'operator.login' })).json().resData;
    expect(logins.total).toBe(2);
    const window = (
      await audit({
        target: `user:${userId}`,
        from: new Date(FIXED_NOW + 1000).toISOString(),
        to: new Date(FIXED_NOW + 7_200_000).toISOString(),
      })
    ).json().resData;
    expect(window.list.map((row: { reason: string }) => row.reason)).toEqual(['赠送 20 天']);
    const page1 = (await audit({ size: '2' })).json().resData;
    const page2 = (await audit({ size: '2', page: '2' })).json().resData;
    expect(page1.total).toBe(7);
    const ids = [...page1.list, ...page2.list].map((row: { id: number }) => row.id);
    expect(ids).toHaveLength(4);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect((await audit({ from: 'yesterday' })).statusCode).toBe(400);
    expect((await audit({ operatorId: 'x' })).statusCode).toBe(400);
    const farOut: Record<string, string>[] = [
      { page: 'Infinity' },
      { operatorId: '1e400' },
      { from: '0000-01-01T00:00:00Z' },
    ];
    for (const query of farOut) {
      expect((await audit(query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('names each row’s operator and object as people know them, never by a full phone', async () => {
    const editor = await signInOperator(t, 'editor');
    const write = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: editor.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().resData;
    };
    const article = await write('POST', '/api/admin/articles', {
      label: '帮助',
      name: `审计测试-${process.pid}`,
      title: '如何联系客服',
      html: '<p>添加客服微信。</p>',
    });
    // Renamed, then deleted: each row keeps the title it was written under.
    await write('POST', `/api/admin/articles/${article.id}`, {
      label: '帮助',
      name: `审计测试-${process.pid}`,
      title: '如何联系在线客服',
      html: '<p>添加客服微信。</p>',
    });
    await write('DELETE', `/api/admin/articles/${article.id}`);
    const product = await addProduct(t.database.db, {
      title: '开运手串',
      skus: [{ price: 1000, stock: 3, title: '8mm' }],
    });
    await write('POST', `/api/admin/catalogue/skus/${product.skuId}/stock`, { stock: 9 });

    const rows = (await audit({ size: '100' })).json().resData.list as Record<string, unknown>[];
    const of = (action: string, target?: string) =>
      rows.filter((row) => row.action === action && (target === undefined || row.target === target));
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    expect(of('vip.grant').map((row) => [row.operatorName, row.subject])).toEqual([
      ['测试support', masked],
      ['测试support', masked],
    ]);
    expect(of('vip.revoke')[0]).toMatchObject({ operatorId: null, operatorName: null, subject: masked });
    expect(of('article.create')[0]).toMatchObject({ operatorName: '测试editor', subject: '如何联系客服' });
    expect(of('article.update')[0].subject).toBe('如何联系在线客服');
    expect(of('article.delete')[0].subject).toBe('如何联系在线客服');
    expect(of('sku.stock')[0].subject).toBe('开运手串（8mm）');
    expect(of('operator.login', `operator:${editor.id}`)[0]).toMatchObject({
      operatorName: '测试editor',
      subject: '测试editor',
    });
    expect(JSON.stringify(rows)).not.toContain(phone);

    // An account deleted since: named as such, not by the phone it no longer has.
    await t.database.db.update(users).set({ deletedAt: new Date(), phone: null }).where(eq(users.id, userId));
    const after = (await audit({ target: `user:${userId}` })).json().resData.list;
    expect(after.map((row: { subject: string }) => row.subject)).toEqual([
      '已注销用户',
      '已注销用户',
      '已注销用户',
    ]);
  });

  it('is the admin role’s only', async () => {
    expect((await audit({}, support)).statusCode).toBe(403);
    const editor = await signInOperator(t, 'editor');
    expect((await audit({}, editor)).statusCode).toBe(403);
  });

  it('keeps every row as written: UPDATE and DELETE are refused by the database itself', async () => {
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`))
      .limit(1);
    await expect(
      t.database.db.update(auditLog).set({ detail: '改过' }).where(eq(auditLog.id, row.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, row.id))).rejects.toThrow();
    const [again] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(again).toEqual(row);
  });
});
