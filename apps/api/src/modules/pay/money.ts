/**
 * 分 ↔ 元 for the providers that speak yuan (Alipay's `total_amount` is a decimal string such as
 * '123.45'). Exact by construction: integers and string digits only, never a float, so 1 分 is '0.01'
 * and nothing is lost to binary rounding.
 */

/** '123.45' for 12345 分; refuses anything but a non-negative safe integer. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`not an amount in 分: ${fen}`);
  const yuan = Math.floor(fen / 100);
  return `${yuan}.${String(fen % 100).padStart(2, '0')}`;
}

/** 12345 for '123.45' (also '123.4', '123'); null for anything that is not such a decimal. */
export function yuanToFen(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
