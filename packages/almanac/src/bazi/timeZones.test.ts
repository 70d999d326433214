import { describe, expect, it } from 'vitest';
import { dayNumber } from '../solarDate.ts';
import { mulberry32 } from './oracle.test-helpers.ts';
import { dstPeriods, offsetAt, resolveZone, transitionsNear, wallToUtc, ZONES } from './timeZones.ts';

/** ICU's tz data through Intl (test-only oracle): offset in seconds at a UTC instant. */
function icuOffset(zone: string, utc: number): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(utc * 1000)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(part);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
}

const fmt = (s: number) => {
  const n = Math.floor(s / 86400);
  return `${n}:${s - n * 86400}`;
};

describe('timeZones', () => {
  it('China DST 1986–1991: the exact periods (国务院办公厅 1986 通知; tzdb Rule PRC)', () => {
    const z = resolveZone('Asia/Shanghai');
    const expected = [
      [1986, 5, 4, 9, 14],
      [1987, 4, 12, 9, 13],
      [1988, 4, 17, 9, 11],
      [1989, 4, 16, 9, 17],
      [1990, 4, 15, 9, 16],
      [1991, 4, 14, 9, 15],
    ];
    for (const [y, sm, sd, em, ed] of expected) {
      const [p] = dstPeriods(z, y);
      // starts 02:00 standard (= 18:00 UTC the day before), ends 02:00 DST (= 17:00 UTC the day before)
      expect(fmt(p.start)).toBe(fmt(dayNumber(y, sm, sd) * 86400 - 6 * 3600));
      expect(fmt(p.end)).toBe(fmt(dayNumber(y, em, ed) * 86400 - 7 * 3600));
    }
    expect(dstPeriods(z, 1985)).toEqual([]);
    expect(dstPeriods(z, 1992)).toEqual([]);
  });
  it('agrees with ICU tz data on random instants inside each zone’s modelled years', () => {
    const rnd = mulberry32(7);
    for (const z of ZONES) {
      const from = Math.max(z.modelledFrom, 1970);
      const a = dayNumber(from, 1, 1) * 86400;
      const b = dayNumber(2026, 1, 1) * 86400; // future rules are politics (British Columbia plans permanent DST)
      for (let i = 0; i < 400; i++) {
        const t = Math.floor(a + rnd() * (b - a));
        expect([z.id, t, offsetAt(z, t).offset]).toEqual([z.id, t, icuOffset(z.id, t)]);
      }
      // and right around every transition
      for (let y = from; y < 2026; y++) {
        for (const p of dstPeriods(z, y)) {
          for (const t of [p.start - 1, p.start, p.end - 1, p.end])
            expect([z.id, t, offsetAt(z, t).offset]).toEqual([z.id, t, icuOffset(z.id, t)]);
        }
      }
    }
  });
  it('resolves wall times, gaps and repeated hours', () => {
    const z = resolveZone('Asia/Shanghai');
    const wall = (y: number, m: number, d: number, h: number, mi = 0) =>
      dayNumber(y, m, d) * 86400 + h * 3600 + mi * 60;
    expect(wallToUtc(z, wall(1990, 5, 10, 8))).toMatchObject({ offset: 9 * 3600, dst: 3600, status: 'ok' });
    expect(wallToUtc(z, wall(1990, 1, 10, 8))).toMatchObject({ offset: 8 * 3600, dst: 0, status: 'ok' });
    expect(wallToUtc(z, wall(1988, 4, 17, 2, 30))).toMatchObject({ status: 'gap', dst: 0 });
    expect(wallToUtc(z, wall(1988, 9, 11, 1, 30))).toMatchObject({ status: 'ambiguous', dst: 3600 });
    expect(transitionsNear(z, wallToUtc(z, wall(1988, 4, 17, 1, 50)).utc, 900)).toHaveLength(1);
  });
  it('accepts fixed offsets and aliases, rejects the rest', () => {
    expect(resolveZone('UTC+8').standardOffset).toBe(28800);
    expect(resolveZone('+05:30').standardOffset).toBe(19800);
    expect(resolveZone('GMT-5').id).toBe('UTC-05:00');
    expect(resolveZone('Asia/Chongqing').id).toBe('Asia/Shanghai');
    expect(resolveZone().id).toBe('Asia/Shanghai');
    for (const bad of ['Mars/Base', 'UTC+15', '+8:99', '']) expect(() => resolveZone(bad)).toThrow();
  });
});
