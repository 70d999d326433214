import { describe, expect, it } from 'vitest';
import { isVipActive } from './entitlements.ts';

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0);
const clock = { now: () => NOW };

describe('isVipActive', () => {
  it('is active only while vip_expire lies after now', () => {
    expect(isVipActive({ vipExpire: new Date(NOW + 1000) }, clock)).toBe(true);
    expect(isVipActive({ vipExpire: new Date(NOW) }, clock)).toBe(false);
    expect(isVipActive({ vipExpire: new Date(NOW - 1) }, clock)).toBe(false);
  });

  it('is never active without an expiry or without a user', () => {
    expect(isVipActive({ vipExpire: null }, clock)).toBe(false);
    expect(isVipActive(null, clock)).toBe(false);
    expect(isVipActive(undefined, clock)).toBe(false);
  });
});
