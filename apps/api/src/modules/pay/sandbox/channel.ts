/**
 * The sandbox channel (模拟支付, development and demos): no money moves, but everything after the
 * cashier is real. Its "provider" is the in-app pay page; completing it makes a callback signed like a
 * provider's and hands it to the same verification and `handleNotify` path as WeChat's and Alipay's;
 * the callback may also be posted from outside to `POST /api/pay/notify/sandbox` when signed.
 *
 * Signature: base64 HMAC-SHA256 over `timestamp\nnonce\nbody\n` (the body's exact bytes), in headers
 * `Sandbox-Timestamp` (epoch seconds), `Sandbox-Nonce` and `Sandbox-Signature`; refused when the
 * timestamp is more than 5 minutes away. The body is JSON with a fixed key order:
 * `{"event":"payment","out_trade_no","transaction_id","amount","result":"success"|"fail","paid_at"}` or
 * `{"event":"refund","out_refund_no","refund_id","amount","result":"success","refunded_at"}`.
 * The key is PAY_SANDBOX_KEY, or else one generated on first use and kept in `pay_secrets`, so every
 * API process on the database signs and verifies with the same one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PayConfig } from '../../../config.ts';
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
import { paySecrets } from '../schema.ts';

/** The `pay_secrets` row of the generated key. */
export const SANDBOX_SECRET = 'sandbox-hmac';

/** Callbacks further than this from now are refused (a captured one cannot be replayed later). */
const MAX_SKEW_SECONDS = 300;

/** The sandbox channel, which can also sign the callbacks its pay page and refunds produce. */
export interface SandboxChannel extends PaymentChannel {
  /** The signed callback of the pay page's 支付成功 / 支付失败 for attempt `outTradeNo`. */
  paymentNotice(input: {
    outTradeNo: string;
    amount: number;
    result: 'success' | 'fail';
  }): Promise<RawNotification>;
}

/** The in-app cashier page the sandbox sends the buyer to (apps/web paths.ts `pay`). */
export function sandboxPayPage(orderNo: string, outTradeNo: string): string {
  const query = new URLSearchParams({ orderNo, outTradeNo });
  return `/xuanli/#/pages/shop/pay?${query}`;
}

function signature(key: Buffer, timestamp: string, nonce: string, body: Buffer): Buffer {
  return createHmac('sha256', key)
    .update(`${timestamp}\n${nonce}\n`, 'utf8')
    .update(body)
    .update('\n', 'utf8')
    .digest();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function instant(value: unknown, fallback: Date): Date {
  const at = typeof value === 'string' ? new Date(value) : fallback;
  return Number.isNaN(at.getTime()) ? fallback : at;
}

/** The sandbox channel over `config` (its PAY_SANDBOX_KEY, if any). */
export function sandboxChannel(config: Pick<PayConfig, 'sandboxKey'>, deps: ChannelDeps): SandboxChannel {
  /** The shared key: configured, or generated once into the database (the first process to insert wins). */
  async function key(): Promise<Buffer> {
    if (config.sandboxKey) return Buffer.from(config.sandboxKey.reveal(), 'utf8');
    const read = async () =>
      (await deps.db.select().from(paySecrets).where(eq(paySecrets.name, SANDBOX_SECRET)).limit(1))[0];
    let row = await read();
    if (!row) {
      await deps.db
        .insert(paySecrets)
        .values({
          name: SANDBOX_SECRET,
          value: randomBytes(32).toString('base64url'),
          createdAt: new Date(deps.clock.now()),
        })
        .onConflictDoNothing();
      row = await read();
    }
    return Buffer.from(row.value, 'base64url');
  }

  async function signed(payload: Record<string, unknown>): Promise<RawNotification> {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    const timestamp = String(Math.floor(deps.clock.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      headers: {
        'content-type': 'application/json',
        'sandbox-timestamp': timestamp,
        'sandbox-nonce': nonce,
        'sandbox-signature': signature(await key(), timestamp, nonce, body).toString('base64'),
      },
      body,
    };
  }

  return {
    name: 'sandbox',

    async start(request: ChannelPayRequest): Promise<ChannelPayStart> {
      return { mode: 'redirect', url: sandboxPayPage(request.orderNo, request.outTradeNo), jsapi: null };
    },

    paymentNotice({ outTradeNo, amount, result }) {
      return signed({
        event: 'payment',
        out_trade_no: outTradeNo,
        // One transaction per attempt, so completing the same attempt twice is a repeat, not a second payment.
        transaction_id: `SB${outTradeNo}`,
        amount,
        result,
        paid_at: new Date(deps.clock.now()).toISOString(),
      });
    },

    async verify(raw: RawNotification, now: Date): Promise<NotifyVerdict> {
      const timestamp = raw.headers['sandbox-timestamp'];
      const nonce = raw.headers['sandbox-nonce'];
      const given = raw.headers['sandbox-signature'];
      if (!timestamp || !nonce || !given) return { ok: false, reason: 'missing signature headers' };
      if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed timestamp' };
      if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) {
        return { ok: false, reason: 'stale timestamp' };
      }
      const expected = signature(await key(), timestamp, nonce, raw.body);
      const actual = Buffer.from(given, 'base64');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
        return { ok: false, reason: 'bad signature' };
      }
      let data: unknown;
      try {
        data = JSON.parse(raw.body.toString('utf8'));
      } catch {
        return { ok: false, reason: 'body is not JSON' };
      }
      if (!isRecord(data) || !Number.isSafeInteger(data.amount))
        return { ok: false, reason: 'malformed body' };
      const amount = data.amount as number;
      if (data.event === 'payment' && typeof data.out_trade_no === 'string') {
        if (data.result === 'fail') {
          return {
            ok: true,
            notice: { kind: 'failed', outTradeNo: data.out_trade_no, reason: 'sandbox payment failed' },
          };
        }
        if (data.result === 'success' && typeof data.transaction_id === 'string') {
          return {
            ok: true,
            notice: {
              kind: 'paid',
              outTradeNo: data.out_trade_no,
              transactionId: data.transaction_id,
              amount,
              paidAt: instant(data.paid_at, now),
            },
          };
        }
      }
      if (
        data.event === 'refund' &&
        typeof data.out_refund_no === 'string' &&
        typeof data.refund_id === 'string'
      ) {
        return {
          ok: true,
          notice: {
            kind: 'refund',
            outRefundNo: data.out_refund_no,
            providerRefundId: data.refund_id,
            status: data.result === 'success' ? 'succeeded' : 'failed',
            amount,
            at: instant(data.refunded_at, now),
          },
        };
      }
      return { ok: false, reason: 'malformed body' };
    },

    async refund(request: ChannelRefundRequest): Promise<ChannelRefundResult> {
      // Accepted and done at once: the refund notice comes back right here, to go the notice path.
      const refundId = `SBR${request.outRefundNo}`;
      const notice = await signed({
        event: 'refund',
        out_refund_no: request.outRefundNo,
        refund_id: refundId,
        amount: request.amount,
        result: 'success',
        refunded_at: new Date(deps.clock.now()).toISOString(),
      });
      return { status: 'pending', providerRefundId: refundId, notice };
    },

    answer(result, message): NotifyAnswer {
      return {
        status: result === 'success' ? 200 : result === 'retry' ? 500 : 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(result === 'success' ? { code: 'SUCCESS' } : { code: 'FAIL', message }),
      };
    },
  };
}
