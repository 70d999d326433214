/**
 * `GET shop/cart` (shop wire): the logged-in buyer's cart, each line with its current price, stock
 * and whether it can be checked out, and the server's total of the selected lines. A visitor has no
 * cart (401): the query is off for them and `memberRequest` never sends it.
 *
 * Every cart change answers the whole cart; the mutation modules put that answer here through
 * {@link useCartMutation}, so the badge, the cart page and the product page agree at once.
 */
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@xuanli/contracts/shop';
import { APP_ROUTES } from '@/lib/api';
import { memberCall, useSession } from '@/stores/session';

/** Path of the call. */
export const CART_PATH = '/shop/cart';

/** Fetches the buyer's cart. */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return memberCall(APP_ROUTES.shop.getCart, {}, { signal });
}

/** Key of the cart query of user `userId`: one user's cart never shows for the next after a re-login. */
export const cartQueryKey = (userId: number | null) => ['shop', 'cart', userId] as const;

/** Query of user `userId`'s cart. */
export const cartQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: cartQueryKey(userId),
    queryFn: ({ signal }) => getCart(signal),
    // Prices and stock change; the cart is asked again whenever a page showing it opens.
    staleTime: 0,
  });

/** The logged-in buyer's cart; off (no request) for a visitor. */
export function useCart() {
  const userId = useSession((s) => s.user?.id ?? null);
  const isLogin = useSession((s) => s.isLogin);
  return useQuery({ ...cartQueryOptions(userId), enabled: isLogin && userId !== null });
}

/** Pieces in the cart (the badge's number): every line's quantity, checked out or not. */
export function cartPieces(cart: Cart | undefined): number {
  return cart?.items.reduce((sum, item) => sum + item.qty, 0) ?? 0;
}

/**
 * Mutations of the cart run one after the other (TanStack Query's mutation scope), so the answers
 * arrive in the order of the taps and the last answer is the cart as it now is.
 */
const CART_MUTATION_SCOPE = { id: 'shop-cart' } as const;

/**
 * Puts a cart the server answered (every cart route answers the whole cart) into the current user's
 * query, after stopping a read of it that is under way (its older answer must not land on top).
 */
async function storeCart(client: QueryClient, cart: Cart): Promise<void> {
  const key = cartQueryKey(useSession.getState().user?.id ?? null);
  await client.cancelQueries({ queryKey: key });
  client.setQueryData(key, cart);
}

/**
 * Marks the current user's cart stale and reads it again: after a refused change (库存不足, a line
 * someone else's tab deleted) the page must show the server's cart, not what the reader tapped.
 */
function refreshCart(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: cartQueryKey(useSession.getState().user?.id ?? null) });
}

/**
 * A mutation of the cart through `change`, a call that answers the whole cart: run in the cart's
 * scope, its answer stored as the cart, a refusal followed by a fresh read of the server's cart.
 */
export function useCartMutation<TInput>(change: (input: TInput) => Promise<Cart>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    scope: CART_MUTATION_SCOPE,
    onSuccess: (cart) => storeCart(client, cart),
    onError: () => refreshCart(client),
  });
}
