import { ALMANAC_ERROR_MESSAGES } from '@xuanli/almanac/errors';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode, toApiError } from '@/lib/api';
import { isRetryable, isServiceOutage, NETWORK_NEEDED_MESSAGE, userMessage } from '@/lib/error-message';

describe('userMessage', () => {
  it('says which field is wrong for an engine refusal, whatever the server wrote', () => {
    const error = toApiError({ code: 'WRONG_SOLAR_MONTH', msg: 'wrong solar month' }, { status: 400 });
    expect(userMessage(error)).toBe('公历月份不对，请选择 1 到 12 月');
  });

  it('has a Chinese sentence for every engine code', () => {
    for (const code of Object.keys(ALMANAC_ERROR_MESSAGES)) {
      const message = userMessage(toApiError({ code, msg: 'x' }, { status: 400 }));
      expect(message, code).toMatch(/[\u4e00-\u9fff]/);
      expect(message, code).not.toBe('请求错误！');
    }
  });

  it('never shows the server text of a 5xx, even with an empty body', () => {
    expect(userMessage(toApiError(null, { status: 500, errorText: 'Internal Server Error' }))).toBe(
      ERROR_MESSAGES_ZH.InternalError,
    );
    expect(
      userMessage(toApiError({ code: 'Unavailable', msg: 'database unavailable' }, { status: 503 })),
    ).toBe(ERROR_MESSAGES_ZH.Unavailable);
  });

  it('tells a refused payment apart from a server that is away', () => {
    expect(
      userMessage(toApiError({ code: 'PaymentChannelError', msg: 'alipay refused' }, { status: 502 })),
    ).toBe(ERROR_MESSAGES_ZH.PaymentChannelError);
    // A gateway with nobody behind it: the service is unavailable, not broken.
    expect(userMessage(toApiError(null, { status: 502, errorText: 'Bad Gateway' }))).toBe(
      ERROR_MESSAGES_ZH.Unavailable,
    );
  });

  it('keeps the client-side Chinese messages of time-outs and network failures', () => {
    expect(userMessage(new ApiError('请求超时，请稍后再试', ClientErrorCode.timeout))).toBe(
      '请求超时，请稍后再试',
    );
  });

  it('says plainly that the network is needed when no answer could arrive', () => {
    const offline = toApiError(null, {
      errorText: '网络连接失败，请检查网络',
      fallbackCode: ClientErrorCode.network,
    });
    expect(userMessage(offline)).toBe('网络未连接，此功能需要联网');
    expect(userMessage(offline)).toContain('需要联网');
  });

  it('says 服务暂时不可用 — not 网络未连接 — when the phone is online and the server does not answer', () => {
    const refused = toApiError(null, {
      errorText: '无法连接服务器，请稍后再试',
      fallbackCode: ClientErrorCode.network,
      offline: false,
    });
    expect(userMessage(refused)).toBe(ERROR_MESSAGES_ZH.Unavailable);
    expect(isServiceOutage(refused)).toBe(true);
    const offline = toApiError(null, { fallbackCode: ClientErrorCode.network, offline: true });
    expect(userMessage(offline)).toBe(NETWORK_NEEDED_MESSAGE);
    expect(isServiceOutage(offline)).toBe(false);
    for (const status of [502, 503, 504]) {
      const away = toApiError('<html>', { status, errorText: 'Gateway' });
      expect(userMessage(away), String(status)).toBe(ERROR_MESSAGES_ZH.Unavailable);
      expect(isServiceOutage(away), String(status)).toBe(true);
    }
    expect(isServiceOutage(toApiError({ code: 'PaymentChannelError', msg: 'x' }, { status: 502 }))).toBe(
      false,
    );
    expect(isServiceOutage(toApiError(null, { status: 500 }))).toBe(false);
  });

  it('falls back to 请求错误！ for unknown English text and non-API errors', () => {
    expect(userMessage(toApiError({ code: 'Teapot', msg: 'short and stout' }, { status: 418 }))).toBe(
      '请求错误！',
    );
    expect(userMessage(new TypeError('x is undefined'))).toBe('请求错误！');
  });
});

describe('isRetryable', () => {
  it('offers a retry for network trouble and 5xx, not for a refused input', () => {
    expect(isRetryable(new ApiError('网络连接失败', ClientErrorCode.network))).toBe(true);
    expect(isRetryable(toApiError(null, { status: 503 }))).toBe(true);
    expect(
      isRetryable(toApiError({ code: 'WRONG_BIRTH_TEXT', msg: '生日参数错误！' }, { status: 400 })),
    ).toBe(false);
  });
});
