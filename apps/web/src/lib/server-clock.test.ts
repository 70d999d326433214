import { describe, expect, it } from 'vitest';
import { createServerClock } from './server-clock';

const SERVER = Date.parse('2026-05-01T10:00:00Z');
const header = (ms: number) => new Date(ms).toUTCString();

describe('createServerClock', () => {
  it('is the phone clock until an answer says otherwise', () => {
    const clock = createServerClock(() => SERVER - 5000);
    expect(clock.now()).toBe(SERVER - 5000);
  });

  it('follows the server when the phone is years behind', () => {
    let phone = Date.parse('2024-02-10T04:00:00Z');
    const clock = createServerClock(() => phone);
    clock.note(header(SERVER));
    expect(Math.abs(clock.now() - SERVER)).toBeLessThanOrEqual(1000);
    // The phone's clock still measures the time that passes.
    phone += 60_000;
    expect(Math.abs(clock.now() - (SERVER + 60_000))).toBeLessThanOrEqual(1000);
  });

  it('follows the server when the phone is minutes ahead', () => {
    const clock = createServerClock(() => SERVER + 20 * 60_000);
    clock.note(header(SERVER));
    expect(Math.abs(clock.now() - SERVER)).toBeLessThanOrEqual(1000);
  });

  it('keeps a phone clock that is right within the header’s second', () => {
    const phone = SERVER + 700;
    const clock = createServerClock(() => phone);
    clock.note(header(SERVER));
    expect(clock.now()).toBe(phone);
  });

  it('ignores a missing or unreadable header', () => {
    const phone = SERVER - 3_600_000;
    const clock = createServerClock(() => phone);
    clock.note(header(SERVER));
    const corrected = clock.now();
    clock.note(null);
    clock.note('not a date');
    expect(clock.now()).toBe(corrected);
  });
});
