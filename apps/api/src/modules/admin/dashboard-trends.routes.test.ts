/**
 * The 概览's trends and expiring VIPs through the API, over rows written on both sides of the edges
 * that decide them (the test clock's now is 2026-01-15 12:00 Beijing): a Beijing midnight, the first
 * and last day of the 30, and the ends of the 7-day VIP window. Each day moves by exactly what was
 * written on it.
 */
import { describe, expect, it } from 'vitest';
import { signIn, testPhone } from '../../../test/accounts.ts';
import { FIXED_NOW } from '../../../test/build.ts';
import type { TestOperator } from '../../../test/operators.ts';
import { addOrderRow, addProduct } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { users } from '../member/testing-tables.ts';
import { payments, refunds } from '../pay/testing-tables.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-01-15 00:00 Beijing. */
const TODAY = Date.UTC(2026, 0, 14, 16);
/** 2025-12-17 00:00 Beijing: the first of the 30 days. */
const FIRST = TODAY - 29 * DAY;

interface Day {
  date: string;
  paidOrders: number;
  paidAmount: number;
  refundedAmount: number;
  revenue: number;
  newUsers: number;
}

describe('console dashboard trends', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');
  const support = useOperator(t, 'support');

  const get = async (url: string, as: TestOperator) => {
    const res = await t.app.inject({ method: 'GET', url, headers: as.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData;
  };

  /** A paid goods order of `price` 分 paid at `ms`. */
  const paidAt = async (buyer: number, ms: number, price: number) => {
    const goods = await addProduct(t.database.db, { skus: [{ price, stock: 10 }] });
    return addOrderRow(t.database.db, {
      userId: buyer,
      status: 'paid',
      product: goods,
      price,
      createdAt: new Date(ms),
    });
  };

  /** A buyer's refund of order `orderNo` that the provider confirmed at `ms`. */
  const refundedAt = async (orderNo: string, ms: number, amount: number) => {
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        outTradeNo: `${orderNo}P01`,
        orderNo,
        channel: 'sandbox',
        amount,
        status: 'refunded',
        transactionId: `tx-${orderNo}`,
        createdAt: new Date(ms - HOUR),
        expiresAt: new Date(ms),
        succeededAt: new Date(ms - HOUR),
      })
      .returning({ id: payments.id });
    await t.database.db.insert(refunds).values({
      outRefundNo: `${orderNo}R000001`,
      orderNo,
      paymentId: payment.id,
      amount,
      status: 'succeeded',
      reason: 'buyer',
      requestedBy: 'kefu01',
      createdAt: new Date(ms),
      completedAt: new Date(ms),
    });
  };

  it('counts orders, revenue net of refunds and new users per Beijing day, 30 days to today', async () => {
    expect(FIXED_NOW).toBe(TODAY + 12 * HOUR);
    const before: { days: Day[] } = await get('/api/admin/dashboard/trends', editor);
    const buyer = (await signIn(t, 'user')).userId!;
    // On a Beijing midnight: the order at 00:00:00.000 is the new day's, 1 ms earlier the day before's.
    const atMidnight = await paidAt(buyer, TODAY, 10_000);
    await paidAt(buyer, TODAY - 1, 7_000);
    // The first day of the 30 starts at its midnight; the millisecond before it is in no day.
    await paidAt(buyer, FIRST, 3_000);
    await paidAt(buyer, FIRST - 1, 99_900);
    // The order of the midnight refunded today at 00:00 Beijing; a refund of yesterday's at 23:59.
    await refundedAt(atMidnight, TODAY, 4_000);
    const late = await paidAt(buyer, TODAY - 2 * DAY, 5_000);
    await refundedAt(late, TODAY - 1, 5_000);
    // A refund larger than the day's takings: the day's revenue is negative.
    const early = await paidAt(buyer, FIRST + HOUR, 1_000);
    await refundedAt(early, FIRST + 2 * DAY, 1_000);
    await t.database.db.insert(users).values([
      { nickname: '零点用户', createdAt: new Date(TODAY) },
      { nickname: '前一天用户', createdAt: new Date(TODAY - 1) },
      { nickname: '窗口外用户', createdAt: new Date(FIRST - 1) },
    ]);

    const after: { days: Day[]; asOf: string } = await get('/api/admin/dashboard/trends', editor);
    expect(after.asOf).toBe(new Date(FIXED_NOW).toISOString());
    expect(after.days).toHaveLength(30);
    expect(after.days[0].date).toBe('2025-12-17');
    expect(after.days[29].date).toBe('2026-01-15');
    const dates = after.days.map((day) => day.date);
    expect(dates).toEqual(before.days.map((day) => day.date));
    // Consecutive days, no gap and no repeat.
    for (let i = 1; i < 30; i += 1) {
      expect(Date.parse(dates[i]) - Date.parse(dates[i - 1])).toBe(DAY);
    }
    const change = (date: string) => {
      const now = after.days.find((day) => day.date === date) as Day;
      const then = before.days.find((day) => day.date === date) as Day;
      return {
        paidOrders: now.paidOrders - then.paidOrders,
        paidAmount: now.paidAmount - then.paidAmount,
        refundedAmount: now.refundedAmount - then.refundedAmount,
        revenue: now.revenue - then.revenue,
        newUsers: now.newUsers - then.newUsers,
      };
    };
    expect(change('2026-01-15')).toEqual({
      paidOrders: 1,
      paidAmount: 10_000,
      refundedAmount: 4_000,
      revenue: 6_000,
      newUsers: 1,
    });
    expect(change('2026-01-14')).toEqual({
      paidOrders: 1,
      paidAmount: 7_000,
      refundedAmount: 5_000,
      revenue: 2_000,
      newUsers: 1,
    });
    expect(change('2026-01-13')).toEqual({
      paidOrders: 1,
      paidAmount: 5_000,
      refundedAmount: 0,
      revenue: 5_000,
      newUsers: 0,
    });
    expect(change('2025-12-17')).toEqual({
      paidOrders: 2,
      paidAmount: 4_000,
      refundedAmount: 0,
      revenue: 4_000,
      newUsers: 0,
    });
    expect(change('2025-12-19')).toMatchObject({ refundedAmount: 1_000, revenue: -1_000 });
    // Every other day is as it was; the order and the account before the window count nowhere.
    const touched = new Set(['2026-01-15', '2026-01-14', '2026-01-13', '2025-12-17', '2025-12-19']);
    for (const date of dates.filter((d) => !touched.has(d))) {
      expect(change(date), date).toEqual({
        paidOrders: 0,
        paidAmount: 0,
        refundedAmount: 0,
        revenue: 0,
        newUsers: 0,
      });
    }
    for (const day of after.days) {
      expect(Number.isInteger(day.revenue)).toBe(true);
      expect(day.revenue).toBe(day.paidAmount - day.refundedAmount);
    }
  });

  it('lists the VIPs whose membership ends within 7 days, soonest first, phones masked', async () => {
    const before = await get('/api/admin/dashboard/expiring-vips', support);
    const phones = Array.from({ length: 5 }, () => testPhone());
    const rows = await t.database.db
      .insert(users)
      .values([
        // Ended this very millisecond: no longer a VIP.
        { phone: phones[0], nickname: '刚到期', vipExpire: new Date(FIXED_NOW) },
        { phone: phones[1], nickname: '明天到期', vipExpire: new Date(FIXED_NOW + 1) },
        // Exactly 7 days from now is inside, 1 ms later is not.
        { phone: phones[2], nickname: '七天整', vipExpire: new Date(FIXED_NOW + 7 * DAY) },
        { phone: phones[3], nickname: '七天多一毫秒', vipExpire: new Date(FIXED_NOW + 7 * DAY + 1) },
        // A deleted account is nobody's customer any more.
        { phone: phones[4], nickname: '已注销', vipExpire: new Date(FIXED_NOW + DAY), deletedAt: new Date() },
      ])
      .returning({ id: users.id });
    const after = await get('/api/admin/dashboard/expiring-vips', support);
    expect(after.count - before.count).toBe(2);
    const ours = after.list.filter((vip: { userId: number }) => rows.some((row) => row.id === vip.userId));
    expect(ours).toEqual([
      {
        userId: rows[1].id,
        phone: `${phones[1].slice(0, 3)}****${phones[1].slice(-4)}`,
        nickname: '明天到期',
        vipExpire: new Date(FIXED_NOW + 1).toISOString(),
      },
      {
        userId: rows[2].id,
        phone: `${phones[2].slice(0, 3)}****${phones[2].slice(-4)}`,
        nickname: '七天整',
        vipExpire: new Date(FIXED_NOW + 7 * DAY).toISOString(),
      },
    ]);
    const expiries = after.list.map((vip: { vipExpire: string }) => vip.vipExpire);
    expect(expiries).toEqual([...expiries].sort());
    expect(JSON.stringify(after)).not.toContain(phones[1]);
  });
});
