/**
 * Money on screen. The wire carries integer 分 (packages/contracts/src/shop.ts); the app shows yuan
 * with two decimals, as Chinese shops do (¥128.00), and never computes a total the server did not send.
 */

/** '¥128.00' for 12800 分. */
export function formatFen(fen: number): string {
  return `¥${yuanOf(fen)}`;
}

/** '128.00' for 12800 分 (no currency sign, for layouts that set the ¥ smaller). */
export function yuanOf(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
