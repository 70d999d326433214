/**
 * The console's users area through the API: search by phone digits or nickname with VIP and counts,
 * a user's sessions and orders, VIP granted, extended and revoked with a reason (seen by the user's
 * own `crm/member/profile` at once), every app login of a user ended, an account banned and its ban
 * lifted — each write audited with the operator, before and after, and the reason.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionIdOf, signIn, testPhone } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { operatorRequests } from '../../../test/operators.ts';
import { addOrderRow, addProduct } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';
import { bindSessionToUser, revokeSession } from '../sessions/index.ts';
import { users } from './schema.ts';

const DAY = 86_400_000;

describe('console users', () => {
  const t = useTestApp();
  const support = useOperator(t, 'support');

  const { get, post } = operatorRequests(t, support);
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/crm/member/profile', headers: { token } });
  const profileOf = async (token: string) => (await profile(token)).json().resData;
  const auditOf = (userId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`))
      .orderBy(auditLog.id);

  it('finds users by any digits of the phone or words of the nickname, newest first, paged', async () => {
    const phone = testPhone();
    const { userId } = await signIn(t, 'vip', phone);
    await t.database.db.update(users).set({ nickname: '张三丰_测试' }).where(eq(users.id, userId!));
    const byDigits = (await get('/api/admin/users', { q: phone.slice(3, 9) })).json().resData;
    expect(byDigits.list.map((user: { id: number }) => user.id)).toContain(userId);
    const byName = (await get('/api/admin/users', { q: '三丰_' })).json().resData;
    expect(byName).toEqual({
      total: 1,
      list: [
        {
          id: userId,
          phone,
          nickname: '张三丰_测试',
          avatar: '',
          vipExpire: new Date(FIXED_NOW + 30 * DAY).toISOString(),
          isVip: true,
          createdAt: expect.any(String),
          deletedAt: null,
          bannedAt: null,
          banReason: null,
          orderCount: 0,
          activeSessionCount: 1,
        },
      ],
    });
    // '_' and '%' are letters here, not patterns.
    expect((await get('/api/admin/users', { q: '%' })).json().resData.total).toBe(0);
    await signIn(t, 'user');
    await signIn(t, 'user');
    const first = (await get('/api/admin/users', { size: '2' })).json().resData;
    const second = (await get('/api/admin/users', { size: '2', page: '2' })).json().resData;
    expect(first.list).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.list[0].id).toBeGreaterThan(first.list[1].id);
    expect(first.list[1].id).toBeGreaterThan(second.list[0].id);
    expect((await get('/api/admin/users', { size: '101' })).statusCode).toBe(400);
    // The query-string coercion reads 'Infinity' and '1e400' as numbers past every maximum.
    expect((await get('/api/admin/users', { page: 'Infinity' })).statusCode).toBe(400);
    expect((await get('/api/admin/users', { size: '1e400' })).statusCode).toBe(400);
  });

  it("shows a user's sessions (live and ended) and newest orders with status and total in 分", async () => {
    const { userId, token } = await signIn(t, 'user');
    const other = await signIn(t, 'user');
    const product = await addProduct(t.database.db);
    const older = await addOrderRow(t.database.db, {
      userId: userId!,
      status: 'paid',
      product,
      qty: 2,
      price: 12_800,
      createdAt: new Date(FIXED_NOW - DAY),
    });
    const newer = await addOrderRow(t.database.db, {
      userId: userId!,
      status: 'pending',
      product,
      price: 990,
    });
    await addOrderRow(t.database.db, { userId: other.userId!, status: 'paid', product });
    // A second login of the same user, then ended.
    const second = await signIn(t, 'visitor');
    await bindSessionToUser(t.database.db, sessionIdOf(second.token), userId!);
    await revokeSession(t.database.db, sessionIdOf(second.token), new Date(FIXED_NOW));

    const res = await get(`/api/admin/users/${userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().resData;
    expect(detail.user).toMatchObject({
      id: userId,
      orderCount: 2,
      activeSessionCount: 1,
      hasPassword: false,
    });
    expect(detail.orders).toEqual([
      {
        orderNo: newer,
        status: 'pending',
        kind: 'goods',
        total: 990,
        title: '测试商品',
        itemCount: 1,
        createdAt: new Date(FIXED_NOW).toISOString(),
        paidAt: null,
      },
      {
        orderNo: older,
        status: 'paid',
        kind: 'goods',
        total: 25_600,
        title: '测试商品',
        itemCount: 2,
        createdAt: new Date(FIXED_NOW - DAY).toISOString(),
        paidAt: new Date(FIXED_NOW - DAY).toISOString(),
      },
    ]);
    expect(detail.sessions).toHaveLength(2);
    const live = detail.sessions.find((s: { id: string }) => s.id === sessionIdOf(token));
    expect(live).toEqual({
      id: sessionIdOf(token),
      deviceId: null,
      createdAt: new Date(FIXED_NOW).toISOString(),
      lastSeenAt: new Date(FIXED_NOW).toISOString(),
      expiresAt: new Date(FIXED_NOW + t.config.tokenTtlSeconds * 1000).toISOString(),
      revokedAt: null,
      active: true,
    });
    const ended = detail.sessions.find((s: { id: string }) => s.id === sessionIdOf(second.token));
    expect(ended).toMatchObject({ active: false, revokedAt: new Date(FIXED_NOW).toISOString() });
    expect((await get('/api/admin/users/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/users/abc')).statusCode).toBe(400);
    expect((await get('/api/admin/users/Infinity')).statusCode).toBe(400);
    expect((await get('/api/admin/users/2147483648')).statusCode).toBe(400);
  });

  it('grants VIP by phone, which the user’s own profile shows at once; extends from the current end', async () => {
    const phone = testPhone();
    const { userId, token } = await signIn(t, 'user', phone);
    expect((await profileOf(token)).isVip).toBe(false);
    const granted = await post('/api/admin/users/vip', { phone, days: 30, reason: '客服会话：活动赠送' });
    expect(granted.statusCode, granted.body).toBe(200);
    const end = new Date(FIXED_NOW + 30 * DAY).toISOString();
    expect(granted.json().resData).toEqual({
      userId,
      phone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
      nickname: expect.any(String),
      vipExpire: end,
      isVip: true,
    });
    expect(await profileOf(token)).toMatchObject({ isVip: true, vip_expire: end });
    const extended = await post('/api/admin/users/vip', { phone, days: 5, reason: '续费补偿' });
    expect(extended.json().resData.vipExpire).toBe(new Date(FIXED_NOW + 35 * DAY).toISOString());
    const revoked = await post('/api/admin/users/vip/revoke', { phone, reason: '误操作，撤回' });
    expect(revoked.json().resData).toMatchObject({ vipExpire: null, isVip: false });
    expect((await profileOf(token)).isVip).toBe(false);

    const rows = await auditOf(userId!);
    expect(
      rows.map(({ action, actor, operatorId, before, after, detail }) => ({
        action,
        actor,
        operatorId,
        before,
        after,
        detail,
      })),
    ).toEqual([
      {
        action: 'vip.grant',
        actor: support.username,
        operatorId: support.id,
        before: { vipExpire: null },
        after: { vipExpire: end, days: 30 },
        detail: '客服会话：活动赠送',
      },
      {
        action: 'vip.grant',
        actor: support.username,
        operatorId: support.id,
        before: { vipExpire: end },
        after: { vipExpire: new Date(FIXED_NOW + 35 * DAY).toISOString(), days: 5 },
        detail: '续费补偿',
      },
      {
        action: 'vip.revoke',
        actor: support.username,
        operatorId: support.id,
        before: { vipExpire: new Date(FIXED_NOW + 35 * DAY).toISOString() },
        after: { vipExpire: null },
        detail: '误操作，撤回',
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(phone);
  });

  it('refuses a VIP change without a proper reason, days out of range, or a phone without an account', async () => {
    const phone = testPhone();
    const { userId } = await signIn(t, 'user', phone);
    for (const body of [
      { phone, days: 30 },
      { phone, days: 30, reason: '好' },
      { phone, days: 30, reason: '   ' },
      { phone, days: 30, reason: '理'.repeat(201) },
      { phone, days: 0, reason: '活动赠送' },
      { phone, days: 3651, reason: '活动赠送' },
      { phone, days: 1.5, reason: '活动赠送' },
      { phone: '12345', days: 30, reason: '活动赠送' },
    ]) {
      const res = await post('/api/admin/users/vip', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
    const unknown = await post('/api/admin/users/vip', { phone: testPhone(), days: 30, reason: '活动赠送' });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/admin/users/vip/revoke', { phone })).statusCode).toBe(400);
    expect(await auditOf(userId!)).toEqual([]);
  });

  it("ends every app login of a user, audited with the reason; the user's token answers 401 at once", async () => {
    const phone = testPhone();
    const { userId, token } = await signIn(t, 'vip', phone);
    const second = await signIn(t, 'visitor');
    await bindSessionToUser(t.database.db, sessionIdOf(second.token), userId!);
    expect((await profileOf(token)).isVip).toBe(true);
    const res = await post('/api/admin/users/sessions/revoke', { userId, reason: '账号疑似被盗' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toEqual({ revoked: 2 });
    for (const jwt of [token, second.token]) expect((await profile(jwt)).statusCode).toBe(401);
    expect(
      (await post('/api/admin/users/sessions/revoke', { userId, reason: '再来一次' })).json().resData,
    ).toEqual({
      revoked: 0,
    });
    expect(
      (await post('/api/admin/users/sessions/revoke', { userId: 999_999, reason: '不存在' })).statusCode,
    ).toBe(404);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${userId}`), eq(auditLog.action, 'user.sessions.revoke')))
      .orderBy(auditLog.id);
    expect(
      rows.map(({ before, after, detail, operatorId }) => ({ before, after, detail, operatorId })),
    ).toEqual([
      {
        before: { openSessions: 2 },
        after: { openSessions: 0 },
        detail: '账号疑似被盗',
        operatorId: support.id,
      },
      { before: { openSessions: 0 }, after: { openSessions: 0 }, detail: '再来一次', operatorId: support.id },
    ]);
  });

  it('bans a user with a reason: sessions end at once, the list and page show it, both writes audited', async () => {
    const phone = testPhone();
    const { userId, token } = await signIn(t, 'user', phone);
    const second = await signIn(t, 'visitor');
    await bindSessionToUser(t.database.db, sessionIdOf(second.token), userId!);
    const res = await post('/api/admin/users/ban', { userId, reason: ' 发布违规广告 ' });
    expect(res.statusCode, res.body).toBe(200);
    const bannedAt = new Date(t.clock.now()).toISOString();
    expect(res.json().resData).toEqual({ userId, bannedAt, banReason: '发布违规广告', sessionsEnded: 2 });
    for (const jwt of [token, second.token]) expect((await profile(jwt)).statusCode).toBe(401);
    const listed = (await get('/api/admin/users', { q: phone })).json().resData.list[0];
    expect(listed).toMatchObject({ id: userId, bannedAt, banReason: '发布违规广告', activeSessionCount: 0 });
    const page = (await get(`/api/admin/users/${userId}`)).json().resData;
    expect(page.user).toMatchObject({ bannedAt, banReason: '发布违规广告' });
    expect(page.sessions.every((session: { active: boolean }) => !session.active)).toBe(true);

    const again = await post('/api/admin/users/ban', { userId, reason: '再封一次' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'Conflict', msg: '该账号已在封禁中' });

    t.clock.advanceSeconds(60);
    const lifted = await post('/api/admin/users/unban', { userId, reason: '用户申诉通过' });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().resData).toEqual({ userId, bannedAt: null, banReason: null, sessionsEnded: 0 });
    expect((await get(`/api/admin/users/${userId}`)).json().resData.user).toMatchObject({
      bannedAt: null,
      banReason: null,
    });
    expect((await post('/api/admin/users/unban', { userId, reason: '再解一次' })).json()).toEqual({
      code: 'Conflict',
      msg: '该账号没有被封禁',
    });

    const rows = (await auditOf(userId!)).filter((row) => row.action.startsWith('user.'));
    expect(
      rows.map(({ action, before, after, detail, operatorId, at }) => ({
        action,
        before,
        after,
        detail,
        operatorId,
        at: at.toISOString(),
      })),
    ).toEqual([
      {
        action: 'user.ban',
        before: { bannedAt: null },
        after: { bannedAt, sessionsEnded: 2 },
        detail: '发布违规广告',
        operatorId: support.id,
        at: bannedAt,
      },
      {
        action: 'user.unban',
        before: { bannedAt, banReason: '发布违规广告' },
        after: { bannedAt: null },
        detail: '用户申诉通过',
        operatorId: support.id,
        at: new Date(t.clock.now()).toISOString(),
      },
    ]);
  });

  it('needs a reason to ban or unban, a user that exists and an account not deleted', async () => {
    const { userId, token } = await signIn(t, 'user');
    for (const url of ['/api/admin/users/ban', '/api/admin/users/unban']) {
      for (const body of [
        { userId },
        { userId, reason: '' },
        { userId, reason: '   ' },
        { userId, reason: '封' },
      ]) {
        const res = await post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json().code).toBe('ValidationError');
      }
      const unknown = await post(url, { userId: 999_999, reason: '不存在的用户' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'NotFound', msg: '没有 ID 为 999999 的用户' });
    }
    expect(await auditOf(userId!)).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/crm/member/delete', headers: { token }, payload: {} });
    const deleted = await post('/api/admin/users/ban', { userId, reason: '已注销的账号' });
    expect(deleted.json()).toEqual({ code: 'Conflict', msg: '该账号已注销' });
    expect(await auditOf(userId!)).toEqual([]);
  });
});
