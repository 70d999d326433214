/**
 * The settings each API node gets, read back by the API's own configuration parser: what the nodes
 * run with is what config.ts accepts, not what this script believes it means.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/api/src/config.ts';
import { deploymentOf, freshCredentials } from './layout.ts';
import { clusterNodeEnv, directEnv, singleNodeEnv } from './node-env.ts';
import { parseOptions } from './options.ts';

const runDir = mkdtempSync(join(tmpdir(), 'xuanli-cluster-env-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));

function deployment() {
  const d = deploymentOf(parseOptions(['--run-dir', runDir], {}, '/repo'), '/repo', {
    brotliModule: null,
    nginxUser: null,
    credentials: { ...freshCredentials(), appPassword: 'app-pass' },
  });
  mkdirSync(join(runDir, 'secrets'), { recursive: true });
  writeFileSync(d.layout.jwtSecretFile, 'k'.repeat(48));
  return d;
}

describe('the nodes of the cluster', () => {
  const d = deployment();
  const envs = d.ports.nodes.map((_, i) => clusterNodeEnv(d, i));

  it('pool through PgBouncer, listen and read the replica directly, and share secret, store and outbox', () => {
    for (const [i, env] of envs.entries()) {
      const config = loadConfig(env);
      expect(config.port).toBe(18701 + i);
      expect(config.databaseUrl).toBe('postgres://xuanli:app-pass@127.0.0.1:18710/xuanli');
      expect(config.jwtSecret).toBe('k'.repeat(48));
      expect(config.storage).toMatchObject({
        kind: 's3',
        endpoint: 'http://127.0.0.1:18713',
        bucket: 'xuanli',
        forcePathStyle: true,
      });
      expect(config.sms.outboxDir).toBe(join(runDir, 'outbox'));
      expect(config.pay.sandbox).toBe(true);
      // Counters shared through the database, not per process.
      expect(config.rateLimitStore).toBe('database');
      expect(env.DATABASE_LISTEN_URL).toBe('postgres://xuanli:app-pass@127.0.0.1:18711/xuanli');
      expect(env.DATABASE_PREPARED_STATEMENTS).toBe('off');
      expect(env.DATABASE_REPLICA_URL).toBe('postgres://xuanli:app-pass@127.0.0.1:18712/xuanli');
    }
    expect(new Set(envs.map((env) => env.DATA_DIR)).size).toBe(3);
  });

  it('believe one proxy hop: the X-Forwarded-For entry nginx adds', () => {
    const { trustProxy } = loadConfig(envs[0]);
    expect(trustProxy).toBe(1);
  });

  it('let the migrate command and the operators reach the primary directly', () => {
    const env = directEnv(d);
    expect(loadConfig(env).databaseUrl).toBe('postgres://xuanli:app-pass@127.0.0.1:18711/xuanli');
    expect(env.STORAGE).toBe('s3');
  });
});

describe('the one node of --single', () => {
  it('runs on PGlite in its data folder with local files, as npm start does', () => {
    const d = deployment();
    const config = loadConfig(singleNodeEnv(d));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(join(runDir, 'node-1'));
    expect(config.storage.kind).toBe('local');
    expect(config.rateLimitStore).toBe('memory');
    expect(config.trustProxy).toBe(false);
  });
});
