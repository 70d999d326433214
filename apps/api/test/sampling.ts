/**
 * How the large table-driven suites (the OpenAPI fuzz, the authorisation matrices) choose their cases.
 *
 * `npm test` runs the API suite twice. The PGlite pass (like a file run on its own, and `npm run
 * test:quick`) runs a deterministic stride of the cases — every k-th case, starting at an offset drawn
 * from {@link SEED_ENV} and the suite's name — and the PostgreSQL pass ({@link FULL_ENV}=rest) every
 * other case, so that between them each case runs once, on one engine or the other (PGlite is
 * PostgreSQL itself, so the cases ask the same of both), while the everyday run stays quick. The
 * stride, offset and seed are printed in the suite's title; the same seed picks the same cases on every
 * machine, and another seed (or a run with {@link FULL_ENV}=1) picks others.
 */

/**
 * Env var that turns sampling off: every case of every table-driven suite runs (`1`), or every case a
 * sampled run leaves out (`rest`: the PostgreSQL pass of `npm test`, after the sampled PGlite pass).
 */
export const FULL_ENV = 'XUANLI_TEST_FULL';
/** Env var holding the seed that places each sampled suite's stride (default {@link DEFAULT_SEED}). */
export const SEED_ENV = 'XUANLI_TEST_SAMPLE_SEED';
const DEFAULT_SEED = 20261128;

/** The cases one suite runs in this run. */
export interface CaseSample {
  /** Every case runs (no sampling). */
  full: boolean;
  /** Every `stride`-th case runs (1 when full). */
  stride: number;
  /** The index of the first case that runs. */
  offset: number;
  /** Whether case number `index` (0-based, in the suite's own order) runs. */
  includes(index: number): boolean;
  /** Says which cases run and how to choose others, for the suite's title. */
  label: string;
}

/** Whether this run asks for every case ({@link FULL_ENV}). */
export function fullRun(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[FULL_ENV];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false' && value !== 'rest';
}

/** Whether this run asks for the cases a sampled run leaves out ({@link FULL_ENV}=rest). */
export function restRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[FULL_ENV] === 'rest';
}

/** The seed that places the strides in this run ({@link SEED_ENV}, or the default). */
export function sampleSeed(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env[SEED_ENV] || DEFAULT_SEED);
}

/** How to reproduce this run's samples or run every case, for a suite's title. */
export function sampleHint(env: NodeJS.ProcessEnv = process.env): string {
  return `${SEED_ENV}=${sampleSeed(env)}; ${FULL_ENV}=1 runs all`;
}

/** FNV-1a: the same text gives the same number on every machine. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The sample of suite `suite` (a stable name) in this run: all cases when {@link fullRun}, otherwise
 * every `stride`-th from an offset the seed and the suite's name decide.
 */
export function caseSample(suite: string, stride: number, env: NodeJS.ProcessEnv = process.env): CaseSample {
  if (fullRun(env) || stride <= 1) {
    return { full: true, stride: 1, offset: 0, includes: () => true, label: 'all cases' };
  }
  const offset = hash(`${sampleSeed(env)} ${suite}`) % stride;
  if (restRun(env)) {
    return {
      full: false,
      stride,
      offset,
      includes: (index) => index % stride !== offset,
      label: `every case but every ${ordinal(stride)} from #${offset}, which the sampled run takes (${sampleHint(env)})`,
    };
  }
  return {
    full: false,
    stride,
    offset,
    includes: (index) => index % stride === offset,
    label: `every ${ordinal(stride)} case from #${offset} (${sampleHint(env)})`,
  };
}

/** The cases of `cases` that `sample` runs, in their order. */
export function sampled<T>(cases: readonly T[], sample: CaseSample): T[] {
  return cases.filter((_, index) => sample.includes(index));
}

/** `n` as an English ordinal: 2nd, 3rd, 4th, 11th, 21st. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}
