/**
 * Test-only (a setup file of this package's suite, never imported by the engine): the lunar-typescript
 * oracle with its per-year work kept, so that the differential tests pay for each year once instead of
 * once per day or birth they compare.
 *
 * Why: the oracle keeps only the last lunar year it built (`LunarYear.fromYear`), and every `Lunar` it
 * makes turns that year's 31 solar-term Julian days into date objects again (`Lunar._computeJieQi`).
 * The differentials visit 73,000 days in order and 10,000 births at random across two centuries, so
 * the oracle rebuilt a year (its sun and moon series) for almost every birth and the term dates for
 * every day: about two thirds of the engine suite's CPU time was the oracle's, not ours. Both results
 * depend on the year alone and the oracle never changes them once made (its own one-year cache already
 * hands the same objects to every caller), so keeping every year changes no answer; `oracleCache.test.ts`
 * compares the kept oracle with a fresh one.
 */
import { Lunar, LunarYear, type Solar } from 'lunar-typescript';

/** The oracle's own methods, as the package ships them. */
const original = {
  fromYear: LunarYear.fromYear,
  // biome-ignore lint/suspicious/noExplicitAny: a private static of the oracle, reached by name
  computeJieQi: (Lunar as any)._computeJieQi as (o: JieQiTarget, year: LunarYear) => void,
};

/** The part of the oracle's working object that `_computeJieQi` fills. */
interface JieQiTarget {
  jieQi: Record<string, Solar>;
  jieQiList: string[];
}

const years = new Map<number, LunarYear>();
const terms = new WeakMap<LunarYear, JieQiTarget>();

function keptYear(lunarYear: number): LunarYear {
  let year = years.get(lunarYear);
  if (!year) {
    year = original.fromYear.call(LunarYear, lunarYear);
    years.set(lunarYear, year);
  }
  return year;
}

function keptJieQi(o: JieQiTarget, year: LunarYear): void {
  let kept = terms.get(year);
  if (!kept) {
    kept = { jieQi: {}, jieQiList: [] };
    original.computeJieQi.call(Lunar, kept, year);
    terms.set(year, kept);
  }
  o.jieQiList.push(...kept.jieQiList);
  Object.assign(o.jieQi, kept.jieQi);
}

/** Makes the oracle keep every year it builds (idempotent: each test file's setup calls it). */
export function keepOracleYears(): void {
  LunarYear.fromYear = keptYear;
  // biome-ignore lint/suspicious/noExplicitAny: a private static of the oracle, reached by name
  (Lunar as any)._computeJieQi = keptJieQi;
}

/** Runs `work` with the oracle as shipped (nothing kept), then keeps years again. */
export function withFreshOracle<T>(work: () => T): T {
  LunarYear.fromYear = original.fromYear;
  // biome-ignore lint/suspicious/noExplicitAny: a private static of the oracle, reached by name
  (Lunar as any)._computeJieQi = original.computeJieQi;
  try {
    return work();
  } finally {
    keepOracleYears();
  }
}

keepOracleYears();
