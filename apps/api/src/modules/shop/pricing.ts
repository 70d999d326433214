/**
 * What a SKU costs whom. A SKU may carry a 会员价 (`vip_price`, never above its price): a buyer whose
 * VIP runs at the moment of asking — decided on the server by its clock (shared/entitlements.ts),
 * never by what the client believes — pays it at checkout's preview, at order creation and in the
 * cart's totals; everyone else pays the price. Lists show both, so a visitor sees what membership saves.
 */

/** A SKU's two prices in 分. */
export interface SkuPrices {
  price: number;
  vipPrice: number | null;
}

/** What one piece of a SKU costs the buyer: its 会员价 while the buyer is a VIP, else its price. */
export function chargedPrice(sku: SkuPrices, vip: boolean): number {
  return vip && sku.vipPrice !== null ? Math.min(sku.vipPrice, sku.price) : sku.price;
}

/**
 * The lowest price a VIP pays among `rows` — each SKU at its 会员价, or its price where it has none —
 * or null when no SKU has a 会员价 (the list then has nothing to say about membership).
 */
export function lowestVipPrice(rows: readonly SkuPrices[]): number | null {
  if (!rows.some((row) => row.vipPrice !== null)) return null;
  return Math.min(...rows.map((row) => chargedPrice(row, true)));
}
