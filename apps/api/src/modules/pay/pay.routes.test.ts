/**
 * Payments through HTTP with the shop's real orders and ledger: the app configured for WeChat Pay and
 * Alipay (fake providers on 127.0.0.1 signing with keys made for this run) and the sandbox. Orders
 * are made through `POST /api/shop/orders` over catalogue rows written for the test; callbacks are
 * posted to `POST /api/pay/notify/{channel}` exactly as the providers post them; refunds are approved
 * with the operators' command (`order refund`, `order refund-reject`). Whether money came in time is
 * the provider's time of payment against the order's deadline; the order waits the shop's settlement
 * grace past its deadline for such a callback before the time-out cancels it.
 */
import { createVerify } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { visitorToken } from '../../../test/accounts.ts';
import { postRaw } from '../../../test/raw-body.ts';
import {
  type Buyer,
  buyerOrder,
  completeInSandbox,
  newBuyer,
  placeOrder,
  startPayment,
} from '../../../test/shop-buyer.ts';
import { addProduct, salesOf, stockOf } from '../../../test/shop-fixtures.ts';
import { runCommand } from '../../cli/commands.ts';
import { auditLog } from '../../shared/audit.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { orderEvents } from '../shop/testing-tables.ts';
import { alipayTime } from './beijing-time.ts';
import { fenToYuan } from './money.ts';
import { payments, payNotifications, payRefusedCallbacks, refunds } from './schema.ts';
import { alipayRequestContent } from './testing.ts';
import { postCallback, usePayApp } from './testing-app.ts';

const { t, wechat, alipay } = usePayApp();
let courses = 0;

/**
 * The shop's settlement grace in seconds (shop sweeper.ts `SETTLEMENT_GRACE_MS`, not part of the
 * shop's public entry): how long an order past its deadline waits for a late callback.
 */
const GRACE_SECONDS = 2 * 60;

/** A phone's WeChat browser as it names itself. */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

/** Seconds from an order's creation until the time-out cancels it: its 15 minutes, the grace, a minute. */
const PAST_GRACE = 15 * 60 + GRACE_SECONDS + 60;

/** The timeline's note on an order the time-out cancelled, as the buyer reads it. */
const TIMEOUT_NOTE = '超时未支付，已自动取消';

/** A pending goods order of one piece at `price` 分 (a new product each time), made through the API. */
async function newOrder(buyer: Buyer, options: { price?: number; kind?: 'goods' | 'course' } = {}) {
  const kind = options.kind ?? 'goods';
  const product = await addProduct(t.database.db, {
    kind,
    courseId: kind === 'course' ? `course-pay-${++courses}` : undefined,
    skus: [{ price: options.price ?? 12_800, stock: 5 }],
  });
  const shipTo = kind === 'goods' ? buyer : { token: buyer.token };
  const { orderNo, total } = await placeOrder(t, shipTo, [{ skuId: product.skuId, qty: 1 }]);
  return { orderNo, total, product };
}

async function eventCount(orderNo: string): Promise<number> {
  const [{ n }] = await t.database.db
    .select({ n: count() })
    .from(orderEvents)
    .where(eq(orderEvents.orderNo, orderNo));
  return n;
}

async function refundsOf(orderNo: string) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderNo, orderNo)).orderBy(refunds.id);
}

function admin(...argv: string[]) {
  return runCommand({ db: t.database.db, clock: t.clock, actor: 'ops@test', config: t.config }, argv);
}

/** Asks for a refund of paid order `orderNo` as its buyer (paid → refunding). */
async function askRefund(buyer: Buyer, orderNo: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/shop/orders/${orderNo}/refund`,
    headers: { token: buyer.token },
    payload: { reason: '不想要了' },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().resData.status).toBe('refunding');
}

describe('channels and access', () => {
  it('lists the open channels to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pay/channels' });
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toEqual({
      list: [
        { channel: 'wechat', name: '微信支付' },
        { channel: 'alipay', name: '支付宝' },
        { channel: 'sandbox', name: '模拟支付（开发环境）' },
      ],
    });
  });

  it("answers 401 without a login and 404 for another buyer's order", async () => {
    const owner = await newBuyer(t);
    const { orderNo } = await newOrder(owner);
    const visitor = await visitorToken(t);
    for (const headers of [{}, { token: visitor }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/shop/orders/${orderNo}/pay`,
        headers,
        payload: {},
      });
      expect(res.statusCode).toBe(401);
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/pay/sandbox/${orderNo}/complete`,
        headers,
        payload: { outTradeNo: 'x', result: 'success' },
      });
      expect(done.statusCode).toBe(401);
    }
    const other = await newBuyer(t);
    expect((await startPayment(t, other, orderNo, { channel: 'sandbox' })).statusCode).toBe(404);
    const started = (await startPayment(t, owner, orderNo, { channel: 'sandbox' })).json().resData;
    const stolen = await completeInSandbox(t, other, orderNo, started.outTradeNo);
    expect(stolen.statusCode).toBe(404);
    expect((await buyerOrder(t, owner, orderNo)).status).toBe('pending');
  });

  it('answers 404 for a channel that is not open, and 415 for a body no provider sends', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/pay/notify/paypal', payload: {} })).statusCode,
    ).toBe(404);
    const xml = await postRaw(t, '/api/pay/notify/wechat', '<xml/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
  });
});

describe('hostile callbacks', () => {
  it('refuses garbage in every channel without a 5xx, and only tallies it by channel, reason and network', async () => {
    const bodies: [string, Buffer][] = [
      ['application/json', Buffer.from('')],
      [
        'application/json',
        Buffer.from('{"resource":{"algorithm":"AEAD_AES_256_GCM","ciphertext":"\\u0000","nonce":1}}'),
      ],
      ['application/json', Buffer.from('{"a":"\u0000"}\u0000')],
      ['application/json', Buffer.from([0xff, 0xfe, 0x00, 0x7b])],
      [
        'application/x-www-form-urlencoded',
        Buffer.from('sign=%zz&out_trade_no=%00&trade_status=TRADE_SUCCESS'),
      ],
      ['application/x-www-form-urlencoded', Buffer.from('a=1&a=2&sign=x')],
      ['application/json; charset=utf-8', Buffer.from(`{"x":"${'中'.repeat(20_000)}"}`)],
    ];
    const headerSets: Record<string, string>[] = [
      {},
      {
        'wechatpay-timestamp': '9'.repeat(40),
        'wechatpay-nonce': 'n',
        'wechatpay-signature': '%%%',
        'wechatpay-serial': 'x',
      },
      {
        'wechatpay-timestamp': String(t.clock.now() / 1000),
        'wechatpay-nonce': 'n',
        'wechatpay-signature': 'AAAA',
        'wechatpay-serial': wechat.platform.serial,
      },
      {
        'sandbox-timestamp': String(t.clock.now() / 1000),
        'sandbox-nonce': 'n',
        'sandbox-signature': 'not base64 ✓',
      },
    ];
    const before = (await t.database.db.select({ n: count() }).from(payNotifications))[0].n;
    const tallied = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`coalesce(sum(${payRefusedCallbacks.count}), 0)::int` })
          .from(payRefusedCallbacks)
          .where(eq(payRefusedCallbacks.source, '127.0.0.0/24'))
      )[0].n;
    const talliedBefore = await tallied();
    let sent = 0;
    for (const channel of ['wechat', 'alipay', 'sandbox']) {
      for (const [type, body] of bodies) {
        for (const headers of headerSets) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/pay/notify/${channel}`,
            headers: { ...headers, 'content-type': type },
            payload: body,
          });
          expect(res.statusCode, `${channel} ${type} ${body.subarray(0, 40)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          sent += 1;
        }
      }
    }
    const after = (await t.database.db.select({ n: count() }).from(payNotifications))[0].n;
    expect(after - before).toBe(0);
    expect((await tallied()) - talliedBefore).toBe(sent);
    const rows = await t.database.db.select().from(payRefusedCallbacks);
    expect(rows.every((row) => row.sample.length <= 200 && !row.sample.includes('\u0000'))).toBe(true);
    expect(new Set(rows.map((row) => row.channel))).toEqual(new Set(['wechat', 'alipay', 'sandbox']));
  });
});

describe('the sandbox', () => {
  it('takes a goods order from pending to paid through the signed callback path', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total } = await newOrder(buyer);
    const res = await startPayment(t, buyer, orderNo, { channel: 'sandbox', amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().resData;
    expect(started).toMatchObject({
      channel: 'sandbox',
      mode: 'redirect',
      url: `/xuanli/#/pages/shop/pay?orderNo=${orderNo}&outTradeNo=${started.outTradeNo}`,
      amount: total,
    });
    const done = await completeInSandbox(t, buyer, orderNo, started.outTradeNo);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().resData).toEqual({ orderNo, status: 'paid' });
    expect(await buyerOrder(t, buyer, orderNo)).toMatchObject({ status: 'paid', payChannel: 'sandbox' });
    const [audit] = await t.database.db
      .select()
      .from(payNotifications)
      .where(eq(payNotifications.reference, started.outTradeNo));
    expect(audit).toMatchObject({ channel: 'sandbox', verified: true, outcome: 'paid' });
    expect(audit.headers).toHaveProperty('sandbox-signature');

    // Once more: the same callback again changes nothing; paying a paid order is a conflict.
    const events = await eventCount(orderNo);
    expect((await completeInSandbox(t, buyer, orderNo, started.outTradeNo)).json().resData.status).toBe(
      'paid',
    );
    expect(await eventCount(orderNo)).toBe(events);
    const again = await startPayment(t, buyer, orderNo, { channel: 'sandbox' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'OrderStateConflict', msg: 'order is paid' });
  });

  it('takes a course order to done and grants the course', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer, { kind: 'course', price: 1990 });
    const started = (await startPayment(t, buyer, orderNo, { channel: 'sandbox' })).json().resData;
    expect((await completeInSandbox(t, buyer, orderNo, started.outTradeNo)).json().resData.status).toBe(
      'done',
    );
    const grants = await t.database.db.select().from(courseGrants).where(eq(courseGrants.orderNo, orderNo));
    expect(grants).toEqual([expect.objectContaining({ userId: buyer.userId, revokedAt: null })]);
  });

  it('records a failed payment and leaves the order pending, to be paid by a new attempt', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer);
    const first = (await startPayment(t, buyer, orderNo, { channel: 'sandbox' })).json().resData;
    expect((await completeInSandbox(t, buyer, orderNo, first.outTradeNo, 'fail')).json().resData.status).toBe(
      'pending',
    );
    const [attempt] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.outTradeNo, first.outTradeNo));
    expect(attempt.status).toBe('closed');
    expect((await completeInSandbox(t, buyer, orderNo, first.outTradeNo)).statusCode).toBe(409);
    const second = (await startPayment(t, buyer, orderNo, { channel: 'sandbox' })).json().resData;
    expect(second.outTradeNo).not.toBe(first.outTradeNo);
    expect((await completeInSandbox(t, buyer, orderNo, second.outTradeNo)).json().resData.status).toBe(
      'paid',
    );
  });

  it('refuses to pay a cancelled order (409)', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/orders/${orderNo}/cancel`,
      headers: { token: buyer.token },
    });
    expect(cancelled.json().resData.status).toBe('cancelled');
    const res = await startPayment(t, buyer, orderNo, { channel: 'sandbox' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'OrderStateConflict', msg: 'order is cancelled' });
  });

  it('refunds money taken after the deadline, cancelling the order then', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, product } = await newOrder(buyer);
    const started = (await startPayment(t, buyer, orderNo, { channel: 'sandbox' })).json().resData;
    t.clock.advanceSeconds(PAST_GRACE);
    try {
      // Its attempt is not settled with the provider yet, so reading the order leaves it pending (the
      // buyer may have paid in time); the money the cashier takes now is too late.
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');
      expect(await stockOf(t.database.db, product.skuId)).toBe(4);
      const done = await completeInSandbox(t, buyer, orderNo, started.outTradeNo);
      expect(done.json().resData.status).toBe('cancelled');
      await vi.waitFor(async () => expect((await refundsOf(orderNo))[0]?.status).toBe('succeeded'));
      expect(await refundsOf(orderNo)).toEqual([
        expect.objectContaining({ reason: 'not-payable', amount: started.amount, requestedBy: 'system' }),
      ]);
      const [attempt] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.outTradeNo, started.outTradeNo));
      expect(attempt.status).toBe('refunded');
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('cancelled');
      // Cancelled once, its piece given back once.
      expect(await eventCount(orderNo)).toBe(2);
      expect(await stockOf(t.database.db, product.skuId)).toBe(5);
    } finally {
      t.clock.advanceSeconds(-PAST_GRACE);
    }
  });

  it("refunds on the operator's approval, and the refusal puts a refund request back to paid", async () => {
    const buyer = await newBuyer(t);
    const { orderNo, product } = await newOrder(buyer, { price: 1990 });
    const started = (await startPayment(t, buyer, orderNo, { channel: 'sandbox' })).json().resData;
    await completeInSandbox(t, buyer, orderNo, started.outTradeNo);
    const sales = await salesOf(t.database.db, product.productId);
    await expect(admin('order', 'refund', orderNo)).rejects.toMatchObject({ code: 'OrderStateConflict' });
    await askRefund(buyer, orderNo);
    expect(await admin('order', 'refund-reject', orderNo, '--reason', '商品已拆封')).toContain('paid again');
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
    await askRefund(buyer, orderNo);
    // 19.90 + 8.00 shipping (goods under 99 元).
    expect(await admin('order', 'refund', orderNo)).toMatch(/refund \d{20}R\d{6} of ¥27\.90 done/);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('refunded');
    expect(await salesOf(t.database.db, product.productId)).toBe(sales - 1);
    expect(await refundsOf(orderNo)).toEqual([
      expect.objectContaining({
        reason: 'buyer',
        status: 'succeeded',
        requestedBy: 'ops@test',
        amount: 2790,
      }),
    ]);
    await expect(admin('order', 'refund-reject', orderNo)).rejects.toMatchObject({
      code: 'OrderStateConflict',
    });
    await expect(admin('order', 'refund', orderNo)).rejects.toMatchObject({ code: 'OrderStateConflict' });
    // The refusal and the approval each left their audit row; the refused commands left none.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderNo}`))
      .orderBy(auditLog.id);
    expect(
      audits.map(({ action, actor, before, after, detail }) => ({ action, actor, before, after, detail })),
    ).toEqual([
      {
        action: 'order.refund-reject',
        actor: 'ops@test',
        before: { status: 'refunding' },
        after: { status: 'paid' },
        detail: '商品已拆封',
      },
      {
        action: 'order.refund',
        actor: 'ops@test',
        before: { status: 'refunding' },
        after: { refund: expect.stringMatching(/^\d{20}R\d{6}$/), amount: 2790, channel: 'sandbox' },
        detail: '',
      },
    ]);
  });

  it('accepts a correctly signed callback from outside, and refuses a forged one', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer);
    const started = (await startPayment(t, buyer, orderNo, { channel: 'sandbox' })).json().resData;
    const { createPayService } = await import('./service.ts');
    const signer = createPayService({
      db: t.database.db,
      clock: t.clock,
      log: { info() {}, warn() {}, error() {} },
      config: t.config.pay,
      ledger: {
        findForPayment: async () => null,
        markPaid: async () => 'not-payable',
        markRefunded: async () => false,
      },
    }).channels.sandbox!;
    const raw = await signer.paymentNotice({
      outTradeNo: started.outTradeNo,
      amount: started.amount,
      result: 'success',
    });
    const forged = await postCallback(t, 'sandbox', {
      ...raw,
      body: Buffer.from(raw.body.toString().replace('"success"', '"success" ')),
    });
    expect(forged.statusCode).toBe(400);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');
    const res = await postCallback(t, 'sandbox', raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'SUCCESS' });
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
  });
});

describe('WeChat Pay', () => {
  async function startedH5(buyer: Buyer) {
    const order = await newOrder(buyer);
    const res = await startPayment(t, buyer, order.orderNo, { channel: 'wechat' });
    expect(res.statusCode, res.body).toBe(200);
    return { ...order, started: res.json().resData };
  }

  it('starts H5 with the order total and pays on a signed callback; replays and forgeries change nothing', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total, started } = await startedH5(buyer);
    expect(started).toMatchObject({ channel: 'wechat', mode: 'redirect', amount: total, jsapi: null });
    expect(started.url).toMatch(
      /^https:\/\/wx\.tenpay\.com\/.*&redirect_url=https%3A%2F%2Fshop\.example\.com%2Fxuanli%2F/,
    );
    const sent = wechat.requests.at(-1)!;
    expect(sent.signatureValid).toBe(true);
    expect(JSON.parse(sent.body)).toMatchObject({
      out_trade_no: started.outTradeNo,
      amount: { total, currency: 'CNY' },
      notify_url: 'https://shop.example.com/api/pay/notify/wechat',
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });

    const forged = wechat.paymentCallback(started.outTradeNo, total);
    forged.headers['wechatpay-signature'] = wechat.signHeaders('{}')['wechatpay-signature'];
    const refusedForged = await postCallback(t, 'wechat', forged);
    expect(refusedForged.statusCode).toBe(400);
    expect(refusedForged.json()).toEqual({ code: 'FAIL', message: 'verification failed' });
    const short = await postCallback(t, 'wechat', wechat.paymentCallback(started.outTradeNo, total - 1));
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('FAIL');
    const stale = await postCallback(
      t,
      'wechat',
      wechat.paymentCallback(started.outTradeNo, total, { timestamp: t.clock.now() / 1000 - 600 }),
    );
    expect(stale.statusCode).toBe(400);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');

    // The real one, its body pretty-printed: the signature covers the exact bytes, which are kept.
    const real = wechat.paymentCallback(started.outTradeNo, total, { mode: 'publicKey' });
    const pretty = JSON.stringify(JSON.parse(real.body.toString()), null, 2);
    const paid = await postCallback(t, 'wechat', {
      headers: { ...real.headers, ...wechat.signHeaders(pretty, { mode: 'publicKey' }) },
      body: Buffer.from(pretty),
    });
    expect(paid.statusCode).toBe(204);
    expect(paid.body).toBe('');
    expect(await buyerOrder(t, buyer, orderNo)).toMatchObject({ status: 'paid', payChannel: 'wechat' });
    const events = await eventCount(orderNo);
    const replay = await postCallback(t, 'wechat', wechat.paymentCallback(started.outTradeNo, total));
    expect(replay.statusCode).toBe(204);
    expect(await eventCount(orderNo)).toBe(events);
    const audit = await t.database.db
      .select({ verified: payNotifications.verified, outcome: payNotifications.outcome })
      .from(payNotifications)
      .where(eq(payNotifications.channel, 'wechat'))
      .orderBy(payNotifications.id);
    // The forged and the stale one are only tallied; the signed ones are kept in full.
    expect(audit.slice(-3)).toEqual([
      { verified: true, outcome: 'refused: amount mismatch' },
      { verified: true, outcome: 'paid' },
      { verified: true, outcome: 'repeat' },
    ]);
    const refusedReasons = await t.database.db
      .select({ reason: payRefusedCallbacks.reason })
      .from(payRefusedCallbacks)
      .where(eq(payRefusedCallbacks.channel, 'wechat'));
    expect(refusedReasons.map((row) => row.reason)).toEqual(
      expect.arrayContaining(['bad signature', 'stale timestamp']),
    );
  });

  it("never pays JSAPI with an openid the browser sends: without the buyer's WeChat binding it asks for 网页授权", async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer);
    const before = wechat.requests.length;
    const asked = [
      startPayment(t, buyer, orderNo, {
        channel: 'wechat',
        inWechat: true,
        openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/shop/orders/${orderNo}/pay`,
        headers: { token: buyer.token, 'user-agent': WECHAT_UA },
        payload: { channel: 'wechat', scene: 'mobile' },
      }),
    ];
    for (const res of await Promise.all(asked)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('WechatLoginRequired');
    }
    expect(wechat.requests.slice(before).map((request) => request.url)).not.toContain(
      '/v3/pay/transactions/jsapi',
    );
  });

  it('starts Native on a desktop: the code_url to show as a QR code, then pays on the callback', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total } = await newOrder(buyer);
    const res = await startPayment(t, buyer, orderNo, { channel: 'wechat', scene: 'desktop' });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().resData;
    expect(started).toMatchObject({ channel: 'wechat', mode: 'qrcode', jsapi: null, amount: total });
    expect(started.url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = wechat.requests.at(-1)!;
    expect(sent.url).toBe('/v3/pay/transactions/native');
    expect(sent.signatureValid).toBe(true);
    const body = JSON.parse(sent.body);
    expect(body).toMatchObject({
      appid: wechat.appId,
      mchid: wechat.mchId,
      out_trade_no: started.outTradeNo,
      amount: { total, currency: 'CNY' },
      notify_url: 'https://shop.example.com/api/pay/notify/wechat',
    });
    expect(body.payer).toBeUndefined();
    expect(body.scene_info).toBeUndefined();
    expect(wechat.trades.get(started.outTradeNo)?.tradeType).toBe('NATIVE');
    expect((await postCallback(t, 'wechat', wechat.pay(started.outTradeNo))).statusCode).toBe(204);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
  });

  it('answers PaymentChannelError (502) when WeChat refuses, and closes that attempt', async () => {
    const buyer = await newBuyer(t);
    const { orderNo } = await newOrder(buyer);
    wechat.replies.set('/v3/pay/transactions/h5', () => ({
      status: 403,
      body: JSON.stringify({ code: 'NO_AUTH', message: '商户无权限' }),
    }));
    try {
      const res = await startPayment(t, buyer, orderNo, { channel: 'wechat' });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PaymentChannelError');
    } finally {
      wechat.replies.delete('/v3/pay/transactions/h5');
    }
    const attempts = await t.database.db.select().from(payments).where(eq(payments.orderNo, orderNo));
    expect(attempts.map((attempt) => attempt.status)).toEqual(['closed']);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');
  });

  it('refunds through a refund request and then the refund notification', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total, started } = await startedH5(buyer);
    expect(
      (await postCallback(t, 'wechat', wechat.paymentCallback(started.outTradeNo, total))).statusCode,
    ).toBe(204);
    await askRefund(buyer, orderNo);
    expect(await admin('order', 'refund', orderNo)).toContain('waiting for the provider');
    const sent = wechat.requests.at(-1)!;
    expect(sent.url).toBe('/v3/refund/domestic/refunds');
    const [refund] = await refundsOf(orderNo);
    expect(JSON.parse(sent.body)).toMatchObject({
      out_trade_no: started.outTradeNo,
      out_refund_no: refund.outRefundNo,
      amount: { refund: total, total },
    });
    expect(refund.status).toBe('pending');
    // Not yet confirmed: refusing it now would contradict money already on its way back.
    await expect(admin('order', 'refund-reject', orderNo)).rejects.toMatchObject({ code: 'Conflict' });
    const wrongAmount = await postCallback(
      t,
      'wechat',
      wechat.refundCallback(started.outTradeNo, refund.outRefundNo, total - 1),
    );
    expect(wrongAmount.statusCode).toBe(400);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('refunding');
    const confirmed = await postCallback(
      t,
      'wechat',
      wechat.refundCallback(started.outTradeNo, refund.outRefundNo, total),
    );
    expect(confirmed.statusCode).toBe(204);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('refunded');
    expect(
      (await postCallback(t, 'wechat', wechat.refundCallback(started.outTradeNo, refund.outRefundNo, total)))
        .statusCode,
    ).toBe(204);
    expect((await refundsOf(orderNo))[0]).toMatchObject({
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^50300/),
    });
  });

  it('refunds a payment made after the deadline, cancelling the order the grace still kept', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total, started, product } = await startedH5(buyer);
    // A minute past the deadline, inside the grace: the order still waits; the callback says the
    // money was taken just now (success_time), after the deadline.
    t.clock.advanceSeconds(16 * 60);
    try {
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');
      expect(await stockOf(t.database.db, product.skuId)).toBe(4);
      expect(
        (await postCallback(t, 'wechat', wechat.paymentCallback(started.outTradeNo, total))).statusCode,
      ).toBe(204);
      const cancelled = await buyerOrder(t, buyer, orderNo);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: TIMEOUT_NOTE });
      expect(await stockOf(t.database.db, product.skuId)).toBe(5);
      await vi.waitFor(async () => expect(wechat.requests.at(-1)?.url).toBe('/v3/refund/domestic/refunds'));
      const [refund] = await refundsOf(orderNo);
      expect(refund).toMatchObject({ reason: 'not-payable', status: 'pending', amount: total });
      expect(
        (
          await postCallback(
            t,
            'wechat',
            wechat.refundCallback(started.outTradeNo, refund.outRefundNo, total),
          )
        ).statusCode,
      ).toBe(204);
      expect((await refundsOf(orderNo))[0].status).toBe('succeeded');
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('cancelled');
      expect(await eventCount(orderNo)).toBe(2);
      expect(await stockOf(t.database.db, product.skuId)).toBe(5);
    } finally {
      t.clock.advanceSeconds(-16 * 60);
    }
  });
});

describe('Alipay', () => {
  async function startedWap(buyer: Buyer, price?: number) {
    const order = await newOrder(buyer, { price });
    const res = await startPayment(t, buyer, order.orderNo, {
      channel: 'alipay',
      returnUrl: '/xuanli/#/pages/user/orders',
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...order, started: res.json().resData };
  }

  it('opens 电脑网站支付 (alipay.trade.page.pay) on a desktop, signed RSA2 over every parameter', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total } = await newOrder(buyer, { price: 4_700 });
    const res = await startPayment(t, buyer, orderNo, { channel: 'alipay', scene: 'desktop' });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().resData;
    expect(started).toMatchObject({ channel: 'alipay', mode: 'redirect', jsapi: null });
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: alipay.appId,
      sign_type: 'RSA2',
      notify_url: 'https://shop.example.com/api/pay/notify/alipay',
    });
    expect(JSON.parse(params.biz_content)).toMatchObject({
      out_trade_no: started.outTradeNo,
      total_amount: fenToYuan(total),
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    const verifies = (signed: Record<string, string>) =>
      createVerify('RSA-SHA256')
        .update(alipayRequestContent(signed), 'utf8')
        .verify(alipay.app.publicKey, params.sign, 'base64');
    expect(verifies(params)).toBe(true);
    const cheaper = params.biz_content.replace(`"${fenToYuan(total)}"`, '"0.01"');
    expect(cheaper).not.toBe(params.biz_content);
    expect(verifies({ ...params, biz_content: cheaper })).toBe(false);
    // Paid at that cashier, the notification is the same as a phone's.
    const paid = await postCallback(t, 'alipay', alipay.pay(started.outTradeNo, total));
    expect([paid.statusCode, paid.body]).toEqual([200, 'success']);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
  });

  it('pays on a signed notification; a replay, a forgery and another amount change nothing', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, started } = await startedWap(buyer, 12_345);
    const url = new URL(started.url);
    expect(url.searchParams.get('return_url')).toBe('https://shop.example.com/xuanli/#/pages/user/orders');
    expect(JSON.parse(url.searchParams.get('biz_content')!).total_amount).toBe('123.45');

    const forged = alipay.paid(started.outTradeNo, '123.45');
    forged.body = Buffer.from(forged.body.toString().replace('total_amount=123.45', 'total_amount=123.46'));
    const refused = await postCallback(t, 'alipay', forged);
    expect([refused.statusCode, refused.body]).toEqual([400, 'fail']);
    const other = await postCallback(t, 'alipay', alipay.paid(started.outTradeNo, '0.01'));
    expect(other.body).toBe('fail');
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');

    const paid = await postCallback(t, 'alipay', alipay.paid(started.outTradeNo, '123.45'));
    expect([paid.statusCode, paid.body]).toEqual([200, 'success']);
    expect(await buyerOrder(t, buyer, orderNo)).toMatchObject({ status: 'paid', payChannel: 'alipay' });
    const events = await eventCount(orderNo);
    expect((await postCallback(t, 'alipay', alipay.paid(started.outTradeNo, '123.45'))).body).toBe('success');
    expect(await eventCount(orderNo)).toBe(events);
  });

  it("refuses a validly signed notification naming another seller's PID, and changes nothing", async () => {
    const buyer = await newBuyer(t);
    const { orderNo, started } = await startedWap(buyer, 12_345);
    const [{ n: kept }] = await t.database.db.select({ n: count() }).from(payNotifications);
    const otherSeller = await postCallback(
      t,
      'alipay',
      alipay.paid(started.outTradeNo, '123.45', { seller_id: '2088000000000001' }),
    );
    expect([otherSeller.statusCode, otherSeller.body]).toEqual([400, 'fail']);
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');
    expect(
      (await t.database.db.select().from(payments).where(eq(payments.outTradeNo, started.outTradeNo)))[0]
        .status,
    ).toBe('created');
    expect((await t.database.db.select({ n: count() }).from(payNotifications))[0].n).toBe(kept);
    const [tally] = await t.database.db
      .select()
      .from(payRefusedCallbacks)
      .where(eq(payRefusedCallbacks.reason, 'seller_id mismatch'));
    expect(tally).toMatchObject({ channel: 'alipay', count: 1 });
    // Ours, the same otherwise: paid.
    expect((await postCallback(t, 'alipay', alipay.paid(started.outTradeNo, '123.45'))).body).toBe('success');
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
  });

  it('refunds at once on approval', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, started } = await startedWap(buyer, 12_345);
    await postCallback(t, 'alipay', alipay.paid(started.outTradeNo, '123.45'));
    await askRefund(buyer, orderNo);
    expect(await admin('order', 'refund', orderNo)).toContain('of ¥123.45 done');
    const sent = alipay.requests.at(-1)!;
    expect(sent).toMatchObject({ url: '/v3/alipay/trade/refund', signatureValid: true });
    expect(JSON.parse(sent.body)).toMatchObject({
      out_trade_no: started.outTradeNo,
      refund_amount: '123.45',
    });
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('refunded');
    // Alipay then announces the closed trade; it finds the refund already settled.
    const [refund] = await refundsOf(orderNo);
    const closed = alipay.notification({
      out_trade_no: started.outTradeNo,
      trade_no: 'T-closed',
      trade_status: 'TRADE_CLOSED',
      total_amount: '123.45',
      refund_fee: '123.45',
      out_biz_no: refund.outRefundNo,
    });
    expect((await postCallback(t, 'alipay', closed)).body).toBe('success');
    expect((await buyerOrder(t, buyer, orderNo)).status).toBe('refunded');
  });

  it('pays an order whose notification comes a minute after the deadline for money taken before it', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total, started, product } = await startedWap(buyer, 500);
    const deadline = Date.parse(started.expiresAt);
    const paidAt = new Date(deadline - 5000);
    const before = t.clock.now();
    t.clock.set(deadline + 60_000);
    try {
      const paid = await postCallback(
        t,
        'alipay',
        alipay.paid(started.outTradeNo, fenToYuan(total), { gmt_payment: alipayTime(paidAt) }),
      );
      expect([paid.statusCode, paid.body]).toEqual([200, 'success']);
      expect(await buyerOrder(t, buyer, orderNo)).toMatchObject({
        status: 'paid',
        payChannel: 'alipay',
        paidAt: paidAt.toISOString(),
      });
      const [attempt] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.outTradeNo, started.outTradeNo));
      expect(attempt).toMatchObject({ status: 'succeeded', succeededAt: paidAt });
      const [audit] = await t.database.db
        .select()
        .from(payNotifications)
        .where(eq(payNotifications.reference, started.outTradeNo));
      expect(audit).toMatchObject({ verified: true, outcome: 'paid' });
      expect(await refundsOf(orderNo)).toEqual([]);
      expect(alipay.requests.filter((request) => request.body.includes(started.outTradeNo))).toEqual([]);
      expect(await stockOf(t.database.db, product.skuId)).toBe(4);

      // Past the grace the time-out has nothing to do with it: still paid, nothing refunded.
      t.clock.advanceSeconds(GRACE_SECONDS);
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
      expect(await refundsOf(orderNo)).toEqual([]);
      expect(await stockOf(t.database.db, product.skuId)).toBe(4);
    } finally {
      t.clock.set(before);
    }
  });

  it('books a payment taken before the deadline whose notice arrives only after the grace', async () => {
    const buyer = await newBuyer(t);
    const { orderNo, total, started, product } = await startedWap(buyer, 500);
    // Taken in the last second, announced only after the grace. The attempt was never settled with
    // Alipay, so the order is still there, holding its piece, and the money books it.
    const paidAt = new Date(Date.parse(started.expiresAt) - 1000);
    t.clock.advanceSeconds(PAST_GRACE);
    try {
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('pending');
      expect(
        (
          await postCallback(
            t,
            'alipay',
            alipay.paid(started.outTradeNo, fenToYuan(total), { gmt_payment: alipayTime(paidAt) }),
          )
        ).body,
      ).toBe('success');
      expect((await buyerOrder(t, buyer, orderNo)).status).toBe('paid');
      expect(await refundsOf(orderNo)).toEqual([]);
      expect(await stockOf(t.database.db, product.skuId)).toBe(4);
    } finally {
      t.clock.advanceSeconds(-PAST_GRACE);
    }
  });
});
