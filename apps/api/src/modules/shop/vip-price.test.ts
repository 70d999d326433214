/**
 * 会员价 through HTTP: a SKU's vipPrice is listed by the catalogue and the classroom, and charged — at
 * checkout's preview, at order creation and in the cart — only to a caller whose VIP runs at that
 * moment by the server's clock: a user, a lapsed VIP and a VIP whose membership ended between the
 * preview and the order pay the price. The order line keeps the price charged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, setVipExpire, signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { addCourse } from '../../../test/ketang-fixtures.ts';
import { addProduct } from '../../../test/shop-fixtures.ts';
import { orderItems, orders } from './schema.ts';

let keys = 0;
/** A fresh idempotency key, as a checkout page makes one. */
const newKey = () => `vip-price-${process.pid}-${++keys}`;

describe('会员价', () => {
  let t: TestApp;
  /** A course sold at 49 元, 39 元 for VIPs. */
  let course: { productId: number; skuId: number; courseId: string };
  /** A consultation without a 会员价: everyone pays 30 元. */
  let plain: { skuId: number };

  beforeAll(async () => {
    t = await buildTestApp();
    const { courseId } = await addCourse(t, { title: '会员价测试课' });
    const sold = await addProduct(t.database.db, {
      kind: 'course',
      courseId,
      title: '会员价测试课',
      skus: [{ price: 4900, vipPrice: 3900, stock: 99 }],
    });
    course = { ...sold, courseId };
    plain = await addProduct(t.database.db, { kind: 'service', skus: [{ price: 3000, stock: 99 }] });
  });
  afterAll(() => t?.close());

  const post = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/shop/${url}`, headers: { token }, payload });
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });

  /** Preview and order of one course and one plain piece by `caller`: what each said and charged. */
  async function buy(caller: Caller) {
    const { token, userId } = await signIn(t, caller);
    const items = [
      { skuId: course.skuId, qty: 1 },
      { skuId: plain.skuId, qty: 1 },
    ];
    const preview = await post('orders/preview', token, { items });
    expect(preview.statusCode, preview.body).toBe(200);
    const created = await post('orders', token, { items, idempotencyKey: newKey() });
    expect(created.statusCode, created.body).toBe(200);
    const { orderNo } = created.json().resData;
    const lines = await t.database.db
      .select({ skuId: orderItems.skuId, price: orderItems.price })
      .from(orderItems)
      .where(eq(orderItems.orderNo, orderNo));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    return { preview: preview.json().resData, created: created.json().resData, lines, order, token, userId };
  }

  it('charges a VIP the 会员价 at preview and creation, and the line records it', async () => {
    const { preview, created, lines, order } = await buy('vip');
    expect(preview.items.map((line: { price: number }) => line.price)).toEqual([3900, 3000]);
    expect(preview).toMatchObject({ goodsTotal: 6900, total: 6900, vipSaving: 1000 });
    expect(created.total).toBe(6900);
    expect(order.total).toBe(6900);
    expect(lines.find((line) => line.skuId === course.skuId)?.price).toBe(3900);
    expect(lines.find((line) => line.skuId === plain.skuId)?.price).toBe(3000);
  });

  it.each(['user', 'expiredVip'] as const)('charges a %s the price', async (caller) => {
    const { preview, created, lines } = await buy(caller);
    expect(preview.items.map((line: { price: number }) => line.price)).toEqual([4900, 3000]);
    expect(preview).toMatchObject({ total: 7900, vipSaving: 0 });
    expect(created.total).toBe(7900);
    expect(lines.find((line) => line.skuId === course.skuId)?.price).toBe(4900);
  });

  it('charges the price once the VIP has ended by the server clock, though the preview showed 会员价', async () => {
    const { token, userId } = await signIn(t, 'user');
    const now = t.clock.now();
    await setVipExpire(t, userId!, new Date(now + 60_000));
    const items = [{ skuId: course.skuId, qty: 1 }];
    const preview = await post('orders/preview', token, { items });
    expect(preview.json().resData.total).toBe(3900);
    try {
      // The membership ends exactly now: an expiry at now is already over.
      t.clock.advanceSeconds(60);
      const created = await post('orders', token, { items, idempotencyKey: newKey() });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().resData.total).toBe(4900);
    } finally {
      t.clock.set(now);
    }
  });

  it('prices the cart at the 会员价 for a VIP and keeps the price beside it', async () => {
    for (const [caller, price] of [
      ['vip', 3900],
      ['user', 4900],
    ] as const) {
      const { token } = await signIn(t, caller);
      const added = await post('cart/items', token, { skuId: course.skuId, qty: 1 });
      expect(added.statusCode, added.body).toBe(200);
      const cart = (await get('/api/shop/cart', token)).json().resData;
      expect(cart.items[0]).toMatchObject({ skuId: course.skuId, price, listPrice: 4900 });
      expect(cart.selectedTotal).toBe(price);
    }
  });

  it('lists the 会员价 in the product list, the product page and the course page, to anyone', async () => {
    const list = (await get('/api/shop/products?kind=course&size=50')).json().resData.list;
    const listed = list.find((p: { id: number }) => p.id === course.productId);
    expect(listed).toMatchObject({ price: 4900, vipPrice: 3900 });
    expect(listed.skus).toEqual([expect.objectContaining({ id: course.skuId, price: 4900, vipPrice: 3900 })]);
    const plainListed = (await get('/api/shop/products?size=50&q=测试商品')).json().resData.list;
    for (const product of plainListed) expect(product.vipPrice).toBeNull();

    const page = (await get(`/api/shop/products/${course.productId}`)).json().resData;
    expect(page.vipPrice).toBe(3900);
    expect(page.skus[0]).toMatchObject({ price: 4900, vipPrice: 3900 });

    const show = (await get(`/api/crm/ketang/show?id=${course.courseId}`)).json().resData;
    expect(show).toMatchObject({ price: 4900, vipPrice: 3900, skuId: course.skuId });
  });
});
