/**
 * Alipay 手机网站支付 through alipay-sdk (普通公钥模式, RSA2): `alipay.trade.wap.pay` as a signed
 * cashier URL the browser opens; the asynchronous notification (a form post signed with Alipay's
 * key, checked with `checkNotifySignV2` over the decoded parameters); refunds through API v3
 * `POST /v3/alipay/trade/refund`, which answers at once (and whose answer the SDK verifies).
 */
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../../config.ts';
import { alipayTime, parseAlipayTime } from '../beijing-time.ts';
import type {
  ChannelPayRequest,
  ChannelPayStart,
  ChannelRefundRequest,
  ChannelRefundResult,
  NotifyAnswer,
  NotifyVerdict,
  PaymentChannel,
  RawNotification,
} from '../channel.ts';
import type { ChannelDeps } from '../channel-deps.ts';
import { channelError } from '../errors.ts';
import { fenToYuan, yuanToFen } from '../money.ts';

/** The SDK client for `config` (keys already normalised to PKCS#8 / SPKI PEM by config.ts). */
export function alipayClient(config: AlipayConfig, timeoutMs: number): AlipaySdk {
  return new AlipaySdk({
    appId: config.appId.reveal(),
    privateKey: config.privateKey.reveal(),
    keyType: 'PKCS8',
    alipayPublicKey: config.alipayPublicKey,
    signType: 'RSA2',
    gateway: config.gateway,
    endpoint: config.endpoint,
    timeout: timeoutMs,
    camelcase: false,
  });
}

/** The parameters of a form post; null when a name repeats (a signed notification never does that). */
export function formParams(body: Buffer): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body.toString('utf8'))) {
    if (Object.hasOwn(params, name)) return null;
    params[name] = value;
  }
  return params;
}

/**
 * A v3 call's business refusal (4xx with Alipay's code), which is final; the rest (network, 5xx, system
 * errors, an answer whose signature does not verify) are worth retrying.
 */
function isFinalRefusal(error: unknown): error is AlipayRequestError {
  return (
    error instanceof AlipayRequestError &&
    error.responseHttpStatus !== undefined &&
    error.responseHttpStatus >= 400 &&
    error.responseHttpStatus < 500 &&
    !/SYSTEM_ERROR|UNKNOW/i.test(error.code ?? '')
  );
}

/** The Alipay channel. */
export function alipayChannel(config: AlipayConfig, deps: Omit<ChannelDeps, 'db'>): PaymentChannel {
  const sdk = alipayClient(config, deps.timeoutMs);
  const appId = config.appId.reveal();

  /** A v3 call; network failures and 5xx become `PaymentChannelError`, business refusals are thrown as they are. */
  async function curl(path: string, body: Record<string, string>): Promise<Record<string, unknown>> {
    try {
      const result = await sdk.curl('POST', path, { body });
      return (result.data ?? {}) as Record<string, unknown>;
    } catch (error) {
      if (isFinalRefusal(error)) throw error;
      deps.log.warn(
        { channel: 'alipay', path, code: (error as AlipayRequestError).code, err: (error as Error).name },
        'alipay did not answer',
      );
      throw channelError('alipay did not answer');
    }
  }

  return {
    name: 'alipay',

    async start(request: ChannelPayRequest): Promise<ChannelPayStart> {
      if (!request.notifyUrl) throw channelError('alipay needs PAY_PUBLIC_URL');
      let url: string;
      try {
        url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
          bizContent: {
            out_trade_no: request.outTradeNo,
            total_amount: fenToYuan(request.amount),
            // Alipay allows 256 characters.
            subject: [...request.subject].slice(0, 256).join(''),
            product_code: 'QUICK_WAP_WAY',
            time_expire: alipayTime(request.expiresAt),
            ...(request.returnUrl ? { quit_url: request.returnUrl } : {}),
          },
          notifyUrl: request.notifyUrl,
          ...(request.returnUrl ? { returnUrl: request.returnUrl } : {}),
          // The SDK would stamp the machine's local time; Alipay reads Beijing time.
          timestamp: alipayTime(new Date(deps.clock.now())),
        });
      } catch (error) {
        deps.log.error({ channel: 'alipay', err: (error as Error).name }, 'alipay cashier url failed');
        throw channelError('alipay cashier url failed');
      }
      return { mode: 'redirect', url, jsapi: null };
    },

    async verify(raw: RawNotification, now: Date): Promise<NotifyVerdict> {
      const params = formParams(raw.body);
      if (!params?.sign) return { ok: false, reason: 'not a signed form' };
      let valid = false;
      try {
        // V2: the values are already decoded by the form parser; a second decode would change them.
        valid = sdk.checkNotifySignV2(params);
      } catch {
        valid = false;
      }
      if (!valid) return { ok: false, reason: 'bad signature' };
      if (params.app_id !== appId) return { ok: false, reason: 'app_id mismatch' };
      const outTradeNo = params.out_trade_no;
      const tradeNo = params.trade_no;
      if (!outTradeNo || !tradeNo) return { ok: false, reason: 'malformed notification' };
      const status = params.trade_status;
      // A refund is announced with its own request number (out_biz_no) and the trade's refunded total
      // (refund_fee): a partial one leaves the trade TRADE_SUCCESS, the one that completes it closes it.
      if (params.out_biz_no && params.refund_fee && status !== 'WAIT_BUYER_PAY') {
        const refunded = yuanToFen(params.refund_fee);
        if (refunded === null) return { ok: false, reason: 'malformed refund_fee' };
        return {
          ok: true,
          notice: {
            kind: 'refund',
            outRefundNo: params.out_biz_no,
            providerRefundId: tradeNo,
            status: 'succeeded',
            amount: refunded,
            cumulative: true,
            at: parseAlipayTime(params.gmt_refund ?? '') ?? now,
          },
        };
      }
      if (status === 'TRADE_CLOSED') {
        return { ok: true, notice: { kind: 'failed', outTradeNo, reason: 'alipay trade closed' } };
      }
      if ((status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') && !params.refund_fee) {
        const amount = yuanToFen(params.total_amount ?? '');
        if (amount === null) return { ok: false, reason: 'malformed total_amount' };
        return {
          ok: true,
          notice: {
            kind: 'paid',
            outTradeNo,
            transactionId: tradeNo,
            amount,
            paidAt: parseAlipayTime(params.gmt_payment ?? '') ?? now,
          },
        };
      }
      return { ok: true, notice: { kind: 'ignored', reason: `trade_status ${String(status).slice(0, 40)}` } };
    },

    async refund(request: ChannelRefundRequest): Promise<ChannelRefundResult> {
      let data: Record<string, unknown>;
      try {
        data = await curl('/v3/alipay/trade/refund', {
          out_trade_no: request.outTradeNo,
          refund_amount: fenToYuan(request.amount),
          // The refund's own number: Alipay refunds once per out_request_no, however often it is sent.
          out_request_no: request.outRefundNo,
          refund_reason: request.reason,
        });
      } catch (error) {
        if (isFinalRefusal(error))
          return { status: 'failed', reason: `alipay refused: ${error.code ?? 'unknown'}` };
        throw error;
      }
      const tradeNo = typeof data.trade_no === 'string' ? data.trade_no : request.transactionId;
      if (data.fund_change === 'Y') {
        return { status: 'succeeded', providerRefundId: tradeNo, at: new Date(deps.clock.now()) };
      }
      // 'N' (or no flag): the money may have moved on an earlier request; the refund query says.
      let query: Record<string, unknown>;
      try {
        query = await curl('/v3/alipay/trade/fastpay/refund/query', {
          out_trade_no: request.outTradeNo,
          out_request_no: request.outRefundNo,
        });
      } catch (error) {
        if (isFinalRefusal(error)) return { status: 'pending', providerRefundId: null };
        throw error;
      }
      if (query.refund_status === 'REFUND_SUCCESS') {
        return {
          status: 'succeeded',
          providerRefundId: tradeNo,
          at: parseAlipayTime(String(query.gmt_refund_pay ?? '')) ?? new Date(deps.clock.now()),
        };
      }
      return { status: 'pending', providerRefundId: null };
    },

    answer(result, _message): NotifyAnswer {
      // Alipay reads the body only: exactly 'success' stops the resends.
      return {
        status: result === 'success' ? 200 : result === 'retry' ? 500 : 400,
        contentType: 'text/plain; charset=utf-8',
        body: result === 'success' ? 'success' : 'fail',
      };
    },
  };
}
