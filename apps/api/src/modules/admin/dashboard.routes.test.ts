/**
 * The console's dashboard through the API, over orders, refunds and accounts written around the
 * edges of Beijing days (the test clock's now is 2026-01-15 12:00 Beijing): each figure moves by
 * exactly what was added inside its period and not by what lies just outside it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import { addOrderRow, addProduct, type OrderRowFixture } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { courses } from '../ketang/testing-tables.ts';
import { users } from '../member/testing-tables.ts';
import { payments, refunds } from '../pay/testing-tables.ts';
import { orderItems } from '../shop/testing-tables.ts';

const HOUR = 3_600_000;
/** 2026-01-15 00:00 Beijing. */
const TODAY = Date.UTC(2026, 0, 14, 16);
/** 2026-01-01 00:00 Beijing. */
const MONTH = Date.UTC(2025, 11, 31, 16);

describe('console dashboard', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');

  const figures = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: editor.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData;
  };

  it('counts paid orders, revenue net of refunds, new users and VIPs by Beijing day and month', async () => {
    expect(FIXED_NOW).toBe(TODAY + 12 * HOUR);
    const before = await figures();
    const { userId } = await signIn(t, 'user');
    const buyer = userId!;
    const goods = await addProduct(t.database.db, { skus: [{ price: 10_000, stock: 10 }] });
    const course = await addProduct(t.database.db, { kind: 'course', courseId: 'course-dash-liuyao' });
    const at = (ms: number) => new Date(ms);
    const order = (fixture: Omit<OrderRowFixture, 'userId'>) =>
      addOrderRow(t.database.db, { userId: buyer, ...fixture });
    const liuyao = { kind: 'course', product: course, courseId: 'course-dash-liuyao' } as const;
    // Today: 100 元 of goods, two enrolments of a course, and a course order refunded today.
    await order({ status: 'paid', product: goods, price: 10_000, createdAt: at(FIXED_NOW - HOUR) });
    await order({ ...liuyao, status: 'done', price: 5_000, qty: 2, createdAt: at(TODAY + HOUR) });
    const refundedNo = await order({
      ...liuyao,
      status: 'refunded',
      price: 2_000,
      createdAt: at(TODAY + 2 * HOUR),
    });
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        outTradeNo: `${refundedNo}P01`,
        orderNo: refundedNo,
        channel: 'sandbox',
        amount: 2_000,
        status: 'refunded',
        transactionId: `tx-${refundedNo}`,
        createdAt: at(TODAY + 2 * HOUR),
        expiresAt: at(TODAY + 3 * HOUR),
        succeededAt: at(TODAY + 2 * HOUR),
      })
      .returning({ id: payments.id });
    await t.database.db.insert(refunds).values({
      outRefundNo: `${refundedNo}R000001`,
      orderNo: refundedNo,
      paymentId: payment.id,
      amount: 2_000,
      status: 'succeeded',
      reason: 'buyer',
      requestedBy: 'kefu01',
      createdAt: at(TODAY + 3 * HOUR),
      completedAt: at(TODAY + 3 * HOUR),
    });
    // This month but yesterday (23:59 Beijing on the 14th): one more enrolment.
    await order({ ...liuyao, status: 'done', price: 3_000, createdAt: at(TODAY - 60_000) });
    // A course of the classroom: named by its own title, not the product's.
    const seeded = await addProduct(t.database.db, { kind: 'course', courseId: 'bazi-rumen' });
    const rumen = { kind: 'course', product: seeded, courseId: 'bazi-rumen' } as const;
    await order({ ...rumen, status: 'done', price: 9_900, createdAt: at(TODAY + 4 * HOUR) });
    // Last month (23:00 Beijing on 2025-12-31), and an order never paid: counted nowhere.
    await order({ status: 'paid', product: goods, price: 7_000, createdAt: at(MONTH - HOUR) });
    await order({ status: 'pending', product: goods, createdAt: at(FIXED_NOW) });
    // Accounts: one today, one earlier this month, one last month; VIPs: one running, one ended.
    await t.database.db.insert(users).values([
      { nickname: '今日新用户', createdAt: at(TODAY + HOUR), vipExpire: at(FIXED_NOW + 30 * 24 * HOUR) },
      { nickname: '本月新用户', createdAt: at(MONTH + HOUR), vipExpire: at(FIXED_NOW - HOUR) },
      { nickname: '上月用户', createdAt: at(MONTH - HOUR) },
    ]);

    const after = await figures();
    // How far each figure moved: [today, this month].
    const moved = (field: string) =>
      ['today', 'month'].map((period) => after[period][field] - before[period][field]);
    const FIGURES = ['paidOrders', 'paidAmount', 'refundedAmount', 'revenue', 'newUsers'];
    expect(Object.fromEntries(FIGURES.map((field) => [field, moved(field)]))).toEqual({
      paidOrders: [4, 5],
      paidAmount: [31_900, 34_900],
      refundedAmount: [2_000, 2_000],
      revenue: [29_900, 32_900],
      newUsers: [1, 2],
    });
    // signIn(t, 'user') made no VIP; of the two inserted, only the running one counts.
    expect(after.activeVips - before.activeVips).toBe(1);
    // Two enrolments today and one yesterday; the refunded one is left out.
    expect(after.topCourses).toContainEqual({ courseId: 'course-dash-liuyao', title: '测试商品', count: 3 });
    const [rumenTitle] = await t.database.db
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, 'bazi-rumen'));
    expect(after.topCourses).toContainEqual({
      courseId: 'bazi-rumen',
      title: rumenTitle.title,
      count:
        (before.topCourses.find((c: { courseId: string }) => c.courseId === 'bazi-rumen')?.count ?? 0) + 1,
    });
    expect(rumenTitle.title).not.toBe('测试商品');
    expect(after.asOf).toBe(new Date(FIXED_NOW).toISOString());
  });

  it('leaves out of the top courses a course line a partial refund gave back', async () => {
    const { userId } = await signIn(t, 'user');
    const course = await addProduct(t.database.db, { kind: 'course', courseId: 'course-dash-partial' });
    const enrolment = {
      userId: userId!,
      kind: 'course' as const,
      product: course,
      courseId: 'course-dash-partial',
    };
    await addOrderRow(t.database.db, { ...enrolment, status: 'done', createdAt: new Date(TODAY + HOUR) });
    const partly = await addOrderRow(t.database.db, {
      ...enrolment,
      status: 'partially_refunded',
      refundedAmount: 1000,
      createdAt: new Date(TODAY + 2 * HOUR),
    });
    await t.database.db
      .update(orderItems)
      .set({ refundedAt: new Date(TODAY + 3 * HOUR) })
      .where(eq(orderItems.orderNo, partly));
    expect((await figures()).topCourses).toContainEqual({
      courseId: 'course-dash-partial',
      title: '测试商品',
      count: 1,
    });
  });
});
