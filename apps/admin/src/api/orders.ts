/** The orders calls of the console (roles admin and support; packages/contracts/src/admin-shop.ts). */
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderQuery,
  AdminRefundBody,
  AdminRefundRejectBody,
  AdminShipBody,
} from '@xuanli/contracts/admin-shop';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/orders`: a page of orders matching the filters, newest first. */
export function listOrders(query: AdminOrderQuery): Promise<AdminOrderList> {
  return api.call(CONSOLE_ROUTES.shop.getOrders, { query });
}

/** `GET /api/admin/orders/{orderNo}`: the order with its payments, refunds and timeline. */
export function getOrder(orderNo: string): Promise<AdminOrderDetail> {
  return api.call(CONSOLE_ROUTES.shop.getOrdersByOrderNo, { params: { orderNo } });
}

/** `POST /api/admin/orders/{orderNo}/ship`: ships a paid goods order. */
export function shipOrder(orderNo: string, body: AdminShipBody): Promise<AdminOrderDetail> {
  return api.call(CONSOLE_ROUTES.shop.postOrdersByOrderNoShip, { params: { orderNo }, body });
}

/** `POST /api/admin/orders/{orderNo}/refund`: refunds through the channel that took the payment. */
export function refundOrder(orderNo: string, body: AdminRefundBody): Promise<AdminOrderDetail> {
  return api.call(CONSOLE_ROUTES.shop.postOrdersByOrderNoRefund, { params: { orderNo }, body });
}

/** `POST /api/admin/orders/{orderNo}/refund-reject`: turns down the buyer's refund request. */
export function rejectRefund(orderNo: string, body: AdminRefundRejectBody): Promise<AdminOrderDetail> {
  return api.call(CONSOLE_ROUTES.shop.postOrdersByOrderNoRefundReject, { params: { orderNo }, body });
}
