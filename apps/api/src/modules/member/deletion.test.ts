/**
 * Account deletion end to end: a user with everything — profile and uploaded avatar, a password, two
 * logged-in devices, a pending SMS code, 收货地址, a cart, an order shipped to an address with a
 * remark, an order whose refund they asked for in their own words, a bought course with progress and
 * a review, feedback with a picture, a 定制 birth profile, two 命例 (saved and imported) — deletes
 * the account. Afterwards every row that referred to them is gone or anonymised as erasure.ts
 * declares, no text column anywhere still holds anything they typed, both files answer 404, and
 * another user's rows are untouched.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testPhone, visitorToken } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/build.ts';
import { addCourse, grantCourseTo } from '../../../test/ketang-fixtures.ts';
import { type FormPart, multipartForm } from '../../../test/multipart.ts';
import { addOrderRow, addProduct, statusOf } from '../../../test/shop-fixtures.ts';
import type { Db } from '../../db/client.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { courseReviews, lessonProgress } from '../ketang/testing-tables.ts';
import { feedback } from '../media/testing-tables.ts';
import { sessions } from '../sessions/testing-tables.ts';
import { addresses, cartItems, orderEvents, orderItems, orders } from '../shop/testing-tables.ts';
import { ACCOUNT_DATA_TABLES } from './erasure.ts';
import { smsCodes, users } from './schema.ts';
import { buildMemberApp } from './testing.ts';
import { erasedAccount } from './testing-erasure.ts';
import { loginBySms } from './testing-login.ts';

type MemberApp = TestApp & { dataDir: string; outboxFile: string };

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table and column of the public schema whose type can hold typed text. */
function textColumns(db: Db) {
  return rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
  );
}

/** `table.column` of every row anywhere whose text holds `needle`. */
async function whereTextHolds(db: Db, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table, column } of await textColumns(db)) {
    const [{ n }] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
          where position(${needle} in ${sql.identifier(column)}::text) > 0`,
    );
    if (n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

/** Count of rows of `table` whose `user_id` is `userId`. */
async function rowsOfUser(db: Db, table: string, userId: number): Promise<number> {
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return n;
}

describe('account deletion', () => {
  let t: MemberApp;
  beforeAll(async () => {
    t = await buildMemberApp();
  });
  afterAll(() => t.close());

  const crm = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: { token }, ...(payload ? { payload } : {}) });

  /** POSTs as `token`; throws unless 200, answers `resData`. */
  async function post<T = Record<string, unknown>>(url: string, token: string, payload: object): Promise<T> {
    const res = await crm('POST', url, token, payload);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().resData as T;
  }

  async function upload(token: string, purpose: 'avatar' | 'feedback'): Promise<string> {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa0000' } })
      .png()
      .toBuffer();
    const parts: FormPart[] = [
      { name: 'purpose', value: purpose },
      { name: 'file', filename: 'me.png', type: 'image/png', data: png },
    ];
    const { payload, headers } = multipartForm(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/base/upload',
      payload,
      headers: { ...headers, token },
    });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
    return res.json().resData.url as string;
  }

  async function smsLogin(phone: string): Promise<{ jwt: string; userId: number }> {
    const { jwt, user } = await loginBySms(t, phone);
    return { jwt, userId: user.id };
  }

  /** Everything a user can leave behind, through the app's own routes where a route makes it. */
  async function userWithEverything(phone: string, words: string) {
    const { jwt, userId } = await smsLogin(phone);
    t.clock.advanceSeconds(61);
    const other = await smsLogin(phone);
    t.clock.advanceSeconds(61);
    // A code asked for and never used.
    await post('crm/member/sms', await visitorToken(t), { phone });
    await post('crm/member/password', jwt, { password: 'lunar2026' });
    const avatar = await upload(jwt, 'avatar');
    await post('crm/member/profile', jwt, { nickname: `${words}昵称`, avatar });
    const address = await post<{ id: number }>('shop/addresses', jwt, {
      name: `${words}收货人`,
      phone,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: `${words}路 8 号`,
      isDefault: true,
    });
    const goods = await addProduct(t.database.db, { skus: [{ price: 5000, stock: 20 }] });
    await post('shop/cart/items', jwt, { skuId: goods.skuId, qty: 2 });
    const shipped = await post<{ orderNo: string; total: number }>('shop/orders', jwt, {
      items: [{ skuId: goods.skuId, qty: 1 }],
      addressId: address.id,
      idempotencyKey: randomUUID(),
      remark: `${words}留言`,
    });
    const paid = await addOrderRow(t.database.db, { userId, status: 'paid', product: goods });
    await post(`shop/orders/${paid}/refund`, jwt, { reason: `${words}退款理由` });
    const course = await addCourse(t, { lessons: [{ free: true }, {}] });
    await grantCourseTo(t, userId, course.courseId);
    await post('crm/ketang/progress', jwt, { lesson: course.lessonIds[1], position: 30 });
    await post('crm/ketang/review', jwt, { id: course.courseId, rating: 4, comment: `${words}评价` });
    const dingzhi = await crm('PUT', 'app/bln.suan/dingzhi/profile', jwt, {
      name: `${words}定制`,
      sex: '女',
      born: '公 1988-08-08 08:08',
    });
    if (dingzhi.statusCode !== 200) throw new Error(`dingzhi profile: ${dingzhi.body}`);
    // Two 命例: one saved from the phone, one imported from a file.
    await post('crm/bazi/profiles', jwt, {
      clientId: `case-${words}`,
      name: `${words}表妹`,
      sex: '女',
      born: '公 1992-02-02 02:00',
      group: '家人',
      note: `${words}备注`,
      events: [{ date: '2015-06-01', text: `${words}婚` }],
    });
    await post('crm/bazi/profiles/import', jwt, {
      format: 'xuanli-mingli',
      version: 1,
      profiles: [{ name: `${words}客户`, sex: '男', born: '公 1975-07-07 07:00', group: '客户' }],
    });
    const picture = await upload(jwt, 'feedback');
    await post('crm/feedback', jwt, {
      content: `${words}反馈`,
      rating: 3,
      images: [picture],
      contact: `${words}微信`,
    });
    return { jwt, other: other.jwt, userId, avatar, picture, shipped, paid, courseId: course.courseId };
  }

  it('deletes or anonymises every row that refers to the user, and removes their files', async () => {
    const phone = testPhone();
    const words = 'Xk9Qz';
    const me = await userWithEverything(phone, words);
    const bystanderPhone = testPhone();
    const bystander = await userWithEverything(bystanderPhone, 'Wv3Jp');
    const db = t.database.db;
    // While a refund is on its way the shop still owes the user: the deletion waits, changing nothing.
    const refused = await crm('POST', 'crm/member/delete', me.jwt, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'Conflict',
      msg: '您还有 1 笔进行中的订单（待发货、待收货或退款中），订单完成后才能注销账号',
    });
    expect((await crm('GET', 'crm/member/profile', me.jwt)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: me.avatar })).statusCode).toBe(200);
    expect(await statusOf(db, me.shipped.orderNo)).toBe('pending');
    // The refund goes through, as an operator's approval ends it; then the deletion may go on.
    await db
      .update(orders)
      .set({ status: 'refunded', refundedAmount: sql`${orders.total}`, refundedAt: new Date(t.clock.now()) })
      .where(eq(orders.orderNo, me.paid));
    const ordersBefore = await db.select().from(orders).where(eq(orders.userId, me.userId));
    const itemsBefore = await db.select().from(orderItems);
    // Everything is there, or the checks below prove nothing.
    for (const table of ['sessions', 'feedback', 'cart_items', 'addresses', 'orders', 'course_grants']) {
      expect(await rowsOfUser(db, table, me.userId), table).toBeGreaterThan(0);
    }
    for (const table of ['lesson_progress', 'course_reviews', 'dingzhi_profiles']) {
      expect(await rowsOfUser(db, table, me.userId), table).toBe(1);
    }
    expect(await rowsOfUser(db, 'mingli_profiles', me.userId)).toBe(2);
    expect(await whereTextHolds(db, words)).not.toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: me.avatar })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: me.picture })).statusCode).toBe(200);

    const res = await crm('POST', 'crm/member/delete', me.jwt, {});
    expect(res.statusCode, res.body).toBe(200);

    // Files: gone.
    expect((await t.app.inject({ method: 'GET', url: me.avatar })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: me.picture })).statusCode).toBe(404);
    // Both devices are logged out, and their session rows are gone.
    for (const token of [me.jwt, me.other]) {
      expect((await crm('GET', 'crm/member/profile', token)).statusCode).toBe(401);
    }
    // Every table the deletion declares 'deleted' holds no row of the user any more.
    for (const [table, erasure] of Object.entries(ACCOUNT_DATA_TABLES)) {
      const hasUserId = (
        await rowsOf<{ column: string }>(
          db,
          sql`select column_name as "column" from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and column_name = 'user_id'`,
        )
      ).length;
      if (erasure === 'deleted' && hasUserId) expect(await rowsOfUser(db, table, me.userId), table).toBe(0);
    }
    expect(await db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, me.userId))).toEqual([]);
    // The account row stays, holding nothing personal.
    const [row] = await db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({ ...erasedAccount(new Date(t.clock.now())), bannedAt: null, banReason: null });
    // Orders stay for the books — number, amounts, dates, status, lines — without the person.
    const ordersAfter = await db.select().from(orders).where(eq(orders.userId, me.userId));
    expect(ordersAfter).toHaveLength(2);
    for (const before of ordersBefore) {
      const after = ordersAfter.find((order) => order.orderNo === before.orderNo);
      // The unpaid order is cancelled by the deletion, its stock given back.
      const cancelled =
        before.status === 'pending' ? { status: 'cancelled', cancelledAt: new Date(t.clock.now()) } : {};
      expect(after).toEqual({ ...before, ...cancelled, address: null, remark: '', refundReason: null });
    }
    expect(await statusOf(db, me.shipped.orderNo)).toBe('cancelled');
    expect(ordersBefore.find((order) => order.orderNo === me.shipped.orderNo)?.address).not.toBeNull();
    expect(await db.select().from(orderItems)).toEqual(itemsBefore);
    const timeline = await db.select().from(orderEvents).where(eq(orderEvents.orderNo, me.paid));
    expect(timeline.map(({ status, note, actor }) => ({ status, note, actor }))).toEqual([
      { status: 'paid', note: '', actor: 'fixture' },
      { status: 'refunding', note: '', actor: 'buyer' },
    ]);
    // Nothing the user typed survives in any text column of any table: the scan that found it before.
    expect(await whereTextHolds(db, words)).toEqual([]);
    expect(await whereTextHolds(db, phone)).toEqual([]);

    // The other user keeps everything.
    for (const table of [
      'feedback',
      'cart_items',
      'addresses',
      'course_grants',
      'lesson_progress',
      'dingzhi_profiles',
      'mingli_profiles',
    ]) {
      expect(await rowsOfUser(db, table, bystander.userId), table).toBeGreaterThan(0);
    }
    expect(await whereTextHolds(db, 'Wv3Jp')).toEqual(
      expect.arrayContaining([
        'users.nickname',
        'addresses.name',
        'orders.address',
        'feedback.content',
        'dingzhi_profiles.name',
        'mingli_profiles.name',
        'mingli_profiles.note',
        'mingli_profiles.events',
      ]),
    );
    expect((await t.app.inject({ method: 'GET', url: bystander.avatar })).statusCode).toBe(200);
    expect((await crm('GET', 'crm/member/profile', bystander.jwt)).statusCode).toBe(200);
    expect(await db.select().from(feedback).where(eq(feedback.userId, bystander.userId))).toHaveLength(1);
    expect(
      await db.select().from(courseGrants).where(eq(courseGrants.userId, bystander.userId)),
    ).toHaveLength(1);
    expect(
      await db.select().from(lessonProgress).where(eq(lessonProgress.userId, bystander.userId)),
    ).toHaveLength(1);
    expect(
      await db.select().from(courseReviews).where(eq(courseReviews.userId, bystander.userId)),
    ).toHaveLength(1);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, bystander.userId))).toHaveLength(1);
    expect(await db.select().from(addresses).where(eq(addresses.userId, bystander.userId))).toHaveLength(1);
    expect(bystanderPhone).not.toBe(phone);
  });

  it('waits while goods are paid and not shipped, or shipped and not received; a finished order does not stop it', async () => {
    const buyer = await signIn(t, 'user');
    const db = t.database.db;
    const goods = await addProduct(db, { skus: [{ price: 3000, stock: 5 }] });
    const orderNo = await addOrderRow(db, { userId: buyer.userId!, status: 'paid', product: goods });
    const deletion = () => crm('POST', 'crm/member/delete', buyer.token, {});
    for (const [from, to] of [
      [null, 'paid'],
      ['paid', 'shipped'],
    ] as const) {
      if (from)
        await db
          .update(orders)
          .set({ status: to, shippedAt: new Date(t.clock.now()) })
          .where(eq(orders.orderNo, orderNo));
      const res = await deletion();
      expect(res.statusCode, to).toBe(409);
      expect(res.json().msg).toContain('进行中的订单');
    }
    await db
      .update(orders)
      .set({ status: 'done', doneAt: new Date(t.clock.now()) })
      .where(eq(orders.orderNo, orderNo));
    expect((await deletion()).statusCode).toBe(200);
    const [kept] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(kept).toMatchObject({ status: 'done', address: null });
  });

  it("leaves a picture the profile shares with another account, and a stored file that is not the user's upload", async () => {
    const owner = await signIn(t, 'user');
    const avatar = await upload(owner.token, 'avatar');
    await post('crm/member/profile', owner.token, { avatar });
    const copier = await signIn(t, 'user');
    await post('crm/member/profile', copier.token, { avatar });
    expect((await crm('POST', 'crm/member/delete', copier.token, {})).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(200);

    const [demo] = await rowsOf<{ cover: string }>(t.database.db, sql`select cover from products limit 1`);
    const other = await signIn(t, 'user');
    await post('crm/member/profile', other.token, { avatar: demo.cover });
    expect((await crm('POST', 'crm/member/delete', other.token, {})).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: demo.cover })).statusCode).toBe(200);
  });
});
