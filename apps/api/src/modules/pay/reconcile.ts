/**
 * Reconciliation with the providers: asking WeChat Pay, Alipay or the sandbox where a payment attempt
 * stands instead of waiting for a callback that may never come, and settling what they answer.
 *
 * - An attempt is claimed before its provider is asked: `FOR UPDATE SKIP LOCKED` picks attempts no
 *   other process holds, and the claim is a lease (`payments.checking_until`) written in that short
 *   transaction, so no database lock is held while a provider answers and no two processes (or runs)
 *   settle the same attempt.
 * - Paid → applied through the very code of a verified callback (notify.ts `applyNotice`): the order
 *   becomes paid, or — money for an order that can no longer be paid — is refunded automatically.
 *   Not paid → left alone while the buyer may still pay, else closed at the provider and here.
 *   Closed → closed here. Unanswered → left for the next run; after {@link UNANSWERED_FINDING_AFTER}
 *   runs in a row an operator is told.
 * - Whatever the callbacks had not told us is recorded in `pay_findings` (对账异常), once per attempt
 *   and kind, for the console.
 *
 * Three callers: the time-out (the shop's sweeper asks before it cancels an order past its deadline),
 * a new attempt (the earlier ones are closed at the provider first), and the periodic job over every
 * unsettled attempt of the last PAY_RECONCILE_DAYS.
 */
import type { PayFindingKind } from '@xuanli/contracts/admin-pay-labels';
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { AppError } from '../../shared/errors.ts';
import type { PaymentAttempts, Tx } from '../../shared/orders.ts';
import type { PaymentChannel, TradeState } from './channel.ts';
import type { PayDeps } from './deps.ts';
import { channelError } from './errors.ts';
import { fenToYuan } from './money.ts';
import { applyNotice } from './notify.ts';
import { payFindings, payments } from './schema.ts';

/** A payment attempt's row. */
type PaymentRow = typeof payments.$inferSelect;

/** What settling one attempt came to. */
export type Settled =
  /** The provider took the money; it is applied (the order paid, or the money on its way back). */
  | 'paid'
  /** No money, and the attempt is closed at the provider and here. */
  | 'closed'
  /** Not paid and still payable: its deadline is ahead and it was not to be closed, or it cannot be yet. */
  | 'open'
  /** The provider says the buyer is paying right now (or something it cannot settle yet). */
  | 'paying'
  /** The provider could not be asked or gave no usable answer; nothing changed. */
  | 'unanswered'
  /** Another process is asking about it, or its provider is still registering it. */
  | 'busy';

/** How many attempts a run settled each way. */
export type SettleReport = Record<Exclude<Settled, 'busy'>, number>;

/** Runs in a row a provider may leave an attempt unanswered before the console is told. */
export const UNANSWERED_FINDING_AFTER = 3;

/**
 * How long a claim lasts: long enough for a query, a close and a second query at the longest
 * provider time-out (60 s each), short enough that a process that died holding one frees it soon.
 */
const CLAIM_MS = 4 * 60_000;

/**
 * The lease a new attempt is written with while its provider is asked to register it: until the
 * provider has answered, nobody may query or close it (the provider would not know it yet, and a
 * close answered "no such trade" would forget an attempt the buyer is about to be sent to pay).
 */
export function startLease(now: Date): Date {
  return new Date(now.getTime() + CLAIM_MS);
}

/** Attempts one claiming transaction takes. */
const CLAIM_BATCH = 50;

function now(deps: PayDeps): Date {
  return new Date(deps.clock.now());
}

/** Claims up to {@link CLAIM_BATCH} unclaimed `created` attempts matching `where`, ids above `afterId`. */
async function claimAttempts(deps: PayDeps, where: SQL | undefined, afterId = 0): Promise<PaymentRow[]> {
  const at = now(deps);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'created'),
          or(isNull(payments.checkingUntil), lt(payments.checkingUntil, at)),
          gt(payments.id, afterId),
          where,
        ),
      )
      .orderBy(asc(payments.id))
      .limit(CLAIM_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payments)
      .set({ checkingUntil: new Date(at.getTime() + CLAIM_MS) })
      .where(
        inArray(
          payments.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Records what reconciliation found about `payment`; the same finding again changes nothing. */
async function recordFinding(
  deps: PayDeps,
  payment: PaymentRow,
  kind: PayFindingKind,
  detail: string,
): Promise<void> {
  await deps.db
    .insert(payFindings)
    .values({
      orderNo: payment.orderNo,
      outTradeNo: payment.outTradeNo,
      channel: payment.channel,
      kind,
      detail,
      foundAt: now(deps),
    })
    .onConflictDoNothing();
  deps.log.warn(
    { orderNo: payment.orderNo, outTradeNo: payment.outTradeNo, kind },
    'pay reconciliation finding',
  );
}

/** `created` → `closed` here, once the provider has no money for it. */
async function markClosed(deps: PayDeps, payment: PaymentRow): Promise<void> {
  await deps.db
    .update(payments)
    .set({ status: 'closed', closedAt: now(deps) })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')));
}

/** Money the provider says it took: applied as a verified callback would be, then told as found. */
async function applyTaken(
  deps: PayDeps,
  channel: PaymentChannel,
  payment: PaymentRow,
  taken: Extract<TradeState, { state: 'paid' }>,
): Promise<Settled> {
  const handled = await applyNotice(deps, channel, {
    kind: 'paid',
    outTradeNo: payment.outTradeNo,
    transactionId: taken.transactionId,
    amount: taken.amount,
    paidAt: taken.paidAt,
  });
  if (handled.refundId !== undefined) deps.refundDue(handled.refundId);
  const money = `¥${fenToYuan(taken.amount)}（交易号 ${taken.transactionId}）`;
  if (handled.outcome === 'paid') {
    await recordFinding(
      deps,
      payment,
      'paid-without-callback',
      `支付渠道已收款 ${money}，未收到支付通知，已补记为已支付`,
    );
  } else if (handled.outcome.startsWith('not payable')) {
    const refund = handled.outcome.replace(/^not payable: refund /, '');
    await recordFinding(
      deps,
      payment,
      'paid-after-cancel',
      `订单已关闭后支付渠道收款 ${money}，已自动原路退款（退款单 ${refund}）`,
    );
  } else if (handled.result === 'refused') {
    // The money is there but could not be booked: the attempt is closed so the order can end, and an
    // operator gives the money back by hand.
    const amountWrong = handled.outcome === 'refused: amount mismatch';
    await recordFinding(
      deps,
      payment,
      amountWrong ? 'amount-mismatch' : 'record-mismatch',
      amountWrong
        ? `支付渠道收款 ${money}，本次支付应收 ¥${fenToYuan(payment.amount)}，未入账，请核对后退款`
        : `支付渠道收款 ${money}，但与本店记录不符（${handled.outcome}），未入账，请核对后退款`,
    );
    await markClosed(deps, payment);
    return 'closed';
  }
  return 'paid';
}

/** What settling one attempt came to, and what kept it from settling (for the console), if anything. */
interface Outcome {
  settled: Settled;
  problem?: string;
}

/** Asks `channel` about `payment` and settles the answer; throws `PaymentChannelError` when unanswered. */
async function settleWith(
  deps: PayDeps,
  channel: PaymentChannel,
  payment: PaymentRow,
  closeUnpaid: boolean,
): Promise<Outcome> {
  let state = await channel.query(payment.outTradeNo);
  if (state.state === 'not-paid' && closeUnpaid) {
    const closed = await channel.close(payment.outTradeNo, payment.expiresAt);
    // Not closable yet (Alipay's unopened cashier): it stays open until its deadline makes it so.
    if (closed === 'open') return { settled: 'open' };
    state = closed === 'closed' ? { state: 'closed' } : await channel.query(payment.outTradeNo);
  }
  switch (state.state) {
    case 'paid':
      return { settled: await applyTaken(deps, channel, payment, state) };
    case 'closed':
      await markClosed(deps, payment);
      return { settled: 'closed' };
    case 'refunded':
      await recordFinding(
        deps,
        payment,
        'provider-refunded',
        `支付渠道显示已收款 ¥${fenToYuan(state.amount)}（交易号 ${state.transactionId}）并已退款，本店没有这笔收款的记录，请核对`,
      );
      await markClosed(deps, payment);
      return { settled: 'closed' };
    case 'not-paid':
      return { settled: 'open' };
    case 'unknown':
      // The buyer may be paying this very moment: left open, but counted, since it should not last.
      return { settled: 'paying', problem: `支付渠道暂无结果：${state.detail}` };
  }
}

/** Ends a claim: the lease is given back, and a run that settled nothing for want of an answer is counted. */
async function release(deps: PayDeps, payment: PaymentRow, outcome: Outcome): Promise<void> {
  const failed = outcome.problem !== undefined;
  const [row] = await deps.db
    .update(payments)
    .set({
      checkingUntil: null,
      lastCheckedAt: now(deps),
      checkFailures: failed ? payment.checkFailures + 1 : 0,
    })
    .where(eq(payments.id, payment.id))
    .returning({ checkFailures: payments.checkFailures });
  if (failed && row.checkFailures >= UNANSWERED_FINDING_AFTER) {
    await recordFinding(
      deps,
      payment,
      'provider-unreachable',
      `已连续 ${row.checkFailures} 次无法向支付渠道确认这笔支付（${outcome.problem?.slice(0, 120)}），订单暂不取消`,
    );
  }
}

/** Settles one claimed attempt; `closeUnpaid` closes it at the provider when it was not paid. */
async function settleClaimed(deps: PayDeps, payment: PaymentRow, closeUnpaid: boolean): Promise<Settled> {
  const channel = deps.channels.get(payment.channel);
  let outcome: Outcome;
  try {
    if (!channel) throw channelError(`pay channel ${payment.channel} is not open`);
    outcome = await settleWith(deps, channel, payment, closeUnpaid);
  } catch (error) {
    const problem = (error as Error).message;
    if (!(error instanceof AppError && error.code === 'PaymentChannelError')) {
      await release(deps, payment, { settled: 'unanswered', problem }).catch(() => {});
      throw error;
    }
    deps.log.warn(
      { orderNo: payment.orderNo, outTradeNo: payment.outTradeNo, err: problem },
      'pay reconciliation: provider did not answer',
    );
    outcome = { settled: 'unanswered', problem };
  }
  await release(deps, payment, outcome);
  return outcome.settled;
}

/** Claims every attempt `where` selects, a batch at a time, and settles each with `settle`. */
async function forEachClaimed(
  deps: PayDeps,
  where: SQL | undefined,
  settle: (payment: PaymentRow) => Promise<unknown>,
): Promise<void> {
  let afterId = 0;
  for (;;) {
    const claimed = await claimAttempts(deps, where, afterId);
    for (const payment of claimed) await settle(payment);
    if (claimed.length < CLAIM_BATCH) return;
    afterId = claimed[claimed.length - 1].id;
  }
}

/** Settles every attempt `where` selects; `closeUnpaid` decides per attempt. */
async function settleAll(
  deps: PayDeps,
  where: SQL | undefined,
  closeUnpaid: (payment: PaymentRow) => boolean,
): Promise<SettleReport> {
  const report: SettleReport = { paid: 0, closed: 0, open: 0, paying: 0, unanswered: 0 };
  await forEachClaimed(deps, where, async (payment) => {
    const outcome = await settleClaimed(deps, payment, closeUnpaid(payment));
    if (outcome !== 'busy') report[outcome] += 1;
  });
  return report;
}

/** The earliest creation time reconciliation looks at (PAY_RECONCILE_DAYS back). */
function lookBack(deps: PayDeps): Date {
  return new Date(deps.clock.now() - deps.config.reconcileDays * 86_400_000);
}

/**
 * The time-out's question: every unsettled attempt whose order's deadline has passed is asked about
 * and settled — paid ones applied, unpaid ones closed at the provider (which would take no money for
 * them any more). Attempts older than the look-back are left to an operator.
 */
export function settleOverdueAttempts(deps: PayDeps): Promise<SettleReport> {
  return settleAll(
    deps,
    and(lte(payments.expiresAt, now(deps)), gte(payments.createdAt, lookBack(deps))),
    () => true,
  );
}

/**
 * The reconciliation job: every attempt of the last PAY_RECONCILE_DAYS without a final state is
 * compared with its provider; one still within its deadline is only read (the buyer may be paying).
 */
export function reconcilePayments(deps: PayDeps): Promise<SettleReport> {
  const at = now(deps);
  return settleAll(deps, gte(payments.createdAt, lookBack(deps)), (payment) => payment.expiresAt <= at);
}

/**
 * Before a new attempt: the order's unsettled attempts are closed at their providers, or found paid.
 * Answers the one outcome that decides: 'paid' when one was (its payment is applied), else
 * 'unanswered', 'paying' or 'busy' when one of them could not be settled now, else 'closed' (every
 * one is closed, or left open only because its provider cannot close it before its deadline).
 */
export async function settleAttemptsOfOrder(deps: PayDeps, orderNo: string): Promise<Settled> {
  const outcomes = new Set<Settled>();
  const settled = new Set<number>();
  await forEachClaimed(deps, eq(payments.orderNo, orderNo), async (payment) => {
    outcomes.add(await settleClaimed(deps, payment, true));
    settled.add(payment.id);
  });
  for (const outcome of ['paid', 'unanswered', 'paying'] as const) if (outcomes.has(outcome)) return outcome;
  // Attempts left unsettled that this call could not claim: another process holds them.
  const open = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderNo, orderNo), eq(payments.status, 'created')));
  return open.some((row) => !settled.has(row.id)) ? 'busy' : 'closed';
}

/** The shop's time-out asks this before it cancels unpaid orders (shared/orders.ts). */
export function paymentAttempts(deps: PayDeps): PaymentAttempts {
  return {
    settleOverdue: () => settleOverdueAttempts(deps),
    async unsettled(tx: Tx, orderNos: readonly string[]): Promise<Set<string>> {
      if (orderNos.length === 0) return new Set();
      const open = await tx
        .selectDistinct({ orderNo: payments.orderNo })
        .from(payments)
        .where(and(inArray(payments.orderNo, [...orderNos]), eq(payments.status, 'created')));
      return new Set(open.map((row) => row.orderNo));
    },
  };
}
