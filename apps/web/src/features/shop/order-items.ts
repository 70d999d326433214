/**
 * The `items` query of the checkout page (`12x2,13x1`: SKU id × pieces, comma separated), which the
 * order feature reads to ask the server for its preview.
 */

/** One line to check out. */
export interface ItemLine {
  skuId: number;
  qty: number;
}

/** `items` for `lines`, e.g. `'12x2,13x1'`. */
export function itemsParam(lines: readonly ItemLine[]): string {
  return lines.map((line) => `${line.skuId}x${line.qty}`).join(',');
}
