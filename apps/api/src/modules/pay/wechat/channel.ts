/**
 * WeChat Pay API v3 (直连商户) over `fetch` and node:crypto: JSAPI inside the WeChat browser
 * (`/v3/pay/transactions/jsapi`, then the signed `getBrandWCPayRequest` parameters), H5 in other
 * phone browsers (`/v3/pay/transactions/h5`, answering `h5_url`) and Native on a desktop
 * (`/v3/pay/transactions/native`, answering the `code_url` shown as a QR code); refunds
 * (`/v3/refund/domestic/refunds`); 查询订单 (`GET /v3/pay/transactions/out-trade-no/{out_trade_no}
 * ?mchid=…`) and 关闭订单 (`POST …/{out_trade_no}/close` with `{"mchid"}`, 204); payment and refund
 * callbacks (signature by the platform certificate or the 微信支付公钥, then the AEAD_AES_256_GCM
 * resource). Answers from WeChat are checked with the same signature rule before they are believed.
 */
import { createPublicKey, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import { rfc3339Beijing } from '../beijing-time.ts';
import {
  type ChannelPayRequest,
  type ChannelPayStart,
  type PaymentChannel,
  paidVerdict,
  refundVerdict,
  type TradeState,
} from '../channel.ts';
import type { ChannelDeps } from '../channel-deps.ts';
import { channelError } from '../errors.ts';
import type { WechatPayConfig } from '../settings.ts';
import { decryptResource, type WechatResource } from './resource.ts';
import { checkWechatSignature, jsapiPaySign, wechatAuthorization } from './signing.ts';

/**
 * The keys WeChat signs with, by the serial its `Wechatpay-Serial` header names: each configured
 * 平台证书 by its certificate serial (upper-case hex), and the 微信支付公钥 by its id.
 */
export function wechatPlatformKeys(config: WechatPayConfig): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const pem of config.platformCertificates) {
    const certificate = new X509Certificate(pem);
    keys.set(certificate.serialNumber.toUpperCase(), certificate.publicKey);
  }
  if (config.publicKeyId && config.publicKey) keys.set(config.publicKeyId, createPublicKey(config.publicKey));
  return keys;
}

/** A random nonce of 32 upper-case hex characters (WeChat allows up to 32). */
function nonce(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An RFC 3339 time of WeChat's, or `fallback` when it is missing or unreadable. */
function wechatTime(value: unknown, fallback: Date): Date {
  if (typeof value !== 'string') return fallback;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? fallback : at;
}

/**
 * A 查询订单 answer as a {@link TradeState}, once it is shown to be about `outTradeNo` of our merchant
 * and app. `trade_state`: SUCCESS, REFUND (转入退款), NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR.
 */
function tradeStateOf(
  data: Record<string, unknown>,
  ours: { mchId: string; appId: string; outTradeNo: string },
  now: Date,
): TradeState {
  if (data.mchid !== ours.mchId || data.out_trade_no !== ours.outTradeNo) {
    throw channelError('wechat pay answered about another trade');
  }
  if (data.appid !== undefined && data.appid !== ours.appId) throw channelError('wechat pay appid mismatch');
  const amount = isRecord(data.amount) ? data.amount.total : undefined;
  const transactionId = data.transaction_id;
  const taken = typeof transactionId === 'string' && Number.isSafeInteger(amount);
  switch (data.trade_state) {
    case 'SUCCESS':
      if (!taken) throw channelError('wechat pay answered a payment without its amount');
      return {
        state: 'paid',
        transactionId,
        amount: amount as number,
        paidAt: wechatTime(data.success_time, now),
      };
    case 'REFUND':
      if (!taken) throw channelError('wechat pay answered a refund without its amount');
      return { state: 'refunded', transactionId, amount: amount as number };
    // A failed attempt (付款码 only) takes no money; like an unpaid one it is closed before it is given up.
    case 'NOTPAY':
    case 'PAYERROR':
      return { state: 'not-paid' };
    case 'CLOSED':
    case 'REVOKED':
      return { state: 'closed' };
    default:
      return { state: 'unknown', detail: `trade_state ${String(data.trade_state).slice(0, 40)}` };
  }
}

/** The WeChat Pay channel. */
export function wechatChannel(config: WechatPayConfig, deps: Omit<ChannelDeps, 'db'>): PaymentChannel {
  const fetchImpl = deps.fetch ?? fetch;
  const keys = wechatPlatformKeys(config);
  const mchId = config.mchId.reveal();
  const appId = config.appId.reveal();
  const privateKey = config.merchantPrivateKey.reveal();

  /** One signed call; the parsed answer of a 2xx, else a `PaymentChannelError` naming WeChat's code. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: object | undefined,
  ): Promise<{ status: number; data: Record<string, unknown> }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const authorization = wechatAuthorization(
      { method, url: path, body: text, timestamp: Math.floor(deps.clock.now() / 1000), nonce: nonce() },
      { mchId, serialNo: config.merchantSerialNo, privateKey },
    );
    let response: Response;
    let answer: Buffer;
    try {
      response = await fetchImpl(`${config.endpoint}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'xuanli-api',
          // In 微信支付公钥 mode WeChat asks requests to name the key it should sign its answer with.
          ...(config.publicKeyId ? { 'wechatpay-serial': config.publicKeyId } : {}),
        },
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(deps.timeoutMs),
      });
      answer = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      deps.log.warn({ channel: 'wechat', path, err: (error as Error).message }, 'wechat pay did not answer');
      throw channelError('wechat pay did not answer');
    }
    const parsed = parseJson(answer.toString('utf8'));
    const data = isRecord(parsed) ? parsed : {};
    if (!response.ok) {
      const code = typeof data.code === 'string' ? data.code : `HTTP ${response.status}`;
      deps.log.warn({ channel: 'wechat', path, status: response.status, code }, 'wechat pay refused');
      return { status: response.status, data: { ...data, code } };
    }
    const headers = Object.fromEntries(response.headers.entries());
    const problem = checkWechatSignature(keys, headers, answer, new Date(deps.clock.now()));
    if (problem) {
      deps.log.warn({ channel: 'wechat', path, problem }, 'wechat pay answer failed verification');
      throw channelError('wechat pay answer failed verification');
    }
    return { status: response.status, data };
  }

  /** 查询订单 by our out_trade_no; a trade WeChat never registered (ORDER_NOT_EXIST) was never paid. */
  async function query(outTradeNo: string): Promise<TradeState> {
    const path =
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}` +
      `?mchid=${encodeURIComponent(mchId)}`;
    const { status, data } = await call('GET', path, undefined);
    if (status === 404 && data.code === 'ORDER_NOT_EXIST') return { state: 'not-paid' };
    if (status >= 300) throw channelError(`wechat pay refused the query: ${String(data.code)}`);
    return tradeStateOf(data, { mchId, appId, outTradeNo }, new Date(deps.clock.now()));
  }

  /** 关闭订单; a refusal is settled by asking where the trade stands (closed already, or paid meanwhile). */
  async function close(outTradeNo: string): Promise<'closed' | 'paid'> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`;
    const { status, data } = await call('POST', path, { mchid: mchId });
    if (status < 300) return 'closed';
    if (status === 429 || status >= 500)
      throw channelError(`wechat pay refused to close: ${String(data.code)}`);
    const state = await query(outTradeNo);
    if (state.state === 'paid' || state.state === 'refunded') return 'paid';
    if (state.state === 'closed' || data.code === 'ORDER_NOT_EXIST') return 'closed';
    throw channelError(`wechat pay refused to close: ${String(data.code)}`);
  }

  /** JSAPI下单 for the buyer's openid, answering the signed `getBrandWCPayRequest` parameters. */
  async function startJsapi(common: object, openid: string | undefined): Promise<ChannelPayStart> {
    if (!openid) throw channelError('wechat jsapi needs the openid');
    const { status, data } = await call('POST', '/v3/pay/transactions/jsapi', {
      ...common,
      payer: { openid },
    });
    if (status >= 300 || typeof data.prepay_id !== 'string') {
      throw channelError(`wechat pay refused: ${String(data.code ?? 'no prepay_id')}`);
    }
    const packageValue = `prepay_id=${data.prepay_id}`;
    const timeStamp = String(Math.floor(deps.clock.now() / 1000));
    const nonceStr = nonce();
    return {
      mode: 'jsapi',
      url: null,
      jsapi: {
        appId,
        timeStamp,
        nonceStr,
        package: packageValue,
        signType: 'RSA',
        paySign: jsapiPaySign({ appId, timeStamp, nonceStr, packageValue }, privateKey),
      },
    };
  }

  /** Native下单 on a desktop: the `code_url` the buyer's phone scans (`weixin://wxpay/bizpayurl?pr=…`). */
  async function startNative(common: object): Promise<ChannelPayStart> {
    const { status, data } = await call('POST', '/v3/pay/transactions/native', common);
    if (status >= 300 || typeof data.code_url !== 'string' || !data.code_url.startsWith('weixin://')) {
      throw channelError(`wechat pay refused: ${String(data.code ?? 'no code_url')}`);
    }
    return { mode: 'qrcode', url: data.code_url, jsapi: null };
  }

  /** H5下单 in a phone's browser outside WeChat: WeChat's cashier page, coming back to `returnUrl`. */
  async function startH5(common: object, request: ChannelPayRequest): Promise<ChannelPayStart> {
    const { status, data } = await call('POST', '/v3/pay/transactions/h5', {
      ...common,
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
    });
    if (status >= 300 || typeof data.h5_url !== 'string') {
      throw channelError(`wechat pay refused: ${String(data.code ?? 'no h5_url')}`);
    }
    // WeChat sends the buyer back to `redirect_url` (on the merchant's registered domain) when done.
    const url = request.returnUrl
      ? `${data.h5_url}&redirect_url=${encodeURIComponent(request.returnUrl)}`
      : data.h5_url;
    return { mode: 'redirect', url, jsapi: null };
  }

  return {
    name: 'wechat',
    query,
    close,

    async start(request) {
      if (!request.notifyUrl) throw channelError('wechat pay needs PAY_PUBLIC_URL');
      const common = {
        appid: appId,
        mchid: mchId,
        // WeChat allows 127 characters.
        description: [...request.subject].slice(0, 127).join(''),
        out_trade_no: request.outTradeNo,
        time_expire: rfc3339Beijing(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amount, currency: 'CNY' },
      };
      if (request.scene === 'wechat') return startJsapi(common, request.openid);
      if (request.scene === 'desktop') return startNative(common);
      return startH5(common, request);
    },

    async verify(raw, now) {
      const problem = checkWechatSignature(keys, raw.headers, raw.body, now);
      if (problem) return { ok: false, reason: problem };
      const envelope = parseJson(raw.body.toString('utf8'));
      if (!isRecord(envelope) || !isRecord(envelope.resource)) return { ok: false, reason: 'no resource' };
      const resource = envelope.resource as Partial<WechatResource>;
      if (
        typeof resource.algorithm !== 'string' ||
        typeof resource.ciphertext !== 'string' ||
        typeof resource.nonce !== 'string' ||
        (resource.associated_data !== undefined && typeof resource.associated_data !== 'string')
      ) {
        return { ok: false, reason: 'malformed resource' };
      }
      const plaintext = decryptResource(resource as WechatResource, config.apiV3Key.reveal());
      if (plaintext === null) return { ok: false, reason: 'resource does not decrypt' };
      const data = parseJson(plaintext);
      if (!isRecord(data)) return { ok: false, reason: 'resource is not JSON' };
      if (data.mchid !== mchId) return { ok: false, reason: 'mchid mismatch' };
      const event = String(envelope.event_type ?? '');
      const amount = isRecord(data.amount) ? data.amount : {};
      if (event === 'TRANSACTION.SUCCESS') {
        if (data.appid !== appId) return { ok: false, reason: 'appid mismatch' };
        if (
          data.trade_state !== 'SUCCESS' ||
          typeof data.out_trade_no !== 'string' ||
          typeof data.transaction_id !== 'string' ||
          !Number.isSafeInteger(amount.total)
        ) {
          return { ok: false, reason: 'malformed transaction' };
        }
        return paidVerdict({
          outTradeNo: data.out_trade_no,
          transactionId: data.transaction_id,
          amount: amount.total as number,
          paidAt: wechatTime(data.success_time, now),
        });
      }
      if (event.startsWith('REFUND.')) {
        if (
          typeof data.out_refund_no !== 'string' ||
          typeof data.refund_id !== 'string' ||
          !Number.isSafeInteger(amount.refund)
        ) {
          return { ok: false, reason: 'malformed refund' };
        }
        const succeeded = data.refund_status === 'SUCCESS';
        return refundVerdict({
          outRefundNo: data.out_refund_no,
          providerRefundId: data.refund_id,
          status: succeeded ? 'succeeded' : 'failed',
          amount: amount.refund as number,
          at: wechatTime(data.success_time, now),
          failure: succeeded ? undefined : `wechat refund ${String(data.refund_status)}`,
        });
      }
      return { ok: true, notice: { kind: 'ignored', reason: `event ${event.slice(0, 40)}` } };
    },

    async refund(request) {
      const { status, data } = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: request.outTradeNo,
        out_refund_no: request.outRefundNo,
        reason: request.reason,
        notify_url: request.notifyUrl,
        amount: { refund: request.amount, total: request.total, currency: 'CNY' },
      });
      // Busy or broken on WeChat's side: the refund stays pending and is sent again later.
      if (status === 429 || status >= 500) throw channelError(`wechat pay refused: ${String(data.code)}`);
      if (status >= 300) return { status: 'failed', reason: `wechat pay refused: ${String(data.code)}` };
      const refundId = typeof data.refund_id === 'string' ? data.refund_id : null;
      if (data.status === 'SUCCESS' && refundId) {
        return {
          status: 'succeeded',
          providerRefundId: refundId,
          at: wechatTime(data.success_time, new Date(deps.clock.now())),
        };
      }
      if (data.status === 'CLOSED' || data.status === 'ABNORMAL') {
        return { status: 'failed', reason: `wechat refund ${data.status}` };
      }
      return { status: 'pending', providerRefundId: refundId };
    },

    answer(result, message) {
      // API v3: 200/204 without a body accepts; 4xx/5xx with {code: 'FAIL', message} asks for a resend.
      if (result === 'success') return { status: 204, contentType: undefined, body: undefined };
      return {
        status: result === 'retry' ? 500 : 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message }),
      };
    },
  };
}
