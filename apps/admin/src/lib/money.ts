/** An amount in integer 分, as the API sends every amount, shown as ¥ with two decimals (12800 → ¥128.00). */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
