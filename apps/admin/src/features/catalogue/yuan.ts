/** Amounts typed in 元 (up to two decimals) and sent as whole 分, as every amount on the wire is. */

/** `yuan` in whole 分. */
export function fenOf(yuan: number): number {
  return Math.round(yuan * 100);
}

/** The message for `value` (元) as a price from 0.01 to `maxFen` 分, or null when it is acceptable. */
export function priceProblem(value: unknown, maxFen: number, required = true): string | null {
  if (value === undefined || value === null || value === '') return required ? '请输入价格' : null;
  const yuan = Number(value);
  if (!Number.isFinite(yuan) || yuan <= 0) return '价格须大于 0';
  if (Math.abs(yuan * 100 - fenOf(yuan)) > 1e-6) return '价格最多两位小数';
  if (fenOf(yuan) > maxFen) return `价格不能超过 ${maxFen / 100} 元`;
  return null;
}

/**
 * The message for `value` (元) as a SKU's 会员价 beside the price `price` (元, as typed), or null when
 * it is acceptable: empty (no 会员价), or a price of at most two decimals that is not above the price.
 */
export function vipPriceProblem(value: unknown, price: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const yuan = Number(value);
  if (!Number.isFinite(yuan) || yuan <= 0) return '会员价须大于 0';
  if (Math.abs(yuan * 100 - fenOf(yuan)) > 1e-6) return '会员价最多两位小数';
  const list = Number(price);
  if (
    price !== undefined &&
    price !== null &&
    price !== '' &&
    Number.isFinite(list) &&
    fenOf(yuan) > fenOf(list)
  ) {
    return '会员价不能高于价格';
  }
  return null;
}
