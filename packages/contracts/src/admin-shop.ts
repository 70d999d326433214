/**
 * The console's shop wire (`/api/admin/orders…`, `/api/admin/catalogue…`, `/api/admin/dashboard`):
 * orders with their payments, refunds and timeline, shipping and refunds; the catalogue's products,
 * SKUs, stock and shelf state; and the dashboard's figures. Money is integer 分 everywhere; dates are
 * ISO instants, and "today" / "this month" are Beijing days (UTC+8).
 *
 * Orders: roles admin and support. Catalogue: admin and editor. Dashboard: every operator role.
 */
import { type Static, Type } from 'typebox';
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN } from './admin-labels.ts';
import {
  PRODUCT_IMAGES_MAX,
  PRODUCT_SUBTITLE_MAX,
  PRODUCT_TITLE_MAX,
  SHIP_CARRIERS,
  SKU_PRICE_MAX,
  SKU_STOCK_MAX,
  SKU_TITLE_MAX,
  TRACKING_NO_PATTERN,
} from './admin-shop-labels.ts';
import {
  DATE_PATTERN,
  DateField,
  DateTime,
  Fen,
  NullableDateTime,
  pageOf,
  pageQuery,
  RowId,
} from './common.ts';
import { SKU_LINE_FIELDS } from './shop.ts';
import {
  MAX_ORDER_LINES,
  ORDER_STATUSES,
  ORDER_TOTAL_MAX,
  PAY_CHANNELS,
  PRODUCT_KINDS,
} from './shop-labels.ts';

export * from './admin-shop-labels.ts';

/** 'YYYY-MM-DD' of a Beijing day. */
export const BEIJING_DATE_PATTERN = DATE_PATTERN;

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const ReasonField = Type.String({
  minLength: ADMIN_REASON_MIN,
  maxLength: ADMIN_REASON_MAX,
  description: `Why (${ADMIN_REASON_MIN}–${ADMIN_REASON_MAX} characters), kept in the audit log`,
});

const StatusField = Type.Enum([...ORDER_STATUSES]);

// ——— Orders ———

/** Query of `GET /api/admin/orders`: every filter optional; newest orders first. */
export const AdminOrderQuerySchema = Type.Object(
  {
    status: Type.Optional(StatusField),
    orderNo: Type.Optional(
      Type.String({ maxLength: 40, description: 'The order number, or its first digits' }),
    ),
    phone: Type.Optional(
      Type.String({ maxLength: 11, description: "Digits of the buyer's phone (any part)" }),
    ),
    from: Type.Optional(DateField('Orders made on or after this Beijing day')),
    to: Type.Optional(DateField('Orders made on or before this Beijing day')),
    ...pageQuery(),
  },
  { additionalProperties: false },
);

/** An order search. */
export type AdminOrderQuery = Static<typeof AdminOrderQuerySchema>;

/** The buyer of an order as the console shows them. */
export const AdminOrderBuyerSchema = Type.Object({
  userId: Type.Integer(),
  phone: NullableString('Full phone; null once the account was deleted'),
  nickname: Type.String(),
});

/** An order in the console's list. */
export const AdminOrderSummarySchema = Type.Object({
  orderNo: Type.String(),
  status: StatusField,
  kind: Type.Enum([...PRODUCT_KINDS]),
  title: Type.String({ description: "The first line's product title" }),
  itemCount: Type.Integer({ minimum: 1, description: 'Pieces of all lines' }),
  total: Fen('What the buyer pays'),
  buyer: AdminOrderBuyerSchema,
  createdAt: DateTime('When the order was made'),
  paidAt: NullableDateTime('When it was paid'),
  payChannel: Type.Union([Type.Enum([...PAY_CHANNELS]), Type.Null()]),
});

/** A listed order. */
export type AdminOrderSummary = Static<typeof AdminOrderSummarySchema>;

/** `resData` of `GET /api/admin/orders`. */
export const AdminOrderListSchema = Type.Object({ ...pageOf(AdminOrderSummarySchema) });

/** A page of orders. */
export type AdminOrderList = Static<typeof AdminOrderListSchema>;

/** Path of one order's routes. */
export const AdminOrderParamsSchema = Type.Object({
  orderNo: Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z]+$' }),
});

/** An order path. */
export type AdminOrderParams = Static<typeof AdminOrderParamsSchema>;

/** A payment attempt of an order. */
export const AdminPaymentSchema = Type.Object({
  outTradeNo: Type.String({ description: 'The number the provider knows the attempt by' }),
  channel: Type.Enum([...PAY_CHANNELS]),
  amount: Fen('Amount asked'),
  status: Type.Union(
    [Type.Literal('created'), Type.Literal('succeeded'), Type.Literal('closed'), Type.Literal('refunded')],
    { description: 'created → succeeded → refunded; created → closed' },
  ),
  transactionId: NullableString("The provider's number for the money movement"),
  createdAt: DateTime('When the attempt started'),
  succeededAt: NullableDateTime('When the provider confirmed the money'),
});

/** A payment attempt. */
export type AdminPayment = Static<typeof AdminPaymentSchema>;

/** A refund of an order's payment. */
export const AdminRefundSchema = Type.Object({
  outRefundNo: Type.String(),
  amount: Fen('Amount refunded'),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  reason: Type.Union([Type.Literal('buyer'), Type.Literal('not-payable')], {
    description: "buyer: an operator's refund; not-payable: money that came after the order was closed",
  }),
  requestedBy: Type.String({ description: "The operator, or 'system'" }),
  lines: Type.Array(Type.Integer({ minimum: 1 }), {
    description: 'The order lines it gives back (goods returned, courses withdrawn); [] for money only',
  }),
  providerRefundId: NullableString("The provider's number for the refund"),
  failure: NullableString('Why the provider refused'),
  createdAt: DateTime('When it was recorded'),
  completedAt: NullableDateTime('When the provider settled it'),
});

/** A refund. */
export type AdminRefund = Static<typeof AdminRefundSchema>;

/** A step of the order's timeline, with who made it. */
export const AdminOrderEventSchema = Type.Object({
  status: Type.String(),
  at: DateTime('When'),
  note: Type.String(),
  actor: Type.String({ description: "'buyer', 'system', 'pay:<channel>' or an operator" }),
});

/** A line of the order. */
export const AdminOrderLineSchema = Type.Object({
  line: Type.Integer(),
  ...SKU_LINE_FIELDS,
  price: Fen('Price of one piece when ordered'),
  qty: Type.Integer({ minimum: 1 }),
  refund: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('refunded')], {
    description:
      'none: no refund covers the line; pending: a refund covering it awaits the provider; refunded: confirmed',
  }),
});

/** A line of an order in the console. */
export type AdminOrderLine = Static<typeof AdminOrderLineSchema>;

/** `resData` of `GET /api/admin/orders/{orderNo}` and of every order action. */
export const AdminOrderDetailSchema = Type.Object({
  ...AdminOrderSummarySchema.properties,
  goodsTotal: Fen('Sum of the lines'),
  shipping: Fen('Shipping fee'),
  remark: Type.String(),
  address: Type.Union(
    [
      Type.Object({
        name: Type.String(),
        phone: Type.String(),
        province: Type.String(),
        city: Type.String(),
        district: Type.String(),
        detail: Type.String(),
      }),
      Type.Null(),
    ],
    { description: 'The 收货地址 ordered to; null when nothing ships' },
  ),
  items: Type.Array(AdminOrderLineSchema),
  transactionId: NullableString("The paying payment's provider number"),
  tracking: NullableString("Carrier and number, e.g. '顺丰速运 SF1234567890'"),
  refundReason: NullableString("The buyer's reason while a refund is asked"),
  shippedAt: NullableDateTime('When it was shipped'),
  refundedAt: NullableDateTime('When the refund was confirmed'),
  timeline: Type.Array(AdminOrderEventSchema, { description: 'Oldest first' }),
  payments: Type.Array(AdminPaymentSchema, { description: 'Every attempt, oldest first' }),
  refunds: Type.Array(AdminRefundSchema, { description: 'Oldest first' }),
  refundedAmount: Fen("What the providers have confirmed giving back of the order's payment"),
  refundable: Fen(
    'Most a new refund of the order may give back now: the payment less the refunds confirmed and ' +
      'those awaiting the provider (0 when the order cannot be refunded)',
  ),
});

/** An order in full. */
export type AdminOrderDetail = Static<typeof AdminOrderDetailSchema>;

/** Body of `POST /api/admin/orders/{orderNo}/ship`. */
export const AdminShipBodySchema = Type.Object(
  {
    carrier: Type.Enum([...SHIP_CARRIERS]),
    trackingNo: Type.String({ pattern: TRACKING_NO_PATTERN, examples: ['SF1234567890'] }),
  },
  { additionalProperties: false },
);

/** A shipment. */
export type AdminShipBody = Static<typeof AdminShipBodySchema>;

/** Body of `POST /api/admin/orders/{orderNo}/refund`. */
export const AdminRefundBodySchema = Type.Object(
  {
    amount: Fen(
      'What goes back: at most what is still refundable (the payment less the refunds confirmed or ' +
        'awaiting the provider)',
      { minimum: 1, maximum: ORDER_TOTAL_MAX },
    ),
    lines: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ORDER_LINES }), {
        maxItems: MAX_ORDER_LINES,
        uniqueItems: true,
        description:
          'Order lines this refund gives back (goods returned, a course withdrawn once the refund is ' +
          'confirmed), none covered by another refund; omitted or [] for money only',
      }),
    ),
    reason: ReasonField,
  },
  { additionalProperties: false },
);

/** A refund by an operator. */
export type AdminRefundBody = Static<typeof AdminRefundBodySchema>;

/** Body of `POST /api/admin/orders/{orderNo}/refund-reject`. */
export const AdminRefundRejectBodySchema = Type.Object(
  { reason: ReasonField },
  { additionalProperties: false },
);

/** A refusal of a buyer's refund. */
export type AdminRefundRejectBody = Static<typeof AdminRefundRejectBodySchema>;

// ——— Dashboard ———

/** Orders and money of one period. */
export const DashboardPeriodSchema = Type.Object({
  paidOrders: Type.Integer({ minimum: 0, description: 'Orders paid in the period' }),
  paidAmount: Fen('What those orders took'),
  refundedAmount: Fen("Refunds of buyers' orders the providers confirmed in the period"),
  revenue: Type.Integer({ description: 'paidAmount minus refundedAmount, in 分 (may be negative)' }),
  newUsers: Type.Integer({ minimum: 0, description: 'Accounts made in the period' }),
});

/** A period's figures. */
export type DashboardPeriod = Static<typeof DashboardPeriodSchema>;

/** A course among the month's best sellers. */
export const DashboardCourseSchema = Type.Object({
  courseId: Type.String(),
  title: Type.String(),
  count: Type.Integer({ minimum: 1, description: 'Paid enrolments this month (refunded ones left out)' }),
});

/** `resData` of `GET /api/admin/dashboard`. */
export const DashboardSchema = Type.Object({
  today: DashboardPeriodSchema,
  month: DashboardPeriodSchema,
  activeVips: Type.Integer({ minimum: 0, description: 'Accounts whose VIP has not ended' }),
  topCourses: Type.Array(DashboardCourseSchema, { description: 'Most enrolments first, at most 10' }),
  asOf: DateTime('The server time the figures were taken at'),
});

/** The dashboard. */
export type Dashboard = Static<typeof DashboardSchema>;

// ——— Catalogue ———

/** An image URL as the app loads it: an uploaded file (`/api/files/…`) or an https address. */
export const IMAGE_URL_PATTERN = '^(/api/files/|https://)\\S+$';

const ImageUrl = Type.String({ maxLength: 500, pattern: IMAGE_URL_PATTERN });

/** A shop category (for the product form's select). */
export const AdminCategorySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** `resData` of `GET /api/admin/catalogue/categories`. */
export const AdminCategoryListSchema = Type.Object({ list: Type.Array(AdminCategorySchema) });

/** The categories. */
export type AdminCategoryList = Static<typeof AdminCategoryListSchema>;

/** Query of `GET /api/admin/catalogue/products`: every product, on the shelf or not. */
export const AdminProductQuerySchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 40, description: 'Words in the title' })),
    categoryId: Type.Optional(RowId('Products of this category')),
    onShelf: Type.Optional(Type.Boolean({ description: 'true: on the shelf; false: off it' })),
    ...pageQuery(),
  },
  { additionalProperties: false },
);

/** A product search. */
export type AdminProductQuery = Static<typeof AdminProductQuerySchema>;

/** A product in the console's list. */
export const AdminProductSummarySchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...PRODUCT_KINDS]),
  title: Type.String(),
  subtitle: Type.String(),
  cover: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  onShelf: Type.Boolean(),
  sales: Type.Integer({ minimum: 0 }),
  skuCount: Type.Integer({ minimum: 0 }),
  lowestPrice: Fen('Cheapest SKU (0 without SKUs)'),
  stock: Type.Integer({ minimum: 0, description: 'Pieces of all SKUs' }),
  sort: Type.Integer(),
});

/** A listed product. */
export type AdminProductSummary = Static<typeof AdminProductSummarySchema>;

/** `resData` of `GET /api/admin/catalogue/products`: by the shop's sort, then newest first. */
export const AdminProductListSchema = Type.Object({ ...pageOf(AdminProductSummarySchema) });

/** A page of products. */
export type AdminProductList = Static<typeof AdminProductListSchema>;

/** A SKU as the console edits it. */
export const AdminSkuSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  spec: Type.Record(Type.String(), Type.String()),
  image: Type.String(),
  price: Fen('Price of one piece'),
  vipPrice: Type.Union([Fen('会员价: what a VIP pays for one piece (at most the price)'), Type.Null()]),
  stock: Type.Integer({ minimum: 0 }),
  sort: Type.Integer(),
});

/** A SKU. */
export type AdminSku = Static<typeof AdminSkuSchema>;

/** `resData` of the product routes: the product with its SKUs. */
export const AdminProductDetailSchema = Type.Object({
  ...AdminProductSummarySchema.properties,
  images: Type.Array(Type.String()),
  description: Type.String({ description: 'Sanitised HTML' }),
  originalPrice: Type.Union([Fen('Struck-through list price'), Type.Null()]),
  courseId: NullableString('The course a course product grants'),
  sellid: NullableString('The master a service product is a consultation with'),
  options: Type.Array(Type.Object({ name: Type.String(), values: Type.Array(Type.String()) })),
  skus: Type.Array(AdminSkuSchema),
});

/** A product in full. */
export type AdminProductDetail = Static<typeof AdminProductDetailSchema>;

/** Path of one product's routes. */
export const AdminProductParamsSchema = Type.Object({ id: RowId() });

/** Path of one SKU's routes. */
export const AdminSkuParamsSchema = Type.Object({ id: RowId() });

/** Body of `POST /api/admin/catalogue/products` (create) and `…/products/{id}` (edit). */
export const AdminProductBodySchema = Type.Object(
  {
    kind: Type.Enum([...PRODUCT_KINDS]),
    categoryId: RowId('The category'),
    title: Type.String({ minLength: 1, maxLength: PRODUCT_TITLE_MAX }),
    subtitle: Type.String({ maxLength: PRODUCT_SUBTITLE_MAX }),
    cover: ImageUrl,
    images: Type.Array(ImageUrl, {
      maxItems: PRODUCT_IMAGES_MAX,
      description: 'Gallery, cover not repeated',
    }),
    description: Type.String({ maxLength: 100_000, description: 'HTML; sanitised when saved' }),
    originalPrice: Type.Union([Fen('Struck-through list price', { maximum: SKU_PRICE_MAX }), Type.Null()]),
    courseId: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
      description: 'Required for a course product',
    }),
    sellid: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
      description: 'Required for a service product',
    }),
    sort: Type.Integer({ minimum: -10_000, maximum: 10_000, description: 'Lower first' }),
  },
  { additionalProperties: false },
);

/** A product as the operator saves it. */
export type AdminProductBody = Static<typeof AdminProductBodySchema>;

/** Body of `POST /api/admin/catalogue/products/{id}/shelf`. */
export const AdminShelfBodySchema = Type.Object(
  { onShelf: Type.Boolean({ description: 'true: 上架; false: 下架' }) },
  { additionalProperties: false },
);

/** A shelf change. */
export type AdminShelfBody = Static<typeof AdminShelfBodySchema>;

const SpecField = Type.Record(
  Type.String({ minLength: 1, maxLength: 20 }),
  Type.String({ minLength: 1, maxLength: 40 }),
  {
    description: 'Option name → value, e.g. {尺寸: "8mm"}; {} for a single SKU',
  },
);

/**
 * Body of `POST /api/admin/catalogue/skus/{id}` (edit: name, spec, image, price, 会员价). `vipPrice`
 * left out keeps the SKU's 会员价 (a new SKU has none); null removes it; a number (分) must not be above
 * the price (400 ValidationError, said in Chinese).
 */
export const AdminSkuBodySchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: SKU_TITLE_MAX }),
    spec: SpecField,
    image: Type.Union([ImageUrl, Type.Literal('')]),
    price: Fen('Price of one piece', { minimum: 1, maximum: SKU_PRICE_MAX }),
    // One schema of two types, not a union: the API's validator coerces types, and in an anyOf it
    // would turn a 0 into null (removing the 会员价) or a null into 0. The service refuses 0 in Chinese.
    vipPrice: Type.Optional(
      Type.Unsafe<number | null>({
        type: ['integer', 'null'],
        minimum: 0,
        maximum: SKU_PRICE_MAX,
        description: 'In 分, 1 … price; null removes the 会员价',
      }),
    ),
    sort: Type.Integer({ minimum: -10_000, maximum: 10_000 }),
  },
  { additionalProperties: false },
);

/** A SKU as the operator saves it. */
export type AdminSkuBody = Static<typeof AdminSkuBodySchema>;

/** Body of `POST /api/admin/catalogue/products/{id}/skus` (a new SKU with its first stock). */
export const AdminSkuCreateBodySchema = Type.Object(
  {
    ...AdminSkuBodySchema.properties,
    stock: Type.Integer({ minimum: 0, maximum: SKU_STOCK_MAX }),
  },
  { additionalProperties: false },
);

/** A new SKU. */
export type AdminSkuCreateBody = Static<typeof AdminSkuCreateBodySchema>;

/** Body of `POST /api/admin/catalogue/skus/{id}/stock`: the pieces for sale from now on. */
export const AdminStockBodySchema = Type.Object(
  {
    stock: Type.Integer({ minimum: 0, maximum: SKU_STOCK_MAX }),
    reason: Type.Optional(Type.String({ maxLength: ADMIN_REASON_MAX, description: 'e.g. 到货 20 件' })),
  },
  { additionalProperties: false },
);

/** A stock change. */
export type AdminStockBody = Static<typeof AdminStockBodySchema>;
