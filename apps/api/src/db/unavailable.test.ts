import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, testConfig } from '../../test/build.ts';
import { freePort } from '../../test/process-server.ts';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

function pgError(code: string, message = 'error'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', pgError('ECONNRESET')],
    ['pool connect time-out', new Error('timeout exceeded when trying to connect')],
    ['client connect time-out', new Error('Connection terminated due to connection timeout')],
    ['query read time-out', new Error('Query read timeout')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['statement_timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['admin shutdown', pgError('57P01')],
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['connection exception class 08', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['an attempt of an AggregateError', new AggregateError([pgError('ECONNREFUSED')], 'all attempts failed')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    // As Drizzle hands it over: wrapped, the driver's error in `cause`.
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], error))).toBe(true);
  });

  it.each([
    ['a syntax error', pgError('42601', 'syntax error at or near "selec"')],
    ['a unique violation', pgError('23505')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives a cycle of causes', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('a database that is down', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A PostgreSQL address where nothing listens: every query fails with ECONNREFUSED at once.
    const port = await freePort();
    database = await openDatabase({ kind: 'postgres', url: `postgres://xuanli@127.0.0.1:${port}/xuanli` });
    app = await buildApp({ db: database.db, config: testConfig(), clock: fixedClock(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 Unavailable on a route that writes (never 500), without internals', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/base/token' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'Unavailable', msg: 'database unavailable' });
    expect(res.body).not.toContain('127.0.0.1');
  });

  it('answers 503 Unavailable on the health check', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
  });
});
