/**
 * How course text is prepared for Chinese search. Chinese has no spaces between words and a query is
 * often one or two characters (八字, 卦), so the index is by character: every character and every pair
 * of adjacent characters of a text (its unigrams and bigrams). A query word's pairs (or its single
 * character) must all be in a course's grams — a GIN index answers that — and the word must then
 * occur in the text itself, which rules out pairs that only happen to be present apart.
 *
 * Both sides are normalised the same way: NFKC (full-width ＡＢＣ１ → ABC1, compatibility forms) and
 * lower case; anything but letters, digits and marks separates words. Pure functions, so PGlite and
 * PostgreSQL see the same strings whatever their locale.
 */

/** Runs of letters, digits and combining marks: the words of a text (a Chinese run is a whole phrase). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The most words of a query that are searched for; more are ignored. */
export const MAX_QUERY_WORDS = 8;

/** The words of `text`, normalised. */
function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

/** `text` normalised for matching: its words joined by single spaces (a query word never spans two). */
export function searchText(text: string): string {
  return wordsOf(text).join(' ');
}

/** Every character and every pair of adjacent characters of `text`'s words, each once. */
export function searchGrams(...texts: string[]): string[] {
  const grams = new Set<string>();
  for (const word of texts.flatMap(wordsOf)) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i++) {
      grams.add(chars[i]!);
      if (i + 1 < chars.length) grams.add(chars[i]! + chars[i + 1]!);
    }
  }
  return [...grams];
}

/** A word of a query and the grams a course must hold to contain it. */
export interface QueryWord {
  word: string;
  grams: string[];
}

/**
 * The words of a search query (at most {@link MAX_QUERY_WORDS}, each once), each with its grams: its
 * pairs of adjacent characters, or the character itself for a one-character word.
 */
export function queryWords(query: string): QueryWord[] {
  const words = [...new Set(wordsOf(query))].slice(0, MAX_QUERY_WORDS);
  return words.map((word) => {
    const chars = Array.from(word);
    if (chars.length === 1) return { word, grams: [word] };
    const pairs = new Set<string>();
    for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i]! + chars[i + 1]!);
    return { word, grams: [...pairs] };
  });
}

/** Whether the normalised `haystack` (from {@link searchText}) contains the query word `word`. */
export function containsWord(haystack: string, word: string): boolean {
  return haystack.includes(word);
}
