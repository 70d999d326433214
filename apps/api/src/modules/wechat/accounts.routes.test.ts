/**
 * WeChat accounts and phones through HTTP: linking a phone by SMS, two accounts of one person becoming
 * one (orders, courses, cart, addresses and the longer VIP kept, the merged account's sessions ended,
 * audited), binding WeChat to a signed-in phone account, unbinding, and account deletion erasing the
 * WeChat binding. The 公众号 is the stand-in on 127.0.0.1; SMS codes are read from the outbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setVipExpire, testPhone, visitorToken } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/build.ts';
import { grantCourseTo } from '../../../test/ketang-fixtures.ts';
import { addAddress, addOrderRow, addProduct } from '../../../test/shop-fixtures.ts';
import { auditLog } from '../../shared/audit.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { OUTBOX_FILE, users } from '../member/index.ts';
import { addresses, cartItems, orders } from '../shop/index.ts';
import { wechatIdentities } from './schema.ts';
import { StandInWechat } from './testing.ts';
import { authorize, buildWechatApp, signInByWechat, wechatLogin } from './testing-flow.ts';

let t: TestApp;
let stand: StandInWechat;
const DAY = 86_400_000;

beforeAll(async () => {
  stand = new StandInWechat({ now: () => t.clock.now() });
  await stand.listen();
  t = await buildWechatApp(stand);
});
afterAll(async () => {
  await t?.close();
  await stand.close();
});

/** Sends a code to `phone` with `token`'s session and reads it back from the outbox. */
async function codeFor(token: string, phone: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/crm/member/sms',
    headers: { token },
    payload: { phone },
  });
  expect(res.statusCode, res.body).toBe(200);
  const lines = readFileSync(join(t.config.sms.outboxDir, OUTBOX_FILE), 'utf8').trim().split('\n');
  return JSON.parse(lines.findLast((line) => line.includes(phone)) as string).code;
}

/** A phone account made by an SMS login: its token and id. */
async function phoneAccount(phone = testPhone()): Promise<{ token: string; userId: number; phone: string }> {
  const visitor = await visitorToken(t);
  const code = await codeFor(visitor, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/crm/member/login',
    headers: { token: visitor },
    payload: { phone, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().resData.jwt, userId: res.json().resData.user.id, phone };
}

/** Links `phone` to `token`'s account (a minute on, as a phone gets one code a minute). */
async function bindPhone(token: string, phone: string) {
  t.clock.advanceSeconds(61);
  return t.app.inject({
    method: 'POST',
    url: '/api/crm/member/bind-phone',
    headers: { token },
    payload: { phone, code: await codeFor(token, phone) },
  });
}

async function profileOf(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/crm/member/profile', headers: { token } });
}

async function bindingOf(token: string) {
  return (await t.app.inject({ method: 'GET', url: '/api/crm/member/wechat', headers: { token } })).json()
    .resData;
}

describe('linking a phone', () => {
  it("links a phone without an account to the caller's WeChat account", async () => {
    const wechat = await signInByWechat(t, stand);
    const phone = testPhone();
    const res = await bindPhone(wechat.token, phone);
    expect(res.statusCode, res.body).toBe(200);
    const bound = res.json().resData;
    expect(bound).toMatchObject({
      merged: false,
      user: { id: wechat.userId, phone: `${phone.slice(0, 3)}****${phone.slice(-4)}` },
    });
    expect((await profileOf(bound.jwt)).json().resData.id).toBe(wechat.userId);
    // Logging in by that phone (a minute later: one code a minute) now finds the same account.
    t.clock.advanceSeconds(61);
    expect((await phoneAccount(phone)).userId).toBe(wechat.userId);
    // A second phone is refused, and a wrong code changes nothing.
    const again = await bindPhone(bound.jwt, testPhone());
    expect(again.statusCode).toBe(409);
    const other = await signInByWechat(t, stand);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/bind-phone',
      headers: { token: other.token },
      payload: { phone: testPhone(), code: '000000' },
    });
    expect(wrong.json().code).toBe('InvalidCode');
  });

  it("merges the caller's WeChat account into the phone's: orders, courses, cart, addresses and the longer VIP", async () => {
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 100 }] });
    const owner = await phoneAccount();
    await setVipExpire(t, owner.userId, new Date(t.clock.now() + 10 * DAY));
    const ownerOrder = await addOrderRow(t.database.db, { userId: owner.userId, status: 'paid', product });
    await addAddress(t.database.db, owner.userId, true);
    const wechatUser = StandInWechat.user('合并用户');
    const wechat = await signInByWechat(t, stand, wechatUser);
    const longer = new Date(t.clock.now() + 30 * DAY);
    await setVipExpire(t, wechat.userId, longer);
    const wechatOrder = await addOrderRow(t.database.db, { userId: wechat.userId, status: 'done', product });
    await grantCourseTo(t, wechat.userId, 'course-merged', wechatOrder);
    await addAddress(t.database.db, wechat.userId, true);
    const now = new Date(t.clock.now());
    await t.database.db.insert(cartItems).values([
      { userId: owner.userId, skuId: product.skuId, qty: 2, addedAt: now },
      { userId: wechat.userId, skuId: product.skuId, qty: 3, addedAt: now },
    ]);

    const res = await bindPhone(wechat.token, owner.phone);
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json().resData;
    expect(merged).toMatchObject({
      merged: true,
      user: { id: owner.userId, isVip: true, vip_expire: longer.toISOString() },
    });

    const ordersNow = await t.database.db.select().from(orders).where(eq(orders.userId, owner.userId));
    expect(ordersNow.map((order) => order.orderNo).sort()).toEqual([ownerOrder, wechatOrder].sort());
    const grants = await t.database.db
      .select()
      .from(courseGrants)
      .where(eq(courseGrants.userId, owner.userId));
    expect(grants.map((grant) => grant.courseId)).toEqual(['course-merged']);
    const cart = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, owner.userId));
    expect(cart).toEqual([expect.objectContaining({ skuId: product.skuId, qty: 5 })]);
    const book = await t.database.db.select().from(addresses).where(eq(addresses.userId, owner.userId));
    expect(book.map((address) => address.isDefault).sort()).toEqual([false, true]);
    const [gone] = await t.database.db.select().from(users).where(eq(users.id, wechat.userId));
    expect(gone).toMatchObject({
      phone: null,
      mergedInto: owner.userId,
      vipExpire: null,
      nickname: '已合并账号',
    });
    expect(gone.deletedAt).not.toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.merge'), eq(auditLog.target, `user:${owner.userId}`)));
    expect(audit).toMatchObject({ detail: 'bind-phone', after: { mergedUser: wechat.userId } });

    // The WeChat account's token is over; the new session and the owner's own one work.
    expect((await profileOf(wechat.token)).statusCode).toBe(401);
    expect((await profileOf(merged.jwt)).json().resData.id).toBe(owner.userId);
    expect((await profileOf(owner.token)).statusCode).toBe(200);
    // The WeChat user now signs in to the phone's account.
    const again = (await wechatLogin(t, await authorize(t, stand, wechatUser))).json().resData;
    expect(again).toMatchObject({ bound: true, user: { id: owner.userId } });
  });

  it('refuses to merge when both accounts have a WeChat user', async () => {
    const owner = await phoneAccount();
    const linked = (
      await wechatLogin(t, await authorize(t, stand, StandInWechat.user('甲')), owner.token)
    ).json().resData;
    expect(linked.user.id).toBe(owner.userId);
    const other = await signInByWechat(t, stand, StandInWechat.user('乙'));
    const res = await bindPhone(other.token, owner.phone);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('Conflict');
    const [still] = await t.database.db.select().from(users).where(eq(users.id, other.userId));
    expect(still.deletedAt).toBeNull();
  });
});

describe('WeChat login while signed in', () => {
  it('binds a new WeChat user to the signed-in phone account instead of making another account', async () => {
    const account = await phoneAccount();
    expect(await bindingOf(account.token)).toEqual({ enabled: true, bound: false, nickname: null });
    const user = StandInWechat.user('丙');
    const res = await wechatLogin(t, await authorize(t, stand, user, 'userinfo'), account.token);
    expect(res.json().resData).toMatchObject({ bound: true, user: { id: account.userId } });
    expect(await bindingOf(res.json().resData.jwt)).toEqual({ enabled: true, bound: true, nickname: '丙' });
  });

  it("merges the WeChat user's account without a phone into the signed-in one", async () => {
    const user = StandInWechat.user('丁');
    const wechat = await signInByWechat(t, stand, user);
    const account = await phoneAccount();
    const res = await wechatLogin(t, await authorize(t, stand, user), account.token);
    expect(res.json().resData).toMatchObject({ bound: true, user: { id: account.userId } });
    const [gone] = await t.database.db.select().from(users).where(eq(users.id, wechat.userId));
    expect(gone.mergedInto).toBe(account.userId);
    expect((await profileOf(wechat.token)).statusCode).toBe(401);
  });
});

describe('unbinding and deletion', () => {
  it('unbinds WeChat only from an account with a phone; the WeChat user then signs in afresh', async () => {
    const wechatOnly = await signInByWechat(t, stand);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/wechat/unbind',
      headers: { token: wechatOnly.token },
    });
    expect(refused.statusCode).toBe(409);

    const account = await phoneAccount();
    const user = StandInWechat.user('戊');
    const { jwt } = (await wechatLogin(t, await authorize(t, stand, user), account.token)).json().resData;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/wechat/unbind',
      headers: { token: jwt },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toEqual({ unbound: true });
    expect(await bindingOf(jwt)).toMatchObject({ bound: false });
    const fresh = (await wechatLogin(t, await authorize(t, stand, user))).json().resData;
    expect(fresh.user.id).not.toBe(account.userId);
  });

  it("erases the account's WeChat binding when the account is deleted", async () => {
    const user = StandInWechat.user('己');
    const wechat = await signInByWechat(t, stand, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/member/delete',
      headers: { token: wechat.token },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await t.database.db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, wechat.userId)),
    ).toEqual([]);
    const again = (await wechatLogin(t, await authorize(t, stand, user))).json().resData;
    expect(again.user.id).not.toBe(wechat.userId);
  });
});
