/**
 * Changes a 收货地址 (shop wire): `PUT shop/addresses/{id}` (the whole AddressInput) → the saved
 * Address. 设为默认 is the same call with `isDefault: true`. Another buyer's id is 404 NotFound.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '@xuanli/contracts/shop';
import { memberRequest } from '@/stores/session';
import { ADDRESSES_KEY, ADDRESSES_PATH } from './get-addresses';

/** Replaces address `id` with `input`. */
export function updateAddress({ id, input }: { id: number; input: AddressInput }): Promise<Address> {
  return memberRequest<Address>('PUT', `${ADDRESSES_PATH}/${id}`, { body: input });
}

/** Mutation changing an address; the address list is fetched again afterwards. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
