/**
 * Account deletion, the shop's share. What a buyer keeps here only for themselves goes (cart, 收货地址
 * book, the courses their orders granted); orders stay, because the books must keep every sale — order
 * number, lines, amounts, dates and states — but without the person: the receiver's name, phone and
 * address, the buyer's remark and their own words in a refund request are removed.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { eraseCourseGrantsOf } from '../../shared/course-grants.ts';
import type { Tx } from '../../shared/orders.ts';
import { addresses, cartItems, orderEvents, orders } from './schema.ts';

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
 * Erases user `userId` as a buyer, inside the account deletion's transaction: cart lines, addresses
 * and course grants deleted, every order anonymised (its row and lines otherwise unchanged, so the
 * state machine and the money are untouched).
 */
export async function eraseBuyer(tx: Tx, userId: number): Promise<BuyerErasure> {
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
