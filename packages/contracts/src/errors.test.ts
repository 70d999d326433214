import { ALMANAC_ERROR_MESSAGES } from '@xuanli/almanac/errors';
import { describe, expect, it } from 'vitest';
import {
  API_ERROR_STATUS,
  ENGINE_ERROR_CODES,
  ERROR_CODES,
  ERROR_MESSAGES_ZH,
  isErrorCode,
  statusOfCode,
} from './errors.ts';

describe('error vocabulary', () => {
  it('lists exactly the engine codes, so every engine refusal crosses the wire with its own code', () => {
    expect([...ENGINE_ERROR_CODES].sort()).toEqual(Object.keys(ALMANAC_ERROR_MESSAGES).sort());
  });

  it('gives every code a Chinese sentence a user can act on', () => {
    expect(Object.keys(ERROR_MESSAGES_ZH).sort()).toEqual([...ERROR_CODES].sort());
    for (const [code, message] of Object.entries(ERROR_MESSAGES_ZH)) {
      expect(message, code).toMatch(/^[\u4e00-\u9fff]/);
      expect(message.length, code).toBeGreaterThanOrEqual(4);
    }
  });

  it('maps API codes to their status and engine codes to 400', () => {
    expect(statusOfCode('Unauthorized')).toBe(401);
    expect(statusOfCode('Unavailable')).toBe(503);
    expect(statusOfCode('WRONG_LUNAR_MONTH')).toBe(400);
    for (const [code, status] of Object.entries(API_ERROR_STATUS)) {
      expect(statusOfCode(code as keyof typeof API_ERROR_STATUS)).toBe(status);
    }
  });

  it('recognises its own codes only', () => {
    expect(isErrorCode('WRONG_SEX')).toBe(true);
    expect(isErrorCode('NotFound')).toBe(true);
    expect(isErrorCode('notfound')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
