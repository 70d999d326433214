/**
 * `POST /api/pay/sandbox/{orderNo}/complete`: the sandbox pay page's 支付成功 / 支付失败. The buyer's
 * choice is recorded in the sandbox provider's own book first (as a provider's cashier records it),
 * then becomes a callback signed with the sandbox key and goes through `handleNotify` exactly as a
 * provider's would (verification, audit row, one transaction with `ledger.markPaid`); the answer is
 * the order's status afterwards.
 */
import type { SandboxComplete, SandboxCompleteBody } from '@xuanli/contracts/pay';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../shared/errors.ts';
import type { PayDeps } from './deps.ts';
import { handleNotify } from './notify.ts';
import type { SandboxChannel } from './sandbox/channel.ts';
import { payments } from './schema.ts';

/** Completes sandbox attempt `body.outTradeNo` of buyer `userId`'s order `orderNo`. */
export async function completeSandboxPayment(
  deps: PayDeps,
  sandbox: SandboxChannel | undefined,
  input: { orderNo: string; userId: number; body: SandboxCompleteBody },
): Promise<SandboxComplete> {
  const { orderNo, userId, body } = input;
  if (!sandbox) throw new AppError('NotFound', 'the sandbox channel is off');
  const order = await deps.ledger.findForPayment(deps.db, orderNo, userId);
  if (!order) throw new AppError('NotFound', 'order not found');
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.outTradeNo, body.outTradeNo),
        eq(payments.orderNo, orderNo),
        eq(payments.channel, 'sandbox'),
      ),
    )
    .limit(1);
  if (!payment) throw new AppError('NotFound', 'payment not found');
  // A newer attempt replaced this one: its page is stale (a real cashier would refuse it too).
  if (payment.status === 'closed') throw new AppError('OrderStateConflict', 'this payment attempt is closed');
  const notice = await sandbox.pay({
    outTradeNo: payment.outTradeNo,
    amount: payment.amount,
    expiresAt: payment.expiresAt,
    result: body.result,
  });
  const answer = await handleNotify(deps, sandbox, notice);
  if (answer.status >= 500) throw new AppError('InternalError', 'the payment could not be recorded');
  if (answer.status >= 300) throw new AppError('Conflict', 'the payment was refused');
  const after = await deps.ledger.findForPayment(deps.db, orderNo, userId);
  return { orderNo, status: after?.status ?? order.status };
}
