/**
 * The shop wire (PRODUCT.md#shop; the original app showed only the tab, so the shapes are what a
 * Chinese mobile shop needs): the catalogue with SKUs, the server-side cart, 收货地址, and one
 * order flow for shipped goods, paid courses and consultation services.
 *
 * Money is always integer 分 (fen, 1/100 yuan); the server computes every total from its own SKU
 * prices and never trusts a price the client sends. Every route except the catalogue needs a
 * logged-in session (header `token`); an order belongs to its buyer and is NotFound for anyone else.
 */
import { type Static, Type } from 'typebox';
import { Fen, Phone, pageOf, pageQuery, RowId } from './common.ts';
import { POPULARITY_SHOWN_FROM } from './popularity.ts';
import {
  MAX_LINE_QTY,
  MAX_ORDER_LINES,
  ORDER_STATUSES,
  ORDER_TOTAL_MAX,
  PAY_CHANNELS,
  PRODUCT_KINDS,
} from './shop-labels.ts';

export * from './shop-labels.ts';

/** A SKU's 会员价 in 分, or null when it has none (a VIP pays the price then). */
const VipFen = () =>
  Type.Union(
    [
      Type.Integer({
        minimum: 1,
        description:
          '会员价: what a member whose VIP runs when the order is made pays for one piece, in 分 (never above `price`)',
      }),
      Type.Null(),
    ],
    { description: 'null: no 会员价, a VIP pays the price' },
  );

/** Money of one order in 分: at most {@link ORDER_TOTAL_MAX}. */
const OrderFen = (description: string) =>
  Fen(`${description} (an order costs at most ${ORDER_TOTAL_MAX})`, { maximum: ORDER_TOTAL_MAX });

/** A shop category (手串, 摆件, 书籍, 课程, 咨询…). */
export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String({ description: "Icon image URL or ''" }),
});

/** A category. */
export type Category = Static<typeof CategorySchema>;

/** `resData` of `GET /api/shop/categories`. */
export const CategoryListSchema = Type.Object({ list: Type.Array(CategorySchema) });

/** The categories. */
export type CategoryList = Static<typeof CategoryListSchema>;

/** A SKU as a list shows it. */
export const SkuBriefSchema = Type.Object({
  id: Type.Integer(),
  price: Fen('Price of one piece'),
  vipPrice: VipFen(),
  stock: Type.Integer({ minimum: 0, description: 'Pieces that can still be ordered' }),
});

/** A brief SKU. */
export type SkuBrief = Static<typeof SkuBriefSchema>;

/** A product in a list (`GET /api/shop/products`). */
export const ProductSummarySchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...PRODUCT_KINDS]),
  title: Type.String(),
  subtitle: Type.String({ description: "One selling line, or ''" }),
  cover: Type.String({ description: 'Cover image URL' }),
  price: Fen('Lowest SKU price'),
  vipPrice: Type.Union(
    [Fen('Lowest price a VIP pays: each SKU at its 会员价 or else its price'), Type.Null()],
    {
      description: 'null when no SKU has a 会员价',
    },
  ),
  originalPrice: Type.Union([Fen('Struck-through list price'), Type.Null()], {
    description: 'Shown struck through beside a price below it (the lowest, or the chosen SKU’s)',
  }),
  sales: Type.Integer({
    minimum: 0,
    description: `Pieces sold (paid orders); shown from POPULARITY_SHOWN_FROM (${POPULARITY_SHOWN_FROM}) on, 新品 below`,
  }),
  categoryId: Type.Integer(),
  skus: Type.Array(SkuBriefSchema),
});

/** A product summary. */
export type ProductSummary = Static<typeof ProductSummarySchema>;

/** Query of `GET /api/shop/products`. */
export const ProductQuerySchema = Type.Object({
  categoryId: Type.Optional(RowId('Products of this category')),
  kind: Type.Optional(Type.Enum([...PRODUCT_KINDS])),
  q: Type.Optional(Type.String({ maxLength: 40, description: 'Words in the title' })),
  ...pageQuery(),
});

/** A product query. */
export type ProductQuery = Static<typeof ProductQuerySchema>;

/** `resData` of `GET /api/shop/products`: on-shelf products, newest first within their sort order. */
export const ProductListSchema = Type.Object(pageOf(ProductSummarySchema));

/** A product list. */
export type ProductList = Static<typeof ProductListSchema>;

/** A SKU on the product page: its option values and its own image, if any. */
export const SkuSchema = Type.Object({
  id: Type.Integer(),
  price: Fen('Price of one piece'),
  vipPrice: VipFen(),
  stock: Type.Integer({ minimum: 0 }),
  title: Type.String({
    description: "The option values joined, e.g. '8mm / 108颗', or '默认' for a single SKU",
  }),
  spec: Type.Record(Type.String(), Type.String(), { description: 'Option name → value, e.g. {尺寸: "8mm"}' }),
  image: Type.String({ description: "SKU image URL or ''" }),
});

/** A SKU. */
export type Sku = Static<typeof SkuSchema>;

/** `resData` of `GET /api/shop/products/{id}`. */
export const ProductDetailSchema = Type.Object({
  ...ProductSummarySchema.properties,
  skus: Type.Array(SkuSchema),
  images: Type.Array(Type.String(), { description: 'Gallery image URLs, cover first' }),
  description: Type.String({ description: 'Sanitised HTML of the description' }),
  options: Type.Array(Type.Object({ name: Type.String(), values: Type.Array(Type.String()) }), {
    description: 'The SKU options in display order, e.g. [{name: "尺寸", values: ["8mm", "10mm"]}]',
  }),
  courseId: Type.Union([Type.String(), Type.Null()], { description: 'The course a `course` product grants' }),
  sellid: Type.Union([Type.String(), Type.Null()], {
    description: 'The master (crm/dashi?sellid=) a `service` product is a consultation with',
  }),
  onShelf: Type.Boolean({ description: 'False once taken off the shelf (the page says 已下架)' }),
});

/** A product page. */
export type ProductDetail = Static<typeof ProductDetailSchema>;

/**
 * What a line of the cart or of an order says of the SKU it names (the console's order lines too): ids,
 * kind, titles and cover, as they were when the line was made.
 */
export const SKU_LINE_FIELDS = {
  skuId: Type.Integer(),
  productId: Type.Integer(),
  kind: Type.Enum([...PRODUCT_KINDS]),
  title: Type.String(),
  skuTitle: Type.String(),
  cover: Type.String(),
};

/** A line of the cart, with what it costs now. */
export const CartItemSchema = Type.Object({
  ...SKU_LINE_FIELDS,
  price: Fen('Current price of one piece for the caller: the 会员价 while the caller is a VIP'),
  listPrice: Fen('The SKU’s price for everyone (above `price` when a 会员价 applies)'),
  qty: Type.Integer({ minimum: 1, maximum: MAX_LINE_QTY }),
  stock: Type.Integer({ minimum: 0 }),
  selected: Type.Boolean(),
  available: Type.Boolean({
    description: 'On shelf and in stock; an unavailable line cannot be checked out',
  }),
});

/** A cart line. */
export type CartItem = Static<typeof CartItemSchema>;

/** `resData` of every cart route: the whole cart. */
export const CartSchema = Type.Object({
  items: Type.Array(CartItemSchema),
  selectedTotal: Fen('Sum of the selected, available lines'),
  selectedCount: Type.Integer({ minimum: 0, description: 'Pieces in the selected, available lines' }),
});

/** A cart. */
export type Cart = Static<typeof CartSchema>;

/** Body of `POST /api/shop/cart/items`: adds `qty` pieces (to an existing line, capped at the stock). */
export const CartAddSchema = Type.Object({
  skuId: RowId('The SKU'),
  qty: Type.Integer({ minimum: 1, maximum: MAX_LINE_QTY }),
});

/** A cart addition. */
export type CartAdd = Static<typeof CartAddSchema>;

/** Body of `PATCH /api/shop/cart/items/{skuId}`. */
export const CartUpdateSchema = Type.Object({
  qty: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LINE_QTY })),
  selected: Type.Optional(Type.Boolean()),
});

/** A cart line change. */
export type CartUpdate = Static<typeof CartUpdateSchema>;

/** A 收货地址 as the buyer typed it (省/市/区 from the region picker). */
export const AddressInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20, description: '收货人' }),
  phone: Phone(),
  province: Type.String({ minLength: 1, maxLength: 20 }),
  city: Type.String({ minLength: 1, maxLength: 20 }),
  district: Type.String({ maxLength: 20, description: "'' where a city has no districts" }),
  detail: Type.String({ minLength: 2, maxLength: 100, description: '街道、门牌号' }),
  isDefault: Type.Boolean(),
});

/** An address to save. */
export type AddressInput = Static<typeof AddressInputSchema>;

/** A saved address. */
export const AddressSchema = Type.Object({ id: Type.Integer(), ...AddressInputSchema.properties });

/** An address. */
export type Address = Static<typeof AddressSchema>;

/** `resData` of `GET /api/shop/addresses`: the default first. */
export const AddressListSchema = Type.Object({ list: Type.Array(AddressSchema) });

/** The addresses. */
export type AddressList = Static<typeof AddressListSchema>;

/** A line of a new order: at most {@link MAX_LINE_QTY} pieces of one SKU. */
export const OrderLineInputSchema = Type.Object({
  skuId: RowId('The SKU'),
  qty: Type.Integer({ minimum: 1, maximum: MAX_LINE_QTY }),
});

/** Body of `POST /api/shop/orders/preview`: what checkout shows before the order exists. */
export const OrderPreviewBodySchema = Type.Object({
  items: Type.Array(OrderLineInputSchema, { minItems: 1, maxItems: MAX_ORDER_LINES }),
  addressId: Type.Optional(RowId('The 收货地址')),
});

/** A checkout preview request. */
export type OrderPreviewBody = Static<typeof OrderPreviewBodySchema>;

/**
 * Body of `POST /api/shop/orders`. `idempotencyKey` is made once per checkout page by the client: the
 * same key from the same buyer returns the order it made the first time. Any price the client sends is
 * ignored (the schema drops unknown fields). `fromCart` removes the ordered SKUs from the cart.
 */
export const OrderCreateSchema = Type.Object({
  items: Type.Array(OrderLineInputSchema, { minItems: 1, maxItems: MAX_ORDER_LINES }),
  addressId: Type.Optional(RowId('The 收货地址; required when any line is `goods`')),
  idempotencyKey: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  remark: Type.Optional(Type.String({ maxLength: 100, description: '买家留言' })),
  fromCart: Type.Optional(Type.Boolean()),
});

/** A new order. */
export type OrderCreate = Static<typeof OrderCreateSchema>;

/** `resData` of `POST /api/shop/orders`. */
export const OrderCreatedSchema = Type.Object({
  orderNo: Type.String({ description: '20 digits: yyyyMMddHHmmss (Beijing time) + 6 random digits' }),
  status: Type.Enum([...ORDER_STATUSES]),
  total: OrderFen('What the buyer pays'),
});

/** A created order. */
export type OrderCreated = Static<typeof OrderCreatedSchema>;

/** A line of an order, frozen when the order was made. */
export const OrderLineSchema = Type.Object({
  ...SKU_LINE_FIELDS,
  price: Fen('Price of one piece charged when ordered (the 会员价 for a buyer who was a VIP then)'),
  qty: Type.Integer({ minimum: 1 }),
  courseId: Type.Union([Type.String(), Type.Null()]),
  sellid: Type.Union([Type.String(), Type.Null()]),
});

/** An order line. */
export type OrderLine = Static<typeof OrderLineSchema>;

/** `resData` of `POST /api/shop/orders/preview`. */
export const OrderPreviewSchema = Type.Object({
  items: Type.Array(OrderLineSchema),
  goodsTotal: OrderFen('Sum of the lines'),
  shipping: Fen('Shipping fee (0 for courses and services, and for goods from 99 元)'),
  total: OrderFen('What the buyer pays'),
  vipSaving: OrderFen('What 会员价 takes off the lines for a buyer who is a VIP now (0 otherwise)'),
  needsAddress: Type.Boolean({ description: 'Some line is shipped goods' }),
});

/** A checkout preview. */
export type OrderPreview = Static<typeof OrderPreviewSchema>;

/** A step of an order's history. */
export const OrderEventSchema = Type.Object({
  status: Type.Enum([...ORDER_STATUSES]),
  at: Type.String({ format: 'date-time' }),
  note: Type.String({ description: "e.g. '超时未支付，已自动取消', '顺丰 SF1234567890', or ''" }),
});

/** An order event. */
export type OrderEvent = Static<typeof OrderEventSchema>;

/** A line of a placed order, and whether a refund has given it back. */
export const OrderItemSchema = Type.Object({
  ...OrderLineSchema.properties,
  refunded: Type.Boolean({
    description: 'A confirmed refund covered this line (goods returned, a course withdrawn)',
  }),
});

/** A line of a placed order. */
export type OrderItem = Static<typeof OrderItemSchema>;

/** An order in a list (我的订单). */
export const OrderSummarySchema = Type.Object({
  orderNo: Type.String(),
  status: Type.Enum([...ORDER_STATUSES]),
  items: Type.Array(OrderItemSchema),
  total: OrderFen('What the buyer pays'),
  refundedAmount: OrderFen('What confirmed refunds have given back so far (0 when none)'),
  createdAt: Type.String({ format: 'date-time' }),
  payDeadline: Type.String({ format: 'date-time', description: 'When a pending order is cancelled' }),
});

/** An order summary. */
export type OrderSummary = Static<typeof OrderSummarySchema>;

/** Query of `GET /api/shop/orders`. */
export const OrderQuerySchema = Type.Object({
  status: Type.Optional(Type.Enum([...ORDER_STATUSES])),
  ...pageQuery(),
});

/** An order list query. */
export type OrderQuery = Static<typeof OrderQuerySchema>;

/** `resData` of `GET /api/shop/orders`: the buyer's orders, newest first. */
export const OrderListSchema = Type.Object(pageOf(OrderSummarySchema));

/** An order list. */
export type OrderList = Static<typeof OrderListSchema>;

/** `resData` of `GET /api/shop/orders/{orderNo}` and of every order action. */
export const OrderDetailSchema = Type.Object({
  ...OrderSummarySchema.properties,
  goodsTotal: Fen('Sum of the lines'),
  shipping: Fen('Shipping fee'),
  remark: Type.String(),
  address: Type.Union([AddressInputSchema, Type.Null()], {
    description: 'Snapshot of the 收货地址 ordered to',
  }),
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  payChannel: Type.Union([Type.Enum([...PAY_CHANNELS]), Type.Null()]),
  tracking: Type.Union([Type.String(), Type.Null()], {
    description: "Carrier and number, e.g. '顺丰 SF1234567890'",
  }),
  refundReason: Type.Union([Type.String(), Type.Null()]),
  timeline: Type.Array(OrderEventSchema, { description: 'Oldest first' }),
});

/** An order. */
export type OrderDetail = Static<typeof OrderDetailSchema>;

/** Body of `POST /api/shop/orders/{orderNo}/refund`. */
export const RefundRequestSchema = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 200 }),
});

/** A refund request. */
export type RefundRequest = Static<typeof RefundRequestSchema>;

// ——— Paths ———

/** A shop order's number: 20 digits (apps/api shop/order-no.ts makes them). */
export const ORDER_NO_PATTERN = '^[0-9]{20}$';

/** Path of one product's page. */
export const ProductParamsSchema = Type.Object({ id: RowId('The product') });

/** Path of one cart line. */
export const CartLineParamsSchema = Type.Object({ skuId: RowId('The SKU of the line') });

/** Path of one saved address. */
export const AddressParamsSchema = Type.Object({ id: RowId('The address') });

/** What deleting an address answers: the id it had. */
export const AddressDeletedSchema = Type.Object({ id: Type.Integer({ description: 'The deleted address' }) });

/** Path of one of the buyer's orders. */
export const OrderNoParamsSchema = Type.Object({
  orderNo: Type.String({ pattern: ORDER_NO_PATTERN, description: 'The 20-digit order number' }),
});
