/**
 * The shop's codes, their Chinese labels and its limits, without TypeBox: the web's pages import
 * them from here (loading shop.ts would build every schema and put TypeBox into a page's chunk), the
 * schemas of shop.ts and pay.ts are built from them, and the API answers with them.
 */

/** What buying a product does: ship goods, grant a course, or open a consultation with a master. */
export const PRODUCT_KINDS = ['goods', 'course', 'service'] as const;

/** A product kind. */
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Chinese names of the kinds, as the shop shows them. */
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  goods: '实物',
  course: '课程',
  service: '咨询服务',
};

/**
 * The order states. pending → paid → shipped → done for goods; pending → cancelled (by the buyer or
 * after {@link ORDER_PAY_MINUTES}). Course and service orders skip shipping: paid → done happens at
 * payment. A paid order (shipped or done too) goes to refunding while money is on its way back, then to
 * partially_refunded while part of the payment is still kept, or refunded once all of it went back.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'shipped',
  'done',
  'cancelled',
  'refunding',
  'partially_refunded',
  'refunded',
] as const;

/** An order status code (shown in Chinese through {@link ORDER_STATUS_LABELS}). */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a buyer reads for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  shipped: '已发货',
  done: '已完成',
  cancelled: '已取消',
  refunding: '退款中',
  partially_refunded: '部分退款',
  refunded: '已退款',
};

/** Minutes an unpaid order keeps its reserved stock before it is cancelled automatically. */
export const ORDER_PAY_MINUTES = 15;

/** Most pieces of one SKU in one order or cart line. */
export const MAX_LINE_QTY = 99;

/** Most lines in one order. */
export const MAX_ORDER_LINES = 20;

/**
 * Most one order may cost, in 分 (500,000 元), shipping included. Far above anything the shop sells,
 * and far below what the money columns hold (PostgreSQL integer, 2,147,483,647), so a total, a line and
 * a refund always fit; the most expensive SKU may cost as much (`SKU_PRICE_MAX`), so it can be bought.
 */
export const ORDER_TOTAL_MAX = 50_000_000;

/** The channels a payment can go through. */
export const PAY_CHANNELS = ['wechat', 'alipay', 'sandbox'] as const;

/** A payment channel. */
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** Chinese names of the channels. */
export const PAY_CHANNEL_LABELS: Record<PayChannel, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  sandbox: '模拟支付（开发环境）',
};
