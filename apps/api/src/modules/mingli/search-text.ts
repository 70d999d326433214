/**
 * How the case book is searched: a profile keeps its name and note normalised into one text, and a
 * query's words must each occur in it. Both sides are normalised the same way — NFKC (full-width
 * ＺＨＡＮＧ１ → zhang1, compatibility forms folded) and lower case — so neither case nor width
 * matters, and a Chinese word is found anywhere inside a name or a sentence of the note (no word
 * boundaries to respect in Chinese). One account keeps at most a few hundred profiles, all under one
 * index by account, so `position()` over them is enough: no trigram or n-gram index is needed, and
 * PGlite and PostgreSQL answer alike whatever their locale.
 */
import { MINGLI_LIMITS } from '@xuanli/contracts/mingli-labels';

/** Most words of a query that are looked for; more are ignored. */
export const MAX_QUERY_WORDS = 8;

/** `text` normalised: NFKC, lower case, every run of white space one space. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The text a profile is searched by: its name and its note, on two lines (a word never spans both). */
export function profileSearchText(name: string, note: string): string {
  return `${normalise(name)}\n${normalise(note)}`;
}

/** The words of a query (split at white space, each once, at most {@link MAX_QUERY_WORDS}). */
export function queryWords(query: string | undefined): string[] {
  const text = normalise((query ?? '').slice(0, MINGLI_LIMITS.query));
  if (text === '') return [];
  return [...new Set(text.split(' '))].slice(0, MAX_QUERY_WORDS);
}
