/**
 * The shop's side of payments as the pay module calls it: finding an order to pay (with its row
 * lock and the cashier line), recording a payment (sales, course grants in 我的课程, courses and
 * services done at once, repeats changing nothing, other payments and late ones to be refunded —
 * late by the provider's time of payment, not by when its callback arrives), recording a refund
 * (sales back, courses withdrawn), and refusing a refund.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { type Buyer, newBuyer, placeOrder } from '../../../test/shop-buyer.ts';
import {
  type AddedProduct,
  addOrderRow,
  addProduct,
  salesOf,
  statusOf,
  stockOf,
} from '../../../test/shop-fixtures.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { createOrderLedger, rejectRefund } from './ledger.ts';
import { orderEvents, orders } from './schema.ts';
import { cancelExpiredOrders, SETTLEMENT_GRACE_MS, TIMEOUT_NOTE } from './sweeper.ts';

let keys = 0;

describe('the order ledger', () => {
  let t: TestApp;
  let ledger: ReturnType<typeof createOrderLedger>;
  beforeAll(async () => {
    t = await buildTestApp();
    ledger = createOrderLedger({ clock: t.clock });
  });
  afterAll(() => t.close());

  const buyer = () => newBuyer(t);

  /** Places an order through the API and answers its number and total. */
  const place = (who: Buyer, lines: { product: AddedProduct; qty: number }[]) =>
    placeOrder(
      t,
      who,
      lines.map(({ product, qty }) => ({ skuId: product.skuId, qty })),
    );

  const payment = (total: number, transactionId = `wx-${++keys}`) => ({
    channel: 'wechat' as const,
    amount: total,
    transactionId,
    paidAt: new Date(t.clock.now()),
  });

  const pay = (orderNo: string, paid: ReturnType<typeof payment>) =>
    t.database.db.transaction((tx) => ledger.markPaid(tx, orderNo, paid));

  const detail = async (token: string, orderNo: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/shop/orders/${orderNo}`, headers: { token } })).json()
      .resData;

  const myCourses = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/crm/ketang/myorder', headers: { token } })).json()
      .resData;

  it('finds an order to pay with its cashier line, only for its buyer when one is named', async () => {
    const who = await buyer();
    const stranger = await buyer();
    const bead = await addProduct(t.database.db, { title: '紫檀手串', skus: [{ price: 3900, stock: 9 }] });
    const book = await addProduct(t.database.db, { title: '玄历台历', skus: [{ price: 2000, stock: 9 }] });
    const { orderNo, total } = await place(who, [
      { product: bead, qty: 1 },
      { product: book, qty: 1 },
    ]);
    const found = await ledger.findForPayment(t.database.db, orderNo, who.userId);
    expect(found).toEqual({
      orderNo,
      userId: who.userId,
      status: 'pending',
      total,
      subject: '玄历商城-紫檀手串 等2件',
      payDeadline: new Date(t.clock.now() + 15 * 60_000),
      lines: [1, 2],
    });
    expect(await ledger.findForPayment(t.database.db, orderNo, stranger.userId)).toBeNull();
    expect(await ledger.findForPayment(t.database.db, '20260115120000000000')).toBeNull();
    // Inside the caller's transaction (a callback's), as the pay module calls it before markPaid.
    const inTx = await t.database.db.transaction((tx) => ledger.findForPayment(tx, orderNo));
    expect(inTx?.subject).toBe('玄历商城-紫檀手串 等2件');
  });

  it('finds an order pending through the grace after its deadline, then cancelled, its stock back once', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 2 }] });
    const { orderNo } = await place(who, [{ product, qty: 2 }]);
    t.clock.advanceSeconds(15 * 60 + SETTLEMENT_GRACE_MS / 1000 - 1);
    expect((await ledger.findForPayment(t.database.db, orderNo))?.status).toBe('pending');
    expect(await stockOf(t.database.db, product.skuId)).toBe(0);
    t.clock.advanceSeconds(1);
    expect((await ledger.findForPayment(t.database.db, orderNo))?.status).toBe('cancelled');
    expect(await stockOf(t.database.db, product.skuId)).toBe(2);
    expect((await ledger.findForPayment(t.database.db, orderNo))?.status).toBe('cancelled');
    expect(await stockOf(t.database.db, product.skuId)).toBe(2);
  });

  it('records a goods payment once: paid, sales counted, a repeat changes nothing', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 2500, stock: 10 }] });
    const { orderNo, total } = await place(who, [{ product, qty: 4 }]);
    const paid = payment(total);
    expect(await pay(orderNo, paid)).toBe('paid');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row).toMatchObject({
      status: 'paid',
      paidAt: paid.paidAt,
      payChannel: 'wechat',
      transactionId: paid.transactionId,
    });
    expect(await salesOf(t.database.db, product.productId)).toBe(4);
    expect(await pay(orderNo, paid)).toBe('already-paid');
    expect(await salesOf(t.database.db, product.productId)).toBe(4);
    // A second, different payment of a paid order is money to give back.
    expect(await pay(orderNo, payment(total))).toBe('not-payable');
    const shown = await detail(who.token, orderNo);
    expect(shown).toMatchObject({ status: 'paid', payChannel: 'wechat', paidAt: paid.paidAt.toISOString() });
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderNo, orderNo));
    expect(events.map((event) => [event.status, event.actor, event.note])).toEqual([
      ['pending', 'buyer', ''],
      ['paid', 'pay:wechat', '微信支付'],
    ]);
  });

  it('refuses a payment of the wrong amount, of a cancelled order and of an overdue one', async () => {
    const who = await buyer();
    const product = await addProduct(t.database.db, { skus: [{ price: 1000, stock: 10 }] });
    const wrong = await place(who, [{ product, qty: 1 }]);
    expect(await pay(wrong.orderNo, payment(wrong.total - 1))).toBe('not-payable');
    expect(await statusOf(t.database.db, wrong.orderNo)).toBe('pending');

    const cancelled = await place(who, [{ product, qty: 1 }]);
    await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${cancelled.orderNo}/cancel`,
      headers: { token: who.token },
    });
    expect(await pay(cancelled.orderNo, payment(cancelled.total))).toBe('not-payable');
    expect(await pay('20260115120000000000', payment(100))).toBe('not-payable');

    const late = await place(who, [{ product, qty: 3 }]);
    expect(await stockOf(t.database.db, product.skuId)).toBe(10 - 1 - 3);
    t.clock.advanceSeconds(15 * 60);
    expect(await pay(late.orderNo, payment(late.total))).toBe('not-payable');
    expect(await statusOf(t.database.db, late.orderNo)).toBe('cancelled');
    expect((await detail(who.token, late.orderNo)).timeline.at(-1)).toMatchObject({ note: TIMEOUT_NOTE });
    expect(await stockOf(t.database.db, product.skuId)).toBe(10 - 1);
    expect(await salesOf(t.database.db, product.productId)).toBe(0);
  });

  /** A callback's work as the pay module does it: find (and lock) the order, then record the money. */
  const settle = (orderNo: string, paid: ReturnType<typeof payment>) =>
    t.database.db.transaction(async (tx) => {
      await ledger.findForPayment(tx, orderNo);
      return ledger.markPaid(tx, orderNo, paid);
    });

  const eventsOf = async (orderNo: string) =>
    (
      await t.database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderNo, orderNo))
        .orderBy(orderEvents.id)
    ).map((event) => [event.status, event.actor, event.at.toISOString()]);

  it('pays an order whose callback comes after its deadline when the money was taken before it', async () => {
    const db = t.database.db;
    const who = await buyer();
    const product = await addProduct(db, { skus: [{ price: 2000, stock: 5 }] });
    const placedAt = new Date(t.clock.now());
    const { orderNo, total } = await place(who, [{ product, qty: 2 }]);
    const deadline = placedAt.getTime() + 15 * 60_000;
    // Paid in the last second before the deadline; the callback comes a minute after it.
    const paid = { ...payment(total), paidAt: new Date(deadline - 1000) };
    t.clock.advanceSeconds(16 * 60);
    expect(await settle(orderNo, paid)).toBe('paid');
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row).toMatchObject({ status: 'paid', paidAt: paid.paidAt, cancelledAt: null });
    expect(await eventsOf(orderNo)).toEqual([
      ['pending', 'buyer', placedAt.toISOString()],
      ['paid', 'pay:wechat', paid.paidAt.toISOString()],
    ]);
    // The pieces stay sold, counted once; a repeat of the callback changes nothing.
    expect(await stockOf(db, product.skuId)).toBe(3);
    expect(await salesOf(db, product.productId)).toBe(2);
    expect(await settle(orderNo, paid)).toBe('already-paid');

    // Neither the time-out nor a read after the grace touches it.
    t.clock.advanceSeconds(SETTLEMENT_GRACE_MS / 1000);
    await cancelExpiredOrders({ db, clock: t.clock });
    expect((await detail(who.token, orderNo)).status).toBe('paid');
    expect(await stockOf(db, product.skuId)).toBe(3);
    expect(await salesOf(db, product.productId)).toBe(2);
  });

  it('refuses money taken at or after the deadline even within the grace: the order cancelled, its stock back once', async () => {
    const db = t.database.db;
    const who = await buyer();
    const product = await addProduct(db, { skus: [{ price: 1000, stock: 6 }] });
    const deadline = t.clock.now() + 15 * 60_000;
    const atDeadline = await place(who, [{ product, qty: 2 }]);
    const afterDeadline = await place(who, [{ product, qty: 3 }]);
    expect(await stockOf(db, product.skuId)).toBe(1);

    // Both callbacks arrive within the grace, so the order is still pending when they come.
    t.clock.advanceSeconds(15 * 60 + 30);
    expect((await ledger.findForPayment(db, atDeadline.orderNo))?.status).toBe('pending');
    const paidAtDeadline = { ...payment(atDeadline.total), paidAt: new Date(deadline) };
    expect(await settle(atDeadline.orderNo, paidAtDeadline)).toBe('not-payable');
    expect(await statusOf(db, atDeadline.orderNo)).toBe('cancelled');
    expect(await stockOf(db, product.skuId)).toBe(3);

    t.clock.advanceSeconds(60);
    const paidLate = { ...payment(afterDeadline.total), paidAt: new Date(deadline + 60_000) };
    expect(await settle(afterDeadline.orderNo, paidLate)).toBe('not-payable');
    expect(await statusOf(db, afterDeadline.orderNo)).toBe('cancelled');
    expect(await stockOf(db, product.skuId)).toBe(6);
    // The provider repeats the callback: still money to give back, no stock released twice.
    expect(await settle(afterDeadline.orderNo, paidLate)).toBe('not-payable');
    expect(await settle(atDeadline.orderNo, paidAtDeadline)).toBe('not-payable');
    expect(await stockOf(db, product.skuId)).toBe(6);
    expect(await salesOf(db, product.productId)).toBe(0);

    // Cancelled by the time-out when the callback came, never paid; the sweeper has nothing left.
    expect(await eventsOf(atDeadline.orderNo)).toEqual([
      ['pending', 'buyer', new Date(deadline - 15 * 60_000).toISOString()],
      ['cancelled', 'system', new Date(deadline + 30_000).toISOString()],
    ]);
    expect(await eventsOf(afterDeadline.orderNo)).toEqual([
      ['pending', 'buyer', new Date(deadline - 15 * 60_000).toISOString()],
      ['cancelled', 'system', new Date(deadline + 90_000).toISOString()],
    ]);
    expect((await detail(who.token, afterDeadline.orderNo)).timeline.at(-1)).toMatchObject({
      status: 'cancelled',
      note: TIMEOUT_NOTE,
    });
    t.clock.advanceSeconds(SETTLEMENT_GRACE_MS / 1000);
    await cancelExpiredOrders({ db, clock: t.clock });
    expect(await stockOf(db, product.skuId)).toBe(6);
  });

  it('grants a paid course in 我的课程 and finishes the order at once', async () => {
    const who = await buyer();
    const course = await addProduct(t.database.db, {
      kind: 'course',
      title: '八字入门 30 讲',
      cover: '/covers/bazi.webp',
      courseId: 'bazi-basics',
      skus: [{ price: 19900, stock: 1000 }],
    });
    expect(await myCourses(who.token)).toEqual({ list: [], total: 0 });
    const { orderNo, total } = await place(who, [{ product: course, qty: 1 }]);
    const paid = payment(total);
    expect(await pay(orderNo, paid)).toBe('paid');
    const shown = await detail(who.token, orderNo);
    expect(shown.status).toBe('done');
    expect(shown.timeline.map((event: { status: string }) => event.status)).toEqual([
      'pending',
      'paid',
      'done',
    ]);
    expect(await myCourses(who.token)).toEqual({
      list: [
        {
          courseId: 'bazi-basics',
          title: '八字入门 30 讲',
          cover: '/covers/bazi.webp',
          orderNo,
          grantedAt: paid.paidAt.toISOString(),
          // A course the classroom does not hold (this test's own id): nothing watched, no lessons.
          lessonsDone: 0,
          lessonsTotal: 0,
          lastLesson: null,
          lastPosition: null,
        },
      ],
      total: 1,
    });
    // A done order repeated by the provider: still nothing to change.
    expect(await pay(orderNo, paid)).toBe('already-paid');
    expect(await myCourses(who.token)).toMatchObject({ total: 1 });
    // Nobody else has it.
    expect(await myCourses((await buyer()).token)).toEqual({ list: [], total: 0 });
  });

  it('opens a paid consultation: the order is done and names the master', async () => {
    const who = await buyer();
    const service = await addProduct(t.database.db, { kind: 'service', sellid: 'master-li' });
    const { orderNo, total } = await place(who, [{ product: service, qty: 1 }]);
    expect(await pay(orderNo, payment(total))).toBe('paid');
    const shown = await detail(who.token, orderNo);
    expect(shown).toMatchObject({ status: 'done', items: [{ kind: 'service', sellid: 'master-li' }] });
  });

  it('records a refund: sales back, the course withdrawn, a repeat changes nothing', async () => {
    const who = await buyer();
    const db = t.database.db;
    const goods = await addProduct(db, { skus: [{ price: 5000, stock: 10 }] });
    const course = await addProduct(db, { kind: 'course', courseId: 'fengshui-1' });
    const { orderNo, total } = await place(who, [
      { product: goods, qty: 2 },
      { product: course, qty: 1 },
    ]);
    const paid = payment(total);
    expect(await pay(orderNo, paid)).toBe('paid');
    // Goods and a course together: it waits for shipping, the course is open already.
    expect(await statusOf(db, orderNo)).toBe('paid');
    expect((await myCourses(who.token)).list.map((c: { courseId: string }) => c.courseId)).toEqual([
      'fengshui-1',
    ]);
    expect([await salesOf(db, goods.productId), await salesOf(db, course.productId)]).toEqual([2, 1]);

    const refundedAt = new Date(t.clock.now() + 3600_000);
    const whole = { at: refundedAt, amount: total, lines: [], othersPending: false };
    expect(await db.transaction((tx) => ledger.markRefunded(tx, orderNo, whole))).toBe(false);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${orderNo}/refund`,
      headers: { token: who.token },
      payload: { reason: '买重了' },
    });
    expect(asked.json().resData.status).toBe('refunding');
    // The provider repeats the original payment's callback meanwhile: nothing to give back twice.
    expect(await pay(orderNo, paid)).toBe('already-paid');
    expect(await db.transaction((tx) => ledger.markRefunded(tx, orderNo, whole))).toBe(true);
    expect(await statusOf(db, orderNo)).toBe('refunded');
    expect([await salesOf(db, goods.productId), await salesOf(db, course.productId)]).toEqual([0, 0]);
    expect(await myCourses(who.token)).toEqual({ list: [], total: 0 });
    const [grant] = await db.select().from(courseGrants).where(eq(courseGrants.orderNo, orderNo));
    expect(grant.revokedAt).toEqual(refundedAt);
    expect(await db.transaction((tx) => ledger.markRefunded(tx, orderNo, whole))).toBe(false);
    expect([await salesOf(db, goods.productId), await salesOf(db, course.productId)]).toEqual([0, 0]);
    expect((await detail(who.token, orderNo)).timeline.at(-1)).toMatchObject({ status: 'refunded' });
  });

  it('refuses a refund: refunding → paid with the reason in the timeline, once', async () => {
    const { userId, token } = await buyer();
    const product = await addProduct(t.database.db);
    const orderNo = await addOrderRow(t.database.db, { userId, status: 'refunding', product });
    const at = new Date(t.clock.now());
    const reject = () =>
      t.database.db.transaction((tx) =>
        rejectRefund(tx, orderNo, { at, actor: 'ops@host', reason: '已发货' }),
      );
    expect(await reject()).toBe('paid');
    expect(await reject()).toBeNull();
    const shown = await detail(token, orderNo);
    expect(shown).toMatchObject({ status: 'paid', refundReason: null });
    expect(shown.timeline.at(-1)).toEqual({
      status: 'paid',
      at: at.toISOString(),
      note: '退款申请未通过：已发货',
    });
    // The same function is on the ledger the pay module is handed.
    expect(ledger.rejectRefund).toBe(rejectRefund);
  });
});
