/**
 * WeChat Pay API v3 signatures (微信支付 APIv3 签名). Requests are signed with the merchant's private
 * key over `METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n` (URL = path with query) and sent as
 * `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`.
 * The JSAPI cashier is opened with `paySign` over `appId\ntimeStamp\nnonceStr\nprepay_id=…\n`.
 * Answers and callbacks are signed by WeChat over `TIMESTAMP\nNONCE\nBODY\n` with its platform key,
 * named by the `Wechatpay-Serial` header. All RSA-SHA256 (PKCS#1 v1.5), base64.
 */
import { createSign, type KeyObject, verify } from 'node:crypto';

/** The Authorization scheme of API v3. */
export const WECHATPAY_AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** What a request signature covers. */
export interface WechatRequestToSign {
  method: string;
  /** Path and query, e.g. '/v3/pay/transactions/h5'. */
  url: string;
  /** The exact body sent ('' for GET). */
  body: string;
  /** Epoch seconds. */
  timestamp: number;
  nonce: string;
}

/** The message a request signature covers. */
export function wechatRequestMessage(request: WechatRequestToSign): string {
  return `${request.method}\n${request.url}\n${request.timestamp}\n${request.nonce}\n${request.body}\n`;
}

/** The `Authorization` header of a request signed with the merchant key. */
export function wechatAuthorization(
  request: WechatRequestToSign,
  merchant: { mchId: string; serialNo: string; privateKey: string | KeyObject },
): string {
  const signature = createSign('RSA-SHA256')
    .update(wechatRequestMessage(request), 'utf8')
    .sign(merchant.privateKey, 'base64');
  return (
    `${WECHATPAY_AUTH_SCHEME} mchid="${merchant.mchId}",nonce_str="${request.nonce}",` +
    `signature="${signature}",timestamp="${request.timestamp}",serial_no="${merchant.serialNo}"`
  );
}

/** The JSAPI `paySign` for `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`. */
export function jsapiPaySign(
  input: { appId: string; timeStamp: string; nonceStr: string; packageValue: string },
  privateKey: string | KeyObject,
): string {
  const message = `${input.appId}\n${input.timeStamp}\n${input.nonceStr}\n${input.packageValue}\n`;
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** The bytes WeChat signs in an answer or callback: `timestamp\nnonce\nbody\n`, the body exactly as received. */
export function wechatResponseMessage(timestamp: string, nonce: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), body, Buffer.from('\n', 'utf8')]);
}

/** Callbacks older (or newer) than this are refused, so a captured one cannot be replayed later. */
export const WECHAT_MAX_SKEW_SECONDS = 300;

/**
 * Checks WeChat's signature headers over `body` with the platform key the serial names (a 平台证书
 * serial or a 微信支付公钥 id). Answers null when it holds, else why not.
 */
export function checkWechatSignature(
  keys: ReadonlyMap<string, KeyObject>,
  headers: Record<string, string | undefined>,
  body: Buffer,
  now: Date,
): string | null {
  const timestamp = headers['wechatpay-timestamp'];
  const nonce = headers['wechatpay-nonce'];
  const signature = headers['wechatpay-signature'];
  const serial = headers['wechatpay-serial'];
  if (!timestamp || !nonce || !signature || !serial) return 'missing signature headers';
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed timestamp';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WECHAT_MAX_SKEW_SECONDS) return 'stale timestamp';
  const key = keys.get(serial) ?? keys.get(serial.toUpperCase());
  if (!key) return 'unknown serial';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return 'bad signature';
  const valid = verify(
    'RSA-SHA256',
    wechatResponseMessage(timestamp, nonce, body),
    key,
    Buffer.from(signature, 'base64'),
  );
  return valid ? null : 'bad signature';
}
