import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setVipExpire, testPhone } from '../../../test/accounts.ts';
import { grantCourseTo } from '../../../test/ketang-fixtures.ts';
import { addAddress, addOrderRow, addProduct } from '../../../test/shop-fixtures.ts';
import { auditLog } from '../../shared/audit.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { dingzhiProfiles } from '../bazi/testing-tables.ts';
import { loginBySms, smsCode } from '../member/testing-login.ts';
import { users } from '../member/testing-tables.ts';
import { mingliProfiles } from '../mingli/testing-tables.ts';
import { addresses, cartItems, orders } from '../shop/testing-tables.ts';
import { wechatIdentities } from './schema.ts';
import { StandInWechat } from './testing.ts';
import { useWechatApp } from './testing-app.ts';
import { authorize, signInByWechat, wechatLogin } from './testing-flow.ts';

const { t, stand } = useWechatApp();
const DAY = 86_400_000;

/** A phone account made by an SMS login: its token and id. */
async function phoneAccount(phone = testPhone()): Promise<{ token: string; userId: number; phone: string }> {
  const { jwt, user } = await loginBySms(t, phone);
  return { token: jwt, userId: user.id, phone };
}

/** Links `phone` to `token`'s account (a minute on, as a phone gets one code a minute). */
async function bindPhone(token: string, phone: string) {
  t.clock.advanceSeconds(61);
  return t.app.inject({
    method: 'POST',
    url: '/api/crm/member/bind-phone',
    headers: { token },
    payload: { phone, code: await smsCode(t, phone, token) },
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

  it("carries the merged account's case book and the later-saved 定制 profile over to the phone's", async () => {
    const owner = await phoneAccount();
    const wechat = await signInByWechat(t, stand, StandInWechat.user('命例用户'));
    for (const account of [owner.userId, wechat.userId]) {
      await setVipExpire(t, account, new Date(t.clock.now() + 30 * DAY));
    }
    const at = (minutesAgo: number) => new Date(t.clock.now() - minutesAgo * 60_000).toISOString();
    const save = async (token: string, body: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/crm/bazi/profiles',
        headers: { token },
        payload: { sex: '男', born: '公 1990-05-10 08:00', ...body },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const putDingzhi = async (token: string, name: string) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/app/bln.suan/dingzhi/profile',
        headers: { token },
        payload: { name, sex: '女', born: '公 1985-03-02 10:00', yunType: 'caiyun' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // One phone uploaded two profiles to both accounts: each kept once, the later write winning.
    await save(owner.token, { clientId: 'same-1', name: '旧写法', updatedAt: at(30) });
    await save(wechat.token, { clientId: 'same-1', name: '新写法', updatedAt: at(20) });
    await save(owner.token, { clientId: 'same-2', name: '手机号上改过', updatedAt: at(10) });
    await save(wechat.token, { clientId: 'same-2', name: '微信上旧的', updatedAt: at(40) });
    await save(owner.token, { name: '王五' });
    await save(wechat.token, { clientId: 'only-wechat', name: '赵六' });
    await putDingzhi(owner.token, '手机号本人');
    t.clock.advanceSeconds(60);
    await putDingzhi(wechat.token, '微信本人');

    const res = await bindPhone(wechat.token, owner.phone);
    expect(res.statusCode, res.body).toBe(200);
    const { jwt } = res.json().resData;
    const book = await t.app.inject({
      method: 'GET',
      url: '/api/crm/bazi/profiles',
      headers: { token: jwt },
    });
    const names = book.json().resData.list.map((profile: { name: string }) => profile.name);
    expect(names.sort()).toEqual(['手机号上改过', '新写法', '王五', '赵六'].sort());
    const dingzhi = await t.app.inject({
      method: 'GET',
      url: '/api/app/bln.suan/dingzhi/profile',
      headers: { token: jwt },
    });
    expect(dingzhi.json().resData).toMatchObject({ name: '微信本人' });
    // The merged account holds nothing.
    expect(
      await t.database.db.select().from(mingliProfiles).where(eq(mingliProfiles.userId, wechat.userId)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(dingzhiProfiles).where(eq(dingzhiProfiles.userId, wechat.userId)),
    ).toEqual([]);
  });

  it("keeps the phone account's 定制 profile when it was saved later than the merged one's", async () => {
    const wechat = await signInByWechat(t, stand, StandInWechat.user('定制用户'));
    const owner = await phoneAccount();
    for (const account of [owner.userId, wechat.userId]) {
      await setVipExpire(t, account, new Date(t.clock.now() + 30 * DAY));
    }
    for (const [token, name] of [
      [wechat.token, '先存的'],
      [owner.token, '后存的'],
    ]) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/app/bln.suan/dingzhi/profile',
        headers: { token },
        payload: { name, sex: '男', born: '公 1990-05-10 08:00' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      t.clock.advanceSeconds(60);
    }
    const res = await bindPhone(wechat.token, owner.phone);
    expect(res.statusCode, res.body).toBe(200);
    const dingzhi = await t.app.inject({
      method: 'GET',
      url: '/api/app/bln.suan/dingzhi/profile',
      headers: { token: res.json().resData.jwt },
    });
    expect(dingzhi.json().resData).toMatchObject({ name: '后存的' });
  });

  it("carries the merged account's reminders, saved 吉日 and calendar link over when the phone's has none", async () => {
    const owner = await phoneAccount();
    const wechat = await signInByWechat(t, stand, StandInWechat.user('提醒用户'));
    const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
    const birthday = { title: '妈妈生日', lunar: { month: 4, day: 8 }, repeat: 'yearly', remindDays: 3 };
    for (const [token, event] of [
      [owner.token, birthday],
      [wechat.token, birthday],
      [wechat.token, { title: '结婚纪念日', date: '2026-10-01', repeat: 'yearly' }],
    ] as const) {
      expect((await call(token, 'POST', '/api/crm/calendar/events', event)).statusCode).toBe(200);
    }
    for (const [token, day] of [
      [owner.token, { date: '2026-05-01', activity: '嫁娶', note: '手机号上存的' }],
      [wechat.token, { date: '2026-05-01', activity: '嫁娶', note: '微信上存的' }],
      [wechat.token, { date: '2026-03-08', activity: '入宅' }],
    ] as const) {
      expect((await call(token, 'POST', '/api/crm/calendar/saved-days', day)).statusCode).toBe(200);
    }
    const link = await call(wechat.token, 'POST', '/api/crm/calendar/subscription');
    expect(link.statusCode, link.body).toBe(200);
    const feed = new URL(link.json().resData.url).pathname;

    const res = await bindPhone(wechat.token, owner.phone);
    expect(res.statusCode, res.body).toBe(200);
    const { jwt } = res.json().resData;
    const events = (await call(jwt, 'GET', '/api/crm/calendar/events')).json().resData.list;
    expect(events.map((event: { title: string }) => event.title).sort()).toEqual(
      ['妈妈生日', '结婚纪念日'].sort(),
    );
    const days = (await call(jwt, 'GET', '/api/crm/calendar/saved-days')).json().resData.list;
    expect(days.map((day: { activity: string; note: string }) => [day.activity, day.note]).sort()).toEqual(
      [
        ['入宅', ''],
        ['嫁娶', '手机号上存的'],
      ].sort(),
    );
    // The phone that subscribed through the WeChat account keeps its calendar, now the survivor's.
    expect((await call(jwt, 'GET', '/api/crm/calendar/subscription')).json().resData).toMatchObject({
      active: true,
    });
    const ics = await t.app.inject({ method: 'GET', url: feed });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('结婚纪念日');
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
