import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_NOW, fixedClock, testConfig } from '../../test/build.ts';
import { runAdmin } from '../../test/process-server.ts';
import { useTestApp } from '../../test/suite.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { operators } from '../modules/admin/testing-tables.ts';
import { auditLog } from '../shared/audit.ts';
import { runCommand, UsageError } from './commands.ts';

const login = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

describe('operator commands', () => {
  const t = useTestApp();

  const admin = (input: string | undefined, ...argv: string[]) =>
    runCommand({ db: t.database.db, clock: t.clock, actor: 'root@ops', config: t.config, input }, argv);

  it('adds an operator from a password on stdin, who then logs in to the console', async () => {
    const output = await admin(
      'first-admin-password\n',
      'operator',
      'add',
      'chief',
      '--role',
      'admin',
      '--password-stdin',
      '--name',
      '王主管',
    );
    expect(output).toMatch(/^operator \d+ chief added as admin$/);
    // The trailing line break of `echo … |` is not part of the password.
    const res = await login(t.app, 'chief', 'first-admin-password');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData.operator).toMatchObject({
      username: 'chief',
      displayName: '王主管',
      role: 'admin',
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.add'));
    expect(row).toMatchObject({
      actor: 'root@ops',
      operatorId: null,
      after: { username: 'chief', role: 'admin' },
    });
    expect(await admin(undefined, 'operator', 'list')).toMatch(
      /^\d+\tchief\tadmin\tno-totp\tactive\tlast login 2026-01-15T04:00:00.000Z\t王主管$/m,
    );
  });

  it('takes the password from stdin only, and refuses a wrong command line', async () => {
    for (const argv of [
      ['operator', 'add', 'someone', '--role', 'editor'],
      ['operator', 'add', 'someone', '--role', 'editor', '--password', 'in-argv-password'],
      ['operator', 'add', 'someone', '--password-stdin'],
      ['operator', 'add', '--role', 'editor', '--password-stdin'],
      ['operator', 'add', 'someone', 'extra', '--role', 'editor', '--password-stdin'],
      ['operator', 'password', 'chief'],
      ['operator', 'disable'],
      ['operator', 'list', 'extra'],
    ]) {
      await expect(admin('long-enough-password', ...argv), argv.join(' ')).rejects.toBeInstanceOf(UsageError);
    }
    await expect(
      admin('', 'operator', 'add', 'someone', '--role', 'editor', '--password-stdin'),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      admin('short', 'operator', 'add', 'someone', '--role', 'editor', '--password-stdin'),
    ).rejects.toMatchObject({
      code: 'ValidationError',
    });
    await expect(
      admin('long-enough-password', 'operator', 'add', 'someone', '--role', 'owner', '--password-stdin'),
    ).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(
      admin('long-enough-password', 'operator', 'add', 'Bad Name', '--role', 'editor', '--password-stdin'),
    ).rejects.toMatchObject({ code: 'ValidationError' });
    await expect(
      admin('long-enough-password', 'operator', 'add', 'chief', '--role', 'editor', '--password-stdin'),
    ).rejects.toMatchObject({ code: 'Conflict' });
    const rows = await t.database.db.select().from(operators).where(eq(operators.username, 'someone'));
    expect(rows).toEqual([]);
  });

  it('sets a password (ending the logins) and disables an operator', async () => {
    await admin('second-password-1', 'operator', 'add', 'helper', '--role', 'support', '--password-stdin');
    const jwt = (await login(t.app, 'helper', 'second-password-1')).json().resData.jwt;
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${jwt}` } });
    expect((await me()).statusCode).toBe(200);
    expect(await admin('third-password-22\r\n', 'operator', 'password', 'helper', '--password-stdin')).toBe(
      'operator helper: password set; their logins are ended',
    );
    expect((await me()).statusCode).toBe(401);
    expect((await login(t.app, 'helper', 'second-password-1')).statusCode).toBe(401);
    expect((await login(t.app, 'helper', 'third-password-22')).statusCode).toBe(200);
    expect(await admin(undefined, 'operator', 'disable', 'helper', '--reason', '调岗')).toBe(
      'operator helper disabled; their logins are ended',
    );
    expect((await login(t.app, 'helper', 'third-password-22')).statusCode).toBe(401);
    await expect(admin(undefined, 'operator', 'disable', 'nobody')).rejects.toMatchObject({
      code: 'NotFound',
    });
  });
});

const SECRET = 'cli-test-secret-cli-test-secret-0123456789';

describe('npm run admin -- operator add', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'xuanli-operator-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  /** What `npm run admin` runs with on this data folder. */
  const env = { DATA_DIR: dataDir, JWT_SECRET: SECRET };

  it('makes the first admin from stdin with no server running, then through a running server', async () => {
    const added = await runAdmin(
      env,
      ['operator', 'add', 'first.admin', '--role', 'admin', '--password-stdin'],
      'the-first-admin-pw\n',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^operator \d+ first\.admin added as admin\n$/);

    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    let app: FastifyInstance | undefined;
    try {
      await database.migrate();
      app = await buildApp({
        db: database.db,
        config: testConfig({ dataDir, jwtSecret: SECRET }),
        clock: fixedClock(FIXED_NOW),
        logger: false,
      });
      await app.ready();
      expect((await login(app, 'first.admin', 'the-first-admin-pw')).statusCode).toBe(200);
      // The server holds the folder now: the password goes over its operator channel.
      const changed = await runAdmin(
        env,
        ['operator', 'password', 'first.admin', '--password-stdin'],
        'a-changed-password',
      );
      expect(changed.stderr).toBe('');
      expect(changed.code).toBe(0);
      expect((await login(app, 'first.admin', 'the-first-admin-pw')).statusCode).toBe(401);
      expect((await login(app, 'first.admin', 'a-changed-password')).statusCode).toBe(200);
      const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.password'));
      expect(row.actor).toMatch(/\(admin channel\)$/);
      const refused = await runAdmin(env, ['operator', 'add', 'second', '--role', 'editor'], 'x');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('--password-stdin');
    } finally {
      await app?.close();
      await database.close();
    }
  });
});
