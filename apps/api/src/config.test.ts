import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_TIMEOUTS, loadConfig, loadTimeouts } from './config.ts';

describe('loadConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has working defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      logLevel: 'info',
      rateLimitMax: 300,
    });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('generates the JWT secret once, keeps it private in DATA_DIR and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('takes JWT_SECRET, PORT and DATABASE_URL from the environment', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 's'.repeat(40),
      PORT: '9000',
      DATABASE_URL: 'postgres://x@localhost/db',
    });
    expect(config).toMatchObject({
      jwtSecret: 's'.repeat(40),
      port: 9000,
      databaseUrl: 'postgres://x@localhost/db',
    });
  });

  it('refuses settings that cannot work', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });
});

describe('rate-limit, proxy and session settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dir, ...env });

  it('reads TRUST_PROXY as a hop count, never as "trust every hop"', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('reads TRUST_PROXY as a list of proxy addresses and CIDR ranges', () => {
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true with a message saying what to set instead', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/number of proxies.*TRUST_PROXY=1/);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,nope', '::1/129', '99']) {
      expect(() => load({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });

  it('keeps rate-limit counters in the database when there is a PostgreSQL, else in memory', () => {
    expect(load({}).rateLimitStore).toBe('memory');
    expect(load({ DATABASE_URL: 'postgres://x@localhost/db' }).rateLimitStore).toBe('database');
    expect(
      load({ RATE_LIMIT_STORE: 'memory', DATABASE_URL: 'postgres://x@localhost/db' }).rateLimitStore,
    ).toBe('memory');
    expect(() => load({ RATE_LIMIT_STORE: 'redis' })).toThrow(ConfigError);
  });

  it('has named budgets tighter than the general one, each settable', () => {
    const config = load({ RATE_LIMIT_LOGIN_MAX: '5', RATE_LIMIT_SMS_WINDOW_SECONDS: '60' });
    expect(config.rateBudgets.sessionCreate).toEqual({ max: 30, windowSeconds: 60 });
    expect(config.rateBudgets.sessionCreate.max).toBeLessThan(config.rateLimitMax);
    expect(config.rateBudgets.login).toEqual({ max: 5, windowSeconds: 600 });
    expect(config.rateBudgets.sms.windowSeconds).toBe(60);
    expect(() => load({ RATE_LIMIT_SESSION_CREATE_MAX: '0' })).toThrow(ConfigError);
  });

  it('has a token grace period and a clean-up interval that 0 turns off', () => {
    expect(load({})).toMatchObject({ tokenGraceSeconds: 60, cleanupIntervalSeconds: 300 });
    expect(load({ TOKEN_GRACE_SECONDS: '5', CLEANUP_INTERVAL_SECONDS: '0' })).toMatchObject({
      tokenGraceSeconds: 5,
      cleanupIntervalSeconds: 0,
    });
  });
});

describe('the JWT secret file and the time-outs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-config-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the data folder 0700 and the secret 0600, atomically, leaving no temporary file', () => {
    const dataDir = join(dir, 'new', 'data');
    const secret = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir)).toEqual(['jwt-secret']);
  });

  it('refuses an empty or short secret file, naming it, instead of failing every token request later', () => {
    const file = join(dir, 'jwt-secret');
    writeFileSync(file, '\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(`the JWT secret file ${file} is empty`);
    writeFileSync(file, `${'s'.repeat(31)}\n`);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(`${file} is only 31 bytes long`);
    // Bytes, not characters: 11 Chinese characters are 33 bytes of UTF-8.
    writeFileSync(file, '玄'.repeat(11));
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe('玄'.repeat(11));
    writeFileSync(file, 's'.repeat(32));
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe('s'.repeat(32));
  });

  it('has production time-outs by default, each settable in milliseconds', () => {
    expect(loadTimeouts({})).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS).toEqual({
      requestMs: 30_000,
      headersMs: 10_000,
      dbConnectMs: 5_000,
      dbQueryMs: 10_000,
    });
    expect(
      loadTimeouts({
        REQUEST_TIMEOUT_MS: '1500',
        HEADERS_TIMEOUT_MS: '1000',
        DB_CONNECT_TIMEOUT_MS: '800',
        DB_QUERY_TIMEOUT_MS: '900',
      }),
    ).toEqual({ requestMs: 1500, headersMs: 1000, dbConnectMs: 800, dbQueryMs: 900 });
  });

  it('refuses time-outs that cannot work', () => {
    expect(() => loadTimeouts({ REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => loadTimeouts({ DB_QUERY_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadTimeouts({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      'HEADERS_TIMEOUT_MS (6000) must not exceed REQUEST_TIMEOUT_MS (5000)',
    );
  });
});
