/**
 * Property test (fast-check): 100,000 random birth strings and options → a chart or an AlmanacError,
 * never anything else. Half the strings are built from the grammar's pieces (so most parse and many
 * make full charts), half are arbitrary text. Charts are kept cheap (few 流年) to stay fast. With
 * XUANLI_DIFF_STRIDE=N (the zones after the first in `npm test`) a run tries a N-th of the births.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAlmanacError } from '../errors.ts';
import { STRIDE } from '../testing/dayDifferential.ts';
import { baziChart } from './chart.ts';
import { compatibility } from './compatibility.ts';

const num = (lo: number, hi: number, width = 1) =>
  fc.integer({ min: lo, max: hi }).map((n) => String(n).padStart(width, '0'));
/** Mostly valid, sometimes not: weight 9 : 1. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 9 }, { arbitrary: bad, weight: 1 });
const prefix = mostly(
  fc.constantFrom('', '公 ', '公历 ', '农 ', '农历', '阴历 ', '公曆 '),
  fc.constantFrom('x ', '公农 ', '農曆'),
);
const leap = fc.constantFrom('', '', '', '', '', '', '(闰)', '（闰）', '闰');
const sep = fc.constantFrom('-', '/', '.');
const time = fc.oneof(
  fc.constant(''),
  fc.tuple(num(0, 23, 2), num(0, 59, 2)).map(([h, m]) => ` ${h}:${m}`),
  fc.tuple(num(0, 23, 2), num(0, 59, 2)).map(([h, m]) => ` ${h}:${m}`),
  fc.tuple(num(0, 25, 2), num(0, 61, 2)).map(([h, m]) => ` ${h}:${m}`),
  fc.tuple(num(0, 23), num(0, 59, 2), num(0, 59, 2)).map(([h, m, s]) => ` ${h}:${m}:${s}`),
  fc.string({ maxLength: 6 }),
);
const ymd = fc
  .tuple(
    prefix,
    mostly(num(1900, 2100, 4), num(1000, 9999, 4)),
    sep,
    leap,
    mostly(num(1, 12), num(0, 99)),
    mostly(num(1, 28), num(0, 39)),
    time,
  )
  .map(
    ([p, y, s, l, m, d, t]) =>
      `${p}${y}${s}${l.startsWith('(') || l.startsWith('（') ? m + l : l + m}${s}${d}${t}`,
  );
const mdy = fc
  .tuple(prefix, num(1, 12), num(1, 31), num(1899, 2101, 4), time)
  .map(([p, m, d, y, t]) => `${p}${m}/${d}/${y}${t}`);
const zh = fc
  .tuple(prefix, num(1899, 2101, 4), fc.constantFrom('', '闰'), num(1, 12), num(1, 30), time)
  .map(([p, y, l, m, d, t]) => `${p}${y}年${l}${m}月${d}日${t}`);
const born = fc.oneof(
  { arbitrary: ymd, weight: 6 },
  { arbitrary: mdy, weight: 2 },
  { arbitrary: zh, weight: 2 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  { arbitrary: fc.anything().map((x) => x as unknown as string), weight: 1 },
);
const options = fc.record(
  {
    sex: mostly(fc.constantFrom('男', '女'), fc.constantFrom('', 'male', '乾')),
    zi: mostly(fc.constantFrom(undefined, 'early', 'late'), fc.constant('noon')),
    longitude: mostly(
      fc.oneof(fc.constant(undefined), fc.double({ min: -180, max: 180, noNaN: true })),
      fc.constantFrom(181, Number.NaN, -1e9),
    ),
    timeZone: mostly(
      fc.constantFrom(
        undefined,
        'Asia/Shanghai',
        'America/New_York',
        'Europe/London',
        'Australia/Sydney',
        'UTC+8',
        '-03:30',
        'Asia/Urumqi',
        'Asia/Taipei',
      ),
      fc.constantFrom('Mars/Base', 'UTC+99'),
    ),
    yunSchool: mostly(fc.constantFrom(undefined, 1, 2), fc.constant(3)),
    liunianCount: mostly(fc.constantFrom(undefined, 0, 3), fc.constantFrom(-1, 2.5, 1000)),
    hourUnknown: mostly(fc.constantFrom(undefined, false, true), fc.constantFrom('yes', 1)),
  },
  { requiredKeys: ['sex'] },
);

/** Births tried: 100,000 in the full run. */
const RUNS = Math.ceil(100_000 / STRIDE);

describe('property: a chart or an AlmanacError, never anything else', () => {
  it(`${RUNS.toLocaleString('en')} random births and options`, () => {
    let charts = 0;
    let errors = 0;
    fc.assert(
      fc.property(born, options, (b, o) => {
        try {
          const c = baziChart({ born: b, ...o, liunianCount: o.liunianCount ?? 2 } as Parameters<
            typeof baziChart
          >[0]);
          charts++;
          return (
            c.sizhu.year.length === 2 &&
            (c.hourUnknown ? c.sizhu.hour === null : c.sizhu.hour?.length === 2) &&
            c.dayun.length === 10 &&
            c.liuyue.length === 12 &&
            Number.isFinite(c.stamp)
          );
        } catch (e) {
          errors++;
          return isAlmanacError(e);
        }
      }),
      { numRuns: RUNS, seed: 42 },
    );
    console.log(`property: ${charts} charts, ${errors} AlmanacErrors`);
    // At least 15 % of the births make whole charts (the grammar's half parses often enough).
    expect(charts / RUNS).toBeGreaterThan(0.15);
  }, 600_000);

  it('compatibility: any two values → a result or WRONG_BRANCH_*', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...'子丑寅卯辰巳午未申酉戌亥'), fc.anything()),
        fc.oneof(fc.constantFrom(...'子丑寅卯辰巳午未申酉戌亥'), fc.anything()),
        (a, b) => {
          try {
            return compatibility(a, b).wealth.fen > 0;
          } catch (e) {
            return isAlmanacError(e) && (e.code === 'WRONG_BRANCH_WO' || e.code === 'WRONG_BRANCH_TA');
          }
        },
      ),
      { numRuns: 5000, seed: 7 },
    );
  });
});
