/**
 * Aliyun SMS (Dysmsapi 2017-05-25 `SendSms`), an RPC-style API signed with signature version 1.0:
 * sort every parameter but `Signature` by name, percent-encode names and values (RFC 3986: only
 * A–Z a–z 0–9 - _ . ~ stay, space is %20), join them as a query, then
 * `StringToSign = METHOD & percentEncode('/') & percentEncode(query)` and
 * `Signature = Base64(HMAC-SHA1(AccessKeySecret + '&', StringToSign))`.
 * Source: Alibaba Cloud, "Signature mechanism" for RPC APIs
 * (https://help.aliyun.com/en/document_detail/130769.html, Chinese: https://help.aliyun.com/document_detail/28839.html).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { maskPhone } from '../phone.ts';
import { PROVIDER_TIMEOUT_MS, type SmsMessage, type SmsSender, type SmsSenderDeps } from './port.ts';

/** Aliyun's public SMS endpoint. */
export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 percent-encoding as Aliyun's signature requires (encodeURIComponent leaves !'()* alone). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonicalized query: parameters sorted by name, each `encode(name)=encode(value)`, joined by '&'. */
export function aliyunCanonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${aliyunPercentEncode(name)}=${aliyunPercentEncode(params[name])}`)
    .join('&');
}

/** Signature 1.0 of a request with `params` (all but `Signature`) sent with `method`. */
export function aliyunSignature(
  method: string,
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  const stringToSign = `${method}&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** What one SendSms call is made of; `nonce` and `timestamp` are fixed by tests. */
export interface AliyunRequestInput {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  message: SmsMessage;
  /** ISO 8601 UTC without milliseconds, e.g. 2026-01-15T04:00:00Z. */
  timestamp: string;
  nonce: string;
}

/** The signed form body of a SendSms POST. */
export function aliyunSendSmsBody(input: AliyunRequestInput): string {
  const params: Record<string, string> = {
    AccessKeyId: input.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: input.message.phone,
    SignName: input.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: input.nonce,
    SignatureVersion: '1.0',
    TemplateCode: input.templateCode,
    // The approved template's one variable is named `code`.
    TemplateParam: JSON.stringify({ code: input.message.code }),
    Timestamp: input.timestamp,
    Version: '2017-05-25',
  };
  const signature = aliyunSignature('POST', params, input.accessKeySecret);
  return `Signature=${aliyunPercentEncode(signature)}&${aliyunCanonicalQuery(params)}`;
}

/** A sender calling Aliyun's SendSms; a reply other than `Code: OK` is a failure. */
export function aliyunSender({ config, clock, log, fetch: fetchImpl = fetch }: SmsSenderDeps): SmsSender {
  const endpoint = config.endpoint ?? ALIYUN_SMS_ENDPOINT;
  return {
    provider: 'aliyun',
    async send(message) {
      const body = aliyunSendSmsBody({
        accessKeyId: config.accessKeyId,
        accessKeySecret: config.accessKeySecret,
        signName: config.signName,
        templateCode: config.templateCode,
        message,
        timestamp: new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        nonce: randomUUID(),
      });
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as { Code?: string; RequestId?: string };
      if (!response.ok || reply.Code !== 'OK') {
        throw new Error(`aliyun SendSms refused: HTTP ${response.status}, Code ${String(reply.Code)}`);
      }
      log.info({ phone: maskPhone(message.phone), requestId: reply.RequestId }, 'sms sent by aliyun');
    },
  };
}
