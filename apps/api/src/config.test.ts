import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_TIMEOUTS,
  loadConfig,
  loadTimeouts,
  parsePayConfig,
  parseSmsConfig,
  parseStorage,
  parseWechatConfig,
} from './config.ts';
import { selfSignedCertificate } from './modules/pay/testing.ts';

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
      // OWASP's minimum for argon2id.
      passwordHashing: { memoryKiB: 19_456, passes: 2 },
    });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('takes the cost of operator password hashes from ARGON2_MEMORY_KIB and ARGON2_PASSES', () => {
    expect(
      loadConfig({ DATA_DIR: dir, ARGON2_MEMORY_KIB: '65536', ARGON2_PASSES: '3' }).passwordHashing,
    ).toEqual({
      memoryKiB: 65_536,
      passes: 3,
    });
    expect(() => loadConfig({ DATA_DIR: dir, ARGON2_MEMORY_KIB: '8' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ARGON2_PASSES: '0' })).toThrow(ConfigError);
  });

  it('limits what one buyer holds unpaid: 5 orders and 20 pieces of a SKU unless SHOP_MAX_UNPAID_* say otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir }).shop).toEqual({ maxUnpaidOrders: 5, maxUnpaidUnitsPerSku: 20 });
    expect(
      loadConfig({ DATA_DIR: dir, SHOP_MAX_UNPAID_ORDERS: '3', SHOP_MAX_UNPAID_UNITS_PER_SKU: '0' }).shop,
    ).toEqual({ maxUnpaidOrders: 3, maxUnpaidUnitsPerSku: 0 });
    expect(() => loadConfig({ DATA_DIR: dir, SHOP_MAX_UNPAID_ORDERS: '-1' })).toThrow(ConfigError);
    // The module's own schema gives the same start-up message as every integer setting.
    expect(() => loadConfig({ DATA_DIR: dir, SHOP_MAX_UNPAID_ORDERS: '2.5' })).toThrow(
      "SHOP_MAX_UNPAID_ORDERS must be an integer from 0 to 1000000, got '2.5'",
    );
    expect(loadConfig({ DATA_DIR: dir, SHOP_MAX_UNPAID_ORDERS: '' }).shop.maxUnpaidOrders).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dir, SHOP_MAX_UNPAID_UNITS_PER_SKU: 'many' })).toThrow(ConfigError);
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

  it('limits console logins per IP and per username and IP, and only slows a username down', () => {
    const config = load({ RATE_LIMIT_ADMIN_LOGIN_IP_MAX: '50', ADMIN_LOGIN_MAX_DELAY_MS: '2000' });
    expect(config.rateBudgets.adminLogin).toEqual({ max: 10, windowSeconds: 900 });
    expect(config.rateBudgets.adminLoginIp).toEqual({ max: 50, windowSeconds: 900 });
    expect(config.adminLoginSlowdown).toEqual({ freeAttempts: 10, maxDelayMs: 2000 });
    expect(load({}).adminLoginSlowdown.maxDelayMs).toBe(5000);
    // A longer wait than the console waits for an answer would be a lock by another name.
    expect(() => load({ ADMIN_LOGIN_MAX_DELAY_MS: '60000' })).toThrow(ConfigError);
  });

  it('has console upload and lesson-URL settings with defaults', () => {
    expect(load({}).uploads).toEqual({
      chunkBytes: 4 * 1024 * 1024,
      minRateBytesPerSecond: 125_000,
      maxOpenPerOperator: 10,
      maxOpenBytesPerOperator: 8 * 1024 ** 3,
    });
    expect(load({}).playUrlMarginSeconds).toBe(900);
    const set = load({
      UPLOAD_CHUNK_BYTES: '1048576',
      UPLOAD_MIN_RATE_BYTES_PER_SECOND: '250000',
      UPLOAD_MAX_OPEN_PER_OPERATOR: '3',
      UPLOAD_MAX_OPEN_BYTES_PER_OPERATOR: '1000000',
      PLAY_URL_MARGIN_SECONDS: '120',
    });
    expect(set.uploads).toEqual({
      chunkBytes: 1_048_576,
      minRateBytesPerSecond: 250_000,
      maxOpenPerOperator: 3,
      maxOpenBytesPerOperator: 1_000_000,
    });
    expect(set.playUrlMarginSeconds).toBe(120);
    expect(() => load({ UPLOAD_CHUNK_BYTES: '1000' })).toThrow(ConfigError);
    expect(() => load({ UPLOAD_MAX_OPEN_PER_OPERATOR: '0' })).toThrow(ConfigError);
  });

  it('has a token grace period and a clean-up interval that 0 turns off', () => {
    expect(load({})).toMatchObject({ tokenGraceSeconds: 60, cleanupIntervalSeconds: 300 });
    expect(load({ TOKEN_GRACE_SECONDS: '5', CLEANUP_INTERVAL_SECONDS: '0' })).toMatchObject({
      tokenGraceSeconds: 5,
      cleanupIntervalSeconds: 0,
    });
  });

  it('takes the sessions’ lifetimes from the sessions module, and names a bad one', () => {
    expect(load({})).toMatchObject({ tokenTtlSeconds: 7 * 24 * 3600, authCacheSeconds: 2 });
    expect(load({ TOKEN_TTL_SECONDS: '3600', AUTH_CACHE_SECONDS: '0' })).toMatchObject({
      tokenTtlSeconds: 3600,
      authCacheSeconds: 0,
    });
    expect(() => load({ TOKEN_TTL_SECONDS: '59' })).toThrow(
      "TOKEN_TTL_SECONDS must be an integer from 60 to 31536000, got '59'",
    );
    expect(() => load({ RATE_LIMIT_SMS_WINDOW_SECONDS: '86401' })).toThrow(
      "RATE_LIMIT_SMS_WINDOW_SECONDS must be an integer from 1 to 86400, got '86401'",
    );
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

  it('takes the secret from JWT_SECRET_FILE (a mounted secret), never from both places', () => {
    const file = join(dir, 'mounted-secret');
    writeFileSync(file, `${'k'.repeat(20)}Zq7Lp2Mx9vQ2xwRt5W\n`);
    const dataDir = join(dir, 'from-file');
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET_FILE: file });
    expect(config.jwtSecret).toBe(`${'k'.repeat(20)}Zq7Lp2Mx9vQ2xwRt5W`);
    expect(config.jwtSecretSource).toBe('setting');
    // Nothing generated beside the data.
    expect(readdirSync(dir)).not.toContain('from-file');
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET_FILE: file, JWT_SECRET: 's'.repeat(40) }),
    ).toThrow('set JWT_SECRET or JWT_SECRET_FILE, not both');
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET_FILE: join(dir, 'missing') })).toThrow(
      `cannot read JWT_SECRET_FILE ${join(dir, 'missing')}: ENOENT`,
    );
    writeFileSync(file, 'short\n');
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET_FILE: file })).toThrow(
      `the secret in JWT_SECRET_FILE ${file} must be at least 32 bytes long`,
    );
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40) }).jwtSecretSource).toBe('setting');
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecretSource).toBe('data-folder');
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

describe('SMS settings', () => {
  const credentials = {
    SMS_ACCESS_KEY_ID: 'id',
    SMS_ACCESS_KEY_SECRET: 'the-secret-value',
    SMS_SIGN_NAME: '玄历',
    SMS_TEMPLATE_CODE: 'SMS_1',
  };

  it('writes codes to DATA_DIR/outbox by default', () => {
    expect(parseSmsConfig({}, '/data')).toMatchObject({ provider: 'outbox', outboxDir: '/data/outbox' });
    expect(parseSmsConfig({ SMS_OUTBOX_DIR: '/tmp/box' }, '/data').outboxDir).toBe('/tmp/box');
  });

  it('takes aliyun or tencent with their credentials', () => {
    expect(parseSmsConfig({ SMS_PROVIDER: 'aliyun', ...credentials }, '/data')).toMatchObject({
      provider: 'aliyun',
      accessKeyId: 'id',
      signName: '玄历',
    });
    expect(
      parseSmsConfig({ SMS_PROVIDER: 'tencent', SMS_SDK_APP_ID: '1400', ...credentials }, '/data').sdkAppId,
    ).toBe('1400');
  });

  it('refuses a real provider with a credential missing, naming it but never a value', () => {
    for (const missing of Object.keys(credentials)) {
      const env = { SMS_PROVIDER: 'aliyun', ...credentials, [missing]: '' };
      expect(() => parseSmsConfig(env, '/data')).toThrow(ConfigError);
      expect(() => parseSmsConfig(env, '/data')).toThrow(missing);
    }
    const error = (() => {
      try {
        parseSmsConfig({ SMS_PROVIDER: 'tencent', ...credentials }, '/data');
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/SMS_SDK_APP_ID/);
    expect(error?.message).not.toContain('the-secret-value');
    expect(() =>
      loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 's'.repeat(40), SMS_PROVIDER: 'aliyun' }),
    ).toThrow(/SMS_PROVIDER=aliyun needs SMS_ACCESS_KEY_ID/);
  });

  it('refuses an unknown provider and a plain-HTTP endpoint', () => {
    expect(() => parseSmsConfig({ SMS_PROVIDER: 'twilio' }, '/data')).toThrow(/SMS_PROVIDER must be one of/);
    expect(() =>
      parseSmsConfig({ SMS_PROVIDER: 'aliyun', SMS_ENDPOINT: 'http://x', ...credentials }, '/data'),
    ).toThrow(/https/);
  });
});

describe('file storage settings', () => {
  const s3 = {
    STORAGE: 's3',
    S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
    S3_REGION: 'oss-cn-hangzhou',
    S3_BUCKET: 'xuanli-files',
    S3_ACCESS_KEY_ID: 'LTAI-test-id',
    S3_SECRET_ACCESS_KEY: 'the-s3-secret-value',
  };

  it('keeps files in DATA_DIR/files by default', () => {
    expect(parseStorage({}, '/data')).toEqual({ kind: 'local', root: '/data/files' });
    expect(parseStorage({ STORAGE: 'local' }, '/data')).toEqual({ kind: 'local', root: '/data/files' });
    expect(loadConfig({ DATA_DIR: '/srv/xuanli', JWT_SECRET: 's'.repeat(40) }).storage).toEqual({
      kind: 'local',
      root: '/srv/xuanli/files',
    });
  });

  it('reads STORAGE=s3 and S3_*, with the secret held so that it never prints', () => {
    const storage = parseStorage({ ...s3, S3_FORCE_PATH_STYLE: 'true' }, '/data');
    expect(storage).toMatchObject({
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'oss-cn-hangzhou',
      bucket: 'xuanli-files',
      accessKeyId: 'LTAI-test-id',
      forcePathStyle: true,
    });
    if (storage.kind !== 's3') throw new Error('expected s3');
    expect(storage.secretAccessKey.reveal()).toBe('the-s3-secret-value');
    const config = loadConfig({ DATA_DIR: '/data', JWT_SECRET: 's'.repeat(40), ...s3 });
    expect(JSON.stringify(config)).not.toContain('the-s3-secret-value');
    expect(inspect(config, { depth: 10 })).not.toContain('the-s3-secret-value');
    // AWS itself needs no endpoint; the region has a default; path style is off unless asked for.
    expect(parseStorage({ ...s3, S3_ENDPOINT: '', S3_REGION: '' }, '/data')).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('refuses s3 without a bucket or credentials, naming what is missing but never a value', () => {
    for (const missing of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      const env = { ...s3, [missing]: '' };
      expect(() => parseStorage(env, '/data')).toThrow(ConfigError);
      expect(() => parseStorage(env, '/data')).toThrow(missing);
    }
    const messages = [
      { ...s3, S3_BUCKET: ' ' },
      { ...s3, S3_ENDPOINT: 'ftp://files' },
      { ...s3, S3_FORCE_PATH_STYLE: 'maybe' },
      { STORAGE: 'gcs' },
    ].map((env) => {
      try {
        parseStorage(env, '/data');
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    });
    for (const message of messages) {
      expect(message).not.toBe('');
      expect(message).not.toContain('the-s3-secret-value');
    }
  });
});

describe('payment settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-pay-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayApp = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // A platform certificate as WeChat hands one out: X.509 (made by the openssl CLI), also as a file.
  const { certificate } = selfSignedCertificate('3A4F9C0D2B1E5A77');
  writeFileSync(join(dir, 'platform-cert.pem'), certificate);
  const merchantKey = pem(merchant.privateKey, 'pkcs8');
  const apiV3Key = 'the-api-v3-key-0123456789abcdefg';
  const wechat = {
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wxd678efh567hg6787',
    WECHATPAY_MCH_SERIAL_NO: '5157f09efdc096de15ebe81a47057a7232f1b8e1',
    WECHATPAY_MCH_PRIVATE_KEY: merchantKey,
    WECHATPAY_API_V3_KEY: apiV3Key,
    WECHATPAY_PLATFORM_CERT: certificate,
  };
  const alipay = {
    ALIPAY_APP_ID: '2021000000000001',
    // The key tool's form: bare base64 (PKCS#1 for the private key, as it prints by default).
    ALIPAY_PRIVATE_KEY: alipayApp.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
    ALIPAY_PUBLIC_KEY: pem(alipayKey.publicKey, 'spki'),
    ALIPAY_SELLER_ID: '2088102146225135',
  };
  const site = { PAY_PUBLIC_URL: 'https://xuanli.example.com/' };

  it('opens the sandbox alone by default, and not in production unless PAY_SANDBOX=on', () => {
    expect(parsePayConfig({})).toMatchObject({
      sandbox: true,
      wechat: undefined,
      alipay: undefined,
      publicUrl: undefined,
    });
    expect(parsePayConfig({ NODE_ENV: 'production' }).sandbox).toBe(false);
    expect(parsePayConfig({ NODE_ENV: 'production', PAY_SANDBOX: 'on' }).sandbox).toBe(true);
    expect(parsePayConfig({ PAY_SANDBOX: 'off' }).sandbox).toBe(false);
    expect(parsePayConfig({ ...wechat, ...site }).sandbox).toBe(false);
    expect(parsePayConfig({ ...wechat, ...site, PAY_SANDBOX: 'ON' }).sandbox).toBe(true);
    expect(() => parsePayConfig({ PAY_SANDBOX: 'yes' })).toThrow(/PAY_SANDBOX must be on or off/);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }).pay.sandbox).toBe(true);
    expect(parsePayConfig({}).providerTimeoutMs).toBe(10_000);
    expect(() => parsePayConfig({ PAY_PROVIDER_TIMEOUT_MS: '5' })).toThrow(ConfigError);
  });

  it('keeps refused callbacks 30 days, at most 1000 tallies, and reconciles every 10 minutes over 3 days', () => {
    expect(parsePayConfig({})).toMatchObject({
      refusedCallbackRetentionDays: 30,
      refusedCallbackMaxRows: 1000,
      reconcileIntervalSeconds: 600,
      reconcileDays: 3,
    });
    expect(
      parsePayConfig({
        PAY_REFUSED_CALLBACK_RETENTION_DAYS: '7',
        PAY_REFUSED_CALLBACK_MAX_ROWS: '50',
        PAY_RECONCILE_INTERVAL_SECONDS: '0',
        PAY_RECONCILE_DAYS: '1',
      }),
    ).toMatchObject({
      refusedCallbackRetentionDays: 7,
      refusedCallbackMaxRows: 50,
      reconcileIntervalSeconds: 0,
      reconcileDays: 1,
    });
    for (const bad of [
      { PAY_REFUSED_CALLBACK_RETENTION_DAYS: '0' },
      { PAY_REFUSED_CALLBACK_MAX_ROWS: '-1' },
      { PAY_RECONCILE_DAYS: '0' },
      { PAY_RECONCILE_INTERVAL_SECONDS: 'soon' },
    ]) {
      expect(() => parsePayConfig(bad)).toThrow(ConfigError);
    }
    const load = (env: NodeJS.ProcessEnv) =>
      loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40), ...env });
    expect(load({}).rateBudgets.payNotify).toEqual({ max: 1200, windowSeconds: 60 });
    expect(load({ RATE_LIMIT_PAY_NOTIFY_MAX: '30' }).rateBudgets.payNotify.max).toBe(30);
  });

  it('reads WeChat Pay and Alipay, keys normalised to PEM, the site origin without its slash', () => {
    const pay = parsePayConfig({ ...wechat, ...alipay, ...site });
    expect(pay.publicUrl).toBe('https://xuanli.example.com');
    expect(pay.wechat).toMatchObject({
      merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      platformCertificates: [certificate.trim()],
      endpoint: 'https://api.mch.weixin.qq.com',
      publicKeyId: undefined,
    });
    expect(pay.wechat?.mchId.reveal()).toBe('1900000109');
    expect(pay.wechat?.apiV3Key.reveal()).toBe(apiV3Key);
    expect(pay.alipay?.privateKey.reveal()).toBe(pem(alipayApp.privateKey, 'pkcs8'));
    expect(pay.alipay?.alipayPublicKey).toBe(pem(alipayKey.publicKey, 'spki'));
    expect(pay.alipay).toMatchObject({
      gateway: 'https://openapi.alipay.com/gateway.do',
      endpoint: 'https://openapi.alipay.com',
    });
    expect(pay.alipay?.sellerId.reveal()).toBe('2088102146225135');
    // A one-line env file writes the PEM's line breaks as \n.
    const oneLine = parsePayConfig({
      ...wechat,
      ...site,
      WECHATPAY_MCH_PRIVATE_KEY: merchantKey.replaceAll('\n', '\\n'),
    });
    expect(oneLine.wechat?.merchantPrivateKey.reveal()).toBe(merchantKey);
  });

  it('takes keys from *_FILE, but not from both places at once', () => {
    writeFileSync(join(dir, 'apiclient_key.pem'), merchantKey, { mode: 0o600 });
    writeFileSync(join(dir, 'apiv3.key'), `${apiV3Key}\n`, { mode: 0o600 });
    writeFileSync(join(dir, 'wechatpay-pub.pem'), pem(alipayKey.publicKey, 'spki'));
    const fromFiles = parsePayConfig({
      ...wechat,
      ...site,
      WECHATPAY_MCH_PRIVATE_KEY: '',
      WECHATPAY_MCH_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem'),
      WECHATPAY_API_V3_KEY: undefined,
      WECHATPAY_API_V3_KEY_FILE: join(dir, 'apiv3.key'),
      WECHATPAY_PLATFORM_CERT: undefined,
      WECHATPAY_PLATFORM_CERT_FILE: join(dir, 'platform-cert.pem'),
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092026011500000000000001',
      WECHATPAY_PUBLIC_KEY_FILE: join(dir, 'wechatpay-pub.pem'),
    });
    expect(fromFiles.wechat?.merchantPrivateKey.reveal()).toBe(merchantKey);
    expect(fromFiles.wechat?.apiV3Key.reveal()).toBe(apiV3Key);
    expect(fromFiles.wechat?.platformCertificates).toHaveLength(1);
    expect(fromFiles.wechat?.publicKeyId).toBe('PUB_KEY_ID_0119000001092026011500000000000001');
    expect(() =>
      parsePayConfig({ ...wechat, ...site, WECHATPAY_MCH_PRIVATE_KEY_FILE: join(dir, 'apiclient_key.pem') }),
    ).toThrow(/WECHATPAY_MCH_PRIVATE_KEY or WECHATPAY_MCH_PRIVATE_KEY_FILE, not both/);
    expect(() =>
      parsePayConfig({
        ...alipay,
        ...site,
        ALIPAY_PRIVATE_KEY: '',
        ALIPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem'),
      }),
    ).toThrow(/cannot read ALIPAY_PRIVATE_KEY_FILE/);
  });

  it('refuses a channel with a key missing or wrong, naming the variable but never a value', () => {
    const refusals: [NodeJS.ProcessEnv, RegExp][] = [
      [{ ...wechat, ...site, WECHATPAY_APP_ID: '' }, /needs WECHATPAY_APP_ID/],
      [{ ...wechat, ...site, WECHATPAY_MCH_SERIAL_NO: '' }, /needs WECHATPAY_MCH_SERIAL_NO/],
      [{ ...wechat, ...site, WECHATPAY_MCH_PRIVATE_KEY: '' }, /needs WECHATPAY_MCH_PRIVATE_KEY/],
      [{ ...wechat, ...site, WECHATPAY_API_V3_KEY: '' }, /needs WECHATPAY_API_V3_KEY/],
      [
        { ...wechat, ...site, WECHATPAY_PLATFORM_CERT: '' },
        /WECHATPAY_PLATFORM_CERT or WECHATPAY_PUBLIC_KEY/,
      ],
      [{ ...wechat, ...site, WECHATPAY_API_V3_KEY: 'short' }, /32-character APIv3 key/],
      [
        { ...wechat, ...site, WECHATPAY_MCH_PRIVATE_KEY: 'not a key' },
        /WECHATPAY_MCH_PRIVATE_KEY is not an RSA private key/,
      ],
      [{ ...wechat, ...site, WECHATPAY_PLATFORM_CERT: merchantKey }, /holds no PEM certificate/],
      [
        { ...wechat, ...site, WECHATPAY_PUBLIC_KEY: pem(alipayKey.publicKey, 'spki') },
        /needs WECHATPAY_PUBLIC_KEY_ID/,
      ],
      [{ ...alipay, ...site, ALIPAY_PUBLIC_KEY: '' }, /needs ALIPAY_PUBLIC_KEY/],
      [{ ...alipay, ...site, ALIPAY_SELLER_ID: '' }, /needs ALIPAY_SELLER_ID/],
      [{ ...alipay, ...site, ALIPAY_SELLER_ID: '2021000000000001' }, /ALIPAY_SELLER_ID must be/],
      [{ ...alipay, ...site, ALIPAY_PRIVATE_KEY: 'AAAA' }, /ALIPAY_PRIVATE_KEY is not an RSA private key/],
      [{ ...wechat }, /set PAY_PUBLIC_URL/],
      [{ ...alipay, PAY_PUBLIC_URL: 'http://xuanli.example.com' }, /set PAY_PUBLIC_URL/],
      [{ PAY_PUBLIC_URL: 'https://xuanli.example.com/shop?x' }, /PAY_PUBLIC_URL must be the site origin/],
      [{ PAY_SANDBOX_KEY: 'too short' }, /PAY_SANDBOX_KEY must be at least 32 bytes/],
    ];
    for (const [env, message] of refusals) {
      let error: unknown;
      try {
        parsePayConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error, String(message)).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      for (const secret of [apiV3Key, merchantKey.slice(40, 80), alipay.ALIPAY_PRIVATE_KEY.slice(0, 40)]) {
        expect((error as Error).message).not.toContain(secret);
      }
    }
  });

  it('never prints a key, merchant id or app id', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 's'.repeat(40),
      ...wechat,
      ...alipay,
      ...site,
      PAY_SANDBOX_KEY: 'the-sandbox-key-the-sandbox-key-0123',
    });
    const printed = [JSON.stringify(config), inspect(config, { depth: 10 })];
    for (const text of printed) {
      for (const secret of [
        apiV3Key,
        '1900000109',
        'wxd678efh567hg6787',
        '2021000000000001',
        '2088102146225135',
        'the-sandbox-key',
        merchantKey.split('\n')[1],
        pem(alipayApp.privateKey, 'pkcs8').split('\n')[1],
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });
});

describe('WeChat (公众号) and PUBLIC_URL', () => {
  const secret = '9a2f0c81be4d4b7aa3e1f6c05d8e2b17';
  const wechat = {
    WECHAT_APP_ID: 'wx520c15f417810387',
    WECHAT_APP_SECRET: secret,
    PUBLIC_URL: 'https://xuanli.example.com/',
  };

  it('is off without WECHAT_APP_ID, and on with its secret and the public origin', () => {
    expect(parseWechatConfig({})).toBeUndefined();
    const config = parseWechatConfig(wechat);
    expect(config).toMatchObject({
      appId: 'wx520c15f417810387',
      apiBase: 'https://api.weixin.qq.com',
      openBase: 'https://open.weixin.qq.com',
      timeoutMs: 5000,
    });
    expect(config?.appSecret.reveal()).toBe(secret);
    expect(inspect(config, { depth: 5 })).not.toContain(secret);
    expect(JSON.stringify(config)).not.toContain(secret);
  });

  it('refuses a start without the secret or PUBLIC_URL, a malformed AppID, and WeChat Pay bound to another AppID', () => {
    const refusals: [NodeJS.ProcessEnv, RegExp][] = [
      [{ ...wechat, WECHAT_APP_SECRET: '' }, /needs WECHAT_APP_SECRET/],
      [{ ...wechat, PUBLIC_URL: '' }, /needs PUBLIC_URL/],
      [{ ...wechat, PUBLIC_URL: 'https://xuanli.example.com/xuanli/' }, /PUBLIC_URL must be the site origin/],
      [{ ...wechat, WECHAT_APP_ID: 'gh_0123456789ab' }, /WECHAT_APP_ID must be/],
      [
        { ...wechat, WECHATPAY_MCH_ID: '1900000109', WECHATPAY_APP_ID: 'wxd678efh567hg6787' },
        /WECHATPAY_APP_ID must be WECHAT_APP_ID/,
      ],
    ];
    for (const [env, message] of refusals) {
      expect(() => parseWechatConfig(env), String(message)).toThrow(ConfigError);
      expect(() => parseWechatConfig(env)).toThrow(message);
    }
  });

  it('lends PUBLIC_URL to the payments when PAY_PUBLIC_URL is not set; PAY_PUBLIC_URL wins when it is', () => {
    expect(parsePayConfig({ PUBLIC_URL: 'https://xuanli.example.com' }).publicUrl).toBe(
      'https://xuanli.example.com',
    );
    expect(
      parsePayConfig({ PUBLIC_URL: 'https://xuanli.example.com', PAY_PUBLIC_URL: 'https://pay.example.com' })
        .publicUrl,
    ).toBe('https://pay.example.com');
    // http is a development origin: fine for WeChat login, refused for the providers' callbacks.
    expect(
      loadConfig({
        DATA_DIR: '/nonexistent/x',
        JWT_SECRET: 's'.repeat(40),
        ...wechat,
        PUBLIC_URL: 'http://127.0.0.1:8080',
      }).publicUrl,
    ).toBe('http://127.0.0.1:8080');
  });
});
