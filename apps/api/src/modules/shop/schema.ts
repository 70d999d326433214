/**
 * The shop's tables: the catalogue (categories, products, SKUs), each buyer's cart and 收货地址, and
 * orders with their frozen lines and history. Money columns are integer 分. User ids refer to the
 * member module's `users` by value (modules do not share foreign keys), and an account deletion leaves
 * orders in place: they are the shop's accounting records.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** 手串, 摆件, 台历, 书籍, 课程, 咨询服务 … in display order. */
export const shopCategories = pgTable('shop_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** A product: what the buyer sees on its page. Its price and stock live on its SKUs. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Stable name for seeding and operators ('bracelet-zitan', 'course-bazi-basics').
    slug: text('slug').notNull().unique(),
    kind: text('kind', { enum: ['goods', 'course', 'service'] }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => shopCategories.id),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    cover: text('cover').notNull(),
    // Gallery URLs, cover first (JSON array of strings).
    images: jsonb('images').$type<string[]>().notNull().default([]),
    // Sanitised HTML (content module's sanitiser rules) — sanitised again when an operator saves it.
    description: text('description').notNull().default(''),
    // [{name, values}] in display order; empty for a single-SKU product.
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    originalPrice: integer('original_price'),
    // The course a `course` product grants, the master (sellid) a `service` is a consultation with.
    courseId: text('course_id'),
    sellid: text('sellid'),
    onShelf: boolean('on_shelf').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    // Pieces sold in paid orders; raised when an order is paid, lowered when it is refunded.
    sales: integer('sales').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.onShelf),
    check('products_original_price_check', sql`${t.originalPrice} IS NULL OR ${t.originalPrice} >= 0`),
    check(
      'products_kind_link_check',
      sql`(${t.kind} <> 'course' OR ${t.courseId} IS NOT NULL) AND (${t.kind} <> 'service' OR ${t.sellid} IS NOT NULL)`,
    ),
  ],
);

/**
 * A SKU: one combination of option values with its own price and stock. `stock` is what can still be
 * ordered: an order takes its pieces at creation with a conditional update (`stock >= qty`), and a
 * cancelled or timed-out order gives them back. The CHECK is the last line against overselling.
 * `vip_price` is what a member whose VIP runs at the moment of ordering pays instead (会员价); never
 * above the price, so membership can only lower what a buyer is charged.
 */
export const skus = pgTable(
  'skus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    // Option name → value, e.g. {"尺寸": "8mm", "颗数": "108颗"}; {} for a single SKU.
    spec: jsonb('spec').$type<Record<string, string>>().notNull().default({}),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    price: integer('price').notNull(),
    vipPrice: integer('vip_price'),
    stock: integer('stock').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('skus_product_idx').on(t.productId),
    check('skus_price_check', sql`${t.price} > 0`),
    check(
      'skus_vip_price_check',
      sql`${t.vipPrice} IS NULL OR (${t.vipPrice} > 0 AND ${t.vipPrice} <= ${t.price})`,
    ),
    check('skus_stock_check', sql`${t.stock} >= 0`),
  ],
);

/** A buyer's cart lines (kept on the server, so a cart survives a new phone or a cleared browser). */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id').notNull(),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    qty: integer('qty').notNull(),
    selected: boolean('selected').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skuId] }), check('cart_items_qty_check', sql`${t.qty} > 0`)],
);

/** 收货地址 book; at most one default per user (partial unique index). */
export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/**
 * An order. `status` moves only along the transitions of order-state.ts; a database trigger refuses
 * any other change (so no code path, operator SQL included, can skip a step). `(user_id,
 * idempotency_key)` is unique: the same checkout submitted twice makes one order. `refunded_amount`
 * is what confirmed refunds have given back (the ledger adds each one), never more than the total.
 */
export const orders = pgTable(
  'orders',
  {
    orderNo: text('order_no').primaryKey(),
    userId: integer('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', {
      enum: [
        'pending',
        'paid',
        'shipped',
        'done',
        'cancelled',
        'refunding',
        'partially_refunded',
        'refunded',
      ],
    }).notNull(),
    // 'goods' when any line ships; else 'course' or 'service' (an order of virtual lines only).
    kind: text('kind', { enum: ['goods', 'course', 'service'] }).notNull(),
    goodsTotal: integer('goods_total').notNull(),
    shipping: integer('shipping').notNull(),
    total: integer('total').notNull(),
    remark: text('remark').notNull().default(''),
    // Snapshot of the 收货地址 (AddressInput without isDefault), null for virtual orders.
    address: jsonb('address').$type<Record<string, string> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    payChannel: text('pay_channel'),
    transactionId: text('transaction_id'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    tracking: text('tracking'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    // When the last of the payment went back (the order became refunded).
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedAmount: integer('refunded_amount').notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The time-out sweeper's scan: pending orders by deadline.
    index('orders_pending_deadline_idx').on(t.payDeadline).where(sql`${t.status} = 'pending'`),
    check('orders_total_check', sql`${t.total} = ${t.goodsTotal} + ${t.shipping} AND ${t.total} > 0`),
    check(
      'orders_refunded_amount_check',
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.total}`,
    ),
  ],
);

/**
 * The lines of an order, frozen at creation (a later price change or re-titled product does not touch
 * them). `refunded_at` is set once a confirmed refund gives the line back (all lines when the whole
 * payment went back): its pieces leave the sales count and a course it bought is withdrawn, once.
 */
export const orderItems = pgTable(
  'order_items',
  {
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    line: integer('line').notNull(),
    skuId: integer('sku_id').notNull(),
    productId: integer('product_id').notNull(),
    kind: text('kind', { enum: ['goods', 'course', 'service'] }).notNull(),
    title: text('title').notNull(),
    skuTitle: text('sku_title').notNull(),
    cover: text('cover').notNull(),
    price: integer('price').notNull(),
    qty: integer('qty').notNull(),
    courseId: text('course_id'),
    sellid: text('sellid'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderNo, t.line] }), check('order_items_qty_check', sql`${t.qty} > 0`)],
);

/** Every status change of an order, oldest first: the buyer's timeline and the operators' trail. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // e.g. '超时未支付，已自动取消', '顺丰 SF1234567890'.
    note: text('note').notNull().default(''),
    // 'buyer', 'system', 'pay:wechat', or the operator of an admin command.
    actor: text('actor').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderNo)],
);
