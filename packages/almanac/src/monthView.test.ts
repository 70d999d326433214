import { describe, expect, it } from 'vitest';
import { monthView } from './monthView.ts';

function cellOf(view: ReturnType<typeof monthView>, date: string) {
  const cell = view.cells.find((c) => c.date === date);
  if (!cell) throw new Error(`no cell ${date}`);
  return cell;
}

describe('monthView', () => {
  it('lays out whole weeks starting on Monday by default, or Sunday', () => {
    const feb = monthView(2024, 2);
    expect(feb.weekStart).toBe(1);
    expect(feb.cells).toHaveLength(35);
    expect(feb.cells[0].date).toBe('2024-01-29'); // Monday before Thursday 2024-02-01
    expect(feb.cells[0].inMonth).toBe(false);
    expect(feb.cells.filter((c) => c.inMonth)).toHaveLength(29);
    const sunday = monthView(2024, 2, { weekStart: 0 });
    expect(sunday.cells[0].date).toBe('2024-01-28');
    expect(sunday.cells[0].weekday).toBe(0);
    // 2026-03 starts on a Sunday: Monday-first needs six weeks.
    expect(monthView(2026, 3).weeks).toBe(6);
    expect(monthView(2026, 3).cells).toHaveLength(42);
    // 2015-02 is exactly four weeks from Sunday 2-01; the grid still shows five (35 cells).
    expect(monthView(2015, 2, { weekStart: 0 }).cells).toHaveLength(35);
  });

  it('labels 节日 > 节气 > 农历日 and shows the month name on 初一', () => {
    const feb = monthView(2024, 2);
    expect(cellOf(feb, '2024-02-10')).toMatchObject({
      label: '春节',
      labelKind: 'festival',
      lunarDay: '初一',
    });
    expect(cellOf(feb, '2024-02-09')).toMatchObject({ label: '除夕', labelKind: 'festival' });
    expect(cellOf(feb, '2024-02-04')).toMatchObject({ label: '立春', labelKind: 'term' });
    expect(cellOf(feb, '2024-02-20')).toMatchObject({ label: '十一', labelKind: 'lunar' });
    expect(cellOf(feb, '2024-02-24')).toMatchObject({ label: '元宵节' });
    // 2023-03-22 is 闰二月初一.
    expect(cellOf(monthView(2023, 3), '2023-03-22')).toMatchObject({ label: '闰二月', lunarDay: '初一' });
  });

  it('marks 休/班, salary multipliers, weekends and today', () => {
    const feb = monthView(2024, 2, { today: '2024-02-10' });
    expect(cellOf(feb, '2024-02-04')).toMatchObject({ rest: '班', salaryMultiplier: 1, weekend: true });
    expect(cellOf(feb, '2024-02-10')).toMatchObject({ rest: '休', salaryMultiplier: 3, today: true });
    expect(cellOf(feb, '2024-02-13')).toMatchObject({ rest: '休', salaryMultiplier: 2, weekend: false });
    expect(cellOf(feb, '2024-02-18')).toMatchObject({ rest: '班', salaryMultiplier: 1 });
    expect(cellOf(feb, '2024-02-24')).toMatchObject({ rest: null, salaryMultiplier: 2, weekend: true });
    expect(feb.cells.filter((c) => c.today)).toHaveLength(1);
    // No holiday data for 2030: no 休/班 and no multiplier, never a guess.
    expect(cellOf(monthView(2030, 10), '2030-10-01')).toMatchObject({ rest: null, salaryMultiplier: null });
  });

  it('covers the edges of the tables and rejects bad months', () => {
    const jan1900 = monthView(1900, 1);
    expect(cellOf(jan1900, '1900-01-30').lunarDay).toBe('');
    expect(cellOf(jan1900, '1900-01-31')).toMatchObject({ label: '春节', lunarDay: '初一' });
    expect(monthView(2100, 12).cells.at(-1)?.lunarDay).not.toBe('');
    expect(() => monthView(1899, 12)).toThrow('wrong solar year');
    expect(() => monthView(2024, 13)).toThrow('wrong solar month');
    expect(() => monthView(2024, 0)).toThrow('wrong solar month');
    expect(() => monthView(2024, 2, { today: '2024-02-30' })).toThrow('wrong solar day');
  });
});
