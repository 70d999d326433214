/**
 * The buyer's 收货地址 (shop wire): `GET shop/addresses` → `{list}`, the default first. Logged-in only;
 * checkout picks its address from here and the address book lists it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressList } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';

/** Path of the call. */
export const ADDRESSES_PATH = '/shop/addresses';

/** Query key of the address list; every address change invalidates it. */
export const ADDRESSES_KEY = ['shop', 'addresses'] as const;

/** Fetches the buyer's addresses. */
export function getAddresses(signal?: AbortSignal): Promise<AddressList> {
  return memberCall(APP_ROUTES.shop.getAddresses, {}, { signal });
}

/** Query of the address list. */
export const addressesQueryOptions = () =>
  queryOptions({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => getAddresses(signal) });

/** The buyer's addresses for a component. */
export const useAddresses = () => useQuery(addressesQueryOptions());
