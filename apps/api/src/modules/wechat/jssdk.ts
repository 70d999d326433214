/**
 * The JS-SDK's permission signature (JS-SDK 说明文档, 附录1): SHA-1 over
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` — the fields in that (ASCII) order, raw values, no URL
 * escaping — for one page URL without its `#` part. Only pages of our own origin are signed: a
 * signature for someone else's page would lend them our 公众号's share cards.
 */
import { createHash, randomInt } from 'node:crypto';
import { AppError } from '../../shared/errors.ts';

/** The four values the signature covers. */
export interface SignatureInput {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}

/** The hex SHA-1 signature of {@link SignatureInput}. */
export function jssdkSignature(input: SignatureInput): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random nonce of 16 letters and digits (WeChat takes up to 32). */
export function nonceStr(): string {
  let nonce = '';
  for (let i = 0; i < 16; i++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

/**
 * The page URL as it is signed: `url` cut at its `#`, refused (ValidationError) unless it is an
 * http(s) page of `publicUrl`'s origin.
 */
export function signablePageUrl(url: string, publicUrl: string): string {
  const page = url.split('#')[0];
  let parsed: URL;
  try {
    parsed = new URL(page);
  } catch {
    throw new AppError('ValidationError', '页面地址不正确');
  }
  if (parsed.origin !== new URL(publicUrl).origin || !page.startsWith(`${parsed.origin}/`)) {
    throw new AppError('ValidationError', '只能为本站的页面签名');
  }
  return page;
}
