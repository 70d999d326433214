/**
 * The sandbox channel (模拟支付, development and demos): no money moves, but everything after the
 * cashier is real. Its "provider" is the in-app pay page over a book of trades of its own
 * (`pay_sandbox_trades`, apart from our `payments` as a real provider's books are): starting an
 * attempt registers a trade, the pay page's 支付成功 / 支付失败 marks it paid or closed there, and only
 * then makes a callback signed like a provider's, handed to the same verification and `handleNotify`
 * path as WeChat's and Alipay's (it may also be posted from outside to `POST /api/pay/notify/sandbox`
 * when signed). Querying and closing an attempt read and change that book, so a payment whose
 * callback never arrived is found by reconciliation exactly as with WeChat Pay. Like a provider that
 * honours what its own cashier confirmed, it does not refuse a payment after the deadline itself; the
 * shop judges it by the time of payment.
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
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { type PaymentChannel, paidVerdict, type RawNotification, refundVerdict } from '../channel.ts';
import type { ChannelDeps } from '../channel-deps.ts';
import { paySandboxTrades, paySecrets } from '../schema.ts';
import type { PayConfig } from '../settings.ts';

/** The `pay_secrets` row of the generated key. */
export const SANDBOX_SECRET = 'sandbox-hmac';

/** Callbacks further than this from now are refused (a captured one cannot be replayed later). */
const MAX_SKEW_SECONDS = 300;

/** The sandbox channel, which can also sign the callbacks its pay page and refunds produce. */
export interface SandboxChannel extends PaymentChannel {
  /**
   * The pay page's 支付成功 / 支付失败 for attempt `outTradeNo`, recorded in the sandbox's own book as
   * the provider's cashier records it (paid once: a second 支付成功 is the same payment; 支付失败
   * closes an unpaid trade), answering the signed callback the provider then sends, which says paid
   * for a paid trade whatever the button. A trade the provider has closed cannot be paid:
   * OrderStateConflict.
   */
  pay(input: {
    outTradeNo: string;
    amount: number;
    expiresAt: Date;
    result: 'success' | 'fail';
  }): Promise<RawNotification>;
  /** A signed payment callback for attempt `outTradeNo` (what `pay` sends, or a test's own). */
  paymentNotice(input: {
    outTradeNo: string;
    amount: number;
    result: 'success' | 'fail';
    transactionId?: string;
    paidAt?: Date;
  }): Promise<RawNotification>;
}

/** The transaction number the sandbox gives a paid attempt: one per attempt, so a repeat is a repeat. */
function sandboxTransactionId(outTradeNo: string): string {
  return `SB${outTradeNo}`;
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

  const now = () => new Date(deps.clock.now());
  const tradeOf = async (outTradeNo: string) =>
    (
      await deps.db
        .select()
        .from(paySandboxTrades)
        .where(eq(paySandboxTrades.outTradeNo, outTradeNo))
        .limit(1)
    )[0];
  /** Registers a trade in the book (the provider's 下单); an existing one is kept. */
  const register = (outTradeNo: string, amount: number, expiresAt: Date) =>
    deps.db
      .insert(paySandboxTrades)
      .values({ outTradeNo, amount, state: 'open', createdAt: now(), expiresAt })
      .onConflictDoNothing();

  const paymentNotice: SandboxChannel['paymentNotice'] = (input) =>
    signed({
      event: 'payment',
      out_trade_no: input.outTradeNo,
      transaction_id: input.transactionId ?? sandboxTransactionId(input.outTradeNo),
      amount: input.amount,
      result: input.result,
      paid_at: (input.paidAt ?? now()).toISOString(),
    });

  return {
    name: 'sandbox',
    paymentNotice,

    async start(request) {
      await register(request.outTradeNo, request.amount, request.expiresAt);
      return { mode: 'redirect', url: sandboxPayPage(request.orderNo, request.outTradeNo), jsapi: null };
    },

    async pay({ outTradeNo, amount, expiresAt, result }) {
      // An attempt started before the sandbox kept its book is registered when its page is completed.
      await register(outTradeNo, amount, expiresAt);
      const at = now();
      const [changed] = await deps.db
        .update(paySandboxTrades)
        .set(
          result === 'success'
            ? { state: 'paid', transactionId: sandboxTransactionId(outTradeNo), paidAt: at }
            : { state: 'closed', closedAt: at },
        )
        .where(and(eq(paySandboxTrades.outTradeNo, outTradeNo), eq(paySandboxTrades.state, 'open')))
        .returning();
      const trade = changed ?? (await tradeOf(outTradeNo));
      if (result === 'success' && trade.state === 'closed') {
        throw new AppError('OrderStateConflict', 'this payment attempt is closed');
      }
      // Once paid, the provider's word is "paid", whichever button the page sends afterwards.
      const paid = trade.state === 'paid' || trade.state === 'refunded';
      return paymentNotice({
        outTradeNo,
        amount: trade.amount,
        result: paid ? 'success' : 'fail',
        transactionId: trade.transactionId ?? undefined,
        paidAt: trade.paidAt ?? at,
      });
    },

    async query(outTradeNo) {
      const trade = await tradeOf(outTradeNo);
      if (!trade || trade.state === 'open') return { state: 'not-paid' };
      if (trade.state === 'closed') return { state: 'closed' };
      const taken = {
        transactionId: trade.transactionId ?? sandboxTransactionId(outTradeNo),
        amount: trade.amount,
      };
      return trade.state === 'paid'
        ? { state: 'paid', ...taken, paidAt: trade.paidAt ?? trade.createdAt }
        : { state: 'refunded', ...taken };
    },

    async close(outTradeNo) {
      const [closed] = await deps.db
        .update(paySandboxTrades)
        .set({ state: 'closed', closedAt: now() })
        .where(and(eq(paySandboxTrades.outTradeNo, outTradeNo), eq(paySandboxTrades.state, 'open')))
        .returning({ state: paySandboxTrades.state });
      if (closed) return 'closed';
      const trade = await tradeOf(outTradeNo);
      return trade && (trade.state === 'paid' || trade.state === 'refunded') ? 'paid' : 'closed';
    },

    async verify(raw, now) {
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
          return paidVerdict({
            outTradeNo: data.out_trade_no,
            transactionId: data.transaction_id,
            amount,
            paidAt: instant(data.paid_at, now),
          });
        }
      }
      if (
        data.event === 'refund' &&
        typeof data.out_refund_no === 'string' &&
        typeof data.refund_id === 'string'
      ) {
        return refundVerdict({
          outRefundNo: data.out_refund_no,
          providerRefundId: data.refund_id,
          status: data.result === 'success' ? 'succeeded' : 'failed',
          amount,
          at: instant(data.refunded_at, now),
        });
      }
      return { ok: false, reason: 'malformed body' };
    },

    async refund(request) {
      const [refunded] = await deps.db
        .update(paySandboxTrades)
        .set({ state: 'refunded' })
        .where(
          and(
            eq(paySandboxTrades.outTradeNo, request.outTradeNo),
            inArray(paySandboxTrades.state, ['paid', 'refunded']),
          ),
        )
        .returning({ state: paySandboxTrades.state });
      // A trade the book holds but never saw paid has no money to give back (one paid before the
      // sandbox kept its book is refunded as before).
      if (!refunded && (await tradeOf(request.outTradeNo))) {
        return { status: 'failed', reason: 'sandbox trade was not paid' };
      }
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

    answer(result, message) {
      return {
        status: result === 'success' ? 200 : result === 'retry' ? 500 : 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(result === 'success' ? { code: 'SUCCESS' } : { code: 'FAIL', message }),
      };
    },
  };
}
