/**
 * A buyer's orders: checkout's preview, creation with its stock reservation, the list and the detail,
 * and the buyer's three actions (cancel, confirm receipt, ask for a refund). Every total is computed
 * here from the SKUs' own prices; whatever price a client sends is never read. Payment and refunds
 * reach orders through the ledger (ledger.ts), operators through order-admin.ts.
 */
import {
  ORDER_PAY_MINUTES,
  type OrderCreate,
  type OrderCreated,
  type OrderDetail,
  type OrderItem,
  type OrderLine,
  type OrderList,
  type OrderPreview,
  type OrderPreviewBody,
  type OrderQuery,
  type OrderStatus,
  type PayChannel,
  type ProductKind,
} from '@xuanli/contracts/shop';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { ShopConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import type { PaymentAttempts, Tx } from '../../shared/orders.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import { lockBuyer } from './buyer-lock.ts';
import { checkOrderSize, checkUnpaidOrders, checkUnpaidPieces, limitsUnpaid } from './order-limits.ts';
import { newOrderNo } from './order-no.ts';
import {
  type AddressFacts,
  checkoutFacts,
  type NewOrder,
  placementRefusal,
  placeOrderStatement,
  type SkuFacts,
} from './order-placement.ts';
import { moveOrder, type OrderFields } from './order-state.ts';
import { chargedPrice } from './pricing.ts';
import { addresses, orderEvents, orderItems, orders, products, skus } from './schema.ts';
import { SKU_LINE_COLUMNS } from './sku-line.ts';
import { cancelOverdueOrders, cancelPendingOrders, SETTLEMENT_GRACE_MS } from './sweeper.ts';

/** What the order service runs on. */
export interface OrderDeps {
  db: Db;
  clock: Clock;
  /** What one buyer may hold unpaid (checked when an order is made). */
  limits: ShopConfig;
  /** The pay module's attempts: an overdue order with an unsettled one is not cancelled when read. */
  payments?: PaymentAttempts;
}

/** Shipping of a goods order whose lines total less than {@link FREE_SHIPPING_FROM}: 8 元. */
export const SHIPPING_FEE = 800;

/** From this goods total (99 元) shipping is free. */
export const FREE_SHIPPING_FROM = 9900;

/** The 收货地址 an order keeps: the address as it was when ordering (AddressInput without isDefault). */
type AddressSnapshot = AddressFacts;

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The lines and totals of a would-be order, all from the database's prices. */
interface PricedOrder {
  lines: OrderLine[];
  kind: ProductKind;
  goodsTotal: number;
  shipping: number;
  total: number;
  /** What 会员价 took off the lines (0 for a buyer who is not a VIP, or SKUs without one). */
  vipSaving: number;
  needsAddress: boolean;
}

/** The SKUs `ids` (those in the column's range) with their products, as checkout prices them. */
async function skuFactsOf(db: Db | Tx, ids: readonly number[]): Promise<SkuFacts[]> {
  const known = ids.filter(isRowId);
  if (known.length === 0) return [];
  return db
    .select({ skuId: skus.id, ...SKU_LINE_COLUMNS, courseId: products.courseId, sellid: products.sellid })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.id, known));
}

/**
 * Prices `items` from `rows`, the SKUs and products as they are now, at the 会员价 where `vip` (the
 * buyer's VIP runs now, by the server's clock) and the SKU has one. Unknown SKU → 404; a SKU listed
 * twice → 400; an off-shelf product → 409 OutOfStock 'off shelf'; more than the shop's maxima (pieces
 * of a line, lines, the total) → 400 OrderTooLarge, for preview and creation alike. With `checkStock`,
 * a SKU with fewer pieces than asked → 409 OutOfStock (creation leaves that to its conditional update).
 */
function priceLines(
  items: readonly { skuId: number; qty: number }[],
  rows: readonly SkuFacts[],
  checkStock: boolean,
  vip: boolean,
): PricedOrder {
  const byId = new Map(rows.map((row) => [row.skuId, row]));
  let vipSaving = 0;
  const lines = items.map(({ skuId, qty }): OrderLine => {
    const row = byId.get(skuId);
    if (!row) throw new AppError('NotFound', `no sku ${skuId}`);
    if (!row.onShelf) throw new AppError('OutOfStock', 'off shelf');
    if (checkStock && row.stock < qty)
      throw new AppError('OutOfStock', `sku ${skuId}: only ${row.stock} left`);
    const price = chargedPrice(row, vip);
    vipSaving += (row.price - price) * qty;
    return {
      skuId,
      productId: row.productId,
      kind: row.kind,
      title: row.title,
      skuTitle: row.skuTitle,
      // A SKU with its own picture (a colour, a bead size) shows it, as the cart does.
      cover: row.skuImage || row.cover,
      // The price charged, frozen in the order line: a later change of price or membership leaves it.
      price,
      qty,
      courseId: row.kind === 'course' ? row.courseId : null,
      sellid: row.kind === 'service' ? row.sellid : null,
    };
  });
  const goodsTotal = lines.reduce((sum, line) => sum + line.price * line.qty, 0);
  const needsAddress = lines.some((line) => line.kind === 'goods');
  const kind: ProductKind = needsAddress
    ? 'goods'
    : lines.some((line) => line.kind === 'course')
      ? 'course'
      : 'service';
  // Courses and services ship nothing; goods ship free from 99 元 (the whole order's lines count).
  const shipping = needsAddress && goodsTotal < FREE_SHIPPING_FROM ? SHIPPING_FEE : 0;
  checkOrderSize(lines, goodsTotal + shipping);
  return { lines, kind, goodsTotal, shipping, total: goodsTotal + shipping, vipSaving, needsAddress };
}

/** Refuses a basket that names a SKU twice (400), before anything is read. */
function assertDistinctSkus(items: readonly { skuId: number }[]): void {
  const ids = items.map((item) => item.skuId);
  if (new Set(ids).size !== ids.length) throw new AppError('ValidationError', 'each sku may appear once');
}

/** The buyer's address `addressId` as an order keeps it; 404 when it is not theirs. */
async function addressSnapshot(db: Db | Tx, userId: number, addressId: number): Promise<AddressSnapshot> {
  const [row] = isRowId(addressId)
    ? await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NotFound', `no address ${addressId}`);
  const { name, phone, province, city, district, detail } = row;
  return { name, phone, province, city, district, detail };
}

/**
 * `POST shop/orders/preview`: what checkout shows — the lines at today's prices (会员价 for a buyer
 * whose VIP runs now, `vip`), shipping and the total — with the same refusals creation would give
 * (unknown SKU, off shelf, too few pieces left).
 */
export async function previewOrder(
  deps: OrderDeps,
  userId: number,
  body: OrderPreviewBody,
  vip: boolean,
): Promise<OrderPreview> {
  assertDistinctSkus(body.items);
  const priced = priceLines(
    body.items,
    await skuFactsOf(
      deps.db,
      body.items.map((item) => item.skuId),
    ),
    true,
    vip,
  );
  if (priced.needsAddress && body.addressId !== undefined)
    await addressSnapshot(deps.db, userId, body.addressId);
  const { lines, goodsTotal, shipping, total, vipSaving, needsAddress } = priced;
  return { items: lines, goodsTotal, shipping, total, vipSaving, needsAddress };
}

/** Whether `userId` has made an order with `idempotencyKey` (read inside the creating transaction). */
async function keyTaken(tx: Tx, userId: number, idempotencyKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row !== undefined;
}

/** Tries a few fresh numbers: two orders made in the same second collide once in a million. */
const ORDER_NO_ATTEMPTS = 4;

/** What {@link placeOrder} writes: a priced basket for a buyer, at a moment. */
interface Placement extends OrderDeps {
  userId: number;
  body: OrderCreate;
  priced: PricedOrder;
  address: AddressSnapshot | null;
  now: Date;
}

/**
 * Writes the order of `placement` (order-placement.ts): one statement — inside a transaction under the
 * buyer's lock with the unpaid limits when they are on. Null when the idempotency key (or, rarely,
 * the order number) is taken, or the statement lost a deadlock: nothing was written, the caller tries
 * again.
 */
async function placeOrder(placement: Placement): Promise<OrderCreated | null> {
  const { userId, body, priced, address, now, limits } = placement;
  const order: NewOrder = {
    orderNo: newOrderNo(placement.clock),
    userId,
    idempotencyKey: body.idempotencyKey,
    kind: priced.kind,
    goodsTotal: priced.goodsTotal,
    shipping: priced.shipping,
    total: priced.total,
    remark: body.remark?.trim() ?? '',
    address,
    createdAt: now,
    payDeadline: new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000),
    lines: priced.lines,
    fromCart: body.fromCart === true,
  };
  try {
    if (!limitsUnpaid(limits)) await placeOrderStatement(placement.db, order);
    else {
      const placed = await placement.db.transaction(async (tx) => {
        await lockBuyer(tx, 'orders', userId);
        if (await keyTaken(tx, userId, body.idempotencyKey)) return false;
        await checkUnpaidOrders(tx, userId, limits);
        await placeOrderStatement(tx, order);
        // The new order's lines are written: the buyer's unpaid pieces now count them.
        await checkUnpaidPieces(tx, userId, priced.lines, limits);
        return true;
      });
      if (!placed) return null;
    }
  } catch (error) {
    const refusal = placementRefusal(error);
    // A deadlock with another order taking the same SKUs in another order undid this statement
    // whole: like a taken number, try again.
    if (refusal === 'taken' || refusal === 'deadlock') return null;
    if (refusal === 'outOfStock') throw new AppError('OutOfStock', 'a line is short of stock');
    throw error;
  }
  return { orderNo: order.orderNo, status: 'pending', total: priced.total };
}

/** The order `userId` made with `idempotencyKey` as creation answers it (cancelled first when overdue). */
async function earlierOrder(deps: OrderDeps, userId: number, orderNo: string): Promise<OrderCreated> {
  const order = await readOwnOrder(deps, userId, orderNo);
  return { orderNo: order.orderNo, status: order.status, total: order.total };
}

/** The order made with this buyer's `idempotencyKey`, if any. */
async function orderByKey(
  deps: OrderDeps,
  userId: number,
  idempotencyKey: string,
): Promise<OrderCreated | null> {
  const [row] = await deps.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ? earlierOrder(deps, userId, row.orderNo) : null;
}

/**
 * `POST shop/orders`: makes a pending order. One read (order-placement.ts `checkoutFacts`) answers
 * whether the idempotency key was used already (the order it made is answered), the SKUs to price the
 * lines from, the address and whether the buyer has overdue unpaid orders; those are cancelled first,
 * in a transaction of their own (their stock goes back before any is taken, and they are not counted
 * as unpaid). Then one statement takes the stock of every line — one line short and nothing is taken,
 * 409 OutOfStock — and writes the order (its totals from the database's prices, 会员价 where `vip`:
 * the buyer's VIP runs at the request, by the server's clock), its lines, its first
 * timeline event and, with `fromCart`, clears the ordered SKUs' cart lines; with the unpaid limits on
 * it runs under the buyer's `orders` lock after the limits are checked (409 UnpaidLimit). The same
 * idempotency key from the same buyer answers the order it made first, also when both requests run
 * at once: the unique key makes the second statement write nothing, and it reads the first's order.
 */
export async function createOrder(
  deps: OrderDeps,
  userId: number,
  body: OrderCreate,
  vip: boolean,
): Promise<OrderCreated> {
  assertDistinctSkus(body.items);
  const facts = await checkoutFacts(deps.db, {
    userId,
    idempotencyKey: body.idempotencyKey,
    skuIds: body.items.map((item) => item.skuId),
    addressId: body.addressId,
    settledBefore: new Date(deps.clock.now() - SETTLEMENT_GRACE_MS),
  });
  if (facts.earlier) return earlierOrder(deps, userId, facts.earlier);
  const priced = priceLines(body.items, facts.skus, false, vip);
  let address: AddressSnapshot | null = null;
  if (priced.needsAddress) {
    if (body.addressId === undefined) throw new AppError('ValidationError', 'address required');
    if (!facts.address) throw new AppError('NotFound', `no address ${body.addressId}`);
    address = facts.address;
  }
  if (facts.overdue) {
    await deps.db.transaction((tx) =>
      cancelOverdueOrders(tx, new Date(deps.clock.now()), { userId, payments: deps.payments }),
    );
  }
  for (let attempt = 1; ; attempt++) {
    const now = new Date(deps.clock.now());
    const created = await placeOrder({ ...deps, userId, body, priced, address, now });
    if (created) return created;
    const raced = await orderByKey(deps, userId, body.idempotencyKey);
    if (raced) return raced;
    if (attempt >= ORDER_NO_ATTEMPTS) throw new Error('no free order number after several attempts');
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function lineOf(item: ItemRow): OrderItem {
  const { skuId, productId, kind, title, skuTitle, cover, price, qty, courseId, sellid } = item;
  return {
    skuId,
    productId,
    kind,
    title,
    skuTitle,
    cover,
    price,
    qty,
    courseId,
    sellid,
    refunded: item.refundedAt !== null,
  };
}

/** The lines of `orderNos`, by order, in line order. */
async function linesOf(db: Db | Tx, orderNos: readonly string[]): Promise<Map<string, OrderItem[]>> {
  const byOrder = new Map<string, OrderItem[]>(orderNos.map((orderNo) => [orderNo, []]));
  if (orderNos.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderNo, [...orderNos]))
    .orderBy(asc(orderItems.orderNo), asc(orderItems.line));
  for (const row of rows) byOrder.get(row.orderNo)?.push(lineOf(row));
  return byOrder;
}

/** An order and its history as the buyer's order page shows it. */
async function detailOf(db: Db | Tx, order: OrderRow): Promise<OrderDetail> {
  const lines = await linesOf(db, [order.orderNo]);
  // In the order the changes were made: a provider's payment time need not agree with our clock.
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderNo, order.orderNo))
    .orderBy(asc(orderEvents.id));
  return {
    orderNo: order.orderNo,
    status: order.status,
    items: lines.get(order.orderNo) ?? [],
    total: order.total,
    refundedAmount: order.refundedAmount,
    createdAt: order.createdAt.toISOString(),
    payDeadline: order.payDeadline.toISOString(),
    goodsTotal: order.goodsTotal,
    shipping: order.shipping,
    remark: order.remark,
    // A snapshot, not an entry of the address book, so never "the default".
    address: order.address
      ? {
          name: order.address.name,
          phone: order.address.phone,
          province: order.address.province,
          city: order.address.city,
          district: order.address.district ?? '',
          detail: order.address.detail,
          isDefault: false,
        }
      : null,
    paidAt: iso(order.paidAt),
    payChannel: order.payChannel as PayChannel | null,
    tracking: order.tracking,
    refundReason: order.refundReason,
    timeline: events.map((event) => ({
      status: event.status as OrderStatus,
      at: event.at.toISOString(),
      note: event.note,
    })),
  };
}

/** The buyer's order `orderNo` as it stands now; an overdue pending one is cancelled first. 404 if not theirs. */
async function readOwnOrder(deps: OrderDeps, userId: number, orderNo: string): Promise<OrderRow> {
  const now = new Date(deps.clock.now());
  await deps.db.transaction((tx) =>
    cancelOverdueOrders(tx, now, { userId, orderNo, payments: deps.payments }),
  );
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw new AppError('NotFound', `no order ${orderNo}`);
  return order;
}

/** `GET shop/orders/{orderNo}`: the order page; another buyer's order (or none) is 404. */
export async function orderDetail(deps: OrderDeps, userId: number, orderNo: string): Promise<OrderDetail> {
  return detailOf(deps.db, await readOwnOrder(deps, userId, orderNo));
}

/** Orders per page of 我的订单 unless the query says otherwise. */
export const DEFAULT_ORDER_PAGE_SIZE = 20;

/** `GET shop/orders`: the buyer's orders, newest first, optionally of one status (overdue ones cancelled first). */
export async function listOrders(deps: OrderDeps, userId: number, query: OrderQuery): Promise<OrderList> {
  const now = new Date(deps.clock.now());
  await deps.db.transaction((tx) => cancelOverdueOrders(tx, now, { userId, payments: deps.payments }));
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_ORDER_PAGE_SIZE;
  const where = and(eq(orders.userId, userId), query.status ? eq(orders.status, query.status) : undefined);
  const [{ total }] = await deps.db.select({ total: count() }).from(orders).where(where);
  const offset = (page - 1) * size;
  // A page past the last has no rows (and a huge page number must not reach OFFSET's bigint).
  const rows =
    offset >= total
      ? []
      : await deps.db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.orderNo))
          .limit(size)
          .offset(offset);
  const lines = await linesOf(
    deps.db,
    rows.map((row) => row.orderNo),
  );
  return {
    total,
    list: rows.map((row) => ({
      orderNo: row.orderNo,
      status: row.status,
      items: lines.get(row.orderNo) ?? [],
      total: row.total,
      refundedAmount: row.refundedAmount,
      createdAt: row.createdAt.toISOString(),
      payDeadline: row.payDeadline.toISOString(),
    })),
  };
}

/** 409 naming the order's status now, or 404 when the buyer has no such order. */
async function stateConflict(tx: Tx, userId: number, orderNo: string): Promise<AppError> {
  const [row] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  return row
    ? new AppError('OrderStateConflict', `order is ${row.status}`)
    : new AppError('NotFound', `no order ${orderNo}`);
}

/**
 * Runs one buyer action in a transaction: `act` makes the change and answers whether it applied;
 * when it did not, the answer is 404 (not the buyer's) or 409 naming the current status. Then the
 * order page as it is now.
 */
async function buyerAction(
  deps: OrderDeps,
  userId: number,
  orderNo: string,
  act: (tx: Tx, now: Date) => Promise<boolean>,
): Promise<OrderDetail> {
  const now = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    if (!(await act(tx, now))) throw await stateConflict(tx, userId, orderNo);
  });
  return orderDetail(deps, userId, orderNo);
}

/**
 * A buyer's status change of their order as one {@link buyerAction}: the order's overdue payment is
 * settled first (cancelOverdueOrders), then it moves `from` → `to` with the timeline's `note` and the
 * columns `fields` gives for the moment of the change.
 */
function buyerMove(
  deps: OrderDeps,
  userId: number,
  orderNo: string,
  move: { from: OrderStatus; to: OrderStatus; note: string; fields: (now: Date) => OrderFields },
): Promise<OrderDetail> {
  return buyerAction(deps, userId, orderNo, async (tx, now) => {
    await cancelOverdueOrders(tx, now, { userId, orderNo, payments: deps.payments });
    const { from, to, note, fields } = move;
    const moved = await moveOrder(tx, {
      orderNo,
      from,
      to,
      at: now,
      actor: 'buyer',
      note,
      fields: fields(now),
      userId,
    });
    return moved !== null;
  });
}

/** `POST shop/orders/{orderNo}/cancel`: pending → cancelled by the buyer; the reserved pieces go back to stock. */
export function cancelOrder(deps: OrderDeps, userId: number, orderNo: string): Promise<OrderDetail> {
  return buyerAction(deps, userId, orderNo, async (tx, now) => {
    const cancelled = await cancelPendingOrders(tx, [orderNo], {
      at: now,
      actor: 'buyer',
      note: '买家取消订单',
      userId,
    });
    return cancelled.length === 1;
  });
}

/** `POST shop/orders/{orderNo}/confirm`: the buyer confirms receipt, shipped → done. */
export function confirmOrder(deps: OrderDeps, userId: number, orderNo: string): Promise<OrderDetail> {
  return buyerMove(deps, userId, orderNo, {
    from: 'shipped',
    to: 'done',
    note: '买家确认收货',
    fields: (now) => ({ doneAt: now }),
  });
}

/** `POST shop/orders/{orderNo}/refund`: the buyer asks for a refund of a paid order, paid → refunding. */
export async function requestRefund(
  deps: OrderDeps,
  userId: number,
  orderNo: string,
  reason: string,
): Promise<OrderDetail> {
  const text = reason.trim();
  if (!text) throw new AppError('ValidationError', 'reason required');
  return buyerMove(deps, userId, orderNo, {
    from: 'paid',
    to: 'refunding',
    note: text,
    fields: () => ({ refundReason: text }),
  });
}
