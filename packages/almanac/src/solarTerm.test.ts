import { describe, expect, it } from 'vitest';
import { dayNumber, formatSolarDate, solarFromDayNumber } from './solarDate.ts';
import { FIRST_TERM_YEAR, LAST_TERM_YEAR, TERM_NAMES, termDay, termIndexOnDay } from './solarTerm.ts';
import { termTime } from './solarTermTime.ts';
import { code } from './testing/errorCode.ts';

describe('solarTerm (day precision)', () => {
  it('names the 24 terms from 小寒, 节 on even indices', () => {
    expect(TERM_NAMES).toHaveLength(24);
    expect([TERM_NAMES[0], TERM_NAMES[2], TERM_NAMES[5], TERM_NAMES[23]]).toEqual([
      '小寒',
      '立春',
      '春分',
      '冬至',
    ]);
    expect([FIRST_TERM_YEAR, LAST_TERM_YEAR]).toEqual([1899, 2101]);
  });

  it('agrees with the day of the exact instant for every term 1899–2101', () => {
    for (let y = FIRST_TERM_YEAR; y <= LAST_TERM_YEAR; y++) {
      for (let i = 0; i < 24; i++) {
        const n = termDay(y, i);
        if (n !== Math.floor(termTime(y, i) / 86400)) throw new Error(`${y} ${TERM_NAMES[i]}`);
        if (termIndexOnDay(n) !== i) throw new Error(`termIndexOnDay ${y} ${TERM_NAMES[i]}`);
        if (solarFromDayNumber(n).month !== (i >> 1) + 1) throw new Error(`month of ${y} ${TERM_NAMES[i]}`);
      }
    }
  });

  it('known dates (Purple Mountain Observatory / HKO): 2025 立春 02-03, 2024 冬至 12-21, 2033 冬至 12-21', () => {
    expect(formatSolarDate(solarFromDayNumber(termDay(2025, 2)))).toBe('2025-02-03');
    expect(formatSolarDate(solarFromDayNumber(termDay(2024, 23)))).toBe('2024-12-21');
    expect(formatSolarDate(solarFromDayNumber(termDay(2033, 23)))).toBe('2033-12-21');
    expect(termIndexOnDay(dayNumber(2025, 2, 4))).toBe(-1);
    expect(termIndexOnDay(dayNumber(1800, 1, 6))).toBe(-1);
  });

  it('rejects years without data and bad indices', () => {
    expect(code(() => termDay(1898, 0))).toBe('OUT_OF_RANGE');
    expect(code(() => termDay(2102, 0))).toBe('OUT_OF_RANGE');
    expect(code(() => termDay(2024, 24))).toBe('WRONG_OPTION');
    expect(code(() => termDay(2024, -1))).toBe('WRONG_OPTION');
  });
});
