/**
 * `GET crm/ketang/myorder` (PRODUCT.md#paths): the user's purchased courses (`{list, total}`; empty until
 * courses exist). Fetched with the profile at launch and on login (PRODUCT.md#account) into the session
 * store's `myclass`; free of TanStack Query and a background call for the same reasons as get-profile.ts.
 */
import type { MyOrderList } from '@xuanli/contracts/member';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const MYORDER_PATH = '/crm/ketang/myorder';

/** Fetches the purchased courses. */
export function getMyOrders(signal?: AbortSignal): Promise<MyOrderList> {
  return memberCall(APP_ROUTES.member.getCrmKetangMyorder, {}, { signal, background: true });
}

/** Fetches the purchased courses into the session store's `myclass`. */
export async function syncMyOrders(signal?: AbortSignal): Promise<MyOrderList> {
  const orders = await getMyOrders(signal);
  if (useSession.getState().isLogin)
    useSession.getState().setMyclass(Array.isArray(orders.list) ? orders.list : []);
  return orders;
}
