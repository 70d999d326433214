/**
 * Test-only helpers (never imported by the engine) for the day-by-day differential tests against
 * lunar-typescript: the day range 1900-01-31 … 2100-12-31, the XUANLI_DIFF_STRIDE sampling, and the
 * dated exceptions of test-data/festival-differences.md.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { dayNumber, formatSolarDate, type SolarDate, solarFromDayNumber } from '../solarDate.ts';

/** First and last day the differential tests cover: 1900-01-31 … 2100-12-31. */
export const START = dayNumber(1900, 1, 31);
export const END = dayNumber(2100, 12, 31);
/** XUANLI_DIFF_STRIDE=N checks every Nth day only (default 1 = every day). */
export const STRIDE = Math.max(1, Number.parseInt(process.env.XUANLI_DIFF_STRIDE ?? '1', 10) || 1);
/** 'every day' or 'every Nth day', for test names. */
export const EVERY_DAY = `every ${STRIDE === 1 ? '' : `${STRIDE}th `}day`;

/**
 * Dated exceptions of the given fields from test-data/festival-differences.md: 'YYYY-MM-DD field'.
 * A row may list several fields, separated by commas or spaces.
 */
export function listedExceptions(fields: string[]): Set<string> {
  const text = readFileSync(new URL('../../test-data/festival-differences.md', import.meta.url), 'utf8');
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^\|\s*(\d{4}-\d{2}-\d{2})\s*\|\s*([\w, ]+?)\s*\|/.exec(line);
    if (!m) continue;
    for (const field of m[2].split(/[ ,]+/)) if (fields.includes(field)) out.add(`${m[1]} ${field}`);
  }
  return out;
}

/** Compares one field of ours with the oracle's (as JSON) on the day being visited. */
export type Check = (field: string, ours: unknown, oracle: unknown) => void;

/**
 * Visits every STRIDE-th day START … END and collects the fields where ours and the oracle disagree;
 * then expects the disagreements to be exactly the dated exceptions listed for `fields` in
 * test-data/festival-differences.md (none unlisted, and every listed one on a sampled day still occurs).
 */
export function expectOnlyListedDifferences(
  fields: string[],
  visit: (n: number, date: SolarDate, check: Check) => void,
): void {
  const found = new Map<string, string>();
  const sampled = new Set<string>();
  for (let n = START; n <= END; n += STRIDE) {
    const date = solarFromDayNumber(n);
    const ymd = formatSolarDate(date);
    sampled.add(ymd);
    visit(n, date, (field, ours, oracle) => {
      const a = JSON.stringify(ours);
      const b = JSON.stringify(oracle);
      if (a !== b) found.set(`${ymd} ${field}`, `${a} ≠ ${b}`);
    });
  }
  const listed = listedExceptions(fields);
  const unlisted = [...found].filter(([key]) => !listed.has(key)).map(([key, v]) => `${key}: ${v}`);
  expect(unlisted).toEqual([]);
  const stale = [...listed].filter((key) => sampled.has(key.slice(0, 10)) && !found.has(key));
  expect(stale).toEqual([]);
}
