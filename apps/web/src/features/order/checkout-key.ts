/**
 * The idempotency key of a checkout (shop wire `OrderCreate.idempotencyKey`): made once for a set of
 * lines and kept in sessionStorage under those lines, so a second tap, a retry after an error or a
 * reload of the page sends the same key, and the server answers the order it already made instead of
 * making another. It is forgotten once the order exists, so the next checkout of the same lines is a
 * new order.
 */
import { formatItems, type OrderItem } from './items-param';

const PREFIX = 'checkout-key:';

/** The sessionStorage key for `items`: the same lines in any order share it. */
function storageKeyOf(items: readonly OrderItem[]): string {
  return PREFIX + formatItems([...items].sort((a, b) => a.skuId - b.skuId));
}

/** 32 random hex digits from the browser's CSPRNG (randomUUID needs a secure context; this does not). */
function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of this checkout: the kept one for these lines, else a new one, kept from now on. */
export function checkoutKey(items: readonly OrderItem[]): string {
  const storageKey = storageKeyOf(items);
  try {
    const kept = sessionStorage.getItem(storageKey);
    if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
    const key = newKey();
    sessionStorage.setItem(storageKey, key);
    return key;
  } catch {
    // Storage refused (private mode, quota): the key still holds for this page, just not a reload.
    return newKey();
  }
}

/** Forgets the key of `items` once their order exists. */
export function forgetCheckoutKey(items: readonly OrderItem[]): void {
  try {
    sessionStorage.removeItem(storageKeyOf(items));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
