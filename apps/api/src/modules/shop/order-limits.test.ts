/**
 * The shop's maxima through HTTP: an order (or a line, or a quantity) beyond what the money columns
 * hold is refused with a 400 and a Chinese message at checkout's preview and at creation alike, never
 * a 500, while an order of exactly the maximum goes through; and what one buyer may hold unpaid —
 * SHOP_MAX_UNPAID_ORDERS orders and SHOP_MAX_UNPAID_UNITS_PER_SKU pieces of one SKU, at their production
 * defaults here — also when eight requests of the buyer arrive at once.
 */
import { MAX_LINE_QTY, MAX_ORDER_LINES, ORDER_TOTAL_MAX } from '@xuanli/contracts/shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { addAddress, addProduct, stockOf } from '../../../test/shop-fixtures.ts';
import { orders } from './schema.ts';

const CJK = /[\u4e00-\u9fff]/;

let t: TestApp;
let keys = 0;

beforeAll(async () => {
  // The production defaults (config.test.ts checks them): 5 unpaid orders, 20 unpaid pieces of one SKU.
  t = await buildTestApp({ config: { shop: { maxUnpaidOrders: 5, maxUnpaidUnitsPerSku: 20 } } });
});
afterAll(() => t?.close());

async function buyer() {
  const { token, userId } = await signIn(t, 'user');
  return { token, userId: userId!, addressId: await addAddress(t.database.db, userId!) };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

function checkout(who: Buyer, path: 'orders' | 'orders/preview', items: { skuId: number; qty: number }[]) {
  return t.app.inject({
    method: 'POST',
    url: `/api/shop/${path}`,
    headers: { token: who.token },
    payload: { items, addressId: who.addressId, idempotencyKey: `limits-${process.pid}-${++keys}` },
  });
}

async function pendingOf(who: Buyer): Promise<number> {
  const rows = await t.database.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, who.userId), eq(orders.status, 'pending')));
  return rows.length;
}

describe('order maxima', () => {
  it('refuses a price × quantity above the maximum with 400 at preview and at creation, reserving nothing', async () => {
    const who = await buyer();
    // 1,000,000 元 a piece was the console's old ceiling; 99 of them overflow PostgreSQL's integer.
    const dear = await addProduct(t.database.db, { skus: [{ price: 100_000_000, stock: 200 }] });
    const fair = await addProduct(t.database.db, { skus: [{ price: 6_000_000, stock: 200 }] });
    const baskets = [
      [{ skuId: dear.skuId, qty: MAX_LINE_QTY }],
      [{ skuId: dear.skuId, qty: 1 }],
      // Each line fits; together they do not (9 × 60,000 元 = 540,000 元).
      [
        { skuId: fair.skuId, qty: 5 },
        {
          skuId: (await addProduct(t.database.db, { skus: [{ price: 6_000_000, stock: 9 }] })).skuId,
          qty: 4,
        },
      ],
    ];
    for (const items of baskets) {
      for (const path of ['orders/preview', 'orders'] as const) {
        const res = await checkout(who, path, items);
        expect(res.statusCode, `${path} ${JSON.stringify(items)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe('OrderTooLarge');
        expect(res.json().msg).toMatch(CJK);
        expect(res.json().msg).toContain('500000.00 元');
      }
    }
    expect(await stockOf(t.database.db, dear.skuId)).toBe(200);
    expect(await stockOf(t.database.db, fair.skuId)).toBe(200);
    expect(await pendingOf(who)).toBe(0);
  });

  it('refuses a quantity past the line maximum (2147483647 too) and too many lines with 400 and a Chinese message', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 100, stock: 500 }] });
    for (const qty of [2_147_483_647, MAX_LINE_QTY + 1]) {
      for (const path of ['orders/preview', 'orders'] as const) {
        const res = await checkout(who, path, [{ skuId: product.skuId, qty }]);
        expect(res.statusCode, `${path} × ${qty}`).toBe(400);
        expect(res.json()).toEqual({
          code: 'ValidationError',
          msg: `每种商品一次最多购买 ${MAX_LINE_QTY} 件`,
          field: 'items.0.qty',
        });
      }
    }
    const lines = Array.from({ length: MAX_ORDER_LINES + 1 }, (_, i) => ({ skuId: i + 1, qty: 1 }));
    for (const path of ['orders/preview', 'orders'] as const) {
      const res = await checkout(who, path, lines);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`一笔订单最多 ${MAX_ORDER_LINES} 种商品，请分开下单`);
    }
    // Other refusals keep their own words.
    const zero = await checkout(who, 'orders', [{ skuId: product.skuId, qty: 0 }]);
    expect(zero.json()).toMatchObject({ code: 'ValidationError', msg: expect.stringContaining('qty') });
  });

  it('takes an order of exactly the maximum', async () => {
    const who = await buyer();
    // 500,000 元 of goods: shipping is free from 99 元, so the total is the maximum itself.
    const top = await addProduct(t.database.db, { skus: [{ price: ORDER_TOTAL_MAX / 2, stock: 2 }] });
    const preview = await checkout(who, 'orders/preview', [{ skuId: top.skuId, qty: 2 }]);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().resData.total).toBe(ORDER_TOTAL_MAX);
    const made = await checkout(who, 'orders', [{ skuId: top.skuId, qty: 2 }]);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().resData).toMatchObject({ status: 'pending', total: ORDER_TOTAL_MAX });
  });
});

describe('what one buyer may hold unpaid', () => {
  it('refuses a sixth unpaid order with UnpaidLimit; cancelling one makes room', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 100 }] });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await checkout(who, 'orders', [{ skuId: product.skuId, qty: 1 }]);
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().resData.orderNo);
    }
    const sixth = await checkout(who, 'orders', [{ skuId: product.skuId, qty: 1 }]);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      code: 'UnpaidLimit',
      msg: '您有 5 笔待支付订单，请先支付或取消后再下单',
    });
    expect(await stockOf(t.database.db, product.skuId)).toBe(95);
    // Another buyer is not held back by this one.
    const other = await buyer();
    expect((await checkout(other, 'orders', [{ skuId: product.skuId, qty: 1 }])).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${made[0]}/cancel`,
      headers: { token: who.token },
    });
    expect(cancelled.json().resData.status).toBe('cancelled');
    expect((await checkout(who, 'orders', [{ skuId: product.skuId, qty: 1 }])).statusCode).toBe(200);
  });

  it('does not count orders their time-out has cancelled', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 100 }] });
    for (let i = 0; i < 5; i++) {
      expect((await checkout(who, 'orders', [{ skuId: product.skuId, qty: 2 }])).statusCode).toBe(200);
    }
    // 15 minutes, the settlement grace and a minute later, the five hold nothing any more.
    t.clock.advanceSeconds(18 * 60);
    try {
      const res = await checkout(who, 'orders', [{ skuId: product.skuId, qty: 1 }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(await pendingOf(who)).toBe(1);
      expect(await stockOf(t.database.db, product.skuId)).toBe(99);
    } finally {
      t.clock.advanceSeconds(-18 * 60);
    }
  });

  it('refuses more than 20 unpaid pieces of one SKU across the buyer’s orders, naming the product', async () => {
    const who = await buyer();
    const bead = await addProduct(t.database.db, { title: '紫檀手串', skus: [{ price: 100, stock: 500 }] });
    const other = await addProduct(t.database.db, { skus: [{ price: 100, stock: 500 }] });
    const alone = await checkout(who, 'orders', [{ skuId: bead.skuId, qty: 21 }]);
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({
      code: 'UnpaidLimit',
      msg: '「紫檀手串」每人待支付最多 20 件，请减少数量',
    });
    expect((await checkout(who, 'orders', [{ skuId: bead.skuId, qty: 15 }])).statusCode).toBe(200);
    const more = await checkout(who, 'orders', [
      { skuId: other.skuId, qty: 3 },
      { skuId: bead.skuId, qty: 6 },
    ]);
    expect(more.statusCode).toBe(409);
    expect(more.json().msg).toBe(
      '「紫檀手串」每人待支付最多 20 件，您的待支付订单中已有 15 件，请先支付或取消后再下单',
    );
    // Nothing of the refused order was kept: its other line's stock is back, no order was made.
    expect(await stockOf(t.database.db, other.skuId)).toBe(500);
    expect(await stockOf(t.database.db, bead.skuId)).toBe(485);
    expect(await pendingOf(who)).toBe(1);
    expect((await checkout(who, 'orders', [{ skuId: bead.skuId, qty: 5 }])).statusCode).toBe(200);
    // Stock short of the pieces is said as such, whatever the limit.
    const scarce = await addProduct(t.database.db, { skus: [{ price: 100, stock: 3 }] });
    expect((await checkout(who, 'orders', [{ skuId: scarce.skuId, qty: 30 }])).json().code).toBe(
      'OutOfStock',
    );
  });

  it('lets none of 8 requests at once slip past either limit', async () => {
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 500 }] });
    const hoarder = await buyer();
    const orderCodes = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await checkout(hoarder, 'orders', [{ skuId: product.skuId, qty: 1 }]);
        return res.statusCode === 200 ? 'made' : res.json().code;
      }),
    );
    expect(orderCodes.filter((code) => code === 'made')).toHaveLength(5);
    expect(orderCodes.filter((code) => code === 'UnpaidLimit')).toHaveLength(3);
    expect(await pendingOf(hoarder)).toBe(5);

    const piecer = await buyer();
    const pieceCodes = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await checkout(piecer, 'orders', [{ skuId: product.skuId, qty: 6 }]);
        return res.statusCode === 200 ? 'made' : res.json().code;
      }),
    );
    // 3 × 6 = 18 pieces; a fourth would hold 24 of the 20 allowed.
    expect(pieceCodes.filter((code) => code === 'made')).toHaveLength(3);
    expect(pieceCodes.filter((code) => code === 'UnpaidLimit')).toHaveLength(5);
    expect(await stockOf(t.database.db, product.skuId)).toBe(500 - 5 - 18);
  });

  it('answers a repeated checkout with its order even at the limit', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 100 }] });
    const body = (key: string) => ({
      items: [{ skuId: product.skuId, qty: 1 }],
      addressId: who.addressId,
      idempotencyKey: key,
    });
    const post = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/orders',
        headers: { token: who.token },
        payload: body(key),
      });
    for (let i = 0; i < 4; i++) expect((await post(`repeat-${process.pid}-${i}`)).statusCode).toBe(200);
    // The fifth submitted twice at once: one order, both answered with it.
    const [first, second] = await Promise.all([
      post(`repeat-${process.pid}-4`),
      post(`repeat-${process.pid}-4`),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().resData.orderNo).toBe(first.json().resData.orderNo);
    expect((await post(`repeat-${process.pid}-4`)).json().resData.orderNo).toBe(first.json().resData.orderNo);
    expect((await post(`repeat-${process.pid}-5`)).json().code).toBe('UnpaidLimit');
  });
});
