/**
 * Request signing of the real SMS providers, checked against the providers' own published examples,
 * and the requests the senders make (through a fake `fetch`, never the network).
 */
import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../../../test/build.ts';
import {
  aliyunCanonicalQuery,
  aliyunPercentEncode,
  aliyunSender,
  aliyunSendSmsBody,
  aliyunSignature,
} from './aliyun.ts';
import { createSmsSender } from './sender.ts';
import { parseSmsConfig } from './settings.ts';
import { tc3Authorization, tencentSender } from './tencent.ts';

const silent = { info: () => {} };

describe('Aliyun RPC signature 1.0', () => {
  // Alibaba Cloud, "Signature mechanism" (https://help.aliyun.com/document_detail/28839.html, English
  // https://help.aliyun.com/en/document_detail/130769.html): ECS DescribeRegions with AccessKey ID
  // `testid` and secret `testsecret` signs to CT9X0VtwR86fNWSnsc6v8YGOjuE=.
  const params = {
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    Format: 'XML',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    SignatureVersion: '1.0',
    TimeStamp: '2016-02-23T12:46:24Z',
    Version: '2014-05-26',
  };

  it('reproduces the documented example', () => {
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
  });

  it('builds the documented canonical query', () => {
    expect(aliyunCanonicalQuery(params)).toBe(
      'AccessKeyId=testid&Action=DescribeRegions&Format=XML&SignatureMethod=HMAC-SHA1' +
        '&SignatureNonce=3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf&SignatureVersion=1.0' +
        '&TimeStamp=2016-02-23T12%3A46%3A24Z&Version=2014-05-26',
    );
  });

  it('percent-encodes by RFC 3986: space %20, * %2A, ~ kept, UTF-8 bytes', () => {
    expect(aliyunPercentEncode("a b*c~d'!()")).toBe('a%20b%2Ac~d%27%21%28%29');
    expect(aliyunPercentEncode('玄历')).toBe('%E7%8E%84%E5%8E%86');
  });

  it('signs a SendSms body whose signature verifies over the other parameters', () => {
    const body = aliyunSendSmsBody({
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      signName: '玄历',
      templateCode: 'SMS_123',
      message: { phone: '13800138000', code: '042137' },
      timestamp: '2026-01-15T04:00:00Z',
      nonce: 'n-1',
    });
    const form = new URLSearchParams(body);
    const signature = form.get('Signature');
    form.delete('Signature');
    expect(Object.fromEntries(form)).toEqual({
      AccessKeyId: 'id',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      SignName: '玄历',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'n-1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_123',
      TemplateParam: '{"code":"042137"}',
      Timestamp: '2026-01-15T04:00:00Z',
      Version: '2017-05-25',
    });
    expect(signature).toBe(aliyunSignature('POST', Object.fromEntries(form), 'secret'));
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  it('reproduces the documented example (cvm DescribeInstances, timestamp 1551113065)', () => {
    // Tencent Cloud API 3.0 "Signature v3": SecretId AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE, SecretKey
    // Gu5t9xGARNpq86cd98joQYCN3EXAMPLE, this exact JSON body → Signature=72e494ea…5168.
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });
});

const aliyunConfig = parseSmsConfig(
  {
    SMS_PROVIDER: 'aliyun',
    SMS_ACCESS_KEY_ID: 'LTAI-id',
    SMS_ACCESS_KEY_SECRET: 'very-secret',
    SMS_SIGN_NAME: '玄历',
    SMS_TEMPLATE_CODE: 'SMS_1',
  },
  '/data',
);

describe('the provider senders', () => {
  it('are chosen by configuration alone', () => {
    expect(createSmsSender({ config: aliyunConfig, clock: fixedClock(), log: silent }).provider).toBe(
      'aliyun',
    );
    const outbox = parseSmsConfig({}, '/data');
    expect(createSmsSender({ config: outbox, clock: fixedClock(), log: silent }).provider).toBe('outbox');
  });

  it('Aliyun: POSTs the signed form to Dysmsapi and accepts Code OK; refuses anything else', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json({ Code: 'OK', RequestId: 'r-1' }),
    );
    const info = vi.fn();
    const sender = aliyunSender({ config: aliyunConfig, clock: fixedClock(), log: { info }, fetch });
    await sender.send({ phone: '13800138000', code: '042137' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://dysmsapi.aliyuncs.com/');
    expect(init?.method).toBe('POST');
    const form = new URLSearchParams(String(init?.body));
    expect(form.get('Timestamp')).toBe('2026-01-15T04:00:00Z');
    expect(form.get('TemplateParam')).toBe('{"code":"042137"}');
    const signature = form.get('Signature');
    form.delete('Signature');
    expect(signature).toBe(aliyunSignature('POST', Object.fromEntries(form), 'very-secret'));
    // The log names neither the code, the number nor the secret.
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).not.toMatch(/042137|13800138000|very-secret/);

    fetch.mockResolvedValueOnce(Response.json({ Code: 'isv.BUSINESS_LIMIT_CONTROL' }));
    await expect(sender.send({ phone: '13800138000', code: '1' })).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    fetch.mockResolvedValueOnce(new Response('bad gateway', { status: 502 }));
    await expect(sender.send({ phone: '13800138000', code: '1' })).rejects.toThrow(/502/);
  });

  it('Tencent: POSTs SendSms with a TC3 authorization over the exact body; refuses a failed status', async () => {
    const config = parseSmsConfig(
      {
        SMS_PROVIDER: 'tencent',
        SMS_ACCESS_KEY_ID: 'AKID-1',
        SMS_ACCESS_KEY_SECRET: 'key-1',
        SMS_SIGN_NAME: '玄历',
        SMS_TEMPLATE_CODE: '1234',
        SMS_SDK_APP_ID: '1400000000',
      },
      '/data',
    );
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } }),
    );
    const sender = tencentSender({ config, clock: fixedClock(), log: silent, fetch });
    await sender.send({ phone: '13800138000', code: '042137' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('https://sms.tencentcloudapi.com/');
    const headers = init?.headers as Record<string, string>;
    const body = String(init?.body);
    expect(JSON.parse(body)).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000000',
      SignName: '玄历',
      TemplateId: '1234',
      TemplateParamSet: ['042137'],
    });
    expect(headers['x-tc-action']).toBe('SendSms');
    expect(headers['x-tc-timestamp']).toBe(String(Date.UTC(2026, 0, 15, 4) / 1000));
    expect(headers.authorization).toBe(
      tc3Authorization({
        secretId: 'AKID-1',
        secretKey: 'key-1',
        service: 'sms',
        host: 'sms.tencentcloudapi.com',
        timestamp: Date.UTC(2026, 0, 15, 4) / 1000,
        payload: body,
      }),
    );
    fetch.mockResolvedValueOnce(
      Response.json({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit' }] } }),
    );
    await expect(sender.send({ phone: '13800138000', code: '1' })).rejects.toThrow(/DailyLimit/);
  });
});
