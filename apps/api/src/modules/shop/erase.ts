/**
 * Account deletion, the shop's share. What a buyer keeps here only for themselves goes (cart, 收货地址
 * book, the courses their orders granted); orders stay, because the books must keep every sale — order
 * number, lines, amounts, dates and states — but without the person: the receiver's name, phone and
 * address, the buyer's remark and their own words in a refund request are removed.
 */
import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import { eraseCourseGrantsOf } from '../../shared/course-grants.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { addresses, cartItems, orderEvents, orders } from './schema.ts';
import { cancelPendingOrders } from './sweeper.ts';

/** The timeline's note on an unpaid order that an account deletion cancelled. */
export const ACCOUNT_DELETED_NOTE = '账号注销，未支付的订单已取消';

/**
 * Refuses the deletion while the shop still owes the buyer something or money is moving: goods paid
 * and not yet shipped (the address is needed to ship them), shipped and not yet received, a refund on
 * its way, or what a partial refund left not yet finished. Erasing the address then would lose what
 * the buyer paid for, so they are asked to wait, as the large Chinese shops ask before 注销.
 */
async function refuseWhileOrdersOpen(tx: Tx, userId: number): Promise<void> {
  const open = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.status, ['paid', 'shipped', 'refunding']),
          and(eq(orders.status, 'partially_refunded'), isNull(orders.doneAt)),
        ),
      ),
    )
    .for('update');
  if (open.length > 0) {
    throw new AppError(
      'Conflict',
      `您还有 ${open.length} 笔进行中的订单（待发货、待收货或退款中），订单完成后才能注销账号`,
    );
  }
}

/**
 * Timeline notes the shop itself writes for a buyer's action; any other note of an event by the buyer
 * is the buyer's own text (a refund reason) and is erased.
 */
const SHOP_WORDED_BUYER_NOTES = ['', '买家取消订单', '买家确认收货'];

/** What {@link eraseBuyer} changed, for the deletion's test and log. */
export interface BuyerErasure {
  cartLines: number;
  addresses: number;
  orders: number;
  courseGrants: number;
}

/**
 * Erases user `userId` as a buyer, inside the account deletion's transaction: refused (Conflict) while
 * an order is still in progress; unpaid orders cancelled (their stock back); cart lines, addresses and
 * course grants deleted, every order anonymised (its row and lines otherwise unchanged, so the state
 * machine and the money are untouched).
 */
export async function eraseBuyer(tx: Tx, userId: number, at: Date): Promise<BuyerErasure> {
  await refuseWhileOrdersOpen(tx, userId);
  const unpaid = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  await cancelPendingOrders(
    tx,
    unpaid.map((order) => order.orderNo),
    { at, actor: 'system', note: ACCOUNT_DELETED_NOTE },
  );
  const cart = await tx
    .delete(cartItems)
    .where(eq(cartItems.userId, userId))
    .returning({ sku: cartItems.skuId });
  const book = await tx.delete(addresses).where(eq(addresses.userId, userId)).returning({ id: addresses.id });
  const anonymised = await tx
    .update(orders)
    .set({ address: null, remark: '', refundReason: null })
    .where(eq(orders.userId, userId))
    .returning({ orderNo: orders.orderNo });
  const orderNos = anonymised.map((order) => order.orderNo);
  if (orderNos.length > 0) {
    await tx
      .update(orderEvents)
      .set({ note: '' })
      .where(
        and(
          inArray(orderEvents.orderNo, orderNos),
          eq(orderEvents.actor, 'buyer'),
          notInArray(orderEvents.note, SHOP_WORDED_BUYER_NOTES),
        ),
      );
  }
  const courseGrants = await eraseCourseGrantsOf(tx, userId);
  return { cartLines: cart.length, addresses: book.length, orders: orderNos.length, courseGrants };
}
