/**
 * The console's orders area through the API, over real orders: made by a buyer through
 * `POST /api/shop/orders` and paid through the sandbox channel (its signed callback), so that the
 * payment record, the refund through the paying channel and the buyer's own order page are the real
 * ones. Searching by status, number, phone and Beijing days; an order in full; shipping (seen by the
 * buyer as 已发货); refunds in part or in full (several parts: orders-refunds.routes.test.ts), approving
 * and refusing a buyer's request — each write
 * audited with the operator and the reason, every wrong request refused without a change.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW } from '../../../test/build.ts';
import { operatorRequests } from '../../../test/operators.ts';
import { type Buyer, buyerOrder, newBuyer, payInSandbox, placeOrder } from '../../../test/shop-buyer.ts';
import { addProduct } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';

describe('console orders', () => {
  const t = useTestApp();
  const support = useOperator(t, 'support');

  const { get, post } = operatorRequests(t, support);
  const auditOf = (orderNo: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderNo}`))
      .orderBy(auditLog.id);

  /** A goods order of one piece at `price` 分 (+ 8 元 shipping under 99 元), paid through the sandbox. */
  async function paidOrder(buyer: Buyer, price = 12_800) {
    const product = await addProduct(t.database.db, { title: '黄铜罗盘', skus: [{ price, stock: 5 }] });
    const { orderNo } = await placeOrder(t, buyer, [{ skuId: product.skuId, qty: 1 }]);
    const { outTradeNo, status } = await payInSandbox(t, buyer, orderNo);
    expect(status).toBe('paid');
    return { orderNo, outTradeNo };
  }

  it('finds orders by status, number, buyer phone and Beijing days, newest first, paged', async () => {
    const buyer = await newBuyer(t);
    const first = await paidOrder(buyer);
    t.clock.advanceSeconds(60);
    const second = await paidOrder(buyer);
    const byPhone = (await get('/api/admin/orders', { phone: buyer.phone.slice(2) })).json().resData;
    expect(byPhone.total).toBe(2);
    expect(byPhone.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([
      second.orderNo,
      first.orderNo,
    ]);
    expect(byPhone.list[0]).toEqual({
      orderNo: second.orderNo,
      status: 'paid',
      kind: 'goods',
      title: '黄铜罗盘',
      itemCount: 1,
      total: 12_800,
      buyer: { userId: buyer.userId, phone: buyer.phone, nickname: expect.any(String) },
      createdAt: expect.any(String),
      paidAt: expect.any(String),
      payChannel: 'sandbox',
    });
    const byNumber = (await get('/api/admin/orders', { orderNo: first.orderNo })).json().resData;
    expect(byNumber.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([first.orderNo]);
    const paged = (await get('/api/admin/orders', { phone: buyer.phone, size: '1', page: '2' })).json()
      .resData;
    expect(paged.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([first.orderNo]);
    expect(
      (await get('/api/admin/orders', { phone: buyer.phone, status: 'shipped' })).json().resData.total,
    ).toBe(0);
    // FIXED_NOW is 2026-01-15 12:00 in Beijing: the orders are on that Beijing day, not the next.
    const day = new Date(FIXED_NOW + 8 * 3600_000).toISOString().slice(0, 10);
    expect(
      (await get('/api/admin/orders', { phone: buyer.phone, from: day, to: day })).json().resData.total,
    ).toBe(2);
    expect(
      (await get('/api/admin/orders', { phone: buyer.phone, from: '2026-01-16' })).json().resData.total,
    ).toBe(0);
    expect(
      (await get('/api/admin/orders', { phone: buyer.phone, to: '2026-01-14' })).json().resData.total,
    ).toBe(0);
    const refused: Record<string, string>[] = [
      { from: '2026-02-30' },
      { status: 'lost' },
      { phone: '13a' },
      { size: '1e400' },
    ];
    for (const query of refused) {
      const res = await get('/api/admin/orders', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
  });

  it('shows an order in full with its payment record and timeline', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, outTradeNo } = await paidOrder(buyer, 3_900);
    const res = await get(`/api/admin/orders/${orderNo}`);
    expect(res.statusCode).toBe(200);
    const order = res.json().resData;
    expect(order).toMatchObject({
      orderNo,
      status: 'paid',
      goodsTotal: 3_900,
      shipping: 800,
      total: 4_700,
      address: { name: '张三', city: '杭州市' },
      items: [{ line: 1, title: '黄铜罗盘', price: 3_900, qty: 1 }],
      refundable: 4_700,
      refunds: [],
    });
    expect(order.payments).toEqual([
      {
        outTradeNo,
        channel: 'sandbox',
        amount: 4_700,
        status: 'succeeded',
        transactionId: expect.any(String),
        createdAt: expect.any(String),
        succeededAt: expect.any(String),
      },
    ]);
    expect(order.transactionId).toBe(order.payments[0].transactionId);
    expect(order.timeline.map((event: { status: string }) => event.status)).toEqual(['pending', 'paid']);
    expect((await get('/api/admin/orders/20260000000000000000')).json().code).toBe('NotFound');
    expect((await get('/api/admin/orders/20260000000000000000')).statusCode).toBe(404);
  });

  it('ships a paid order; the buyer sees 已发货 with carrier and number', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await paidOrder(buyer);
    for (const body of [
      { carrier: '火星快递', trackingNo: 'SF1234567890' },
      { carrier: '顺丰速运', trackingNo: '12' },
      { carrier: '顺丰速运', trackingNo: 'SF 123456' },
      { carrier: '顺丰速运' },
    ]) {
      const refused = await post(`/api/admin/orders/${orderNo}/ship`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await post(`/api/admin/orders/${orderNo}/ship`, {
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toMatchObject({ status: 'shipped', tracking: '顺丰速运 SF1234567890' });
    const seen = await buyerOrder(t, buyer, orderNo);
    expect(seen.status).toBe('shipped');
    expect(seen.tracking).toBe('顺丰速运 SF1234567890');
    const again = await post(`/api/admin/orders/${orderNo}/ship`, {
      carrier: '中通快递',
      trackingNo: 'ZT0000000001',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('OrderStateConflict');
    const audits = await auditOf(orderNo);
    expect(
      audits.map(({ action, actor, operatorId, before, after }) => ({
        action,
        actor,
        operatorId,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'order.ship',
        actor: support.username,
        operatorId: support.id,
        before: { status: 'paid' },
        after: { status: 'shipped', tracking: '顺丰速运 SF1234567890' },
      },
    ]);
  });

  it('refunds a paid order in part through the sandbox channel, with the reason', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await paidOrder(buyer);
    const tooMuch = await post(`/api/admin/orders/${orderNo}/refund`, { amount: 12_801, reason: '质量问题' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('ValidationError');
    expect((await post(`/api/admin/orders/${orderNo}/refund`, { amount: 100, reason: '' })).statusCode).toBe(
      400,
    );
    // Nothing changed by the refusals.
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
    expect(await auditOf(orderNo)).toEqual([]);
    const res = await post(`/api/admin/orders/${orderNo}/refund`, {
      amount: 5_000,
      reason: '缺货，协商退款',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().resData;
    // Part of the payment went back: 部分退款, the rest still refundable (several refunds may follow).
    expect(order.status).toBe('partially_refunded');
    expect(order.refundedAmount).toBe(5_000);
    expect(order.refundable).toBe(7_800);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        amount: 5_000,
        status: 'succeeded',
        reason: 'buyer',
        requestedBy: support.username,
        lines: [],
      }),
    ]);
    expect(order.payments[0].status).toBe('succeeded');
    expect(order.timeline.map((event: { status: string }) => event.status)).toEqual([
      'pending',
      'paid',
      'refunding',
      'partially_refunded',
    ]);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('partially_refunded');
    const audits = await auditOf(orderNo);
    expect(
      audits.map(({ action, operatorId, before, after, detail }) => ({
        action,
        operatorId,
        before,
        after,
        detail,
      })),
    ).toEqual([
      {
        action: 'order.refund',
        operatorId: support.id,
        before: { status: 'paid' },
        after: { refund: order.refunds[0].outRefundNo, amount: 5_000, channel: 'sandbox' },
        detail: '缺货，协商退款',
      },
    ]);
    const more = await post(`/api/admin/orders/${orderNo}/refund`, { amount: 7_801, reason: '再退一次' });
    expect(more.statusCode).toBe(400);
    expect(more.json().code).toBe('ValidationError');
  });

  it('ships and refunds once when two operators act on the same order at the same time', async () => {
    const buyer = await newBuyer(t);
    const shipping = await paidOrder(buyer);
    const ships = await Promise.all(
      ['SF1111111111', 'SF2222222222'].map((trackingNo) =>
        post(`/api/admin/orders/${shipping.orderNo}/ship`, { carrier: '顺丰速运', trackingNo }),
      ),
    );
    expect(ships.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(shipping.orderNo)).map((row) => row.action)).toEqual(['order.ship']);

    const refunding = await paidOrder(buyer);
    const refundsSent = await Promise.all(
      [12_800, 12_800].map((amount) =>
        post(`/api/admin/orders/${refunding.orderNo}/refund`, { amount, reason: '同时退款' }),
      ),
    );
    // The second finds the order refunded, or the payment's refund under way: nothing left (409).
    expect(refundsSent.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const order = (await get(`/api/admin/orders/${refunding.orderNo}`)).json().resData;
    expect(order.status).toBe('refunded');
    expect(order.refunds).toHaveLength(1);
    expect((await auditOf(refunding.orderNo)).map((row) => row.action)).toEqual(['order.refund']);
  });

  it("approves or turns down a buyer's refund request", async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await paidOrder(buyer, 19_900);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/shop/orders/${orderNo}/refund`,
        headers: { token: buyer.token },
        payload: { reason: '不想要了' },
      });
    expect((await post(`/api/admin/orders/${orderNo}/refund-reject`, { reason: '未申请' })).statusCode).toBe(
      409,
    );
    expect((await ask()).json().resData.status).toBe('refunding');
    const listed = (await get('/api/admin/orders', { phone: buyer.phone, status: 'refunding' })).json()
      .resData;
    expect(listed.list.map((order: { orderNo: string }) => order.orderNo)).toEqual([orderNo]);
    expect((await get(`/api/admin/orders/${orderNo}`)).json().resData.refundReason).toBe('不想要了');
    expect((await post(`/api/admin/orders/${orderNo}/refund-reject`, { reason: 'x' })).statusCode).toBe(400);
    const rejected = await post(`/api/admin/orders/${orderNo}/refund-reject`, { reason: '商品已拆封' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().resData.status).toBe('paid');
    expect((await buyerOrder(t, buyer, orderNo)).timeline.at(-1)?.note).toBe('退款申请未通过：商品已拆封');
    expect((await ask()).json().resData.status).toBe('refunding');
    const approved = await post(`/api/admin/orders/${orderNo}/refund`, {
      amount: 19_900,
      reason: '同意退货',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().resData.status).toBe('refunded');
    expect(
      (await auditOf(orderNo)).map(({ action, before, detail }) => ({ action, before, detail })),
    ).toEqual([
      { action: 'order.refund-reject', before: { status: 'refunding' }, detail: '商品已拆封' },
      { action: 'order.refund', before: { status: 'refunding' }, detail: '同意退货' },
    ]);
  });
});
