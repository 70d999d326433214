/**
 * Removes a 收货地址 (shop wire): `DELETE shop/addresses/{id}` → `{id}`. Orders keep their own copy of
 * the address, so deleting never changes an order.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_ROUTES } from '@/lib/api';
import { memberCall } from '@/stores/session';
import { ADDRESSES_KEY } from './get-addresses';

/** Deletes address `id`. */
export function deleteAddress(id: number): Promise<{ id: number }> {
  return memberCall(APP_ROUTES.shop.deleteAddressesById, { params: { id } });
}

/** Mutation deleting an address; the address list is fetched again afterwards. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
