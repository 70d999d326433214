/**
 * Two accounts becoming one (member module's merge), the shop's share: the merged account's orders,
 * cart, 收货地址 and the courses its orders granted move to the surviving account. Orders keep every
 * field but the buyer; an idempotency key both accounts used (each names one checkout of its own) is
 * made distinct by the merged account's id. A SKU in both carts becomes one line of both quantities
 * (at most a line's maximum); the survivor's default address stays the default.
 */
import { MAX_LINE_QTY } from '@xuanli/contracts/shop-labels';
import { sql } from 'drizzle-orm';
import { moveRowsKeepingSurvivors } from '../../shared/account-merge.ts';
import { moveCourseGrants } from '../../shared/course-grants.ts';
import type { Tx } from '../../shared/orders.ts';
import { lockBuyer } from './buyer-lock.ts';

/** Moves buyer `from`'s orders, cart, addresses and course grants to buyer `into`, inside the merge's transaction. */
export async function mergeBuyer(tx: Tx, from: number, into: number): Promise<void> {
  // The rules that span a buyer's rows (one default address, cart and unpaid limits) hold under these
  // locks; taken in id order, as every multi-buyer lock here is.
  for (const what of ['cart', 'addresses', 'orders'] as const) {
    for (const id of from < into ? [from, into] : [into, from]) await lockBuyer(tx, what, id);
  }
  await tx.execute(sql`
    update cart_items as kept set qty = least(kept.qty + moved.qty, ${MAX_LINE_QTY}::int)
    from cart_items as moved
    where kept.user_id = ${into} and moved.user_id = ${from} and moved.sku_id = kept.sku_id`);
  await moveRowsKeepingSurvivors(tx, { table: 'cart_items', key: 'sku_id' }, from, into);
  await tx.execute(sql`
    update addresses set is_default = false
    where user_id = ${from} and exists (select 1 from addresses where user_id = ${into} and is_default)`);
  await tx.execute(sql`update addresses set user_id = ${into} where user_id = ${from}`);
  await tx.execute(sql`
    update orders set idempotency_key = 'merged-' || ${String(from)} || '-' || idempotency_key
    where user_id = ${from}
      and idempotency_key in (select idempotency_key from orders where user_id = ${into})`);
  await tx.execute(sql`update orders set user_id = ${into} where user_id = ${from}`);
  await moveCourseGrants(tx, from, into);
}
