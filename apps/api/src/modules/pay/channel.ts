/**
 * What every payment channel (WeChat Pay, Alipay, the sandbox) does, in the pay module's words. The
 * services (start.ts, notify.ts, refund.ts, reconcile.ts) speak only this interface, so the sandbox
 * exercises the very code path the real providers take: a callback is verified by its channel, then
 * handled the same way whoever sent it, and an attempt is queried and closed the same way too.
 */
import type { PayScene, PayStart } from '@xuanli/contracts/pay';
import type { PayChannel } from '@xuanli/contracts/shop';

/** Starting one payment attempt with the provider. */
export interface ChannelPayRequest {
  orderNo: string;
  outTradeNo: string;
  /** 分, the order's total. */
  amount: number;
  /** One line for the cashier page ('玄历商城-紫檀手串 等2件'). */
  subject: string;
  /** The order's pay deadline: the provider takes no money after it. */
  expiresAt: Date;
  /** Absolute URL of `POST /api/pay/notify/{channel}`; undefined where no public URL is configured. */
  notifyUrl: string | undefined;
  /** Absolute URL of the page the buyer comes back to. */
  returnUrl: string | undefined;
  /** The buyer's IP (WeChat H5 `payer_client_ip`). */
  clientIp: string;
  /** Where the buyer pays: inside WeChat (JSAPI), a phone's browser (H5 / wap) or a desktop (Native / page). */
  scene: PayScene;
  /** JSAPI's payer: the buyer's openid as the server knows it (scene `wechat` only). */
  openid: string | undefined;
}

/** How the browser continues: `PayStart` without what the service fills in itself. */
export type ChannelPayStart = Pick<PayStart, 'mode' | 'url' | 'jsapi'>;

/** A callback as it arrived: header names lower-cased, the body's exact bytes. */
export interface RawNotification {
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** The address it came from (`request.ip`), when it came over HTTP; refusals are tallied by its network. */
  sourceIp?: string;
}

/** What a verified callback says. */
export type PayNotice =
  /** The buyer paid attempt `outTradeNo`. */
  | { kind: 'paid'; outTradeNo: string; transactionId: string; amount: number; paidAt: Date }
  /** The attempt ended without money (the sandbox's 支付失败, Alipay's TRADE_CLOSED). */
  | { kind: 'failed'; outTradeNo: string; reason: string }
  /** The provider finished refund `outRefundNo`, one way or the other. */
  | {
      kind: 'refund';
      outRefundNo: string;
      providerRefundId: string;
      status: 'succeeded' | 'failed';
      /** 分: this refund's own amount, or with `cumulative` all the payment has had refunded so far. */
      amount: number;
      /** The amount is the payment's refunded total (Alipay's refund_fee), not this refund's. */
      cumulative?: boolean;
      at: Date;
      failure?: string;
    }
  /** A genuine notice that asks nothing of us (Alipay's WAIT_BUYER_PAY). */
  | { kind: 'ignored'; reason: string };

/** The verdict on a callback: `ok` only when it provably comes from the provider unaltered. */
export type NotifyVerdict = { ok: true; notice: PayNotice } | { ok: false; reason: string };

/** The verdict on a genuine callback saying the buyer paid an attempt. */
export function paidVerdict(paid: Omit<Extract<PayNotice, { kind: 'paid' }>, 'kind'>): NotifyVerdict {
  return { ok: true, notice: { kind: 'paid', ...paid } };
}

/** The verdict on a genuine callback saying how a refund ended. */
export function refundVerdict(refund: Omit<Extract<PayNotice, { kind: 'refund' }>, 'kind'>): NotifyVerdict {
  return { ok: true, notice: { kind: 'refund', ...refund } };
}

/** The reply the provider reads. */
export interface NotifyAnswer {
  status: number;
  contentType: string | undefined;
  body: string | undefined;
}

/** Refunding one payment, in full or in part (each part its own `outRefundNo`). */
export interface ChannelRefundRequest {
  outTradeNo: string;
  transactionId: string;
  outRefundNo: string;
  /** 分 to give back with this refund (all or part of the payment). */
  amount: number;
  /** 分 the payment took. */
  total: number;
  reason: string;
  notifyUrl: string | undefined;
}

/** What the provider said to a refund request. */
export type ChannelRefundResult =
  /** Done (Alipay answers at once). */
  | { status: 'succeeded'; providerRefundId: string; at: Date }
  /** Accepted; the outcome arrives as a refund notice (WeChat), possibly right here (`notice`, the sandbox). */
  | { status: 'pending'; providerRefundId: string | null; notice?: RawNotification }
  /** Refused for good (e.g. the money is no longer refundable). */
  | { status: 'failed'; reason: string };

/** What the provider says about one attempt when asked (查询订单). */
export type TradeState =
  /** The money was taken. */
  | { state: 'paid'; transactionId: string; amount: number; paidAt: Date }
  /** Registered (or never opened at the provider's cashier) and not paid: it can still be closed. */
  | { state: 'not-paid' }
  /** Ended without money (closed, revoked, timed out at the provider). */
  | { state: 'closed' }
  /** The money was taken and then (some or all of it) given back at the provider. */
  | { state: 'refunded'; transactionId: string; amount: number }
  /** The provider cannot say yet (the buyer is paying) or said something we do not know. */
  | { state: 'unknown'; detail: string };

/** One payment channel. */
export interface PaymentChannel {
  readonly name: PayChannel;
  /** Registers the attempt with the provider; throws `PaymentChannelError` when it refuses or times out. */
  start(request: ChannelPayRequest): Promise<ChannelPayStart>;
  /** Checks the callback's signature (and freshness, ids, format) and reads it; never throws. */
  verify(raw: RawNotification, now: Date): Promise<NotifyVerdict>;
  /** Asks the provider to refund; throws `PaymentChannelError` when it cannot be reached. */
  refund(request: ChannelRefundRequest): Promise<ChannelRefundResult>;
  /**
   * Asks the provider where attempt `outTradeNo` stands, trusting only an answer that verifies;
   * throws `PaymentChannelError` when it cannot be reached or refuses to say.
   */
  query(outTradeNo: string): Promise<TradeState>;
  /**
   * Closes attempt `outTradeNo` (payable until `expiresAt`) at the provider so that nobody can pay it
   * any more. Answers 'closed' (also when it was closed already, or can no longer be paid anyway),
   * 'paid' when the provider refuses because the money was taken meanwhile, or 'open' when the
   * provider cannot close it yet although it could still be paid (Alipay knows a trade only once its
   * cashier was opened); throws `PaymentChannelError` when it cannot be reached.
   */
  close(outTradeNo: string, expiresAt: Date): Promise<'closed' | 'paid' | 'open'>;
  /**
   * The reply in the provider's format. `retry` asks the provider to send the callback again later
   * (our own failure, e.g. the database); otherwise a failure means "refused".
   */
  answer(result: 'success' | 'refused' | 'retry', message: string): NotifyAnswer;
}
