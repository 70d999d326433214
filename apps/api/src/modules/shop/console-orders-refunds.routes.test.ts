/**
 * Refunds in parts from the console, over real orders made and paid (sandbox) as buyers do: each part
 * names its amount and the lines it gives back; the order is 部分退款 until the parts add up to the
 * payment, then 已退款; a part beyond what remains, or a line given back twice, is refused; operators
 * refunding at once never give back more than the payment; goods are refunded after shipping and what
 * a partial refund left still ships; course and service orders (done at payment) are refunded, a
 * refunded course stops playing while the order's other course keeps playing; the buyer's own request
 * still goes through; the buyer's order page shows the amounts and the lines given back.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCourse, storeFixtureVideo } from '../../../test/ketang-fixtures.ts';
import { type Buyer, buyerOrder, newBuyer, payInSandbox, placeOrder } from '../../../test/shop-buyer.ts';
import { type AddedProduct, addProduct, salesOf } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';
import { refunds } from '../pay/testing-tables.ts';

const t = useTestApp();
beforeAll(async () => {
  await storeFixtureVideo(t);
});
const support = useOperator(t, 'support');

/** An order of one piece of each product, paid through the sandbox. */
async function paidOrder(
  buyer: Buyer,
  products: AddedProduct[],
): Promise<{ orderNo: string; total: number }> {
  const lines = products.map((product) => ({ skuId: product.skuId, qty: 1 }));
  const { orderNo, total } = await placeOrder(t, buyer, lines);
  const { status } = await payInSandbox(t, buyer, orderNo);
  // Goods wait for shipping; courses and services are done at payment.
  expect(['paid', 'done']).toContain(status);
  return { orderNo, total };
}

function refund(orderNo: string, amount: number, lines: number[] = [], reason = '协商部分退款') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNo}/refund`,
    headers: support.headers,
    payload: { amount, lines, reason },
  });
}

function ship(orderNo: string, trackingNo: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNo}/ship`,
    headers: support.headers,
    payload: { carrier: '顺丰速运', trackingNo },
  });
}

async function detail(orderNo: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderNo}`,
    headers: support.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resData;
}

function play(buyer: Buyer, lesson: number) {
  return t.app.inject({
    method: 'GET',
    url: '/api/crm/ketang/play',
    query: { lesson: String(lesson) },
    headers: { token: buyer.token },
  });
}

const statuses = (order: { timeline: { status: string }[] }) => order.timeline.map((event) => event.status);

describe('partial refunds from the console', () => {
  it('refunds an order in parts: 部分退款 until the parts reach the payment, then 已退款; never more', async () => {
    const buyer = await newBuyer(t);
    const compass = await addProduct(t.database.db, {
      title: '黄铜罗盘',
      skus: [{ price: 5_000, stock: 5 }],
    });
    const calendar = await addProduct(t.database.db, {
      title: '玄历台历',
      skus: [{ price: 7_800, stock: 5 }],
    });
    const { orderNo, total } = await paidOrder(buyer, [compass, calendar]);
    expect(total).toBe(12_800);

    const first = await refund(orderNo, 3_000, [1], '罗盘有划痕，退回');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().resData).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 3_000,
      refundable: 9_800,
      items: [
        { line: 1, refund: 'refunded' },
        { line: 2, refund: 'none' },
      ],
      payments: [{ status: 'succeeded' }],
    });
    // The buyer reads 部分退款, what came back and which line.
    expect(await buyerOrder(t, buyer, orderNo)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 3_000,
      items: [
        { title: '黄铜罗盘', refunded: true },
        { title: '玄历台历', refunded: false },
      ],
    });
    expect([
      await salesOf(t.database.db, compass.productId),
      await salesOf(t.database.db, calendar.productId),
    ]).toEqual([0, 1]);

    const second = await refund(orderNo, 5_000);
    expect(second.json().resData).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 8_000,
      refundable: 4_800,
    });

    // A third part beyond what remains, or a line already given back: refused, nothing changes.
    const beyond = await refund(orderNo, 4_801);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json()).toEqual({
      code: 'ValidationError',
      msg: '退款金额须在 ¥0.01 到可退金额 ¥48.00 之间',
    });
    const again = await refund(orderNo, 100, [1]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'Conflict', msg: '第 1 行商品已在其他退款中' });
    expect((await refund(orderNo, 100, [3])).json()).toEqual({
      code: 'ValidationError',
      msg: '订单没有第 3 行商品',
    });
    expect((await t.database.db.select().from(refunds).where(eq(refunds.orderNo, orderNo))).length).toBe(2);

    const last = await refund(orderNo, 4_800, [2]);
    expect(last.json().resData).toMatchObject({
      status: 'refunded',
      refundedAmount: 12_800,
      refundable: 0,
      items: [{ refund: 'refunded' }, { refund: 'refunded' }],
      payments: [{ status: 'refunded' }],
    });
    const order = last.json().resData;
    expect(order.refunds.map((row: { amount: number; lines: number[] }) => [row.amount, row.lines])).toEqual([
      [3_000, [1]],
      [5_000, []],
      [4_800, [2]],
    ]);
    expect(new Set(order.refunds.map((row: { outRefundNo: string }) => row.outRefundNo)).size).toBe(3);
    expect(statuses(order)).toEqual([
      'pending',
      'paid',
      'refunding',
      'partially_refunded',
      'refunding',
      'partially_refunded',
      'refunding',
      'refunded',
    ]);
    expect([
      await salesOf(t.database.db, compass.productId),
      await salesOf(t.database.db, calendar.productId),
    ]).toEqual([0, 0]);
    expect(await buyerOrder(t, buyer, orderNo)).toMatchObject({ status: 'refunded', refundedAmount: 12_800 });
    expect((await refund(orderNo, 1)).statusCode).toBe(409);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderNo}`))
      .orderBy(auditLog.id);
    expect(audits.map((row) => [row.action, row.after])).toEqual([
      [
        'order.refund',
        { refund: order.refunds[0].outRefundNo, amount: 3_000, channel: 'sandbox', lines: [1] },
      ],
      ['order.refund', { refund: order.refunds[1].outRefundNo, amount: 5_000, channel: 'sandbox' }],
      [
        'order.refund',
        { refund: order.refunds[2].outRefundNo, amount: 4_800, channel: 'sandbox', lines: [2] },
      ],
    ]);
  });

  it('never gives back more than the payment when operators refund at the same time', async () => {
    const buyer = await newBuyer(t);
    const product = await addProduct(t.database.db, { skus: [{ price: 12_800, stock: 5 }] });
    const { orderNo } = await paidOrder(buyer, [product]);
    const answers = await Promise.all([5_000, 5_000, 5_000, 5_000].map((amount) => refund(orderNo, amount)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 400, 400]);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderNo, orderNo));
    expect(rows.map((row) => row.amount)).toEqual([5_000, 5_000]);
    expect(await detail(orderNo)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 10_000,
      refundable: 2_800,
    });
    // Two at once for the whole rest: one of them.
    const rest = await Promise.all([2_800, 2_800].map((amount) => refund(orderNo, amount)));
    expect(rest.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await detail(orderNo)).toMatchObject({ status: 'refunded', refundedAmount: 12_800 });
  });

  it('refunds goods after shipping, and ships what a partial refund left', async () => {
    const buyer = await newBuyer(t);
    const bowl = await addProduct(t.database.db, { title: '铜钵', skus: [{ price: 6_000, stock: 5 }] });
    const bell = await addProduct(t.database.db, { title: '风铃', skus: [{ price: 4_000, stock: 5 }] });
    // Shipped, then sent back: refunded in full by the operator.
    const returned = await paidOrder(buyer, [bowl]);
    expect((await ship(returned.orderNo, 'SF1000000001')).statusCode).toBe(200);
    const back = await refund(returned.orderNo, returned.total, [1], '买家退货已收到');
    expect(back.json().resData).toMatchObject({ status: 'refunded', tracking: '顺丰速运 SF1000000001' });
    expect(statuses(back.json().resData)).toEqual(['pending', 'paid', 'shipped', 'refunding', 'refunded']);

    // The bell is out of stock: refunded before shipping; the bowl still ships, the order stays 部分退款.
    const split = await paidOrder(buyer, [bowl, bell]);
    expect((await refund(split.orderNo, 4_000, [2], '风铃缺货')).json().resData.status).toBe(
      'partially_refunded',
    );
    const shipped = await ship(split.orderNo, 'SF1000000002');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().resData).toMatchObject({
      status: 'partially_refunded',
      tracking: '顺丰速运 SF1000000002',
    });
    expect(statuses(shipped.json().resData).slice(-1)).toEqual(['shipped']);
    expect((await buyerOrder(t, buyer, split.orderNo)).tracking).toBe('顺丰速运 SF1000000002');
    expect((await ship(split.orderNo, 'SF1000000003')).statusCode).toBe(409);
    // The bowl comes back too: the rest of the money.
    const rest = await refund(split.orderNo, 6_000, [1], '买家退货');
    expect(rest.json().resData).toMatchObject({ status: 'refunded', refundedAmount: 10_000 });

    // Nothing of a goods order left to ship once every goods line was given back.
    const small = await paidOrder(buyer, [bell]);
    expect(small.total).toBe(4_800);
    expect((await refund(small.orderNo, 4_000, [1], '缺货')).json().resData.status).toBe(
      'partially_refunded',
    );
    expect((await ship(small.orderNo, 'SF1000000004')).statusCode).toBe(409);
  });

  it('refunds course and service orders; a refunded course stops playing, the order’s other course plays on', async () => {
    const buyer = await newBuyer(t);
    const fengshui = await addCourse(t, { lessons: [{ free: true }, {}] });
    const liuyao = await addCourse(t, { lessons: [{ free: true }, {}] });
    const courseA = await addProduct(t.database.db, {
      kind: 'course',
      courseId: fengshui.courseId,
      skus: [{ price: 19_900, stock: 99 }],
    });
    const courseB = await addProduct(t.database.db, {
      kind: 'course',
      courseId: liuyao.courseId,
      skus: [{ price: 9_900, stock: 99 }],
    });
    const both = await paidOrder(buyer, [courseA, courseB]);
    expect((await detail(both.orderNo)).status).toBe('done');
    expect((await play(buyer, fengshui.lessonIds[1])).statusCode).toBe(200);
    expect((await play(buyer, liuyao.lessonIds[1])).statusCode).toBe(200);

    const partial = await refund(both.orderNo, 19_900, [1], '风水课不想学了');
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().resData).toMatchObject({ status: 'partially_refunded', refundable: 9_900 });
    expect(statuses(partial.json().resData)).toEqual([
      'pending',
      'paid',
      'done',
      'refunding',
      'partially_refunded',
    ]);
    const lost = await play(buyer, fengshui.lessonIds[1]);
    expect(lost.statusCode).toBe(403);
    expect(lost.json().code).toBe('Forbidden');
    expect((await play(buyer, liuyao.lessonIds[1])).statusCode).toBe(200);
    // The free preview still plays, as for anyone.
    expect((await play(buyer, fengshui.lessonIds[0])).statusCode).toBe(200);
    // A part of the money without naming a line leaves the course open.
    expect((await refund(both.orderNo, 900)).json().resData.status).toBe('partially_refunded');
    expect((await play(buyer, liuyao.lessonIds[1])).statusCode).toBe(200);
    // The rest: every line goes back with it.
    expect((await refund(both.orderNo, 9_000)).json().resData.status).toBe('refunded');
    expect((await play(buyer, liuyao.lessonIds[1])).statusCode).toBe(403);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/crm/ketang/myorder',
      headers: { token: buyer.token },
    });
    expect(mine.json().resData.list).toEqual([]);

    const service = await addProduct(t.database.db, {
      kind: 'service',
      sellid: 'qixingtang',
      skus: [{ price: 30_000, stock: 9 }],
    });
    const consult = await paidOrder(buyer, [service]);
    expect((await detail(consult.orderNo)).status).toBe('done');
    const back = await refund(consult.orderNo, 30_000, [1], '老师无法预约');
    expect(back.json().resData.status).toBe('refunded');
  });

  it("still approves a buyer's own request, in part or in full", async () => {
    const buyer = await newBuyer(t);
    const product = await addProduct(t.database.db, { skus: [{ price: 20_000, stock: 5 }] });
    const { orderNo } = await paidOrder(buyer, [product]);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${orderNo}/refund`,
      headers: { token: buyer.token },
      payload: { reason: '尺寸不合适' },
    });
    expect(asked.json().resData.status).toBe('refunding');
    const detailNow = await detail(orderNo);
    expect(detailNow).toMatchObject({ status: 'refunding', refundReason: '尺寸不合适', refundable: 20_000 });
    const part = await refund(orderNo, 8_000, [], '协商退一部分');
    expect(part.json().resData).toMatchObject({ status: 'partially_refunded', refundedAmount: 8_000 });
    // Turning down is for a refunding order only.
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderNo}/refund-reject`,
      headers: support.headers,
      payload: { reason: '已部分退款' },
    });
    expect(reject.statusCode).toBe(409);
    expect((await refund(orderNo, 12_000)).json().resData.status).toBe('refunded');
  });
});
