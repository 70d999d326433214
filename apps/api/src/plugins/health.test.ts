import { describe, expect, it } from 'vitest';
import { fixedClock, testConfig } from '../../test/build.ts';
import { captureLog } from '../../test/log-capture.ts';
import { useTestApp } from '../../test/suite.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { HEALTH_TIMEOUT_MS } from './health.ts';

describe('GET /api/health', () => {
  const { stream, lines } = captureLog();
  const t = useTestApp({ config: { rateLimitMax: 2 }, logger: { level: 'info', stream } });

  it('answers ok after asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', resData: { status: 'ok' } });
  });

  it('is not rate limited and writes no request log lines', async () => {
    lines.length = 0;
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    expect(lines.filter((line) => line.includes('/api/health'))).toEqual([]);
    // Other routes are still logged (and limited), so the silence is the health route's alone.
    await t.app.inject({ method: 'GET', url: '/api/calendar/terms?year=2024' });
    expect(lines.some((line) => line.includes('/api/calendar/terms'))).toBe(true);
  });

  it('is documented', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/health'].get.tags).toEqual(['ops']);
  });

  it('answers 503 Unavailable when the database does not answer, and logs why', async () => {
    const { stream, lines: logged } = captureLog();
    // A database whose every query fails, as a dropped connection does.
    const down = {
      execute: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.3:5432')),
    } as unknown as Db;
    const app = await buildApp({
      db: down,
      config: testConfig(),
      clock: fixedClock(),
      logger: { level: 'info', stream },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'Unavailable', msg: 'database unavailable' });
      expect(res.body).not.toContain('10.0.0.3');
      expect(logged.some((line) => line.includes('health check: the database did not answer'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers 503 Unavailable within its time-out when the database hangs', async () => {
    // A database that never answers, as a frozen server or a dead network looks to the driver.
    const frozen = { execute: () => new Promise(() => {}) } as unknown as Db;
    const app = await buildApp({ db: frozen, config: testConfig(), clock: fixedClock(), logger: false });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      const elapsed = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'Unavailable', msg: 'database unavailable' });
      expect(elapsed).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(HEALTH_TIMEOUT_MS + 2000);
    } finally {
      await app.close();
    }
  });
});
