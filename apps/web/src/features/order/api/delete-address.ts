/**
 * Removes a 收货地址 (shop wire): `DELETE shop/addresses/{id}` → `{id}`. Orders keep their own copy of
 * the address, so deleting never changes an order.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberRequest } from '@/stores/session';
import { ADDRESSES_KEY, ADDRESSES_PATH } from './get-addresses';

/** Deletes address `id`. */
export function deleteAddress(id: number): Promise<{ id: number }> {
  return memberRequest<{ id: number }>('DELETE', `${ADDRESSES_PATH}/${id}`);
}

/** Mutation deleting an address; the address list is fetched again afterwards. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
