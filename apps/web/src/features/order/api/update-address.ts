/**
 * Changes a 收货地址 (shop wire): `PUT shop/addresses/{id}` (the whole AddressInput) → the saved
 * Address. 设为默认 is the same call with `isDefault: true`. Another buyer's id is 404 NotFound.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { ADDRESSES_KEY } from './get-addresses';

/** Replaces address `id` with `input`. */
export function updateAddress({ id, input }: { id: number; input: AddressInput }): Promise<Address> {
  return memberCall(APP_ROUTES.shop.putAddressesById, { params: { id }, body: input });
}

/** Mutation changing an address; the address list is fetched again afterwards. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
