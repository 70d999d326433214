/**
 * Alipay 手机网站支付 and 电脑网站支付 through alipay-sdk (普通公钥模式, RSA2): `alipay.trade.wap.pay` (a phone)
 * or `alipay.trade.page.pay` (a desktop) as a signed cashier URL the browser opens; the asynchronous notification (a form post signed with Alipay's
 * key, checked with `checkNotifySignV2` over the decoded parameters, for our app_id and seller_id);
 * refunds (`POST /v3/alipay/trade/refund`), `alipay.trade.query` and `alipay.trade.close` through
 * API v3 (`/v3/alipay/trade/query`, `/v3/alipay/trade/close`), each answered at once, the SDK
 * verifying the answer's signature. A wap or page trade exists at Alipay only once the buyer has
 * opened the cashier, so ACQ.TRADE_NOT_EXIST means it was never paid.
 */
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import { alipayTime, parseAlipayTime } from '../beijing-time.ts';
import { type PaymentChannel, paidVerdict, refundVerdict, type TradeState } from '../channel.ts';
import type { ChannelDeps } from '../channel-deps.ts';
import { channelError } from '../errors.ts';
import { fenToYuan, yuanToFen } from '../money.ts';
import type { AlipayConfig } from '../settings.ts';

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

/** An amount in yuan as Alipay's v3 answers write it (a string, in some examples a number), in 分. */
function fenOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return yuanToFen(value.toFixed(2));
  return typeof value === 'string' ? yuanToFen(value) : null;
}

/**
 * An `alipay.trade.query` answer as a {@link TradeState}. TRADE_CLOSED is either an unpaid trade that
 * timed out or was closed, or a paid one refunded in full: a payment date tells them apart.
 */
function tradeStateOf(data: Record<string, unknown>, outTradeNo: string, now: Date): TradeState {
  if (data.out_trade_no !== outTradeNo) throw channelError('alipay answered about another trade');
  const tradeNo = typeof data.trade_no === 'string' ? data.trade_no : undefined;
  const amount = fenOf(data.total_amount);
  const paidAt = typeof data.send_pay_date === 'string' ? parseAlipayTime(data.send_pay_date) : null;
  switch (data.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      if (!tradeNo || amount === null) throw channelError('alipay answered a payment without its amount');
      return { state: 'paid', transactionId: tradeNo, amount, paidAt: paidAt ?? now };
    case 'TRADE_CLOSED':
      return tradeNo && amount !== null && paidAt
        ? { state: 'refunded', transactionId: tradeNo, amount }
        : { state: 'closed' };
    case 'WAIT_BUYER_PAY':
      return { state: 'not-paid' };
    default:
      return { state: 'unknown', detail: `trade_status ${String(data.trade_status).slice(0, 40)}` };
  }
}

/** The Alipay channel. */
export function alipayChannel(config: AlipayConfig, deps: Omit<ChannelDeps, 'db'>): PaymentChannel {
  const sdk = alipayClient(config, deps.timeoutMs);
  const appId = config.appId.reveal();
  const sellerId = config.sellerId.reveal();

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

  /**
   * alipay.trade.query; ACQ.TRADE_NOT_EXIST (the cashier was never opened) means never paid. The SDK
   * verifies the signature of answers, not of refusals; a refusal is believed as TLS delivered it,
   * and the worst a false one can do is close an attempt whose money then comes back by refund.
   */
  async function query(outTradeNo: string): Promise<TradeState> {
    let data: Record<string, unknown>;
    try {
      data = await curl('/v3/alipay/trade/query', { out_trade_no: outTradeNo });
    } catch (error) {
      if (!isFinalRefusal(error)) throw error;
      if (error.code === 'ACQ.TRADE_NOT_EXIST') return { state: 'not-paid' };
      throw channelError(`alipay refused the query: ${error.code ?? 'unknown'}`);
    }
    return tradeStateOf(data, outTradeNo, new Date(deps.clock.now()));
  }

  /**
   * alipay.trade.close. A trade Alipay does not know yet cannot be closed, but its cashier URL could
   * still create and pay it until its time_expire (`expiresAt`): 'open' before then, 'closed' after.
   * Any other refusal is settled by asking where the trade stands.
   */
  async function close(outTradeNo: string, expiresAt: Date): Promise<'closed' | 'paid' | 'open'> {
    try {
      await curl('/v3/alipay/trade/close', { out_trade_no: outTradeNo });
      return 'closed';
    } catch (error) {
      if (!isFinalRefusal(error)) throw error;
      if (error.code === 'ACQ.TRADE_NOT_EXIST')
        return expiresAt.getTime() <= deps.clock.now() ? 'closed' : 'open';
      const state = await query(outTradeNo);
      if (state.state === 'paid' || state.state === 'refunded') return 'paid';
      if (state.state === 'closed') return 'closed';
      throw channelError(`alipay refused to close: ${error.code ?? 'unknown'}`);
    }
  }

  return {
    name: 'alipay',
    query,
    close,

    async start(request) {
      if (!request.notifyUrl) throw channelError('alipay needs PAY_PUBLIC_URL');
      let url: string;
      try {
        // A desktop opens 电脑网站支付 (page.pay: a QR code and the Alipay account login), a phone 手机网站支付.
        const desktop = request.scene === 'desktop';
        url = sdk.pageExecute(desktop ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
          bizContent: {
            out_trade_no: request.outTradeNo,
            total_amount: fenToYuan(request.amount),
            // Alipay allows 256 characters.
            subject: [...request.subject].slice(0, 256).join(''),
            product_code: desktop ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
            time_expire: alipayTime(request.expiresAt),
            ...(request.returnUrl && !desktop ? { quit_url: request.returnUrl } : {}),
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

    async verify(raw, now) {
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
      // Signed by Alipay and for our app, yet money paid to another merchant is not money paid to us.
      if (params.seller_id !== sellerId) return { ok: false, reason: 'seller_id mismatch' };
      const outTradeNo = params.out_trade_no;
      const tradeNo = params.trade_no;
      if (!outTradeNo || !tradeNo) return { ok: false, reason: 'malformed notification' };
      const status = params.trade_status;
      // A refund is announced with its own request number (out_biz_no) and the trade's refunded total
      // (refund_fee): a partial one leaves the trade TRADE_SUCCESS, the one that completes it closes it.
      if (params.out_biz_no && params.refund_fee && status !== 'WAIT_BUYER_PAY') {
        const refunded = yuanToFen(params.refund_fee);
        if (refunded === null) return { ok: false, reason: 'malformed refund_fee' };
        return refundVerdict({
          outRefundNo: params.out_biz_no,
          providerRefundId: tradeNo,
          status: 'succeeded',
          amount: refunded,
          cumulative: true,
          at: parseAlipayTime(params.gmt_refund ?? '') ?? now,
        });
      }
      if (status === 'TRADE_CLOSED') {
        return { ok: true, notice: { kind: 'failed', outTradeNo, reason: 'alipay trade closed' } };
      }
      if ((status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') && !params.refund_fee) {
        const amount = yuanToFen(params.total_amount ?? '');
        if (amount === null) return { ok: false, reason: 'malformed total_amount' };
        return paidVerdict({
          outTradeNo,
          transactionId: tradeNo,
          amount,
          paidAt: parseAlipayTime(params.gmt_payment ?? '') ?? now,
        });
      }
      return { ok: true, notice: { kind: 'ignored', reason: `trade_status ${String(status).slice(0, 40)}` } };
    },

    async refund(request) {
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

    answer(result, _message) {
      // Alipay reads the body only: exactly 'success' stops the resends.
      return {
        status: result === 'success' ? 200 : result === 'retry' ? 500 : 400,
        contentType: 'text/plain; charset=utf-8',
        body: result === 'success' ? 'success' : 'fail',
      };
    },
  };
}
