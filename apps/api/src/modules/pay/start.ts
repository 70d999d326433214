/**
 * `POST /api/shop/orders/{orderNo}/pay`: a new payment attempt for a pending order of the buyer's.
 * The amount is the order's total as the shop's ledger has it, never anything the client sent. Each
 * start is a new attempt with its own `out_trade_no`. The order's earlier unpaid attempts are closed
 * at their providers first (reconcile.ts), so that a buyer cannot pay one order twice from two
 * cashier pages; if a provider says an earlier attempt was paid, that payment is applied and the new
 * attempt refused, and while a provider cannot say, the new attempt is refused too. The new attempt is
 * then written in a transaction holding the order's row lock (so two starts at once queue up). An
 * attempt another start made at the same moment is left open, never closed here alone: only an
 * attempt closed at its provider may be forgotten, the others are settled by reconciliation.
 */
import type { PayScene, PayStart, PayStartBody } from '@xuanli/contracts/pay';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../shared/errors.ts';
import type { PayableOrder } from '../../shared/orders.ts';
import type { ChannelPayRequest, PaymentChannel } from './channel.ts';
import { notifyUrl, type PayDeps } from './deps.ts';
import { channelError } from './errors.ts';
import { newOutTradeNo } from './ids.ts';
import { settleAttemptsOfOrder, startLease } from './reconcile.ts';
import { payments } from './schema.ts';

/** The order page a buyer returns to by default (apps/web paths.ts `order`). */
export function orderPage(orderNo: string): string {
  return `/xuanli/#/pages/user/order?orderNo=${encodeURIComponent(orderNo)}`;
}

/**
 * The absolute return URL for `returnUrl` (a path of this site, or an absolute URL on the configured
 * public origin); ValidationError for anything else, so nobody can use the cashier as an open redirect.
 */
export function resolveReturnUrl(
  publicUrl: string | undefined,
  returnUrl: string | undefined,
  orderNo: string,
): string | undefined {
  let path = returnUrl ?? orderPage(orderNo);
  if (publicUrl && path.startsWith(`${publicUrl}/`)) path = path.slice(publicUrl.length);
  if (!/^\/(?![/\\])[^\s\\]*$/.test(path)) {
    throw new AppError('ValidationError', 'returnUrl must be a page of this site');
  }
  return publicUrl ? `${publicUrl}${path}` : undefined;
}

/** The order must be the buyer's, pending and within its deadline: else NotFound or OrderStateConflict. */
function checkPayable(order: PayableOrder | null, now: Date): asserts order is PayableOrder {
  if (!order) throw new AppError('NotFound', 'order not found');
  if (order.status !== 'pending') throw new AppError('OrderStateConflict', `order is ${order.status}`);
  if (order.payDeadline.getTime() <= now.getTime()) {
    throw new AppError('OrderStateConflict', 'order is past its pay deadline');
  }
}

/** Closes the order's earlier attempts at their providers; refuses the new one when that cannot be done. */
async function closeEarlierAttempts(deps: PayDeps, orderNo: string): Promise<void> {
  const settled = await settleAttemptsOfOrder(deps, orderNo);
  // An attempt its provider cannot close yet (an Alipay cashier never opened) may stay open: money
  // it takes after all is found by reconciliation, and a second payment is refunded.
  if (settled === 'closed' || settled === 'open') return;
  if (settled === 'paid') {
    throw new AppError('OrderStateConflict', '这笔订单的上一次支付已经成功，无需再次支付，请刷新订单查看');
  }
  if (settled === 'unanswered') {
    throw new AppError('PaymentChannelError', '暂时无法确认上一次支付的结果，请稍后再试');
  }
  throw new AppError('OrderStateConflict', '上一次支付还在进行中，请稍后再试');
}

/**
 * Where the buyer pays: WeChat's browser by its user agent (or the client's `inWechat`), else the
 * client's `scene` (it knows a desktop from a phone by its screen), else a phone as before.
 */
export function payScene(
  userAgent: string | undefined,
  body: Pick<PayStartBody, 'scene' | 'inWechat'>,
): PayScene {
  if (/MicroMessenger/i.test(userAgent ?? '') || body.inWechat === true) return 'wechat';
  return body.scene ?? 'mobile';
}

/**
 * The openid JSAPI pays with: the buyer's WeChat binding under the 公众号 WeChat Pay is bound to.
 * WechatLoginRequired when there is none yet — the app then sends the buyer through 网页授权.
 */
async function buyerOpenid(deps: PayDeps, userId: number): Promise<string> {
  const openid = await deps.payerOpenid(userId);
  if (!openid) throw new AppError('WechatLoginRequired', '请先用微信登录，再使用微信支付');
  return openid;
}

/** Starts paying `orderNo` for buyer `userId` (another user's order is NotFound). */
export async function startPayment(
  deps: PayDeps,
  input: { orderNo: string; userId: number; body: PayStartBody; clientIp: string; userAgent?: string },
): Promise<PayStart> {
  const { orderNo, userId, body } = input;
  const channel = deps.channels.get(body.channel);
  if (!channel) throw new AppError('ValidationError', `pay channel ${body.channel} is not open`);
  const scene = payScene(input.userAgent, body);
  const returnUrl = resolveReturnUrl(deps.config.publicUrl, body.returnUrl, orderNo);
  const now = new Date(deps.clock.now());
  // Checked before any provider is asked about the order, so nobody learns of another buyer's order.
  checkPayable(await deps.ledger.findForPayment(deps.db, orderNo, userId), now);
  // JSAPI's payer is whoever the server knows the buyer to be in WeChat, never what the browser says.
  const openid =
    channel.name === 'wechat' && scene === 'wechat' ? await buyerOpenid(deps, userId) : undefined;
  await closeEarlierAttempts(deps, orderNo);

  const { attempt, subject } = await deps.db.transaction(async (tx) => {
    const order = await deps.ledger.findForPayment(tx, orderNo, userId);
    checkPayable(order, now);
    const [row] = await tx
      .insert(payments)
      .values({
        outTradeNo: newOutTradeNo(orderNo),
        orderNo,
        channel: channel.name,
        amount: order.total,
        status: 'created',
        createdAt: now,
        expiresAt: order.payDeadline,
        checkingUntil: startLease(now),
      })
      .returning();
    return { attempt: row, subject: order.subject };
  });
  return registerAttempt(deps, channel, attempt, {
    orderNo,
    outTradeNo: attempt.outTradeNo,
    amount: attempt.amount,
    subject,
    expiresAt: attempt.expiresAt,
    notifyUrl: notifyUrl(deps, channel.name),
    returnUrl,
    clientIp: input.clientIp,
    scene,
    openid,
  });
}

/**
 * Registers the new attempt with its provider and answers how the browser goes on; whatever the
 * provider answers, the attempt's lease ends, so that it may be asked about from then on.
 */
async function registerAttempt(
  deps: PayDeps,
  channel: PaymentChannel,
  attempt: typeof payments.$inferSelect,
  request: ChannelPayRequest,
): Promise<PayStart> {
  try {
    const started = await channel.start(request);
    return {
      channel: channel.name,
      ...started,
      outTradeNo: attempt.outTradeNo,
      amount: attempt.amount,
      expiresAt: attempt.expiresAt.toISOString(),
    };
  } catch (error) {
    // The provider did not take this attempt: nobody can pay it, so it is closed here too.
    await deps.db
      .update(payments)
      .set({ status: 'closed', closedAt: new Date(deps.clock.now()) })
      .where(and(eq(payments.id, attempt.id), eq(payments.status, 'created')));
    if (error instanceof AppError) throw error;
    deps.log.error({ channel: channel.name, err: error }, 'payment start failed');
    throw channelError(`${channel.name} start failed`);
  } finally {
    await deps.db.update(payments).set({ checkingUntil: null }).where(eq(payments.id, attempt.id));
  }
}
