import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConfigError, integerSetting, readNamedSettings, readSettings } from './settings.ts';

const SCHEMA = Type.Object({
  SOME_LIMIT: integerSetting(1, 100, 10),
  SOME_WAIT_MS: integerSetting(0, 5000, 250),
});

describe('settings from the environment', () => {
  it('reads each variable converted, an unset or empty one as its default', () => {
    expect(readSettings(SCHEMA, { SOME_LIMIT: '42', SOME_WAIT_MS: '' })).toEqual({
      SOME_LIMIT: 42,
      SOME_WAIT_MS: 250,
    });
  });

  it('answers them under the names the module uses', () => {
    expect(
      readNamedSettings(SCHEMA, { SOME_WAIT_MS: '900' }, { limit: 'SOME_LIMIT', waitMs: 'SOME_WAIT_MS' }),
    ).toEqual({ limit: 10, waitMs: 900 });
  });

  it('refuses a bad value naming the variable, its range and what it got', () => {
    const read = () => readNamedSettings(SCHEMA, { SOME_LIMIT: '0' }, { limit: 'SOME_LIMIT' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow("SOME_LIMIT must be an integer from 1 to 100, got '0'");
  });

  it.each(['Infinity', '-Infinity', 'many'])('refuses %s for a whole number, whatever its range', (given) => {
    expect(() => readSettings(SCHEMA, { SOME_LIMIT: given })).toThrow(
      `SOME_LIMIT must be an integer from 1 to 100, got '${given}'`,
    );
  });
});
