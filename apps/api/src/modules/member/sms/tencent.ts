/**
 * Tencent Cloud SMS (`SendSms`, version 2021-01-11) signed with TC3-HMAC-SHA256 (Tencent Cloud API 3.0,
 * "Signature v3"): a canonical request (method, '/', empty query, the `content-type` and `host` headers,
 * the SHA-256 of the JSON body) is hashed into
 * `StringToSign = 'TC3-HMAC-SHA256\n' + timestamp + '\n' + date/service/tc3_request + '\n' + hash`,
 * signed with a key derived by HMAC-SHA256 chains from 'TC3' + SecretKey over the UTC date, the service
 * and 'tc3_request'. Source: Tencent Cloud API documentation, "Signature v3"
 * (e.g. https://tencentcloud.com/document/api/614/42761), whose worked example (cvm DescribeInstances,
 * timestamp 1551113065) the unit test reproduces.
 */
import { createHash, createHmac } from 'node:crypto';
import { maskPhone } from '../phone.ts';
import { PROVIDER_TIMEOUT_MS, type SmsSender, type SmsSenderDeps } from './port.ts';

/** Tencent's public SMS endpoint. */
export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com/';

const CONTENT_TYPE = 'application/json; charset=utf-8';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

/** What a TC3 signature covers. */
export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Epoch seconds; also decides the credential's UTC date. */
  timestamp: number;
  /** The exact JSON body sent. */
  payload: string;
}

/** The `Authorization` header of a TC3-HMAC-SHA256 POST with a JSON body. */
export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${input.timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** A sender calling Tencent's SendSms; an error reply or a send status other than `Ok` is a failure. */
export function tencentSender({ config, clock, log, fetch: fetchImpl = fetch }: SmsSenderDeps): SmsSender {
  const endpoint = config.endpoint ?? TENCENT_SMS_ENDPOINT;
  const host = new URL(endpoint).host;
  return {
    provider: 'tencent',
    async send(message) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${message.phone}`],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateCode,
        TemplateParamSet: [message.code],
      });
      const timestamp = Math.floor(clock.now() / 1000);
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          authorization: tc3Authorization({
            secretId: config.accessKeyId,
            secretKey: config.accessKeySecret,
            service: 'sms',
            host,
            timestamp,
            payload,
          }),
          // `host` is signed too; fetch sets it from the URL.
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-region': 'ap-guangzhou',
          'x-tc-timestamp': String(timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => ({}))) as {
        Response?: { Error?: { Code?: string }; SendStatusSet?: { Code?: string }[]; RequestId?: string };
      };
      const status = reply.Response?.SendStatusSet?.[0]?.Code;
      if (!response.ok || reply.Response?.Error || status !== 'Ok') {
        throw new Error(
          `tencent SendSms refused: HTTP ${response.status}, ${String(reply.Response?.Error?.Code ?? status)}`,
        );
      }
      log.info(
        { phone: maskPhone(message.phone), requestId: reply.Response?.RequestId },
        'sms sent by tencent',
      );
    },
  };
}
