/**
 * Order and address answers for the web tests, typed by the wire (`@xuanli/contracts/shop` and
 * `pay`), so a test cannot pass against a shape the API never sends.
 */
import type { PayChannelList, PayStart } from '@xuanli/contracts/pay';
import type {
  Address,
  OrderDetail,
  OrderItem,
  OrderLine,
  OrderPreview,
  OrderSummary,
} from '@xuanli/contracts/shop';

/** 张三's default address in Shenzhen unless overridden. */
export function address(overrides: Partial<Address> = {}): Address {
  return {
    id: 1,
    name: '张三',
    phone: '13800138000',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    detail: '科技园南区 8 栋 101',
    isDefault: true,
    ...overrides,
  };
}

/** An order line: a 紫檀手串 of 128 元 unless overridden. */
export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    skuId: 12,
    productId: 5,
    kind: 'goods',
    title: '小叶紫檀手串',
    skuTitle: '8mm / 108颗',
    cover: '/api/files/shop/5-a.webp',
    price: 12800,
    qty: 1,
    courseId: null,
    sellid: null,
    ...overrides,
  };
}

/** A line of a placed order: {@link orderLine} that no refund gave back, unless overridden. */
export function orderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return { ...orderLine(overrides), refunded: false, ...overrides };
}

/** A checkout preview with the server's figures (deliberately not the sum of the lines' prices). */
export function preview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    items: [
      orderLine({ qty: 2 }),
      orderLine({ skuId: 13, title: '五帝钱挂件', skuTitle: '默认', price: 3800 }),
    ],
    goodsTotal: 29400,
    shipping: 0,
    total: 29400,
    vipSaving: 0,
    needsAddress: true,
    ...overrides,
  };
}

/** The channels of a server without real providers: the sandbox alone. */
export function sandboxChannels(): PayChannelList {
  return { list: [{ channel: 'sandbox', name: '模拟支付（开发环境）' }] };
}

/** An order number (20 digits). */
export const ORDER_NO = '20260501103000123456';

/** The sandbox's PayStart for {@link ORDER_NO}: the in-app cashier. */
export function sandboxStart(overrides: Partial<PayStart> = {}): PayStart {
  return {
    channel: 'sandbox',
    mode: 'redirect',
    url: `/xuanli/#/pages/shop/pay?orderNo=${ORDER_NO}&outTradeNo=SBX0001`,
    jsapi: null,
    outTradeNo: 'SBX0001',
    amount: 29400,
    expiresAt: '2026-05-01T02:45:00.000Z',
    ...overrides,
  };
}

/** An order in a list: pending, one line, made now, payable for 15 minutes, unless overridden. */
export function orderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const now = Date.now();
  return {
    orderNo: ORDER_NO,
    status: 'pending',
    items: [orderItem()],
    total: 12800,
    refundedAmount: 0,
    createdAt: new Date(now).toISOString(),
    payDeadline: new Date(now + 15 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A whole order: pending goods to 张三 unless overridden. */
export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const summary = orderSummary(overrides);
  const { id: _id, ...snapshot } = address();
  return {
    ...summary,
    goodsTotal: 12800,
    shipping: 0,
    remark: '',
    address: snapshot,
    paidAt: null,
    payChannel: null,
    tracking: null,
    refundReason: null,
    timeline: [{ status: 'pending', at: summary.createdAt, note: '' }],
    ...overrides,
  };
}
