/**
 * Shared decoding for the compact 老黄历 tables (internal to `almanac/`).
 *
 * A list of words is stored as a string of one-character codes: the code U+0100 + i stands for word i
 * of the table's vocabulary (Latin Extended letters, so no code collides with a separator or needs
 * escaping). Entries are separated by a space and the two lists of an entry (宜/忌, 吉神/凶煞) by '/'.
 */

/** First code point of the one-character word codes. */
const CODE_BASE = 0x100;

/** Decodes a run of one-character codes into the words of `vocabulary`. */
export function decodeWords(codes: string, vocabulary: readonly string[]): string[] {
  const words: string[] = new Array(codes.length);
  for (let i = 0; i < codes.length; i++) words[i] = vocabulary[codes.charCodeAt(i) - CODE_BASE];
  return words;
}

/**
 * Returns a function that lazily splits each row of `rows` into its space-separated entries, once per
 * row, and yields entry `column` of row `row` as its two '/'-separated halves.
 */
export function pairTable(rows: readonly string[]): (row: number, column: number) => [string, string] {
  const cache: string[][] = [];
  return (row, column) => {
    let entries = cache[row];
    if (entries === undefined) {
      entries = rows[row].split(' ');
      cache[row] = entries;
    }
    const entry = entries[column];
    const slash = entry.indexOf('/');
    return [entry.slice(0, slash), entry.slice(slash + 1)];
  };
}

/** Normalises an integer index into 0 … n − 1. */
export function mod(value: number, n: number): number {
  return ((value % n) + n) % n;
}
