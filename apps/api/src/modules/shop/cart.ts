/**
 * A buyer's cart, kept on the server. Every change is one conditional statement, so two requests of
 * the same buyer (two tabs, a double tap) never lose an addition or push a line past the stock; the
 * line-count limit is checked under a per-buyer transaction lock, the only check that spans rows.
 * Prices are never stored in the cart: a line always shows what its SKU costs the buyer now — its
 * 会员价 while the buyer is a VIP (`vip`, decided per request by the server's clock), as checkout will.
 */
import {
  type Cart,
  type CartAdd,
  type CartItem,
  type CartUpdate,
  MAX_LINE_QTY,
} from '@xuanli/contracts/shop';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import { lockBuyer } from './buyer-lock.ts';
import { chargedPrice } from './pricing.ts';
import { cartItems, products, skus } from './schema.ts';
import { SKU_LINE_COLUMNS } from './sku-line.ts';

/** Most lines in one cart; adding a new SKU to a full cart is refused. */
export const MAX_CART_LINES = 50;

/** Rows of a raw `execute()`: both drivers answer `{rows}`, the shared Drizzle type leaves it open. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The cart of `userId`: newest line first, each with its current price for this buyer (the 会员价
 * when `vip`), the SKU's price for everyone, stock and availability.
 */
export async function readCart(db: Db | Tx, userId: number, vip: boolean): Promise<Cart> {
  const rows = await db
    .select({ skuId: cartItems.skuId, ...SKU_LINE_COLUMNS, qty: cartItems.qty, selected: cartItems.selected })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.addedAt), desc(cartItems.skuId));
  const items = rows.map(
    ({ skuImage, onShelf, vipPrice, ...row }): CartItem => ({
      ...row,
      price: chargedPrice({ price: row.price, vipPrice }, vip),
      listPrice: row.price,
      // A SKU with its own picture (a colour, a bead size) shows it; otherwise the product's cover.
      cover: skuImage || row.cover,
      // An off-shelf product or a SKU with fewer pieces left than the line asks for cannot be ordered.
      available: onShelf && row.stock >= row.qty,
    }),
  );
  const counted = items.filter((item) => item.selected && item.available);
  return {
    items,
    selectedTotal: counted.reduce((sum, item) => sum + item.price * item.qty, 0),
    selectedCount: counted.reduce((sum, item) => sum + item.qty, 0),
  };
}

/** Why `skuId` cannot go into a cart: unknown (404), off the shelf or sold out (409). */
async function refusalFor(db: Db | Tx, skuId: number): Promise<AppError> {
  const [row] = isRowId(skuId)
    ? await db
        .select({ stock: skus.stock, onShelf: products.onShelf })
        .from(skus)
        .innerJoin(products, eq(products.id, skus.productId))
        .where(eq(skus.id, skuId))
        .limit(1)
    : [];
  if (!row) return new AppError('NotFound', `no sku ${skuId}`);
  if (!row.onShelf) return new AppError('OutOfStock', 'off shelf');
  return new AppError('OutOfStock', `sku ${skuId} is sold out`);
}

/**
 * `POST shop/cart/items`: adds `qty` pieces of a SKU. A SKU already in the cart gets the pieces added
 * to its line (and is selected again); a line never exceeds {@link MAX_LINE_QTY} nor the stock, which
 * caps it silently. Unknown SKU → 404; off-shelf product or no stock at all → 409 OutOfStock; a new
 * SKU in a cart of {@link MAX_CART_LINES} lines → 400 ValidationError. Answers the whole cart.
 */
export async function addToCart(
  db: Db,
  userId: number,
  add: CartAdd,
  now: Date,
  vip: boolean,
): Promise<Cart> {
  if (!isRowId(add.skuId)) throw new AppError('NotFound', `no sku ${add.skuId}`);
  await db.transaction(async (tx) => {
    await lockBuyer(tx, 'cart', userId);
    const [lines] = rowsOf<{ lines: number; has: boolean }>(
      await tx.execute(sql`
        select count(*)::int as lines, coalesce(bool_or(${cartItems.skuId} = ${add.skuId}), false) as has
        from ${cartItems} where ${cartItems.userId} = ${userId}`),
    );
    if (lines && !lines.has && lines.lines >= MAX_CART_LINES) {
      throw new AppError('ValidationError', `a cart holds at most ${MAX_CART_LINES} lines`);
    }
    // One statement, one snapshot: the stock read for the new line and for the merged one is the same,
    // and a SKU that is off the shelf or sold out inserts nothing.
    const added = rowsOf<{ qty: number }>(
      await tx.execute(sql`
        insert into cart_items (user_id, sku_id, qty, selected, added_at)
        select ${userId}, s.id, least(${add.qty}::int, ${MAX_LINE_QTY}::int, s.stock), true, ${now.toISOString()}::timestamptz
        from skus s join products p on p.id = s.product_id
        where s.id = ${add.skuId} and s.stock > 0 and p.on_shelf
        on conflict (user_id, sku_id) do update set
          qty = least(cart_items.qty + ${add.qty}::int, ${MAX_LINE_QTY}::int,
                      (select stock from skus where id = excluded.sku_id)),
          selected = true,
          added_at = excluded.added_at
        returning qty`),
    );
    if (added.length === 0) throw await refusalFor(tx, add.skuId);
  });
  return readCart(db, userId, vip);
}

/**
 * `PATCH shop/cart/items/{skuId}`: sets a line's quantity and/or whether it is selected. A quantity
 * above the SKU's stock → 409 OutOfStock (the line keeps its old one); a SKU not in the buyer's cart
 * → 404. Answers the whole cart.
 */
export async function updateCartItem(
  db: Db,
  userId: number,
  skuId: number,
  update: CartUpdate,
  vip: boolean,
): Promise<Cart> {
  const line = and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId));
  const set: Partial<Pick<typeof cartItems.$inferInsert, 'qty' | 'selected'>> = {};
  if (update.qty !== undefined) set.qty = update.qty;
  if (update.selected !== undefined) set.selected = update.selected;
  const changed =
    Object.keys(set).length === 0
      ? await db.select({ skuId: cartItems.skuId }).from(cartItems).where(line).limit(1)
      : await db
          .update(cartItems)
          .set(set)
          .where(
            update.qty === undefined
              ? line
              : and(
                  line,
                  sql`${update.qty}::int <= (select ${skus.stock} from ${skus} where ${skus.id} = ${skuId})`,
                ),
          )
          .returning({ skuId: cartItems.skuId });
  if (changed.length === 0) {
    const [exists] = await db.select({ skuId: cartItems.skuId }).from(cartItems).where(line).limit(1);
    if (!exists) throw new AppError('NotFound', `sku ${skuId} is not in the cart`);
    throw new AppError('OutOfStock', `fewer than ${update.qty} pieces of sku ${skuId} left`);
  }
  return readCart(db, userId, vip);
}

/** `DELETE shop/cart/items/{skuId}`: removes a line; a SKU not in the buyer's cart → 404. Answers the cart. */
export async function removeCartItem(db: Db, userId: number, skuId: number, vip: boolean): Promise<Cart> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.skuId, skuId)))
    .returning({ skuId: cartItems.skuId });
  if (removed.length === 0) throw new AppError('NotFound', `sku ${skuId} is not in the cart`);
  return readCart(db, userId, vip);
}
