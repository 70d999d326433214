import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
