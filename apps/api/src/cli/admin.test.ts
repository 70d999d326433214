import { existsSync, mkdtempSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, fixedClock, testConfig } from '../../test/build.ts';
import { type AdminRun, runAdmin } from '../../test/process-server.ts';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { users } from '../modules/member/testing-tables.ts';
import { auditLog } from '../shared/audit.ts';
import { CHANNEL_FILE } from './channel.ts';

const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

/** Runs `npm run admin -- …args` on the data folder `dataDir`, as the operator on the server's machine does. */
function admin(dataDir: string, ...args: string[]): Promise<AdminRun> {
  return runAdmin({ DATA_DIR: dataDir, JWT_SECRET: SECRET }, args);
}

const DAY = 86_400_000;

describe('npm run admin', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-admin-'));
  const phone = '13900001111';
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function openFolder(): Promise<Database> {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    await database.migrate();
    return database;
  }

  beforeAll(async () => {
    const database = await openFolder();
    try {
      await database.db.insert(users).values({ phone, nickname: '老王' });
    } finally {
      await database.close();
    }
  });

  it('prints its help and exits 2 for a wrong command line, without opening the database', async () => {
    for (const args of [[], ['vip', 'grant', phone, 'ten'], ['vip', 'show', phone, '--x', '1']]) {
      const result = await admin(dataDir, ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout + result.stderr).toContain('npm run admin -- vip grant <phone> <days>');
    }
    expect((await admin(dataDir, 'help')).code).toBe(0);
  });

  it('opens the embedded database itself when no server runs', async () => {
    const before = Date.now();
    const granted = await admin(dataDir, 'vip', 'grant', phone, '30', '--reason', '微信转账 30 天');
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toMatch(/^user \d+ 139\*\*\*\*1111 老王: VIP until \d{4}-\d\d-\d\dT/);
    const shown = await admin(dataDir, 'vip', 'show', phone);
    expect(shown.stdout).toBe(granted.stdout);
    const missing = await admin(dataDir, 'vip', 'show', '13900002222');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no account with phone 139****2222');

    const database = await openFolder();
    try {
      const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
      const expiry = user.vipExpire!.getTime();
      expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY);
      expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY);
      const [audit] = await database.db.select().from(auditLog);
      expect(audit).toMatchObject({ action: 'vip.grant', target: `user:${user.id}` });
      expect(audit.actor).toMatch(/@/);
      expect(audit.detail).toBe('微信转账 30 天');
    } finally {
      await database.close();
    }
  });

  describe('while a server holds the data folder', () => {
    let database: Database;
    let app: FastifyInstance;
    const clock = fixedClock(FIXED_NOW);

    beforeAll(async () => {
      database = await openFolder();
      // Start the server's clock at the current expiry, so that extending is visibly from it.
      const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
      clock.set(user.vipExpire!.getTime() - 10 * DAY);
      app = await buildApp({ db: database.db, config: testConfig({ dataDir }), clock, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('writes a private channel file, and removes it when the server stops', () => {
      const file = join(dataDir, CHANNEL_FILE);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('sends the command to the server, which extends from the current expiry and audits it', async () => {
      const [before] = await database.db.select().from(users).where(eq(users.phone, phone));
      const result = await admin(dataDir, 'vip', 'grant', phone, '--days', '10');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const expected = new Date(before.vipExpire!.getTime() + 10 * DAY).toISOString();
      expect(result.stdout.trim()).toBe(`user ${before.id} 139****1111 老王: VIP until ${expected}`);
      const [after] = await database.db.select().from(users).where(eq(users.phone, phone));
      expect(after.vipExpire!.toISOString()).toBe(expected);
      const audits = await database.db.select().from(auditLog);
      expect(audits.at(-1)).toMatchObject({ action: 'vip.grant', at: new Date(clock.now()) });
      expect(audits.at(-1)?.actor).toMatch(/\(admin channel\)$/);
    });

    it('passes refusals and usage errors back with their exit status', async () => {
      const missing = await admin(dataDir, 'vip', 'revoke', '13900003333');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no account with phone 139****3333');
      const revoked = await admin(dataDir, 'vip', 'revoke', phone);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(/: not VIP\n$/);
    });

    it('says the folder is in use when the server cannot be reached', async () => {
      const file = join(dataDir, CHANNEL_FILE);
      unlinkSync(file);
      const result = await admin(dataDir, 'vip', 'show', phone);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is in use by another 玄历 API server');
    });
  });

  it('left no channel file behind once the server stopped', () => {
    expect(existsSync(join(dataDir, CHANNEL_FILE))).toBe(false);
  });
});
