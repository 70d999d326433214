/**
 * WeChat Pay API v3 as WeChat documents it, against a fake WeChat that signs with keys made for this
 * run (an X.509 platform certificate from the openssl CLI, and a 微信支付公钥): request signatures
 * checked with the merchant's public key, JSAPI and H5 starts, refunds, callbacks accepted only when
 * signed, fresh, unaltered and ours, and the AEAD_AES_256_GCM resource.
 */
import { createVerify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../test/build.ts';
import type { ChannelPayRequest, PaymentChannel } from '../channel.ts';
import { parsePayConfig, type WechatPayConfig } from '../settings.ts';
import { FakeWechatPay, parseWechatAuthorization } from '../testing.ts';
import { wechatChannel } from './channel.ts';
import { decryptResource, encryptResource } from './resource.ts';
import { wechatAuthorization, wechatRequestMessage } from './signing.ts';

const clock = fixedClock();
const silent = { info() {}, warn() {}, error() {} };
let fake: FakeWechatPay;
let config: WechatPayConfig;
let channel: PaymentChannel;

function channelWith(fetchImpl: typeof fetch, timeoutMs = 2000): PaymentChannel {
  return wechatChannel(config, { clock, log: silent, timeoutMs, fetch: fetchImpl });
}

const expiresAt = new Date(clock.now() + 15 * 60_000);
const request: ChannelPayRequest = {
  orderNo: '20260115120000123456',
  outTradeNo: '20260115120000123456P000001',
  amount: 12_800,
  subject: '玄历商城-紫檀手串 等2件',
  expiresAt,
  notifyUrl: 'https://shop.example.com/api/pay/notify/wechat',
  returnUrl: 'https://shop.example.com/xuanli/#/pages/user/order?orderNo=20260115120000123456',
  clientIp: '203.0.113.7',
  scene: 'mobile',
  openid: undefined,
};

beforeAll(() => {
  fake = new FakeWechatPay(clock);
  const pay = parsePayConfig({
    ...fake.env('https://api.mch.weixin.qq.com'),
    PAY_PUBLIC_URL: 'https://shop.example.com',
  });
  config = pay.wechat as WechatPayConfig;
  channel = channelWith(fake.fetch);
});

describe('request signing', () => {
  it('signs METHOD\\nURL\\nTIMESTAMP\\nNONCE\\nBODY\\n with the merchant key, verifiable with its public key', () => {
    const signed = {
      method: 'POST',
      url: '/v3/pay/transactions/h5',
      body: '{"a":1}',
      timestamp: 1768449600,
      nonce: 'N1',
    };
    expect(wechatRequestMessage(signed)).toBe('POST\n/v3/pay/transactions/h5\n1768449600\nN1\n{"a":1}\n');
    const header = wechatAuthorization(signed, {
      mchId: fake.mchId,
      serialNo: fake.merchantSerialNo,
      privateKey: fake.merchant.privateKey,
    });
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="N1",signature="[^"]+",timestamp="1768449600",serial_no="5157F09E/,
    );
    const fields = parseWechatAuthorization(header)!;
    const verifier = createVerify('RSA-SHA256').update(wechatRequestMessage(signed));
    expect(verifier.verify(fake.merchant.publicKey, fields.signature, 'base64')).toBe(true);
  });
});

describe('starting a payment', () => {
  it('H5: posts a signed request with scene_info, time_expire (+08:00) and the amount in 分; answers h5_url', async () => {
    const started = await channel.start(request);
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe('/v3/pay/transactions/h5');
    expect(sent.signatureValid).toBe(true);
    expect(JSON.parse(sent.body)).toEqual({
      appid: fake.appId,
      mchid: fake.mchId,
      description: request.subject,
      out_trade_no: request.outTradeNo,
      time_expire: '2026-01-15T12:15:00+08:00',
      notify_url: request.notifyUrl,
      amount: { total: 12_800, currency: 'CNY' },
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    expect(started).toEqual({
      mode: 'redirect',
      url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1&redirect_url=${encodeURIComponent(request.returnUrl!)}`,
      jsapi: null,
    });
  });

  it('JSAPI: posts payer.openid and answers getBrandWCPayRequest parameters with a valid paySign', async () => {
    const started = await channel.start({
      ...request,
      scene: 'wechat',
      openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe('/v3/pay/transactions/jsapi');
    expect(JSON.parse(sent.body).payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    expect(started.mode).toBe('jsapi');
    const jsapi = started.jsapi!;
    expect(jsapi).toMatchObject({
      appId: fake.appId,
      package: `prepay_id=wx${request.outTradeNo}`,
      signType: 'RSA',
    });
    expect(jsapi.timeStamp).toBe(String(clock.now() / 1000));
    const message = `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`;
    expect(
      createVerify('RSA-SHA256').update(message).verify(fake.merchant.publicKey, jsapi.paySign, 'base64'),
    ).toBe(true);
  });

  it('is a PaymentChannelError when WeChat refuses, answers unsigned, or does not answer in time', async () => {
    fake.replies.set('/v3/pay/transactions/h5', () => ({
      status: 400,
      body: JSON.stringify({ code: 'PARAM_ERROR', message: '参数错误' }),
    }));
    await expect(channel.start(request)).rejects.toMatchObject({
      code: 'PaymentChannelError',
      message: expect.stringContaining('PARAM_ERROR'),
    });
    fake.replies.delete('/v3/pay/transactions/h5');

    const unsigned: typeof fetch = async () =>
      new Response(JSON.stringify({ h5_url: 'https://evil.example/' }), { status: 200 });
    await expect(channelWith(unsigned).start(request)).rejects.toMatchObject({ code: 'PaymentChannelError' });

    const forged: typeof fetch = async (input, init) => {
      const genuine = await fake.fetch(input, init);
      return new Response(JSON.stringify({ h5_url: 'https://evil.example/' }), {
        status: 200,
        headers: genuine.headers,
      });
    };
    await expect(channelWith(forged).start(request)).rejects.toMatchObject({ code: 'PaymentChannelError' });

    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    await expect(channelWith(hanging, 50).start(request)).rejects.toMatchObject({
      code: 'PaymentChannelError',
    });
  });
});

describe('callbacks', () => {
  const now = () => new Date(clock.now());

  it('accepts a payment callback signed by the platform certificate, and one signed by the 微信支付公钥', async () => {
    for (const mode of ['certificate', 'publicKey'] as const) {
      const verdict = await channel.verify(fake.paymentCallback('OTN1', 12_800, { mode }), now());
      expect(verdict).toEqual({
        ok: true,
        notice: {
          kind: 'paid',
          outTradeNo: 'OTN1',
          transactionId: expect.stringMatching(/^4200001/),
          amount: 12_800,
          paidAt: now(),
        },
      });
    }
  });

  it('refuses a forged signature, an altered body, an unknown serial and a stale timestamp', async () => {
    const genuine = fake.paymentCallback('OTN1', 12_800);
    const reasons: Record<string, unknown> = {};
    const forged = {
      ...genuine,
      headers: {
        ...genuine.headers,
        'wechatpay-signature': fake.signHeaders('other')['wechatpay-signature'],
      },
    };
    reasons.forged = await channel.verify(forged, now());
    const altered = {
      ...genuine,
      body: Buffer.from(genuine.body.toString().replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ')),
    };
    reasons.altered = await channel.verify(altered, now());
    reasons.serial = await channel.verify(
      fake.paymentCallback('OTN1', 12_800, { serial: 'ABCDEF0123' }),
      now(),
    );
    reasons.stale = await channel.verify(
      fake.paymentCallback('OTN1', 12_800, { timestamp: clock.now() / 1000 - 301 }),
      now(),
    );
    reasons.future = await channel.verify(
      fake.paymentCallback('OTN1', 12_800, { timestamp: clock.now() / 1000 + 301 }),
      now(),
    );
    const missing = { ...genuine, headers: { ...genuine.headers, 'wechatpay-nonce': undefined } };
    reasons.missing = await channel.verify(missing, now());
    expect(reasons).toEqual({
      forged: { ok: false, reason: 'bad signature' },
      altered: { ok: false, reason: 'bad signature' },
      serial: { ok: false, reason: 'unknown serial' },
      stale: { ok: false, reason: 'stale timestamp' },
      future: { ok: false, reason: 'stale timestamp' },
      missing: { ok: false, reason: 'missing signature headers' },
    });
    // Just inside the window still counts.
    expect(
      (
        await channel.verify(
          fake.paymentCallback('OTN1', 12_800, { timestamp: clock.now() / 1000 - 299 }),
          now(),
        )
      ).ok,
    ).toBe(true);
  });

  it("refuses a signed callback whose resource is another merchant's, another app's, or encrypted with another key", async () => {
    const otherMch = fake.paymentCallback('OTN1', 100, { overrides: { mchid: '1900000999' } });
    const otherApp = fake.paymentCallback('OTN1', 100, { overrides: { appid: 'wx0000000000000000' } });
    const body = fake.callbackBody('TRANSACTION.SUCCESS', fake.transaction('OTN1', 100), 'k'.repeat(32));
    const otherKey = { headers: fake.signHeaders(body), body: Buffer.from(body) };
    expect(await channel.verify(otherMch, now())).toEqual({ ok: false, reason: 'mchid mismatch' });
    expect(await channel.verify(otherApp, now())).toEqual({ ok: false, reason: 'appid mismatch' });
    expect(await channel.verify(otherKey, now())).toEqual({ ok: false, reason: 'resource does not decrypt' });
  });

  it('reads a refund callback', async () => {
    const verdict = await channel.verify(fake.refundCallback('OTN1', 'ORN1', 12_800), now());
    expect(verdict).toMatchObject({
      ok: true,
      notice: { kind: 'refund', outRefundNo: 'ORN1', status: 'succeeded', amount: 12_800 },
    });
    const abnormal = await channel.verify(fake.refundCallback('OTN1', 'ORN1', 12_800, 'ABNORMAL'), now());
    expect(abnormal).toMatchObject({ ok: true, notice: { kind: 'refund', status: 'failed' } });
  });

  it('answers 204 for success and {code: FAIL, message} with 4xx/5xx otherwise', () => {
    expect(channel.answer('success', 'paid')).toEqual({
      status: 204,
      contentType: undefined,
      body: undefined,
    });
    expect(channel.answer('refused', 'bad')).toMatchObject({
      status: 400,
      body: '{"code":"FAIL","message":"bad"}',
    });
    expect(channel.answer('retry', 'later').status).toBe(500);
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  it('round-trips, and refuses a changed ciphertext, nonce, associated data or key', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    const resource = encryptResource('{"支付":"成功"}', key, 'fdasflkjaske', 'transaction');
    expect(decryptResource(resource, key)).toBe('{"支付":"成功"}');
    const data = Buffer.from(resource.ciphertext, 'base64');
    data[0] ^= 1;
    expect(decryptResource({ ...resource, ciphertext: data.toString('base64') }, key)).toBeNull();
    expect(decryptResource({ ...resource, nonce: 'fdasflkjaskf' }, key)).toBeNull();
    expect(decryptResource({ ...resource, associated_data: 'refund' }, key)).toBeNull();
    expect(decryptResource(resource, 'bbcdefghijklmnopqrstuvwxyz012345')).toBeNull();
    expect(decryptResource({ ...resource, ciphertext: 'AAAA' }, key)).toBeNull();
  });
});

describe('refunds', () => {
  const refund = {
    outTradeNo: 'OTN1',
    transactionId: '4200001',
    outRefundNo: 'ORN1',
    amount: 12_800,
    total: 12_800,
    reason: '买家申请退款',
    notifyUrl: 'https://shop.example.com/api/pay/notify/wechat',
  };

  it('posts a signed refund request; PROCESSING is pending, SUCCESS done, a refusal final, 5xx retried', async () => {
    expect(await channel.refund(refund)).toEqual({
      status: 'pending',
      providerRefundId: expect.stringMatching(/^50300/),
    });
    const sent = fake.requests.at(-1)!;
    expect(sent.url).toBe('/v3/refund/domestic/refunds');
    expect(sent.signatureValid).toBe(true);
    expect(JSON.parse(sent.body)).toEqual({
      out_trade_no: 'OTN1',
      out_refund_no: 'ORN1',
      reason: '买家申请退款',
      notify_url: refund.notifyUrl,
      amount: { refund: 12_800, total: 12_800, currency: 'CNY' },
    });
    fake.replies.set('/v3/refund/domestic/refunds', () => ({
      status: 200,
      body: JSON.stringify({ refund_id: 'R1', status: 'SUCCESS', success_time: '2026-01-15T12:01:00+08:00' }),
    }));
    expect(await channel.refund(refund)).toEqual({
      status: 'succeeded',
      providerRefundId: 'R1',
      at: new Date('2026-01-15T04:01:00Z'),
    });
    fake.replies.set('/v3/refund/domestic/refunds', () => ({
      status: 403,
      body: JSON.stringify({ code: 'NOT_ENOUGH', message: '余额不足' }),
    }));
    expect(await channel.refund(refund)).toEqual({
      status: 'failed',
      reason: 'wechat pay refused: NOT_ENOUGH',
    });
    fake.replies.set('/v3/refund/domestic/refunds', () => ({
      status: 500,
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }),
    }));
    await expect(channel.refund(refund)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    fake.replies.delete('/v3/refund/domestic/refunds');
  });
});

describe('查询订单 and 关闭订单', () => {
  /** A trade registered at the fake under a fresh out_trade_no (as an H5 start does). */
  let seq = 0;
  function registered(amount = 12_800): string {
    seq += 1;
    const outTradeNo = `20260115120000123456P${String(seq).padStart(6, '0')}`;
    fake.register(outTradeNo, amount);
    return outTradeNo;
  }

  it('GETs the trade by out_trade_no with ?mchid=, signed, and reads every trade_state', async () => {
    const outTradeNo = registered();
    expect(await channel.query(outTradeNo)).toEqual({ state: 'not-paid' });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'GET',
      url: `/v3/pay/transactions/out-trade-no/${outTradeNo}?mchid=${fake.mchId}`,
      body: '',
      signatureValid: true,
    });
    fake.pay(outTradeNo);
    expect(await channel.query(outTradeNo)).toEqual({
      state: 'paid',
      transactionId: `4200001${outTradeNo.slice(-10)}`,
      amount: 12_800,
      paidAt: new Date(clock.now()),
    });
    fake.trades.get(outTradeNo)!.state = 'REFUND';
    expect(await channel.query(outTradeNo)).toMatchObject({ state: 'refunded', amount: 12_800 });
    fake.trades.get(outTradeNo)!.state = 'USERPAYING';
    expect(await channel.query(outTradeNo)).toEqual({ state: 'unknown', detail: 'trade_state USERPAYING' });
    expect(await channel.query('20260115120000123456P999999')).toEqual({ state: 'not-paid' });
  });

  it('believes no answer that is unsigned, about another trade or merchant, or a refusal', async () => {
    const outTradeNo = registered();
    fake.pay(outTradeNo);
    const path = `/v3/pay/transactions/out-trade-no/${outTradeNo}`;
    const unsigned: typeof fetch = async () =>
      new Response(JSON.stringify({ mchid: fake.mchId, out_trade_no: outTradeNo, trade_state: 'SUCCESS' }));
    await expect(channelWith(unsigned).query(outTradeNo)).rejects.toMatchObject({
      code: 'PaymentChannelError',
    });
    for (const answer of [
      { mchid: '1900000999', out_trade_no: outTradeNo, trade_state: 'NOTPAY' },
      { mchid: fake.mchId, out_trade_no: 'other', trade_state: 'NOTPAY' },
      { mchid: fake.mchId, out_trade_no: outTradeNo, trade_state: 'SUCCESS' },
    ]) {
      fake.replies.set(path, () => ({ status: 200, body: JSON.stringify(answer) }));
      await expect(channel.query(outTradeNo)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    }
    fake.replies.set(path, () => ({
      status: 500,
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }),
    }));
    await expect(channel.query(outTradeNo)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    fake.replies.delete(path);
  });

  it('POSTs {"mchid"} to …/close: 204 closes, a closed or unknown trade is closed, a paid one says paid', async () => {
    const open = registered();
    expect(await channel.close(open, expiresAt)).toBe('closed');
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      url: `/v3/pay/transactions/out-trade-no/${open}/close`,
      signatureValid: true,
    });
    expect(JSON.parse(sent.body)).toEqual({ mchid: fake.mchId });
    expect(fake.trades.get(open)?.state).toBe('CLOSED');
    // Closed already (ORDER_CLOSED) or never registered (ORDER_NOT_EXIST): nobody can pay it.
    expect(await channel.close(open, expiresAt)).toBe('closed');
    expect(await channel.close('20260115120000123456P999998', expiresAt)).toBe('closed');
    const paid = registered();
    fake.pay(paid);
    expect(await channel.close(paid, expiresAt)).toBe('paid');
    expect(fake.trades.get(paid)?.state).toBe('SUCCESS');
    const path = `/v3/pay/transactions/out-trade-no/${paid}/close`;
    fake.replies.set(path, () => ({
      status: 503,
      body: JSON.stringify({ code: 'SYSTEM_ERROR', message: '系统错误' }),
    }));
    await expect(channel.close(paid, expiresAt)).rejects.toMatchObject({ code: 'PaymentChannelError' });
    fake.replies.delete(path);
  });
});
