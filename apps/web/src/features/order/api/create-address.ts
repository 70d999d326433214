/**
 * Saves a new 收货地址 (shop wire): `POST shop/addresses` (AddressInput) → the saved Address. When it is
 * marked default, the server clears the old default in the same write.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { ADDRESSES_KEY } from './get-addresses';

/** Saves `input` as a new address. */
export function createAddress(input: AddressInput): Promise<Address> {
  return memberCall(APP_ROUTES.shop.postAddresses, { body: input });
}

/** Mutation adding an address; the address list is fetched again afterwards. */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
