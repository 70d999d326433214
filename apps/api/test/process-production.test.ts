/**
 * The real server under NODE_ENV=production: development settings are refused before the port or the
 * data folder is touched, with one line naming every setting that is wrong and no stack trace; a
 * complete configuration starts, its OpenAPI pages ask for a console login, and answers carry
 * Strict-Transport-Security only when the request came over https.
 */
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  request,
  runAdmin,
  type ServerProcess,
  serverFolder,
  startServer,
  stopServer,
  waitHealthy,
  within,
} from './process-server.ts';

const root = serverFolder('xuanli-production-');

// PGlite's initdb takes ~10 s on an idle 2-core machine, and several times that while other suites run.
const FIRST_START_MS = 110_000;
const REFUSAL_MS = 80_000;

/** A random key of letters and digits, as providers hand them out. */
function randomKey(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A PEM file in the test's folder, for a `*_FILE` setting. */
function pemFile(name: string, text: string): string {
  const file = join(root, name);
  writeFileSync(file, text, { mode: 0o600 });
  return file;
}

const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipayKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A complete production configuration (Alipay as the one channel), on data folder `dataDir`. */
function productionEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SMS_PROVIDER: 'tencent',
    SMS_ACCESS_KEY_ID: 'AKIDexample0000',
    SMS_ACCESS_KEY_SECRET: randomKey(32),
    SMS_SIGN_NAME: '玄历',
    SMS_TEMPLATE_CODE: '1234567',
    SMS_SDK_APP_ID: '1400000000',
    PAY_PUBLIC_URL: 'https://xuanli.example.com',
    ALIPAY_APP_ID: '2021000000000001',
    ALIPAY_SELLER_ID: '2088000000000001',
    ALIPAY_PRIVATE_KEY_FILE: pemFile(
      'alipay-app.pem',
      appKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ),
    ALIPAY_PUBLIC_KEY_FILE: pemFile(
      'alipay-public.pem',
      alipayKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ),
    // Behind one proxy (here: the test itself on loopback), which says whether the client used https.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  };
}

/** Starts a server expected to refuse, and returns its exit code and every line it printed. */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const server = await startServer(env);
  try {
    const code = await within(server.exited, REFUSAL_MS, 'the refused server to exit');
    return { code, lines: server.output().trim().split('\n') };
  } finally {
    server.child.kill('SIGKILL');
  }
}

describe('a production server', () => {
  it(
    'refuses development settings with one line naming each, before touching the data folder',
    async () => {
      const dataDir = join(root, 'bare');
      const { code, lines } = await refusedStart({ NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      const [line] = lines;
      expect(line).toMatch(/^玄历 API: NODE_ENV=production refuses to start: SMS_PROVIDER is outbox/);
      for (const named of [
        'no payment channel',
        'PAY_PUBLIC_URL is not set',
        'JWT_SECRET or JWT_SECRET_FILE',
      ]) {
        expect(line).toContain(named);
      }
      expect(line).not.toMatch(/\bat .+:\d+:\d+/);
      // Neither a generated secret nor a lock nor a database.
      expect(existsSync(dataDir)).toBe(false);
    },
    REFUSAL_MS + 10_000,
  );

  it(
    'refuses one bad setting in an otherwise complete configuration, naming only it',
    async () => {
      const dataDir = join(root, 'sandbox');
      const { code, lines } = await refusedStart({ ...productionEnv(dataDir), PAY_SANDBOX: 'on' });
      expect(code).toBe(1);
      expect(lines).toEqual([
        '玄历 API: NODE_ENV=production refuses to start: PAY_SANDBOX=on opens the pretend cashier, where anyone pays without money; remove it',
      ]);
      expect(existsSync(dataDir)).toBe(false);
    },
    REFUSAL_MS + 10_000,
  );

  it(
    'refuses a weak JWT secret without printing it',
    async () => {
      const secret = 'correct-horse-battery-staple-password-2026';
      const { code, lines } = await refusedStart({
        ...productionEnv(join(root, 'weak')),
        JWT_SECRET: secret,
      });
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('JWT_SECRET holds a placeholder word');
      expect(lines[0]).not.toContain('horse');
    },
    REFUSAL_MS + 10_000,
  );

  describe('on a complete configuration', () => {
    const env = productionEnv(join(root, 'live'));
    let server: ServerProcess;

    it(
      'starts',
      async () => {
        server = await startServer(env);
        await waitHealthy(server, FIRST_START_MS);
      },
      FIRST_START_MS + 10_000,
    );

    it('serves its OpenAPI pages to a console login only', async () => {
      for (const path of ['/api/docs/', '/api/docs/json']) {
        const refused = await request(server, path);
        expect(refused.status, path).toBe(401);
        expect(JSON.parse(refused.body), path).toMatchObject({ code: 'Unauthorized' });
      }
      const password = 'production-console-2026';
      const added = await runAdmin(
        env,
        ['operator', 'add', 'root', '--role', 'admin', '--password-stdin'],
        password,
      );
      expect(added.stderr).toBe('');
      expect(added.code).toBe(0);
      const login = await request(server, '/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root', password }),
      });
      expect(login.status, login.body).toBe(200);
      const authorization = `Bearer ${JSON.parse(login.body).resData.jwt}`;
      const docs = await request(server, '/api/docs/json', { headers: { authorization } });
      expect(docs.status).toBe(200);
      expect(Object.keys(JSON.parse(docs.body).paths)).toContain('/api/shop/orders');
    });

    it('sends Strict-Transport-Security when the proxy says https, never over plain http', async () => {
      const hsts = async (headers: Record<string, string>) =>
        (await fetch(`${server.origin}/api/calendar/terms?year=2024`, { headers })).headers.get(
          'strict-transport-security',
        );
      expect(await hsts({ 'x-forwarded-proto': 'https' })).toMatch(/^max-age=\d+; includeSubDomains$/);
      expect(await hsts({ 'x-forwarded-proto': 'http' })).toBeNull();
      expect(await hsts({})).toBeNull();
    });

    it('stops cleanly', async () => {
      expect(await stopServer(server)).toBe(0);
    });
  });
});
