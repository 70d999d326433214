import { formatSolarDate, parseSolarDate, type SolarDate } from '@xuanli/almanac/solarDate';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { chineseDate, MAX_YEAR, MIN_YEAR } from '@/lib/dates';

/**
 * What a page's `?date=YYYY-MM-DD` says: nothing, a usable date, or something it has to point out —
 * `message` is then a Chinese sentence for the reader, e.g. 日期无效，已显示今天.
 */
export type DateQuery =
  | { kind: 'none' }
  | { kind: 'date'; date: SolarDate }
  | { kind: 'invalid'; message: string };

/** The sentence shown when `?date=` cannot be used and the page shows today instead. */
export const INVALID_DATE_MESSAGE = '日期无效，已显示今天';

/**
 * Reads a `date` query value. A missing value is no problem; a malformed one, or a date outside
 * 1900–2100 (the engine's tables), is reported in words rather than silently replaced by today.
 */
export function readDateQuery(text: string | null | undefined): DateQuery {
  if (text === null || text === undefined || text === '') return { kind: 'none' };
  let date: SolarDate;
  try {
    date = parseSolarDate(text.trim());
  } catch {
    return { kind: 'invalid', message: INVALID_DATE_MESSAGE };
  }
  if (date.year < MIN_YEAR || date.year > MAX_YEAR) {
    return {
      kind: 'invalid',
      message: `${chineseDate(date)}不在可查范围（${MIN_YEAR}年至${MAX_YEAR}年），已显示今天`,
    };
  }
  return { kind: 'date', date };
}

/**
 * The page's `?date=` query, read with {@link readDateQuery}, and a setter that replaces it (not a
 * new history entry: stepping through ten days must not take ten 返回 taps to leave the page).
 */
export function useDateQuery(): {
  query: DateQuery;
  /** The raw `date` value, or null when the address has none. */
  text: string | null;
  setDate: (date: SolarDate) => void;
} {
  const [params, setParams] = useSearchParams();
  const text = params.get('date');
  const setDate = useCallback(
    (date: SolarDate) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('date', formatSolarDate(date));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  // Recomputed per render: parsing one short string is cheaper than memoising it.
  return { query: readDateQuery(text), text, setDate };
}
