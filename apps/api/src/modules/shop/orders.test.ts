/**
 * The order routes through HTTP: checkout preview and creation with server-side totals (a tampered
 * client price changes nothing), shipping, the address snapshot, stock reservation and its rollback,
 * idempotency (also under 20 concurrent submits), the cart, 我的订单 and the order page, and the
 * buyer's actions in the right and wrong states; visitors get 401, other buyers 404.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, visitorToken } from '../../../test/accounts.ts';
import { FIXED_NOW, type TestApp } from '../../../test/build.ts';
import {
  addAddress,
  addOrderRow,
  addProduct,
  FIXTURE_ADDRESS,
  statusOf,
  stockOf,
} from '../../../test/shop-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { addresses, cartItems, orders } from './schema.ts';

type Method = 'GET' | 'POST';

function call(t: TestApp, method: Method, url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/shop/${url}`,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

let keys = 0;
/** A fresh idempotency key, as a checkout page makes one. */
const newKey = () => `checkout-${process.pid}-${++keys}`;

/** A logged-in buyer with one 收货地址. */
async function buyer(t: TestApp) {
  const { token, userId } = await signIn(t, 'user');
  const addressId = await addAddress(t.database.db, userId!);
  return { token, userId: userId!, addressId };
}

describe('creating orders', () => {
  const t = useTestApp();

  it('answers every order route 401 for a visitor and without a token, whatever the body', async () => {
    const visitor = await visitorToken(t);
    const routes: [Method, string, object?][] = [
      ['POST', 'orders/preview', {}],
      ['POST', 'orders', { items: [{ skuId: 1, qty: 1 }], idempotencyKey: 'abcdefgh' }],
      ['GET', 'orders'],
      ['GET', 'orders/20260115120000123456'],
      ['POST', 'orders/20260115120000123456/cancel'],
      ['POST', 'orders/20260115120000123456/confirm'],
      ['POST', 'orders/20260115120000123456/refund', { reason: '不想要了' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const token of [visitor, undefined]) {
        const res = await call(t, method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().code).toBe('Unauthorized');
      }
    }
  });

  it('previews lines at current prices with shipping under 99 元 and none from 99 元', async () => {
    const { token } = await buyer(t);
    const db = t.database.db;
    const bead = await addProduct(db, {
      title: '紫檀手串',
      skus: [
        { price: 3900, stock: 5, title: '8mm', image: '/skus/8mm.webp' },
        { price: 6000, stock: 5, title: '10mm' },
      ],
    });
    const cheap = await call(t, 'POST', 'orders/preview', token, {
      items: [{ skuId: bead.skuIds[0], qty: 2 }],
    });
    expect(cheap.statusCode).toBe(200);
    expect(cheap.json().resData).toEqual({
      items: [
        {
          skuId: bead.skuIds[0],
          productId: bead.productId,
          kind: 'goods',
          title: '紫檀手串',
          skuTitle: '8mm',
          cover: '/skus/8mm.webp',
          price: 3900,
          qty: 2,
          courseId: null,
          sellid: null,
        },
      ],
      goodsTotal: 7800,
      shipping: 800,
      vipSaving: 0,
      total: 8600,
      needsAddress: true,
    });
    const free = await call(t, 'POST', 'orders/preview', token, {
      items: [
        { skuId: bead.skuIds[0], qty: 1 },
        { skuId: bead.skuIds[1], qty: 1 },
      ],
    });
    expect(free.json().resData).toMatchObject({ goodsTotal: 9900, shipping: 0, total: 9900 });
    const course = await addProduct(db, {
      kind: 'course',
      courseId: 'bazi-101',
      skus: [{ price: 1990, stock: 999 }],
    });
    const virtual = await call(t, 'POST', 'orders/preview', token, {
      items: [{ skuId: course.skuId, qty: 1 }],
    });
    expect(virtual.json().resData).toMatchObject({
      goodsTotal: 1990,
      shipping: 0,
      total: 1990,
      needsAddress: false,
    });
    expect(virtual.json().resData.items[0].courseId).toBe('bazi-101');
  });

  it('refuses unknown SKUs (404), off-shelf products and short stock (409 OutOfStock), repeated SKUs (400)', async () => {
    const { token, addressId } = await buyer(t);
    const db = t.database.db;
    const shelf = await addProduct(db, { skus: [{ price: 1000, stock: 2 }] });
    const off = await addProduct(db, { onShelf: false });
    const cases: [object[], number, string, string?][] = [
      [[{ skuId: 2_000_000_000, qty: 1 }], 404, 'NotFound'],
      [[{ skuId: 9_000_000_000, qty: 1 }], 400, 'ValidationError'],
      [[{ skuId: off.skuId, qty: 1 }], 409, 'OutOfStock', 'off shelf'],
      [[{ skuId: shelf.skuId, qty: 3 }], 409, 'OutOfStock'],
      [
        [
          { skuId: shelf.skuId, qty: 1 },
          { skuId: shelf.skuId, qty: 1 },
        ],
        400,
        'ValidationError',
      ],
    ];
    for (const [items, status, code, msg] of cases) {
      const res = await call(t, 'POST', 'orders/preview', token, { items });
      expect(res.statusCode, JSON.stringify(items)).toBe(status);
      expect(res.json().code).toBe(code);
      if (msg) expect(res.json().msg).toBe(msg);
      const created = await call(t, 'POST', 'orders', token, { items, addressId, idempotencyKey: newKey() });
      expect(created.statusCode, `create ${JSON.stringify(items)}`).toBe(status);
    }
    expect(await stockOf(db, shelf.skuId)).toBe(2);
  });

  it('computes the total from its own prices: a price or total the client sends is ignored', async () => {
    const { token, userId, addressId } = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db, { skus: [{ price: 4500, stock: 10 }] });
    const res = await call(t, 'POST', 'orders', token, {
      items: [{ skuId: product.skuId, qty: 3, price: 1 }],
      addressId,
      idempotencyKey: newKey(),
      price: 1,
      total: 1,
      goodsTotal: 1,
      shipping: 0,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().resData;
    expect(created).toEqual({ orderNo: expect.stringMatching(/^\d{20}$/), status: 'pending', total: 13500 });
    // Beijing time of the test clock (2026-01-15 12:00:00) then 6 random digits.
    expect(created.orderNo.slice(0, 14)).toBe('20260115120000');
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, created.orderNo));
    expect(row).toMatchObject({ userId, goodsTotal: 13500, shipping: 0, total: 13500, kind: 'goods' });
    expect(row.payDeadline.getTime()).toBe(FIXED_NOW + 15 * 60_000);
    const detail = (await call(t, 'GET', `orders/${created.orderNo}`, token)).json().resData;
    expect(detail.items[0]).toMatchObject({ price: 4500, qty: 3 });
    expect(await stockOf(db, product.skuId)).toBe(7);
  });

  it('needs an address of the buyer for goods, and keeps a snapshot of it', async () => {
    const { token, addressId } = await buyer(t);
    const other = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db);
    const items = [{ skuId: product.skuId, qty: 1 }];
    const missing = await call(t, 'POST', 'orders', token, { items, idempotencyKey: newKey() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'ValidationError', msg: 'address required' });
    const foreign = await call(t, 'POST', 'orders', token, {
      items,
      addressId: other.addressId,
      idempotencyKey: newKey(),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await stockOf(db, product.skuId)).toBe(10);

    const res = await call(t, 'POST', 'orders', token, {
      items,
      addressId,
      idempotencyKey: newKey(),
      remark: '  请用礼盒包装 ',
    });
    const { orderNo } = res.json().resData;
    // Editing the address book later does not move a placed order.
    await db.update(addresses).set({ detail: '别处 1 号' }).where(eq(addresses.id, addressId));
    const detail = (await call(t, 'GET', `orders/${orderNo}`, token)).json().resData;
    expect(detail.address).toEqual({ ...FIXTURE_ADDRESS, isDefault: false });
    expect(detail.remark).toBe('请用礼盒包装');
    expect(detail.shipping).toBe(800);

    // Courses and services ship nothing: no address needed, none kept.
    const course = await addProduct(db, { kind: 'course' });
    const virtual = await call(t, 'POST', 'orders', token, {
      items: [{ skuId: course.skuId, qty: 1 }],
      addressId,
      idempotencyKey: newKey(),
    });
    expect(virtual.statusCode).toBe(200);
    const virtualDetail = (await call(t, 'GET', `orders/${virtual.json().resData.orderNo}`, token)).json()
      .resData;
    expect(virtualDetail).toMatchObject({ address: null, shipping: 0 });
  });

  it('answers the first order again for the same idempotency key, and reserves once', async () => {
    const { token, userId, addressId } = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db, { skus: [{ price: 1200, stock: 50 }] });
    const body = { items: [{ skuId: product.skuId, qty: 2 }], addressId, idempotencyKey: newKey() };
    const first = await call(t, 'POST', 'orders', token, body);
    const second = await call(t, 'POST', 'orders', token, {
      ...body,
      items: [{ skuId: product.skuId, qty: 5 }],
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().resData).toEqual(first.json().resData);
    expect(await stockOf(db, product.skuId)).toBe(48);

    // Twenty submits of one checkout at once: one order, one reservation.
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'POST', 'orders', token, {
          items: [{ skuId: product.skuId, qty: 1 }],
          addressId,
          idempotencyKey: key,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((res) => res.json().resData.orderNo)).size).toBe(1);
    const [{ n }] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    expect(n).toBe(1);
    expect(await stockOf(db, product.skuId)).toBe(47);

    // The key is the buyer's own: another buyer with the same key makes an order of their own.
    const other = await buyer(t);
    const theirs = await call(t, 'POST', 'orders', other.token, {
      items: [{ skuId: product.skuId, qty: 1 }],
      addressId: other.addressId,
      idempotencyKey: key,
    });
    expect(theirs.json().resData.orderNo).not.toBe(answers[0].json().resData.orderNo);
  });

  it('takes nothing when any line is short: every SKU keeps its stock and the key stays free', async () => {
    const { token, userId, addressId } = await buyer(t);
    const db = t.database.db;
    const a = await addProduct(db, { skus: [{ price: 1000, stock: 5 }] });
    const b = await addProduct(db, { skus: [{ price: 2000, stock: 1 }] });
    const c = await addProduct(db, { skus: [{ price: 3000, stock: 5 }] });
    const key = newKey();
    const items = [
      { skuId: c.skuId, qty: 2 },
      { skuId: b.skuId, qty: 2 },
      { skuId: a.skuId, qty: 2 },
    ];
    const res = await call(t, 'POST', 'orders', token, { items, addressId, idempotencyKey: key });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OutOfStock');
    expect([await stockOf(db, a.skuId), await stockOf(db, b.skuId), await stockOf(db, c.skuId)]).toEqual([
      5, 1, 5,
    ]);
    const [{ n }] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    expect(n).toBe(0);

    const retry = await call(t, 'POST', 'orders', token, {
      items: [items[0], { skuId: b.skuId, qty: 1 }, items[2]],
      addressId,
      idempotencyKey: key,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().resData.total).toBe(2 * 3000 + 2000 + 2 * 1000);
    expect([await stockOf(db, a.skuId), await stockOf(db, b.skuId), await stockOf(db, c.skuId)]).toEqual([
      3, 0, 3,
    ]);
  });

  it('removes the ordered SKUs from the cart when ordering from it, and only then', async () => {
    const { token, userId, addressId } = await buyer(t);
    const db = t.database.db;
    const ordered = await addProduct(db);
    const kept = await addProduct(db);
    const addedAt = new Date(t.clock.now());
    await db.insert(cartItems).values([
      { userId, skuId: ordered.skuId, qty: 1, addedAt },
      { userId, skuId: kept.skuId, qty: 1, addedAt },
    ]);
    const cart = async () =>
      (await db.select({ skuId: cartItems.skuId }).from(cartItems).where(eq(cartItems.userId, userId)))
        .map((row) => row.skuId)
        .sort((x, y) => x - y);
    const items = [{ skuId: ordered.skuId, qty: 1 }];
    await call(t, 'POST', 'orders', token, { items, addressId, idempotencyKey: newKey() });
    expect(await cart()).toEqual([ordered.skuId, kept.skuId].sort((x, y) => x - y));
    await call(t, 'POST', 'orders', token, { items, addressId, idempotencyKey: newKey(), fromCart: true });
    expect(await cart()).toEqual([kept.skuId]);
  });
});

describe('reading orders and the buyer’s actions', () => {
  const t = useTestApp();

  async function place(token: string, addressId: number, skuId: number, qty = 1): Promise<string> {
    const res = await call(t, 'POST', 'orders', token, {
      items: [{ skuId, qty }],
      addressId,
      idempotencyKey: newKey(),
    });
    if (res.statusCode !== 200) throw new Error(`order: ${res.body}`);
    return res.json().resData.orderNo;
  }

  it('lists the buyer’s orders newest first, by status and page, with their lines', async () => {
    const { token, userId, addressId } = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db, { title: '铜葫芦', skus: [{ price: 8800, stock: 20 }] });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(await place(token, addressId, product.skuId, i + 1));
      t.clock.advanceSeconds(60);
    }
    const paid = await addOrderRow(db, {
      userId,
      status: 'paid',
      product,
      createdAt: new Date(t.clock.now()),
    });
    const all = (await call(t, 'GET', 'orders', token)).json().resData;
    expect(all.total).toBe(4);
    expect(all.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([paid, ...made.toReversed()]);
    expect(all.list[1]).toMatchObject({
      status: 'pending',
      total: 3 * 8800,
      items: [{ title: '铜葫芦', qty: 3, price: 8800 }],
    });
    const pending = (await call(t, 'GET', 'orders?status=pending&page=2&size=2', token)).json().resData;
    expect(pending).toMatchObject({ total: 3, list: [{ orderNo: made[0] }] });
    // Someone else's orders are not in anyone's list.
    const stranger = await buyer(t);
    expect((await call(t, 'GET', 'orders', stranger.token)).json().resData).toEqual({ list: [], total: 0 });
  });

  it('answers boundary values of the query and the body without a server error', async () => {
    const { token, addressId } = await buyer(t);
    const product = await addProduct(t.database.db);
    const huge = await call(t, 'GET', 'orders?page=100000000000000000000&size=50', token);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('ValidationError');
    const deepest = await call(t, 'GET', 'orders?page=100000&size=100', token);
    expect(deepest.statusCode).toBe(200);
    expect(deepest.json().resData.list).toEqual([]);
    const farSku = await call(t, 'POST', 'orders', token, {
      items: [{ skuId: 2_147_483_648, qty: 99 }],
      addressId,
      idempotencyKey: newKey(),
    });
    expect(farSku.statusCode).toBe(400);
    const farAddress = await call(t, 'POST', 'orders', token, {
      items: [{ skuId: product.skuId, qty: 1 }],
      addressId: 2_147_483_648,
      idempotencyKey: newKey(),
    });
    expect(farAddress.statusCode).toBe(400);
    const tooMany = await call(t, 'POST', 'orders', token, {
      items: [{ skuId: product.skuId, qty: 99 }],
      addressId,
      idempotencyKey: newKey(),
    });
    expect(tooMany.json().code).toBe('OutOfStock');
  });

  it('shows an order with its timeline; another buyer’s order and a malformed number are refused', async () => {
    const { token, addressId } = await buyer(t);
    const stranger = await buyer(t);
    const product = await addProduct(t.database.db);
    const orderNo = await place(token, addressId, product.skuId);
    const detail = (await call(t, 'GET', `orders/${orderNo}`, token)).json().resData;
    expect(detail).toMatchObject({
      orderNo,
      status: 'pending',
      paidAt: null,
      payChannel: null,
      tracking: null,
      refundReason: null,
      timeline: [{ status: 'pending', at: new Date(t.clock.now()).toISOString(), note: '' }],
    });
    for (const [method, url] of [
      ['GET', `orders/${orderNo}`],
      ['POST', `orders/${orderNo}/cancel`],
      ['POST', `orders/${orderNo}/confirm`],
    ] as const) {
      const res = await call(t, method, url, stranger.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NotFound');
    }
    const refund = await call(t, 'POST', `orders/${orderNo}/refund`, stranger.token, { reason: '不要了' });
    expect(refund.statusCode).toBe(404);
    expect((await call(t, 'GET', 'orders/20269999999999999999', token)).statusCode).toBe(404);
    expect((await call(t, 'GET', 'orders/12345', token)).statusCode).toBe(400);
    expect(await statusOf(t.database.db, orderNo)).toBe('pending');
  });

  it('cancels a pending order and gives its stock back; a second cancel is 409 naming the status', async () => {
    const { token, addressId } = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db, { skus: [{ price: 1000, stock: 4 }] });
    const orderNo = await place(token, addressId, product.skuId, 3);
    expect(await stockOf(db, product.skuId)).toBe(1);
    const res = await call(t, 'POST', `orders/${orderNo}/cancel`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toMatchObject({ status: 'cancelled' });
    expect(
      res.json().resData.timeline.map((e: { status: string; note: string }) => [e.status, e.note]),
    ).toEqual([
      ['pending', ''],
      ['cancelled', '买家取消订单'],
    ]);
    expect(await stockOf(db, product.skuId)).toBe(4);
    const again = await call(t, 'POST', `orders/${orderNo}/cancel`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'OrderStateConflict', msg: 'order is cancelled' });
    expect(await stockOf(db, product.skuId)).toBe(4);
  });

  it('confirms receipt of a shipped order only', async () => {
    const { token, userId } = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db);
    for (const status of ['pending', 'paid', 'done', 'cancelled', 'refunding', 'refunded'] as const) {
      const orderNo = await addOrderRow(db, { userId, status, product, createdAt: new Date(t.clock.now()) });
      const res = await call(t, 'POST', `orders/${orderNo}/confirm`, token);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ code: 'OrderStateConflict', msg: `order is ${status}` });
      expect(await statusOf(db, orderNo)).toBe(status);
    }
    const shipped = await addOrderRow(db, { userId, status: 'shipped', product });
    const res = await call(t, 'POST', `orders/${shipped}/confirm`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().resData.status).toBe('done');
    expect(res.json().resData.timeline.at(-1)).toMatchObject({ status: 'done', note: '买家确认收货' });
  });

  it('takes a refund request for a paid order only, with a reason', async () => {
    const { token, userId } = await buyer(t);
    const db = t.database.db;
    const product = await addProduct(db);
    for (const status of ['pending', 'shipped', 'done', 'cancelled', 'refunding', 'refunded'] as const) {
      const orderNo = await addOrderRow(db, { userId, status, product, createdAt: new Date(t.clock.now()) });
      const res = await call(t, 'POST', `orders/${orderNo}/refund`, token, { reason: '尺寸不合适' });
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ code: 'OrderStateConflict', msg: `order is ${status}` });
    }
    const paid = await addOrderRow(db, { userId, status: 'paid', product });
    expect((await call(t, 'POST', `orders/${paid}/refund`, token, { reason: '   ' })).statusCode).toBe(400);
    expect((await call(t, 'POST', `orders/${paid}/refund`, token, {})).statusCode).toBe(400);
    const res = await call(t, 'POST', `orders/${paid}/refund`, token, { reason: ' 尺寸不合适 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toMatchObject({ status: 'refunding', refundReason: '尺寸不合适' });
    expect(res.json().resData.timeline.at(-1)).toMatchObject({ status: 'refunding', note: '尺寸不合适' });
  });
});
