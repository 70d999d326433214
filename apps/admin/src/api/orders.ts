/** The orders calls of the console (roles admin and support; packages/contracts/src/admin-shop.ts). */
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderQuery,
  AdminRefundBody,
  AdminRefundRejectBody,
  AdminShipBody,
} from '@xuanli/contracts/admin-shop';
import { api } from '@/lib/api';

/** `GET /api/admin/orders`: a page of orders matching the filters, newest first. */
export function listOrders(query: AdminOrderQuery): Promise<AdminOrderList> {
  return api.get<AdminOrderList>('orders', { ...query });
}

/** `GET /api/admin/orders/{orderNo}`: the order with its payments, refunds and timeline. */
export function getOrder(orderNo: string): Promise<AdminOrderDetail> {
  return api.get<AdminOrderDetail>(`orders/${encodeURIComponent(orderNo)}`);
}

/** `POST /api/admin/orders/{orderNo}/ship`: ships a paid goods order. */
export function shipOrder(orderNo: string, body: AdminShipBody): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(`orders/${encodeURIComponent(orderNo)}/ship`, body);
}

/** `POST /api/admin/orders/{orderNo}/refund`: refunds through the channel that took the payment. */
export function refundOrder(orderNo: string, body: AdminRefundBody): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(`orders/${encodeURIComponent(orderNo)}/refund`, body);
}

/** `POST /api/admin/orders/{orderNo}/refund-reject`: turns down the buyer's refund request. */
export function rejectRefund(orderNo: string, body: AdminRefundRejectBody): Promise<AdminOrderDetail> {
  return api.post<AdminOrderDetail>(`orders/${encodeURIComponent(orderNo)}/refund-reject`, body);
}
