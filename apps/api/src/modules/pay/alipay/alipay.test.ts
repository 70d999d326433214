/**
 * Alipay 手机网站支付 through alipay-sdk against keys made for this run: the signed wap.pay cashier
 * URL (its sign verified with the app's public key, the amount exact in yuan), notifications accepted
 * only when signed by Alipay's key for our app, and refunds through a fake Alipay on 127.0.0.1 that
 * checks the request signature and signs its answers.
 */
import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../test/build.ts';
import type { ChannelPayRequest, PaymentChannel } from '../channel.ts';
import { fenToYuan, yuanToFen } from '../money.ts';
import { type AlipayConfig, parsePayConfig } from '../settings.ts';
import {
  alipayNotifyContent,
  alipayRequestContent,
  FakeAlipay,
  type ProviderServer,
  serveProvider,
} from '../testing.ts';
import { alipayChannel } from './channel.ts';

const clock = fixedClock();
const silent = { info() {}, warn() {}, error() {} };
let fake: FakeAlipay;
let server: ProviderServer;
let channel: PaymentChannel;
let config: AlipayConfig;

beforeAll(async () => {
  fake = new FakeAlipay(clock);
  server = await serveProvider(fake.handle);
  const pay = parsePayConfig({ ...fake.env(server.url), PAY_PUBLIC_URL: 'https://shop.example.com' });
  config = pay.alipay as AlipayConfig;
  channel = alipayChannel(config, { clock, log: silent, timeoutMs: 3000 });
});
afterAll(() => server.close());

const request: ChannelPayRequest = {
  orderNo: '20260115120000123456',
  outTradeNo: '20260115120000123456P000001',
  amount: 1,
  subject: '玄历商城-紫檀手串 等2件',
  expiresAt: new Date(clock.now() + 15 * 60_000),
  notifyUrl: 'https://shop.example.com/api/pay/notify/alipay',
  returnUrl: 'https://shop.example.com/xuanli/#/pages/user/order?orderNo=20260115120000123456',
  clientIp: '203.0.113.7',
  scene: 'mobile',
  openid: undefined,
};

describe('amounts in yuan', () => {
  it('converts 分 to an exact decimal string and back, without floats', () => {
    expect([0, 1, 10, 99, 100, 12_345, 1_000_000_07].map(fenToYuan)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '123.45',
      '1000000.07',
    ]);
    expect(['0.01', '123.45', '123.4', '123', '0.10'].map(yuanToFen)).toEqual([
      1, 12_345, 12_340, 12_300, 10,
    ]);
    for (const bad of ['', '1.234', '-1.00', '1e3', ' 1.00', '0x10', '1,00', '.5'])
      expect(yuanToFen(bad)).toBeNull();
    // 0.1 + 0.2 in floats is 0.30000000000000004; in 分 it is 30.
    expect(fenToYuan(10 + 20)).toBe('0.30');
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
});

describe('the wap.pay cashier URL', () => {
  async function startedParams(amount: number): Promise<Record<string, string>> {
    const started = await channel.start({ ...request, amount });
    expect(started.mode).toBe('redirect');
    const url = new URL(started.url!);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    return Object.fromEntries(url.searchParams);
  }

  it('is signed RSA2 over every parameter, verifiable with the app public key', async () => {
    const params = await startedParams(1);
    const valid = createVerify('RSA-SHA256')
      .update(alipayRequestContent(params), 'utf8')
      .verify(fake.app.publicKey, params.sign, 'base64');
    expect(valid).toBe(true);
    const tampered = { ...params, biz_content: params.biz_content.replace('"0.01"', '"0.02"') };
    expect(
      createVerify('RSA-SHA256')
        .update(alipayRequestContent(tampered))
        .verify(fake.app.publicKey, params.sign, 'base64'),
    ).toBe(false);
    expect(params).toMatchObject({
      method: 'alipay.trade.wap.pay',
      app_id: fake.appId,
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-01-15 12:00:00',
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
    });
    expect(JSON.parse(params.biz_content)).toEqual({
      out_trade_no: request.outTradeNo,
      total_amount: '0.01',
      subject: request.subject,
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2026-01-15 12:15:00',
      quit_url: request.returnUrl,
    });
  });

  it('states the amount exactly: 12345 分 is 123.45', async () => {
    expect(JSON.parse((await startedParams(12_345)).biz_content).total_amount).toBe('123.45');
  });
});

describe('notifications', () => {
  const now = () => new Date(clock.now());

  it('accepts TRADE_SUCCESS and TRADE_FINISHED signed by Alipay, with the amount in 分', async () => {
    const verdict = await channel.verify(fake.paid('OTN1', '123.45'), now());
    expect(verdict).toEqual({
      ok: true,
      notice: {
        kind: 'paid',
        outTradeNo: 'OTN1',
        transactionId: expect.stringMatching(/^2026011522001/),
        amount: 12_345,
        paidAt: new Date('2026-01-15T04:00:04Z'),
      },
    });
    const finished = await channel.verify(
      fake.paid('OTN1', '0.01', { trade_status: 'TRADE_FINISHED' }),
      now(),
    );
    expect(finished).toMatchObject({ ok: true, notice: { kind: 'paid', amount: 1 } });
  });

  it('keeps characters that URL decoding could change (+, %, 中文) exactly as signed', async () => {
    const verdict = await channel.verify(
      fake.paid('OTN1', '1.00', { subject: '玄历+商城 100% 手串&吊坠' }),
      now(),
    );
    expect(verdict.ok).toBe(true);
  });

  it('refuses a forged sign, an altered amount, another app_id, a repeated parameter and no sign at all', async () => {
    const verdicts = await Promise.all([
      channel.verify(
        fake.notification(
          { out_trade_no: 'OTN1', trade_no: 'T', trade_status: 'TRADE_SUCCESS', total_amount: '1.00' },
          (signed) => {
            signed.sign = fake.sign('something else');
          },
        ),
        now(),
      ),
      channel.verify(
        fake.notification(
          { out_trade_no: 'OTN1', trade_no: 'T', trade_status: 'TRADE_SUCCESS', total_amount: '1.00' },
          (signed) => {
            signed.total_amount = '0.01';
          },
        ),
        now(),
      ),
      channel.verify(fake.paid('OTN1', '1.00', { app_id: '2021000000009999' }), now()),
      channel.verify(
        {
          headers: {},
          body: Buffer.concat([fake.paid('OTN1', '1.00').body, Buffer.from('&trade_status=TRADE_SUCCESS')]),
        },
        now(),
      ),
      channel.verify(
        { headers: {}, body: Buffer.from('out_trade_no=OTN1&trade_status=TRADE_SUCCESS&total_amount=1.00') },
        now(),
      ),
    ]);
    expect(verdicts).toEqual([
      { ok: false, reason: 'bad signature' },
      { ok: false, reason: 'bad signature' },
      { ok: false, reason: 'app_id mismatch' },
      { ok: false, reason: 'not a signed form' },
      { ok: false, reason: 'not a signed form' },
    ]);
  });

  it("refuses a validly signed notification for our app but another seller's PID, or none", async () => {
    expect(await channel.verify(fake.paid('OTN1', '1.00', { seller_id: '2088000000000001' }), now())).toEqual(
      {
        ok: false,
        reason: 'seller_id mismatch',
      },
    );
    const withoutSeller = fake.notification(
      { out_trade_no: 'OTN1', trade_no: 'T', trade_status: 'TRADE_SUCCESS', total_amount: '1.00' },
      (signed) => {
        delete signed.seller_id;
        signed.sign = fake.sign(alipayNotifyContent(signed));
      },
    );
    expect(await channel.verify(withoutSeller, now())).toEqual({ ok: false, reason: 'seller_id mismatch' });
    expect((await channel.verify(fake.paid('OTN1', '1.00'), now())).ok).toBe(true);
  });

  it('reads TRADE_CLOSED as a failed attempt, or with refund fields as a refund notice', async () => {
    const closed = {
      out_trade_no: 'OTN1',
      trade_no: 'T1',
      trade_status: 'TRADE_CLOSED',
      total_amount: '1.00',
    };
    expect(await channel.verify(fake.notification(closed), now())).toMatchObject({
      ok: true,
      notice: { kind: 'failed', outTradeNo: 'OTN1' },
    });
    const refunded = {
      ...closed,
      refund_fee: '1.00',
      out_biz_no: 'ORN1',
      gmt_refund: '2026-01-15 12:30:00.000',
    };
    expect(await channel.verify(fake.notification(refunded), now())).toMatchObject({
      ok: true,
      notice: { kind: 'refund', outRefundNo: 'ORN1', amount: 100, status: 'succeeded' },
    });
    expect(
      await channel.verify(
        fake.notification({ out_trade_no: 'OTN1', trade_no: 'T1', trade_status: 'WAIT_BUYER_PAY' }),
        now(),
      ),
    ).toMatchObject({ ok: true, notice: { kind: 'ignored' } });
  });

  it("answers 'success' or 'fail' as plain text", () => {
    expect(channel.answer('success', 'paid')).toMatchObject({ status: 200, body: 'success' });
    expect(channel.answer('refused', 'no')).toMatchObject({ status: 400, body: 'fail' });
  });
});

describe('refunds', () => {
  const refund = {
    outTradeNo: 'OTN1',
    transactionId: 'T1',
    outRefundNo: 'ORN1',
    amount: 12_345,
    total: 12_345,
    reason: '买家申请退款',
    notifyUrl: 'https://shop.example.com/api/pay/notify/alipay',
  };

  it('refunds at once through a signed v3 request; a resend of the same out_request_no is confirmed by the query', async () => {
    const first = await channel.refund(refund);
    expect(first).toEqual({
      status: 'succeeded',
      providerRefundId: expect.stringMatching(/^2026011522001/),
      at: new Date(clock.now()),
    });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/alipay/trade/refund', signatureValid: true });
    expect(JSON.parse(sent.body)).toEqual({
      out_trade_no: 'OTN1',
      refund_amount: '123.45',
      out_request_no: 'ORN1',
      refund_reason: '买家申请退款',
    });
    expect(await channel.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect(fake.requests.at(-1)!.url).toBe('/v3/alipay/trade/fastpay/refund/query');
  });

  it('is final when Alipay refuses, retried when it fails or answers unsigned', async () => {
    fake.replies.set('/v3/alipay/trade/refund', () => ({
      status: 400,
      body: JSON.stringify({ code: 'ACQ.TRADE_HAS_FINISHED', message: '交易已完结' }),
    }));
    expect(await channel.refund({ ...refund, outRefundNo: 'ORN2' })).toEqual({
      status: 'failed',
      reason: 'alipay refused: ACQ.TRADE_HAS_FINISHED',
    });
    fake.replies.set('/v3/alipay/trade/refund', () => ({
      status: 500,
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '' }),
    }));
    await expect(channel.refund({ ...refund, outRefundNo: 'ORN3' })).rejects.toMatchObject({
      code: 'PaymentChannelError',
    });
    fake.replies.set('/v3/alipay/trade/refund', () => ({
      status: 200,
      headers: { 'alipay-signature': fake.sign('not this answer') },
      body: JSON.stringify({ fund_change: 'Y', trade_no: 'T' }),
    }));
    await expect(channel.refund({ ...refund, outRefundNo: 'ORN4' })).rejects.toMatchObject({
      code: 'PaymentChannelError',
    });
    fake.replies.delete('/v3/alipay/trade/refund');
  });
});

describe('alipay.trade.query and alipay.trade.close', () => {
  let seq = 0;
  function outTradeNo(): string {
    seq += 1;
    return `20260115120000123456P${String(900_000 + seq)}`;
  }

  it('queries through a signed v3 request and reads each trade_status', async () => {
    const trade = outTradeNo();
    // The buyer never opened the cashier: Alipay has no such trade.
    expect(await channel.query(trade)).toEqual({ state: 'not-paid' });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/alipay/trade/query', signatureValid: true });
    expect(JSON.parse(sent.body)).toEqual({ out_trade_no: trade });
    fake.openCashier(trade, 12_345);
    expect(await channel.query(trade)).toEqual({ state: 'not-paid' });
    fake.pay(trade, 12_345);
    expect(await channel.query(trade)).toEqual({
      state: 'paid',
      transactionId: `2026011522001${trade.slice(-10)}`,
      amount: 12_345,
      paidAt: new Date(clock.now()),
    });
    fake.trades.get(trade)!.state = 'TRADE_FINISHED';
    expect(await channel.query(trade)).toMatchObject({ state: 'paid', amount: 12_345 });
    // Paid, then refunded in full: Alipay closes the trade, its payment date tells it from an unpaid one.
    fake.trades.get(trade)!.state = 'TRADE_CLOSED';
    expect(await channel.query(trade)).toMatchObject({ state: 'refunded', amount: 12_345 });
    const unpaid = outTradeNo();
    fake.openCashier(unpaid, 100);
    fake.trades.get(unpaid)!.state = 'TRADE_CLOSED';
    expect(await channel.query(unpaid)).toEqual({ state: 'closed' });
  });

  it('believes no unsigned answer, no answer about another trade, and retries a system error', async () => {
    const trade = outTradeNo();
    fake.replies.set('/v3/alipay/trade/query', () => ({
      status: 200,
      headers: { 'alipay-signature': fake.sign('not this answer') },
      body: JSON.stringify({ out_trade_no: trade, trade_status: 'TRADE_SUCCESS', total_amount: '1.00' }),
    }));
    await expect(channel.query(trade)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    fake.replies.set('/v3/alipay/trade/query', () => ({
      status: 200,
      body: JSON.stringify({ out_trade_no: 'other', trade_status: 'WAIT_BUYER_PAY' }),
    }));
    await expect(channel.query(trade)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    fake.replies.set('/v3/alipay/trade/query', () => ({
      status: 400,
      body: JSON.stringify({ code: 'ACQ.SYSTEM_ERROR', message: '系统错误' }),
    }));
    await expect(channel.query(trade)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    fake.replies.delete('/v3/alipay/trade/query');
  });

  it('closes a trade waiting for payment; an unopened one stays open until its time_expire; a paid one answers paid', async () => {
    const deadline = new Date(clock.now() + 15 * 60_000);
    const waiting = outTradeNo();
    fake.openCashier(waiting, 500);
    expect(await channel.close(waiting, deadline)).toBe('closed');
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', url: '/v3/alipay/trade/close', signatureValid: true });
    expect(JSON.parse(sent.body)).toEqual({ out_trade_no: waiting });
    expect(fake.trades.get(waiting)?.state).toBe('TRADE_CLOSED');
    // Closed already: ACQ.TRADE_STATUS_ERROR, and the query says closed.
    expect(await channel.close(waiting, deadline)).toBe('closed');
    // Never opened (ACQ.TRADE_NOT_EXIST): its cashier URL could still pay it before time_expire.
    const unopened = outTradeNo();
    expect(await channel.close(unopened, deadline)).toBe('open');
    expect(await channel.close(unopened, new Date(clock.now()))).toBe('closed');
    const paid = outTradeNo();
    fake.pay(paid, 500);
    expect(await channel.close(paid, deadline)).toBe('paid');
    expect(fake.trades.get(paid)?.state).toBe('TRADE_SUCCESS');
  });
});
