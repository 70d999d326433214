/**
 * Partial refunds through the real providers' stand-ins: the app configured for WeChat Pay and Alipay
 * (fake providers on 127.0.0.1, signing with keys made for this run), orders made and paid as buyers do,
 * refunds made by an operator in the console. Each part goes out with its own refund number and its own
 * amount against the payment's total (WeChat `out_refund_no`, `amount.refund`, `amount.total`; Alipay
 * `out_request_no`, `refund_amount`); their notices settle them one by one (Alipay's carrying the trade's
 * refunded total); and the database itself refuses refunds that would give back more than the payment.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newBuyer, placeOrder, startPayment } from '../../../test/shop-buyer.ts';
import { addProduct } from '../../../test/shop-fixtures.ts';
import { useOperator } from '../../../test/suite.ts';
import { payments, refunds } from './schema.ts';
import { postCallback, usePayApp } from './testing-app.ts';

const { t, wechat, alipay } = usePayApp();
const support = useOperator(t, 'support');
/** A buyer's goods order of one piece at `price` 分 (free shipping from 99 元), its payment started on `channel`. */
async function startedOrder(channel: 'wechat' | 'alipay', price: number) {
  const buyer = await newBuyer(t);
  const product = await addProduct(t.database.db, { skus: [{ price, stock: 5 }] });
  const { orderNo, total } = await placeOrder(t, buyer, [{ skuId: product.skuId, qty: 1 }]);
  const started = await startPayment(
    t,
    buyer,
    orderNo,
    channel === 'alipay' ? { channel, returnUrl: '/xuanli/#/pages/user/orders' } : { channel },
  );
  expect(started.statusCode, started.body).toBe(200);
  return { orderNo, total, token: buyer.token, outTradeNo: started.json().resData.outTradeNo as string };
}

function refund(orderNo: string, amount: number, lines: number[] = []) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderNo}/refund`,
    headers: support.headers,
    payload: { amount, lines, reason: '部分商品缺货' },
  });
}

async function detail(orderNo: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderNo}`,
    headers: support.headers,
  });
  return res.json().resData as {
    status: string;
    refundedAmount: number;
    refundable: number;
    payments: { status: string }[];
  };
}

async function refundRows(orderNo: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).orderBy(refunds.id);
}

describe('WeChat Pay', () => {
  it('sends each part with its own out_refund_no, amount.refund and the payment as amount.total, settling each by its notice', async () => {
    const { orderNo, total, outTradeNo } = await startedOrder('wechat', 12_800);
    expect((await postCallback(t, 'wechat', wechat.paymentCallback(outTradeNo, total))).statusCode).toBe(204);
    const sent = () =>
      wechat.requests
        .filter((request) => request.url === '/v3/refund/domestic/refunds')
        .map((request) => JSON.parse(request.body))
        .filter((body) => body.out_trade_no === outTradeNo);

    // Two parts at once: WeChat takes both (PROCESSING); the second counts the first as taken.
    expect((await refund(orderNo, 3_000)).statusCode).toBe(200);
    expect((await refund(orderNo, 4_000)).statusCode).toBe(200);
    const tooMuch = await refund(orderNo, 5_801);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'ValidationError', msg: expect.stringContaining('¥58.00') });
    const [first, second] = await refundRows(orderNo);
    expect(sent()).toEqual([
      expect.objectContaining({
        out_refund_no: first.outRefundNo,
        amount: { refund: 3_000, total: 12_800, currency: 'CNY' },
      }),
      expect.objectContaining({
        out_refund_no: second.outRefundNo,
        amount: { refund: 4_000, total: 12_800, currency: 'CNY' },
      }),
    ]);
    expect(first.outRefundNo).not.toBe(second.outRefundNo);
    expect(await detail(orderNo)).toMatchObject({
      status: 'refunding',
      refundedAmount: 0,
      refundable: 5_800,
    });

    // The first notice: the order waits for the second part before it says how it ended.
    const one = await postCallback(
      t,
      'wechat',
      wechat.refundCallback(outTradeNo, first.outRefundNo, 3_000, 'SUCCESS', total),
    );
    expect(one.statusCode).toBe(204);
    expect(await detail(orderNo)).toMatchObject({ status: 'refunding', refundedAmount: 3_000 });
    // A notice of the second part with the first part's amount is not believed.
    const wrong = await postCallback(
      t,
      'wechat',
      wechat.refundCallback(outTradeNo, second.outRefundNo, 3_000, 'SUCCESS', total),
    );
    expect(wrong.statusCode).toBe(400);
    const two = await postCallback(
      t,
      'wechat',
      wechat.refundCallback(outTradeNo, second.outRefundNo, 4_000, 'SUCCESS', total),
    );
    expect(two.statusCode).toBe(204);
    expect(await detail(orderNo)).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 7_000,
      refundable: 5_800,
      payments: [{ status: 'succeeded' }],
    });

    // The rest, then nothing is left.
    expect((await refund(orderNo, 5_800)).statusCode).toBe(200);
    const third = (await refundRows(orderNo))[2];
    expect(sent().at(-1)).toMatchObject({
      out_refund_no: third.outRefundNo,
      amount: { refund: 5_800, total: 12_800 },
    });
    expect(new Set((await refundRows(orderNo)).map((row) => row.outRefundNo)).size).toBe(3);
    await postCallback(
      t,
      'wechat',
      wechat.refundCallback(outTradeNo, third.outRefundNo, 5_800, 'SUCCESS', total),
    );
    expect(await detail(orderNo)).toMatchObject({
      status: 'refunded',
      refundedAmount: 12_800,
      refundable: 0,
      payments: [{ status: 'refunded' }],
    });
    expect((await refund(orderNo, 1)).statusCode).toBe(409);
  });
});

describe('Alipay', () => {
  it('sends each part with its own out_request_no and settles it at once; its notices carry the refunded total', async () => {
    const { orderNo, outTradeNo } = await startedOrder('alipay', 12_345);
    expect((await postCallback(t, 'alipay', alipay.paid(outTradeNo, '123.45'))).body).toBe('success');
    const sent = () =>
      alipay.requests
        .filter((request) => request.url === '/v3/alipay/trade/refund')
        .map((request) => JSON.parse(request.body))
        .filter((body) => body.out_trade_no === outTradeNo);

    const part = await refund(orderNo, 2_345);
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().resData).toMatchObject({ status: 'partially_refunded', refundedAmount: 2_345 });
    const [first] = await refundRows(orderNo);
    expect(sent()).toEqual([
      expect.objectContaining({ refund_amount: '23.45', out_request_no: first.outRefundNo }),
    ]);
    // Alipay's notice of a partial refund: the trade stays TRADE_SUCCESS, refund_fee is the total so far.
    const partNotice = alipay.notification({
      out_trade_no: outTradeNo,
      trade_no: 'T-part',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '123.45',
      refund_fee: '23.45',
      out_biz_no: first.outRefundNo,
      gmt_refund: '2026-01-15 12:10:00.000',
    });
    expect((await postCallback(t, 'alipay', partNotice)).body).toBe('success');

    const rest = await refund(orderNo, 10_000);
    expect(rest.json().resData).toMatchObject({ status: 'refunded', refundedAmount: 12_345, refundable: 0 });
    const second = (await refundRows(orderNo))[1];
    expect(second.outRefundNo).not.toBe(first.outRefundNo);
    expect(sent().at(-1)).toMatchObject({ refund_amount: '100.00', out_request_no: second.outRefundNo });
    // The last part closes the trade; its notice names it with the trade's refunded total, 123.45.
    const closed = alipay.notification({
      out_trade_no: outTradeNo,
      trade_no: 'T-closed',
      trade_status: 'TRADE_CLOSED',
      total_amount: '123.45',
      refund_fee: '123.45',
      out_biz_no: second.outRefundNo,
      gmt_close: '2026-01-15 12:20:00',
    });
    const answer = await postCallback(t, 'alipay', closed);
    expect([answer.statusCode, answer.body]).toEqual([200, 'success']);
    // A refunded total above the payment is not Alipay's word on this trade.
    const inflated = alipay.notification({
      out_trade_no: outTradeNo,
      trade_no: 'T-closed',
      trade_status: 'TRADE_CLOSED',
      total_amount: '123.45',
      refund_fee: '123.46',
      out_biz_no: second.outRefundNo,
    });
    expect((await postCallback(t, 'alipay', inflated)).body).toBe('fail');
    expect(await detail(orderNo)).toMatchObject({ status: 'refunded', payments: [{ status: 'refunded' }] });
  });
});

describe('the database', () => {
  it('refuses a refund row that would give back more than its payment, whoever writes it', async () => {
    const { orderNo, outTradeNo } = await startedOrder('alipay', 10_000);
    await postCallback(t, 'alipay', alipay.paid(outTradeNo, '100.00'));
    expect((await refund(orderNo, 6_000)).statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo));
    let keys = 0;
    const write = (amount: number, status = 'pending') =>
      t.database.db.execute(
        sql`insert into refunds (out_refund_no, order_no, payment_id, amount, status, reason, requested_by, created_at)
            values (${`${orderNo}R9${String(++keys).padStart(5, '0')}`}, ${orderNo}, ${payment.id}, ${amount},
                    ${status}, 'buyer', 'psql', now())`,
      );
    const refused = await write(4_001).then(
      () => null,
      (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
    );
    expect(refused).toBe('23514');
    // A failed refund gives nothing back, so it is no part of the sum; the rest fits exactly.
    await write(9_999, 'failed');
    await write(4_000);
    const reopen = t.database.db.execute(
      sql`update refunds set status = 'pending' where order_no = ${orderNo} and status = 'failed'`,
    );
    await expect(reopen).rejects.toThrow();
  });
});
