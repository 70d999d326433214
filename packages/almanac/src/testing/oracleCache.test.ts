import { Lunar, LunarYear, Solar } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { mulberry32, oracleFacts, oracleLunar } from '../bazi/oracle.test-helpers.ts';
import { dayNumber, solarFromDayNumber } from '../solarDate.ts';
import { withFreshOracle } from './oracleCache.ts';

/** What the day differentials read from the oracle on one day. */
function dayFacts(y: number, m: number, d: number): string {
  const lunar = Solar.fromYmd(y, m, d).getLunar();
  const table = lunar.getJieQiTable();
  return JSON.stringify([
    lunar.toString(),
    lunar.getYearInGanZhiByLiChun(),
    lunar.getMonthInGanZhiExact(),
    lunar.getDayInGanZhi(),
    lunar.getJieQi(),
    lunar.getPrevJieQi().getSolar().toYmdHms(),
    lunar.getNextJie().getSolar().toYmdHms(),
    lunar.getDayYi(),
    lunar.getDayJi(),
    lunar.getFestivals(),
    lunar.getJieQiList(),
    Object.keys(table).map((name) => `${name} ${table[name].toYmdHms()}`),
  ]);
}

describe('the oracle with its years kept', () => {
  it('compares with the methods as shipped, however many test files set it up before this one', () => {
    // The setup runs before every file of a worker; a second run must not take our wrappers for the
    // oracle's own methods.
    // biome-ignore lint/suspicious/noExplicitAny: a private static of the oracle, reached by name
    const shipped = withFreshOracle(() => [LunarYear.fromYear.name, (Lunar as any)._computeJieQi.name]);
    expect(shipped).toEqual(['fromYear', '_computeJieQi']);
  });

  const rnd = mulberry32(20261129);
  const lo = dayNumber(1900, 2, 1);
  const hi = dayNumber(2100, 12, 31);
  const days = Array.from({ length: 400 }, () => solarFromDayNumber(lo + Math.floor(rnd() * (hi - lo + 1))));

  it('answers every day as the oracle as shipped does', () => {
    const kept = days.map((d) => dayFacts(d.year, d.month, d.day));
    const fresh = withFreshOracle(() => days.map((d) => dayFacts(d.year, d.month, d.day)));
    expect(kept).toEqual(fresh);
    // The kept years are really used: asking again gives the same answers from the kept objects.
    expect(days.map((d) => dayFacts(d.year, d.month, d.day))).toEqual(fresh);
  });

  it('answers every birth as the oracle as shipped does, under both 子时 sects', () => {
    const births = days.slice(0, 150).map((d, i) => ({
      y: d.year,
      m: d.month,
      d: d.day,
      h: (i * 7) % 24,
      mi: (i * 13) % 60,
      s: (i * 29) % 60,
      sex: i % 2 ? ('男' as const) : ('女' as const),
    }));
    const facts = () =>
      births.map((b) => [1, 2].map((sect) => oracleFacts(b, sect as 1 | 2, sect as 1 | 2, oracleLunar(b))));
    const kept = facts();
    expect(kept).toEqual(withFreshOracle(facts));
  });
});
