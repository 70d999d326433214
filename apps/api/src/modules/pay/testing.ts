/**
 * Helpers of the pay tests: keys and an X.509 platform certificate made for each run (never a real
 * merchant's), and fake WeChat Pay and Alipay providers that sign and verify exactly as the real ones
 * document — each usable as a `fetch` (WeChat) or as an HTTP server on 127.0.0.1 (both; alipay-sdk
 * makes its own requests). Nothing here is used by the app itself.
 */
import { execFileSync } from 'node:child_process';
import { createSign, createVerify, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../shared/clock.ts';
import { alipayTime, rfc3339Beijing } from './beijing-time.ts';
import type { RawNotification } from './channel.ts';
import { fenToYuan, yuanToFen } from './money.ts';
import { encryptResource } from './wechat/resource.ts';
import { WECHATPAY_AUTH_SCHEME, wechatRequestMessage } from './wechat/signing.ts';

/** An RSA key pair as PEM (PKCS#8 private, SPKI public). */
export interface PemPair {
  privateKey: string;
  publicKey: string;
}

/** A fresh 2048-bit RSA key pair. */
export function rsaPair(): PemPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** A self-signed certificate over a fresh key, made by the `openssl` CLI, with serial `serialHex`. */
export function selfSignedCertificate(serialHex: string): { certificate: string; privateKey: string } {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-pay-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '3650',
        '-subj',
        '/C=CN/O=Tenpay.com/OU=Tenpay.com CA Center/CN=Tenpay.com Root CA',
        '-set_serial',
        `0x${serialHex}`,
      ],
      { stdio: 'ignore' },
    );
    return {
      certificate: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      privateKey: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A request a fake provider received. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A fake provider's reply. */
export interface ProviderReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** How a fake provider answers one request. */
export type ProviderHandler = (request: ReceivedRequest) => ProviderReply | Promise<ProviderReply>;

/** A fake provider listening on 127.0.0.1 until `close()`. */
export interface ProviderServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `handler` on a free loopback port. */
export async function serveProvider(handler: ProviderHandler): Promise<ProviderServer> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      try {
        const reply = await handler({
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
      } catch (error) {
        response.writeHead(500);
        response.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------------
// WeChat Pay

/** The transaction_id the fake WeChat gives a payment of `outTradeNo`. */
function wechatTransactionId(outTradeNo: string): string {
  return `4200001${outTradeNo.slice(-10)}`;
}

/** The parameters of a `WECHATPAY2-SHA256-RSA2048 k="v",…` Authorization header. */
export function parseWechatAuthorization(header: string): Record<string, string> | null {
  if (!header.startsWith(`${WECHATPAY_AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(WECHATPAY_AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1]] = match[2];
  }
  return fields;
}

/** A trade in a fake provider's own book. */
export interface FakeTrade {
  amount: number;
  /** WeChat's trade_state, or Alipay's trade_status. */
  state: string;
  transactionId: string;
  paidAt: Date | null;
  /** 分 given back so far. */
  refunded: number;
  /** WeChat's trade_type (JSAPI, NATIVE, MWEB); Alipay's trades leave it out. */
  tradeType?: string;
}

/** WeChat's trade_type of each 下单 product. */
const TRADE_TYPES: Record<string, string> = { h5: 'MWEB', jsapi: 'JSAPI', native: 'NATIVE' };

/**
 * A fake WeChat Pay: it knows the merchant's public key (to check request signatures), signs its
 * answers and callbacks with the platform certificate's key (or the 微信支付公钥), encrypts callback
 * resources with the APIv3 key, and keeps a book of the trades it was asked to register (H5/JSAPI),
 * which 查询订单 reads and 关闭订单 closes as WeChat documents them.
 */
export class FakeWechatPay {
  readonly mchId = '1900000109';
  readonly appId = 'wxd678efh567hg6787';
  readonly merchantSerialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
  readonly apiV3Key = randomBytes(16).toString('hex');
  readonly merchant = rsaPair();
  readonly platform: { certificate: string; privateKey: string; serial: string };
  readonly publicKeyMode = { id: 'PUB_KEY_ID_0119000001092026011500000000000001', ...rsaPair() };
  /** Every request received, with whether its Authorization signature verified. */
  readonly requests: (ReceivedRequest & { signatureValid: boolean })[] = [];
  /** The answer to the next requests by path; default: a plausible success. */
  readonly replies = new Map<string, () => ProviderReply>();
  /** out_trade_no → out_refund_no → 分 refunded (each number refunds once). */
  private readonly refunded = new Map<string, Map<string, number>>();
  /** out_trade_no → the trade as WeChat holds it. */
  readonly trades = new Map<string, FakeTrade>();
  /** The openids the 公众号 gave out, when a test wants JSAPI orders checked against them. */
  openids: Set<string> | undefined;
  /** Paths whose requests wait (received, not yet answered) until released: a slow WeChat. */
  private readonly held = new Map<string, Promise<void>>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
    // 40 hex digits as WeChat's serials, the first never 0: a serial whose digits lost a leading zero
    // would be odd in length, and Node reads a certificate's serial back padded to whole bytes.
    const serial = `7${randomBytes(20).toString('hex').toUpperCase().slice(1)}`;
    this.platform = { ...selfSignedCertificate(serial), serial };
  }

  /** The environment that configures WeChat Pay against this fake at `endpoint`. */
  env(endpoint: string): NodeJS.ProcessEnv {
    return {
      WECHATPAY_MCH_ID: this.mchId,
      WECHATPAY_APP_ID: this.appId,
      WECHATPAY_MCH_SERIAL_NO: this.merchantSerialNo,
      WECHATPAY_MCH_PRIVATE_KEY: this.merchant.privateKey,
      WECHATPAY_API_V3_KEY: this.apiV3Key,
      WECHATPAY_PLATFORM_CERT: this.platform.certificate,
      WECHATPAY_PUBLIC_KEY_ID: this.publicKeyMode.id,
      WECHATPAY_PUBLIC_KEY: this.publicKeyMode.publicKey,
      WECHATPAY_ENDPOINT: endpoint,
    };
  }

  /** Signature headers over `body` as WeChat sends them, by the certificate or (`publicKey`) the public key. */
  signHeaders(
    body: string,
    options: { timestamp?: number; mode?: 'certificate' | 'publicKey'; serial?: string } = {},
  ): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(this.clock.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const byKey = options.mode === 'publicKey';
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8')
      .sign(byKey ? this.publicKeyMode.privateKey : this.platform.privateKey, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': options.serial ?? (byKey ? this.publicKeyMode.id : this.platform.serial),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  /** The body of a callback: the envelope with `data` encrypted as its resource. */
  callbackBody(eventType: string, data: object, apiV3Key = this.apiV3Key): string {
    const resource = encryptResource(
      JSON.stringify(data),
      apiV3Key,
      randomBytes(6).toString('hex'),
      eventType.startsWith('REFUND') ? 'refund' : 'transaction',
    );
    return JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: new Date(this.clock.now()).toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource,
    });
  }

  /**
   * The buyer pays registered trade `outTradeNo` at WeChat's cashier: the book says SUCCESS; answers
   * the callback WeChat would then send (which a test may deliver, or lose).
   */
  pay(outTradeNo: string): RawNotification {
    const trade = this.trades.get(outTradeNo);
    if (trade?.state !== 'NOTPAY') throw new Error(`wechat trade ${outTradeNo} cannot be paid`);
    trade.state = 'SUCCESS';
    trade.paidAt = new Date(this.clock.now());
    return this.paymentCallback(outTradeNo, trade.amount);
  }

  /** The decrypted resource of a payment of `amount` 分 for attempt `outTradeNo`. */
  transaction(outTradeNo: string, amount: number, overrides: Record<string, unknown> = {}): object {
    return {
      appid: this.appId,
      mchid: this.mchId,
      out_trade_no: outTradeNo,
      transaction_id: wechatTransactionId(outTradeNo),
      trade_type: 'MWEB',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: new Date(this.clock.now()).toISOString().replace('Z', '+00:00'),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: amount, payer_total: amount, currency: 'CNY', payer_currency: 'CNY' },
      ...overrides,
    };
  }

  /** A payment callback, signed; `body` replaces the signed body (an altered callback). */
  paymentCallback(
    outTradeNo: string,
    amount: number,
    options: Parameters<FakeWechatPay['signHeaders']>[1] & { overrides?: Record<string, unknown> } = {},
  ): RawNotification {
    const body = this.callbackBody(
      'TRANSACTION.SUCCESS',
      this.transaction(outTradeNo, amount, options.overrides),
    );
    return {
      headers: { 'content-type': 'application/json', ...this.signHeaders(body, options) },
      body: Buffer.from(body),
    };
  }

  /** A refund callback for refund `outRefundNo` of `amount` 分 (of a payment of `total`, default the same). */
  refundCallback(
    outTradeNo: string,
    outRefundNo: string,
    amount: number,
    status = 'SUCCESS',
    total = amount,
  ): RawNotification {
    const body = this.callbackBody(`REFUND.${status === 'SUCCESS' ? 'SUCCESS' : 'ABNORMAL'}`, {
      mchid: this.mchId,
      out_trade_no: outTradeNo,
      transaction_id: `4200001${outTradeNo.slice(-10)}`,
      out_refund_no: outRefundNo,
      refund_id: `50300${outRefundNo.slice(-10)}`,
      refund_status: status,
      success_time: new Date(this.clock.now()).toISOString(),
      user_received_account: '招商银行信用卡0403',
      amount: { total, refund: amount, payer_total: total, payer_refund: amount },
    });
    return {
      headers: { 'content-type': 'application/json', ...this.signHeaders(body) },
      body: Buffer.from(body),
    };
  }

  /** True when `request`'s Authorization header is a valid merchant signature of it. */
  verifyRequest(request: ReceivedRequest): boolean {
    const fields = parseWechatAuthorization(request.headers.authorization ?? '');
    if (!fields || fields.mchid !== this.mchId || fields.serial_no !== this.merchantSerialNo) return false;
    const message = wechatRequestMessage({
      method: request.method,
      url: request.url,
      body: request.body,
      timestamp: Number(fields.timestamp),
      nonce: fields.nonce_str,
    });
    return createVerify('RSA-SHA256')
      .update(message, 'utf8')
      .verify(this.merchant.publicKey, fields.signature, 'base64');
  }

  /** Keeps requests to `path` waiting until the returned function is called. */
  hold(path: string): () => void {
    let release = () => {};
    this.held.set(
      path,
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      this.held.delete(path);
      release();
    };
  }

  /** Answers one API request as WeChat would (or as `replies` says). */
  handle: ProviderHandler = async (request) => {
    this.requests.push({ ...request, signatureValid: this.verifyRequest(request) });
    const path = request.url.split('?')[0];
    await this.held.get(path);
    const canned = this.replies.get(path);
    if (canned) return this.signed(canned());
    if (!this.verifyRequest(request)) {
      return { status: 401, body: JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }) };
    }
    const body = JSON.parse(request.body || '{}');
    const product = /^\/v3\/pay\/transactions\/(h5|jsapi|native)$/.exec(path)?.[1];
    if (product) {
      const refusal = this.checkOrder(product, body);
      if (refusal) return this.signed(refusal);
      this.register(body.out_trade_no, body.amount.total, TRADE_TYPES[product]);
    }
    const queried = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (queried && request.method === 'GET')
      return this.answerQuery(decodeURIComponent(queried[1]), request.url);
    const closing = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    if (closing && request.method === 'POST') return this.answerClose(decodeURIComponent(closing[1]), body);
    if (path === '/v3/pay/transactions/h5') {
      return this.signed({
        status: 200,
        body: JSON.stringify({
          h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1',
        }),
      });
    }
    if (path === '/v3/pay/transactions/jsapi') {
      return this.signed({ status: 200, body: JSON.stringify({ prepay_id: `wx${body.out_trade_no}` }) });
    }
    if (path === '/v3/pay/transactions/native') {
      return this.signed({
        status: 200,
        body: JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=${body.out_trade_no.slice(-10)}` }),
      });
    }
    if (path === '/v3/refund/domestic/refunds') {
      // As WeChat does: each out_refund_no refunds once, and the refunds of a payment never exceed it.
      const earlier = this.refunded.get(body.out_trade_no) ?? new Map<string, number>();
      if (!earlier.has(body.out_refund_no)) {
        const given = [...earlier.values()].reduce((sum, amount) => sum + amount, 0);
        if (given + body.amount.refund > body.amount.total) {
          return this.signed({
            status: 403,
            body: JSON.stringify({ code: 'NOT_ENOUGH', message: '申请退款金额超过订单可退金额' }),
          });
        }
        earlier.set(body.out_refund_no, body.amount.refund);
        this.refunded.set(body.out_trade_no, earlier);
        const trade = this.trades.get(body.out_trade_no);
        if (trade) {
          trade.refunded += body.amount.refund;
          trade.state = 'REFUND';
        }
      }
      return this.signed({
        status: 200,
        body: JSON.stringify({
          refund_id: `50300${String(body.out_refund_no).slice(-10)}`,
          out_refund_no: body.out_refund_no,
          out_trade_no: body.out_trade_no,
          channel: 'ORIGINAL',
          status: 'PROCESSING',
          amount: { ...body.amount, payer_total: body.amount.total, payer_refund: body.amount.refund },
        }),
      });
    }
    return { status: 404, body: JSON.stringify({ code: 'NOT_FOUND', message: 'no such API' }) };
  };

  /**
   * WeChat's refusals of an order request: PARAM_ERROR for a field its product requires and lacks
   * (JSAPI's `payer.openid`, H5's `scene_info`), or for an openid this fake never gave out (set
   * `openids` to the ones the 公众号 stand-in handed to its users), as WeChat answers an openid of another
   * appid.
   */
  private checkOrder(product: string, body: Record<string, unknown>): ProviderReply | null {
    const refuse = (message: string) => ({
      status: 400,
      body: JSON.stringify({ code: 'PARAM_ERROR', message }),
    });
    if (body.appid !== this.appId || body.mchid !== this.mchId) return refuse('appid和mch_id不匹配');
    if (product === 'jsapi') {
      const openid = (body.payer as { openid?: unknown } | undefined)?.openid;
      if (typeof openid !== 'string' || openid === '') return refuse('缺少参数 payer.openid');
      if (this.openids && !this.openids.has(openid)) return refuse('appid和openid不匹配');
    }
    if (product === 'h5' && typeof body.scene_info !== 'object') return refuse('缺少参数 scene_info');
    return null;
  }

  /** Registers trade `outTradeNo` (下单), as H5, JSAPI and Native starts do; a repeat keeps the first. */
  register(outTradeNo: string, amount: number, tradeType = 'MWEB'): void {
    if (this.trades.has(outTradeNo)) return;
    this.trades.set(outTradeNo, {
      amount,
      state: 'NOTPAY',
      transactionId: wechatTransactionId(outTradeNo),
      paidAt: null,
      refunded: 0,
      tradeType,
    });
  }

  /** 查询订单: 404 ORDER_NOT_EXIST for a trade never registered; the documented fields otherwise. */
  private answerQuery(outTradeNo: string, url: string): ProviderReply {
    if (new URL(url, 'https://api.mch.weixin.qq.com').searchParams.get('mchid') !== this.mchId) {
      return { status: 400, body: JSON.stringify({ code: 'PARAM_ERROR', message: '商户号不正确' }) };
    }
    const trade = this.trades.get(outTradeNo);
    if (!trade)
      return { status: 404, body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }) };
    const taken = trade.state === 'SUCCESS' || trade.state === 'REFUND';
    const descriptions: Record<string, string> = {
      SUCCESS: '支付成功',
      REFUND: '转入退款',
      NOTPAY: '未支付',
      CLOSED: '已关闭',
      USERPAYING: '用户支付中',
    };
    return this.signed({
      status: 200,
      body: JSON.stringify({
        appid: this.appId,
        mchid: this.mchId,
        out_trade_no: outTradeNo,
        ...(taken ? { transaction_id: trade.transactionId } : {}),
        trade_type: trade.tradeType ?? 'MWEB',
        trade_state: trade.state,
        trade_state_desc: descriptions[trade.state] ?? trade.state,
        ...(taken
          ? {
              bank_type: 'OTHERS',
              success_time: rfc3339Beijing(trade.paidAt as Date),
              payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
              amount: {
                total: trade.amount,
                payer_total: trade.amount,
                currency: 'CNY',
                payer_currency: 'CNY',
              },
            }
          : { amount: { total: trade.amount, currency: 'CNY' } }),
      }),
    });
  }

  /** 关闭订单: 204 for an unpaid trade; ORDER_CLOSED, ORDERPAID or ORDER_NOT_EXIST otherwise. */
  private answerClose(outTradeNo: string, body: { mchid?: string }): ProviderReply {
    if (body.mchid !== this.mchId) {
      return { status: 400, body: JSON.stringify({ code: 'PARAM_ERROR', message: '商户号不正确' }) };
    }
    const trade = this.trades.get(outTradeNo);
    if (!trade)
      return { status: 404, body: JSON.stringify({ code: 'ORDER_NOT_EXIST', message: '订单不存在' }) };
    if (trade.state === 'CLOSED') {
      return { status: 400, body: JSON.stringify({ code: 'ORDER_CLOSED', message: '订单已关闭' }) };
    }
    if (trade.state !== 'NOTPAY') {
      return { status: 400, body: JSON.stringify({ code: 'ORDERPAID', message: '订单已支付' }) };
    }
    trade.state = 'CLOSED';
    return this.signed({ status: 204 });
  }

  /** `reply` with WeChat's signature headers added. */
  signed(reply: ProviderReply): ProviderReply {
    return {
      ...reply,
      headers: {
        'content-type': 'application/json',
        ...this.signHeaders(reply.body ?? ''),
        ...reply.headers,
      },
    };
  }

  /** This fake as a `fetch` (no network). */
  fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const reply = await this.handle({
      method: init?.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    return new Response(reply.status === 204 ? null : (reply.body ?? ''), {
      status: reply.status,
      headers: reply.headers,
    });
  };
}

// ---------------------------------------------------------------------------------------------------
// Alipay

/** Alipay's signing content of a notification: every parameter but `sign`/`sign_type`, sorted, `k=v&…`. */
export function alipayNotifyContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** Alipay's signing content of a request: every parameter but `sign`, sorted, `k=v&…`. */
export function alipayRequestContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/**
 * A fake Alipay: it holds the app's key pair (our side signs with the private one, it verifies with
 * the public one) and its own key pair (it signs notifications and answers), and a book of trades —
 * a wap trade exists once the buyer opens the cashier — which alipay.trade.query reads and
 * alipay.trade.close closes as Alipay documents them.
 */
export class FakeAlipay {
  readonly appId = '2021000000000001';
  /** The merchant's PID, the seller_id of every notification. */
  readonly sellerId = '2088102146225135';
  /** out_trade_no → the trade as Alipay holds it. */
  readonly trades = new Map<string, FakeTrade>();
  readonly app = rsaPair();
  readonly alipay = rsaPair();
  readonly requests: (ReceivedRequest & { signatureValid: boolean })[] = [];
  readonly replies = new Map<string, () => ProviderReply>();
  /** out_request_no → refund already made (a second request moves no money). */
  private readonly refunded = new Map<string, string>();
  /** out_trade_no → 分 refunded in all (refund_fee of the answers). */
  private readonly refundedOfTrade = new Map<string, number>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The environment that configures Alipay against this fake at `endpoint`. */
  env(endpoint: string): NodeJS.ProcessEnv {
    return {
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: this.app.privateKey,
      // As Alipay's key tool shows it: bare base64, no PEM lines.
      ALIPAY_PUBLIC_KEY: this.alipay.publicKey.replace(/-----[A-Z ]+-----|\s/g, ''),
      ALIPAY_ENDPOINT: endpoint,
      ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
      ALIPAY_SELLER_ID: this.sellerId,
    };
  }

  /** RSA2 signature by Alipay's key. */
  sign(content: string): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(this.alipay.privateKey, 'base64');
  }

  /** A signed asynchronous notification with `params` (form-encoded as Alipay posts it). */
  notification(
    params: Record<string, string>,
    tamper?: (signed: Record<string, string>) => void,
  ): RawNotification {
    const signed: Record<string, string> = {
      notify_time: '2026-01-15 12:00:05',
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(8).toString('hex'),
      app_id: this.appId,
      seller_id: this.sellerId,
      charset: 'utf-8',
      version: '1.0',
      ...params,
    };
    signed.sign = this.sign(alipayNotifyContent(signed));
    signed.sign_type = 'RSA2';
    tamper?.(signed);
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: Buffer.from(new URLSearchParams(signed).toString()),
    };
  }

  /** The TRADE_SUCCESS notification of attempt `outTradeNo` for `totalAmount` yuan. */
  paid(outTradeNo: string, totalAmount: string, extra: Record<string, string> = {}): RawNotification {
    return this.notification({
      out_trade_no: outTradeNo,
      trade_no: `2026011522001${outTradeNo.slice(-10)}`,
      trade_status: 'TRADE_SUCCESS',
      total_amount: totalAmount,
      receipt_amount: totalAmount,
      buyer_id: '2088102122524333',
      gmt_create: '2026-01-15 12:00:00',
      gmt_payment: '2026-01-15 12:00:04',
      subject: '玄历商城-测试',
      ...extra,
    });
  }

  /** The buyer opens the cashier of `outTradeNo` for `amount` 分: Alipay now holds the trade, unpaid. */
  openCashier(outTradeNo: string, amount: number): void {
    if (this.trades.has(outTradeNo)) return;
    this.trades.set(outTradeNo, {
      amount,
      state: 'WAIT_BUYER_PAY',
      transactionId: `2026011522001${outTradeNo.slice(-10)}`,
      paidAt: null,
      refunded: 0,
    });
  }

  /**
   * The buyer pays `outTradeNo` at the cashier: the book says TRADE_SUCCESS; answers the notification
   * Alipay would then send (which a test may deliver, or lose).
   */
  pay(outTradeNo: string, amount: number): RawNotification {
    this.openCashier(outTradeNo, amount);
    const trade = this.trades.get(outTradeNo) as FakeTrade;
    if (trade.state !== 'WAIT_BUYER_PAY') throw new Error(`alipay trade ${outTradeNo} cannot be paid`);
    trade.state = 'TRADE_SUCCESS';
    trade.paidAt = new Date(this.clock.now());
    return this.paid(outTradeNo, fenToYuan(amount), { gmt_payment: alipayTime(trade.paidAt) });
  }

  /** True when a v3 request's `ALIPAY-SHA256withRSA` Authorization verifies with the app's public key. */
  verifyRequest(request: ReceivedRequest): boolean {
    const header = request.headers.authorization ?? '';
    const match = /^ALIPAY-SHA256withRSA (.*),sign=(.+)$/.exec(header);
    if (!match?.[1].startsWith(`app_id=${this.appId},`)) return false;
    const content = `${match[1]}\n${request.method}\n${request.url}\n${request.body}\n`;
    return verify('RSA-SHA256', Buffer.from(content), this.app.publicKey, Buffer.from(match[2], 'base64'));
  }

  /** A v3 answer signed by Alipay (alipay-timestamp, alipay-nonce, alipay-signature). */
  signed(reply: ProviderReply): ProviderReply {
    const timestamp = String(this.clock.now());
    const nonce = randomBytes(8).toString('hex');
    const body = reply.body ?? '';
    return {
      ...reply,
      headers: {
        'content-type': 'application/json',
        'alipay-timestamp': timestamp,
        'alipay-nonce': nonce,
        'alipay-signature': this.sign(`${timestamp}\n${nonce}\n${body}\n`),
        ...reply.headers,
      },
    };
  }

  /** Answers a v3 API request as Alipay would. */
  handle: ProviderHandler = (request) => {
    const signatureValid = this.verifyRequest(request);
    this.requests.push({ ...request, signatureValid });
    const path = request.url.split('?')[0];
    const canned = this.replies.get(path);
    if (canned) return this.signed(canned());
    if (!signatureValid)
      return { status: 401, body: JSON.stringify({ code: 'invalid-signature', message: '验签出错' }) };
    const body = JSON.parse(request.body || '{}');
    if (path === '/v3/alipay/trade/query') return this.answerQuery(body.out_trade_no);
    if (path === '/v3/alipay/trade/close') return this.answerClose(body.out_trade_no);
    if (path === '/v3/alipay/trade/refund') {
      const first = !this.refunded.has(body.out_request_no);
      this.refunded.set(body.out_request_no, body.refund_amount);
      const trade = this.trades.get(body.out_trade_no);
      if (first) {
        const total =
          (this.refundedOfTrade.get(body.out_trade_no) ?? 0) + (yuanToFen(body.refund_amount) ?? 0);
        this.refundedOfTrade.set(body.out_trade_no, total);
      }
      if (trade && first) {
        trade.refunded += yuanToFen(body.refund_amount) ?? 0;
        if (trade.refunded >= trade.amount) trade.state = 'TRADE_CLOSED';
      }
      return this.signed({
        status: 200,
        body: JSON.stringify({
          trade_no: `2026011522001${String(body.out_trade_no).slice(-10)}`,
          out_trade_no: body.out_trade_no,
          buyer_logon_id: '159****5620',
          // As Alipay answers it: what the trade has had refunded in all so far.
          refund_fee: fenToYuan(this.refundedOfTrade.get(body.out_trade_no) ?? 0),
          fund_change: first ? 'Y' : 'N',
        }),
      });
    }
    if (path === '/v3/alipay/trade/fastpay/refund/query') {
      const amount = this.refunded.get(body.out_request_no);
      return this.signed({
        status: 200,
        body: JSON.stringify(
          amount
            ? {
                out_trade_no: body.out_trade_no,
                out_request_no: body.out_request_no,
                refund_amount: amount,
                refund_status: 'REFUND_SUCCESS',
              }
            : { out_trade_no: body.out_trade_no, out_request_no: body.out_request_no },
        ),
      });
    }
    return { status: 404, body: JSON.stringify({ code: 'not-found', message: 'no such API' }) };
  };

  /** alipay.trade.query: ACQ.TRADE_NOT_EXIST until the cashier was opened; the documented fields then. */
  private answerQuery(outTradeNo: string): ProviderReply {
    const trade = this.trades.get(outTradeNo);
    if (!trade) {
      return {
        status: 400,
        body: JSON.stringify({ code: 'ACQ.TRADE_NOT_EXIST', message: '查询的交易不存在' }),
      };
    }
    return this.signed({
      status: 200,
      body: JSON.stringify({
        trade_no: trade.transactionId,
        out_trade_no: outTradeNo,
        buyer_logon_id: '159****5620',
        trade_status: trade.state,
        total_amount: fenToYuan(trade.amount),
        ...(trade.paidAt
          ? {
              buyer_pay_amount: fenToYuan(trade.amount),
              receipt_amount: fenToYuan(trade.amount),
              send_pay_date: alipayTime(trade.paidAt),
              buyer_user_id: '2088101117955611',
            }
          : {}),
      }),
    });
  }

  /** alipay.trade.close: closes a trade waiting for payment; ACQ.TRADE_NOT_EXIST / ACQ.TRADE_STATUS_ERROR otherwise. */
  private answerClose(outTradeNo: string): ProviderReply {
    const trade = this.trades.get(outTradeNo);
    if (!trade) {
      return { status: 400, body: JSON.stringify({ code: 'ACQ.TRADE_NOT_EXIST', message: '交易不存在' }) };
    }
    if (trade.state !== 'WAIT_BUYER_PAY') {
      return {
        status: 400,
        body: JSON.stringify({ code: 'ACQ.TRADE_STATUS_ERROR', message: '交易状态不合法' }),
      };
    }
    trade.state = 'TRADE_CLOSED';
    return this.signed({
      status: 200,
      body: JSON.stringify({ trade_no: trade.transactionId, out_trade_no: outTradeNo }),
    });
  }
}
