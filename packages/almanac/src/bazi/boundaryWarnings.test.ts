import { describe, expect, it } from 'vitest';
import { baziChart } from './chart.ts';

const kinds = (born: string, extra: Record<string, unknown> = {}) =>
  baziChart({ born, sex: '男', timeZone: 'UTC+8', ...extra }).warnings;

describe('boundaryWarnings', () => {
  it('near 立春 (2024-02-04 16:27:01 Beijing): year and month on the other side', () => {
    const w = kinds('公 2024-02-04 16:20').find((x) => x.kind === 'jie')!;
    expect(w.minutes).toBe(7);
    expect(w.alternative).toMatchObject({ year: '甲辰', month: '丙寅' });
    expect(w.message).toContain('立春');
    const after = kinds('公 2024-02-04 16:30').find((x) => x.kind === 'jie')!;
    expect(after.alternative).toMatchObject({ year: '癸卯', month: '乙丑' });
  });
  it('near a double-hour and midnight; 23:xx reports the other 子时 school', () => {
    const h = kinds('公 2024-05-10 08:58').find((x) => x.kind === 'hour')!;
    expect(h.alternative?.hour[1]).toBe('巳');
    const z = kinds('公 2024-05-10 23:30').find((x) => x.kind === 'zi')!;
    const c = baziChart({ born: '公 2024-05-10 23:30', sex: '男', zi: 'early', timeZone: 'UTC+8' });
    expect(z.alternative).toEqual(c.sizhu);
    expect(kinds('公 2024-05-10 23:55').some((x) => x.kind === 'midnight')).toBe(true);
    expect(kinds('公 2024-05-10 23:55', { zi: 'early' }).some((x) => x.kind === 'midnight')).toBe(false);
    expect(kinds('公 2024-05-10 10:00')).toEqual([]);
  });
  it('DST in China: applied, with the standard-time reading as the alternative', () => {
    const w = baziChart({ born: '公 1988-06-10 09:10', sex: '男' }).warnings.find((x) => x.kind === 'dst')!;
    expect(w.alternative?.hour[1]).toBe('巳');
    expect(
      baziChart({ born: '公 1988-04-17 02:30', sex: '男' }).warnings.find((x) => x.kind === 'dst')?.message,
    ).toContain('跳过');
    expect(baziChart({ born: '公 1988-04-17 01:50', sex: '男' }).warnings.some((x) => x.kind === 'dst')).toBe(
      true,
    );
  });
  it('true solar time that changes the hour; missing time; unmodelled zone history', () => {
    const w = baziChart({ born: '公 2024-05-10 09:05', sex: '男', longitude: 87.6 }).warnings;
    expect(w.find((x) => x.kind === 'trueSolar')?.alternative?.hour[1]).toBe('巳');
    expect(kinds('公 2024-05-10').some((x) => x.kind === 'noTime')).toBe(true);
    expect(
      baziChart({ born: '公 1975-05-10 10:00', sex: '男', timeZone: 'Asia/Hong_Kong' }).warnings.some(
        (x) => x.kind === 'zone',
      ),
    ).toBe(true);
  });
});
