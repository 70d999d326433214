/** Stock at or under which the shop says how few are left. */
export const LOW_STOCK = 10;

/** 仅剩 3 件 when few are left, 已售罄 when none, else null (plenty: nothing to say). */
export function stockHint(stock: number): string | null {
  if (stock <= 0) return '已售罄';
  return stock <= LOW_STOCK ? `仅剩 ${stock} 件` : null;
}
