import { describe, expect, it } from 'vitest';
import { driverErrorFields, maskDriverText } from './error-masking.ts';

describe('maskDriverText', () => {
  it('masks the values PostgreSQL quotes in its details and messages', () => {
    for (const [text, masked] of [
      ['Key (phone)=(13800138000) already exists.', 'Key (phone)=(…) already exists.'],
      ['Key (user_id, name)=(7, 张(三)) already exists.', 'Key (user_id, name)=(…) already exists.'],
      [
        'Key (user_id)=(42) is not present in table "users".',
        'Key (user_id)=(…) is not present in table "users".',
      ],
      ['Failing row contains (1, 13800138000, 张三, 幸福路 1 号).', 'Failing row contains (…).'],
      ['invalid input syntax for type integer: "13800138000"', 'invalid input syntax for type integer: "…"'],
      ['value "99999999999" is out of range for type integer', 'value "…" is out of range for type integer'],
    ]) {
      expect(maskDriverText(text), text).toBe(masked);
    }
    // What names the failure stays.
    const kept = 'duplicate key value violates unique constraint "users_phone_unique"';
    expect(maskDriverText(kept)).toBe(kept);
  });

  it("masks Drizzle's parameter list in its message and in a stack", () => {
    const message =
      'Failed query: insert into "users" ("phone", "nickname") values ($1, $2)\nparams: 13800138000,张三';
    expect(maskDriverText(message)).toBe(
      'Failed query: insert into "users" ("phone", "nickname") values ($1, $2)\nparams: …',
    );
    const stack = `Error: ${message}\n    at PgPreparedQuery.queryWithCache (session.js:41:15)\n    at run (x.ts:1:1)`;
    expect(maskDriverText(stack)).toBe(
      'Error: Failed query: insert into "users" ("phone", "nickname") values ($1, $2)\nparams: …\n' +
        '    at PgPreparedQuery.queryWithCache (session.js:41:15)\n    at run (x.ts:1:1)',
    );
  });
});

describe('driverErrorFields', () => {
  it('keeps the statement fields, masks the detail and counts the parameters', () => {
    const error = {
      code: '23505',
      table: 'users',
      constraint: 'users_phone_unique',
      detail: 'Key (phone)=(13800138000) already exists.',
      params: ['13800138000', '张三'],
      query: 'insert into "users" ("phone") values ($1)',
      row: { phone: '13800138000' },
    };
    expect(driverErrorFields(error)).toEqual({
      code: '23505',
      table: 'users',
      constraint: 'users_phone_unique',
      detail: 'Key (phone)=(…) already exists.',
      params: '2 masked',
      query: 'insert into "users" ("phone") values ($1)',
    });
  });
});
