import { describe, expect, it } from 'vitest';
import { beijingSeconds, formatBeijing } from './beijingTime.ts';
import { isAlmanacError } from './errors.ts';
import { jieAround, termsOfYear, termTime } from './solarTermTime.ts';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (isAlmanacError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe('solarTermTime (seconds)', () => {
  it('matches published instants within the ΔT uncertainty', () => {
    // Purple Mountain Observatory / HKO: 2000 春分 03-20 15:35, 2024 立春 02-04 16:27, 2025 冬至 12-21 23:03.
    const near = (s: number, text: string) => Math.abs(s - beijingSeconds(...parse(text))) <= 60;
    expect(near(termTime(2000, 5), '2000-03-20 15:35:00')).toBe(true);
    expect(near(termTime(2024, 2), '2024-02-04 16:27:00')).toBe(true);
    expect(near(termTime(2025, 23), '2025-12-21 23:03:00')).toBe(true);
  });

  it('lists a year in order, strictly increasing', () => {
    const terms = termsOfYear(2026);
    expect(terms.map((t) => t.name).slice(0, 3)).toEqual(['小寒', '大寒', '立春']);
    for (let i = 1; i < 24; i++) expect(terms[i].time).toBeGreaterThan(terms[i - 1].time);
    expect(formatBeijing(terms[0].time).slice(0, 10)).toBe('2026-01-05');
  });

  it('finds the 节 around a moment; the instant itself belongs to the new 节', () => {
    const lichun = termTime(2024, 2);
    expect(jieAround(lichun - 1).prev.name).toBe('小寒');
    expect(jieAround(lichun - 1).next).toEqual({ index: 2, name: '立春', time: lichun });
    expect(jieAround(lichun).prev).toEqual({ index: 2, name: '立春', time: lichun });
    expect(jieAround(lichun).next.name).toBe('惊蛰');
    const daxue = jieAround(beijingSeconds(2024, 12, 31, 12)).prev;
    expect(daxue.name).toBe('大雪');
    expect(jieAround(beijingSeconds(2025, 1, 1)).next.name).toBe('小寒');
  });

  it('rejects moments and years outside the table', () => {
    expect(code(() => termTime(1898, 0))).toBe('OUT_OF_RANGE');
    expect(code(() => termsOfYear(2102))).toBe('OUT_OF_RANGE');
    expect(code(() => jieAround(beijingSeconds(1899, 1, 1)))).toBe('OUT_OF_RANGE');
    expect(code(() => termTime(2024, 24))).toBe('WRONG_OPTION');
  });
});

function parse(text: string): [number, number, number, number, number, number] {
  const [d, t] = text.split(' ');
  return [...d.split('-').map(Number), ...t.split(':').map(Number)] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
}
