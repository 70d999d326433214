/**
 * Making an order in as few round trips as its rules allow — it is the shop's busiest write, and each
 * statement costs the API process parsing, mapping and a network wait:
 *
 * 1. {@link checkoutFacts}: one read of everything checkout needs — an order already made with this
 *    idempotency key, the SKUs with their products, the buyer's address, and whether the buyer has an
 *    unpaid order past its deadline (only then is a cancelling transaction opened first).
 * 2. {@link placeOrderStatement}: one statement that reserves the stock of every line (a conditional
 *    UPDATE … FROM the lines), writes the order, its lines and its first timeline event, and clears the
 *    cart lines ordered. Its last step, `xuanli_order_placed()` (migration 0021_order_placement.sql),
 *    raises when a line was short of stock or the order row was not written (the key or the number was
 *    taken) — a raise undoes the whole statement, so no piece stays reserved for an order that is not
 *    there. A statement is atomic by itself: without the unpaid limits it needs no transaction (and no
 *    BEGIN/COMMIT round trips); with them it runs in the transaction that holds the buyer's lock.
 *
 * The SKU rows of a multi-line order are locked in the order the plan visits them, which may differ
 * from another order's; PostgreSQL then breaks the deadlock by failing one statement (40P01), which
 * the caller runs again.
 */
import type { OrderLine } from '@xuanli/contracts/shop';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import type { Tx } from '../../shared/orders.ts';
import { isRowId } from '../../shared/wire-numbers.ts';

/** A SKU and its product as checkout prices them. */
export interface SkuFacts {
  skuId: number;
  productId: number;
  kind: OrderLine['kind'];
  title: string;
  skuTitle: string;
  cover: string;
  skuImage: string;
  price: number;
  /** 会员价 in 分, null when the SKU has none. */
  vipPrice: number | null;
  stock: number;
  onShelf: boolean;
  courseId: string | null;
  sellid: string | null;
}

/** The 收货地址 as an order keeps it. */
export type AddressFacts = {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
};

/** What {@link checkoutFacts} reads in one round trip. */
export interface CheckoutFacts {
  /** The order this buyer already made with the idempotency key, if any. */
  earlier: string | null;
  skus: SkuFacts[];
  /** The buyer's address `addressId`, null when not asked or not theirs. */
  address: AddressFacts | null;
  /** Whether the buyer has a pending order whose deadline and grace are past. */
  overdue: boolean;
}

/** What checkout asks about. */
export interface CheckoutQuestion {
  userId: number;
  idempotencyKey: string;
  skuIds: readonly number[];
  addressId: number | undefined;
  /** Pending orders with a deadline at or before this are overdue. */
  settledBefore: Date;
}

const value = (name: string) => sql.placeholder(name);

/** Step 1 as one prepared statement (db/prepared.ts). */
const CHECKOUT_FACTS = preparedSql<{
  earlier: string | null;
  skus: SkuFacts[] | string;
  address: AddressFacts | string | null;
  overdue: boolean;
}>(
  'shop_checkout_facts',
  sql`select
    (select o.order_no from orders o
      where o.user_id = ${value('userId')} and o.idempotency_key = ${value('key')}) as earlier,
    (select coalesce(json_agg(json_build_object(
        'skuId', s.id, 'productId', p.id, 'kind', p.kind, 'title', p.title, 'skuTitle', s.title,
        'cover', p.cover, 'skuImage', s.image, 'price', s.price, 'vipPrice', s.vip_price,
        'stock', s.stock,
        'onShelf', p.on_shelf, 'courseId', p.course_id, 'sellid', p.sellid)), '[]'::json)
      from skus s join products p on p.id = s.product_id
      where s.id = any(${value('skuIds')}::int[])) as skus,
    (select json_build_object('name', a.name, 'phone', a.phone, 'province', a.province,
        'city', a.city, 'district', a.district, 'detail', a.detail)
      from addresses a where a.id = ${value('addressId')}::int and a.user_id = ${value('userId')}) as address,
    exists(select 1 from orders o
      where o.status = 'pending' and o.pay_deadline <= ${value('settledBefore')}::timestamptz
        and o.user_id = ${value('userId')}) as overdue`,
);

/** JSON a driver may hand back parsed or as text. */
function parsed<T>(json: T | string): T {
  return typeof json === 'string' ? (JSON.parse(json) as T) : json;
}

/** See the module comment, step 1. SKU ids past the column's range name nothing. */
export async function checkoutFacts(db: Db, question: CheckoutQuestion): Promise<CheckoutFacts> {
  const { addressId } = question;
  const [row] = await CHECKOUT_FACTS.run(db, {
    userId: question.userId,
    key: question.idempotencyKey,
    skuIds: question.skuIds.filter(isRowId),
    addressId: addressId !== undefined && isRowId(addressId) ? addressId : null,
    settledBefore: question.settledBefore.toISOString(),
  });
  return {
    earlier: row!.earlier,
    skus: parsed(row!.skus),
    address: row!.address === null ? null : parsed(row!.address),
    overdue: row!.overdue,
  };
}

/** The order row {@link placeOrderStatement} writes. */
export interface NewOrder {
  orderNo: string;
  userId: number;
  idempotencyKey: string;
  kind: OrderLine['kind'];
  goodsTotal: number;
  shipping: number;
  total: number;
  remark: string;
  address: AddressFacts | null;
  createdAt: Date;
  payDeadline: Date;
  lines: readonly OrderLine[];
  /** Clear the buyer's cart lines of the ordered SKUs. */
  fromCart: boolean;
}

/** SQLSTATEs `xuanli_order_placed()` raises (migration 0021_order_placement.sql). */
export const PLACEMENT_REFUSALS = {
  /** A line's SKU had fewer pieces than ordered. */
  outOfStock: 'XLOOS',
  /** The order row was not written: the buyer's idempotency key or, rarely, the number was taken. */
  taken: 'XLDUP',
} as const;

/** Step 2 as one prepared statement (db/prepared.ts). */
const PLACE_ORDER = preparedSql<{ order_no: string }>(
  'shop_place_order',
  sql`with lines as (
      select * from json_to_recordset(${value('lines')}::json) as l(line int, sku_id int,
        product_id int, kind text, title text, sku_title text, cover text, price int, qty int,
        course_id text, sellid text)
    ),
    reserved as (
      update skus s set stock = s.stock - l.qty from lines l
      where s.id = l.sku_id and s.stock >= l.qty
      returning s.id
    ),
    placed as (
      insert into orders (order_no, user_id, idempotency_key, status, kind, goods_total, shipping, total,
        remark, address, created_at, pay_deadline)
      values (${value('orderNo')}, ${value('userId')}, ${value('key')}, 'pending', ${value('kind')},
        ${value('goodsTotal')}, ${value('shipping')}, ${value('total')}, ${value('remark')},
        ${value('address')}::jsonb, ${value('createdAt')}::timestamptz, ${value('payDeadline')}::timestamptz)
      on conflict do nothing
      returning order_no
    ),
    items as (
      insert into order_items (order_no, line, sku_id, product_id, kind, title, sku_title, cover, price,
        qty, course_id, sellid)
      select p.order_no, l.line, l.sku_id, l.product_id, l.kind, l.title, l.sku_title, l.cover, l.price,
        l.qty, l.course_id, l.sellid
      from placed p cross join lines l
    ),
    event as (
      insert into order_events (order_no, status, at, note, actor)
      select p.order_no, 'pending', ${value('createdAt')}::timestamptz, '', 'buyer' from placed p
    ),
    cart as (
      delete from cart_items c
      where ${value('fromCart')}::boolean and c.user_id = ${value('userId')}
        and c.sku_id in (select sku_id from lines)
    )
    select xuanli_order_placed((select count(*)::int from reserved), ${value('lineCount')}::int,
      (select order_no from placed)) as order_no`,
);

/** See the module comment, step 2. Throws the database error of a refusal (see {@link placementRefusal}). */
export async function placeOrderStatement(db: Db | Tx, order: NewOrder): Promise<void> {
  // In SKU id order: the plan usually visits the lines so, and the cancellations take rows in that
  // order too.
  const lines = order.lines
    .map((line, index) => ({
      line: index + 1,
      sku_id: line.skuId,
      product_id: line.productId,
      kind: line.kind,
      title: line.title,
      sku_title: line.skuTitle,
      cover: line.cover,
      price: line.price,
      qty: line.qty,
      course_id: line.courseId,
      sellid: line.sellid,
    }))
    .sort((a, b) => a.sku_id - b.sku_id);
  await PLACE_ORDER.run(db, {
    lines: JSON.stringify(lines),
    lineCount: lines.length,
    orderNo: order.orderNo,
    userId: order.userId,
    key: order.idempotencyKey,
    kind: order.kind,
    goodsTotal: order.goodsTotal,
    shipping: order.shipping,
    total: order.total,
    remark: order.remark,
    address: order.address === null ? null : JSON.stringify(order.address),
    createdAt: order.createdAt.toISOString(),
    payDeadline: order.payDeadline.toISOString(),
    fromCart: order.fromCart,
  });
}

/** Which refusal of {@link placeOrderStatement} `error` is, if any (Drizzle wraps the driver's error). */
export function placementRefusal(error: unknown): 'outOfStock' | 'taken' | 'deadlock' | null {
  for (let current = error; typeof current === 'object' && current !== null; ) {
    const code = (current as { code?: unknown }).code;
    if (code === PLACEMENT_REFUSALS.outOfStock) return 'outOfStock';
    if (code === PLACEMENT_REFUSALS.taken) return 'taken';
    if (code === '40P01') return 'deadlock';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
