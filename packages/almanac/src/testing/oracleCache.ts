/**
 * Test-only (a setup file of this package's suite, never imported by the engine): the lunar-typescript
 * oracle with its per-year work kept, so that the differential tests pay for each year once instead of
 * once per day or birth they compare.
 *
 * Why: the oracle keeps only the last lunar year it built (`LunarYear.fromYear`), and every `Lunar` it
 * makes turns that year's 31 solar-term Julian days into date objects again (`Lunar._computeJieQi`).
 * The differentials visit 73,000 days in order and 10,000 births at random across two centuries, so
 * the oracle rebuilt a year (its sun and moon series) for almost every birth and the term dates for
 * every day: about two thirds of the engine suite's CPU time was the oracle's, not ours (the suite in
 * Beijing's zone took 78 core-seconds before, 45 with the years kept). Both results
 * depend on the year alone and the oracle never changes them once made (its own one-year cache already
 * hands the same objects to every caller), so keeping every year changes no answer; `oracleCache.test.ts`
 * compares the kept oracle with a fresh one.
 */
import { Lunar, LunarYear, type Solar } from 'lunar-typescript';

/** The part of the oracle's working object that `_computeJieQi` fills. */
interface JieQiTarget {
  jieQi: Record<string, Solar>;
  jieQiList: string[];
}

/** The oracle's own methods as the package ships them, and the years kept. */
interface Kept {
  fromYear: typeof LunarYear.fromYear;
  computeJieQi: (o: JieQiTarget, year: LunarYear) => void;
  years: Map<number, LunarYear>;
  terms: WeakMap<LunarYear, JieQiTarget>;
}

// Vitest evaluates a setup file again before every test file, while the oracle's module (and so its
// classes, patched or not) lives on in the worker. The shipped methods and the kept years are therefore
// stored on the oracle's class itself, taken once: a second evaluation must not wrap our own wrappers
// (each test file would add a layer) or take them for the shipped ones.
const KEPT = Symbol.for('xuanli.almanac.oracleCache');
// biome-ignore lint/suspicious/noExplicitAny: the oracle's classes carry our state and a private static
const oracleYear = LunarYear as any;
// biome-ignore lint/suspicious/noExplicitAny: a private static of the oracle, reached by name
const oracleLunar = Lunar as any;
oracleYear[KEPT] ??= {
  fromYear: LunarYear.fromYear,
  computeJieQi: oracleLunar._computeJieQi,
  years: new Map(),
  terms: new WeakMap(),
} satisfies Kept;
const kept: Kept = oracleYear[KEPT];

function keptYear(lunarYear: number): LunarYear {
  let year = kept.years.get(lunarYear);
  if (!year) {
    year = kept.fromYear.call(LunarYear, lunarYear);
    kept.years.set(lunarYear, year);
  }
  return year;
}

function keptJieQi(o: JieQiTarget, year: LunarYear): void {
  let terms = kept.terms.get(year);
  if (!terms) {
    terms = { jieQi: {}, jieQiList: [] };
    kept.computeJieQi.call(Lunar, terms, year);
    kept.terms.set(year, terms);
  }
  // Shared by every Lunar of the year, not copied: filling a fresh table of 31 named terms is most of
  // what the oracle's own method costs. The oracle only reads them; its one rewrite (on a change of
  // language, which these tests never make) writes the same keys for every Lunar of the year.
  o.jieQi = terms.jieQi;
  o.jieQiList = terms.jieQiList;
}

/** Makes the oracle keep every year it builds (idempotent: each test file's setup calls it). */
export function keepOracleYears(): void {
  LunarYear.fromYear = keptYear;
  oracleLunar._computeJieQi = keptJieQi;
}

/** Runs `work` with the oracle as shipped (nothing kept), then keeps years again. */
export function withFreshOracle<T>(work: () => T): T {
  LunarYear.fromYear = kept.fromYear;
  oracleLunar._computeJieQi = kept.computeJieQi;
  try {
    return work();
  } finally {
    keepOracleYears();
  }
}

keepOracleYears();
