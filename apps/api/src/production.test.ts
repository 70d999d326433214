import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import {
  assertProductionReady,
  PRODUCTION_RULES,
  productionProblems,
  secretWeakness,
  WEAK_KEY_TESTS,
} from './production.ts';

const dir = mkdtempSync(join(tmpdir(), 'xuanli-production-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pem = (key: KeyObject, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits });

/** A self-signed certificate with an RSA key of `bits`, as WeChat hands out its platform certificates. */
function certificate(bits: number): string {
  const out = join(dir, `cert-${bits}.pem`);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', `rsa:${bits}`, '-nodes', '-keyout', join(dir, `cert-${bits}.key`)].concat([
      '-out',
      out,
      '-days',
      '30',
      '-subj',
      '/CN=Tenpay.com Root CA',
    ]),
    { stdio: 'ignore' },
  );
  return readFileSync(out, 'utf8');
}

/** A random key of `length` letters and digits, as providers and `openssl rand` hand them out. */
function randomKey(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

const strong = { rsa: rsa(2048), alipayApp: rsa(2048), alipay: rsa(2048), wechatPub: rsa(2048) };
const weak = rsa(1024);

/** Everything production asks for, each setting right. */
const GOOD: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  DATA_DIR: join(dir, 'data'),
  JWT_SECRET: randomBytes(32).toString('base64url'),
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'LTAI5tExampleId',
  SMS_ACCESS_KEY_SECRET: randomKey(30),
  SMS_SIGN_NAME: '玄历',
  SMS_TEMPLATE_CODE: 'SMS_154950909',
  PAY_PUBLIC_URL: 'https://xuanli.example.com',
  WECHATPAY_MCH_ID: '1900000109',
  WECHATPAY_APP_ID: 'wxd678efh567hg6787',
  WECHATPAY_MCH_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_MCH_PRIVATE_KEY: pem(strong.rsa.privateKey, 'pkcs8'),
  WECHATPAY_API_V3_KEY: randomKey(32),
  WECHATPAY_PLATFORM_CERT: certificate(2048),
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_SELLER_ID: '2088000000000001',
  ALIPAY_PRIVATE_KEY: pem(strong.alipayApp.privateKey, 'pkcs8'),
  ALIPAY_PUBLIC_KEY: pem(strong.alipay.publicKey, 'spki'),
  PUBLIC_URL: 'https://xuanli.example.com',
  WECHAT_APP_ID: 'wxd678efh567hg6787',
  WECHAT_APP_SECRET: randomKey(32),
};

const problemsOf = (env: NodeJS.ProcessEnv) => productionProblems(loadConfig(env), env);

describe('the production rules', () => {
  it('find nothing wrong with a complete production configuration', () => {
    expect(problemsOf(GOOD)).toEqual([]);
    expect(() => assertProductionReady(loadConfig(GOOD), GOOD)).not.toThrow();
    // WeChat Pay by its 微信支付公钥 instead of platform certificates is complete too.
    const byPublicKey = {
      ...GOOD,
      WECHATPAY_PLATFORM_CERT: '',
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092026011500000000000001',
      WECHATPAY_PUBLIC_KEY: pem(strong.wechatPub.publicKey, 'spki'),
    };
    expect(problemsOf(byPublicKey)).toEqual([]);
  });

  // Each rule, broken alone (as far as the parser lets it be), and the settings the refusal names.
  const withoutChannels = { ...GOOD, WECHATPAY_MCH_ID: '', ALIPAY_APP_ID: '' };
  const breaking: Record<string, [string, NodeJS.ProcessEnv, string[]][]> = {
    SMS_PROVIDER: [
      ['unset', { ...GOOD, SMS_PROVIDER: undefined }, ['SMS_PROVIDER is outbox']],
      ['outbox', { ...GOOD, SMS_PROVIDER: 'outbox' }, ['SMS_PROVIDER is outbox']],
    ],
    SMS_ACCESS_KEY_SECRET: [
      [
        'a placeholder',
        { ...GOOD, SMS_ACCESS_KEY_SECRET: 'your-access-key-secret' },
        ['SMS_ACCESS_KEY_SECRET holds'],
      ],
      ['short', { ...GOOD, SMS_ACCESS_KEY_SECRET: 'x7Kq9' }, ['SMS_ACCESS_KEY_SECRET is 5 bytes long']],
    ],
    PAY_SANDBOX: [['on', { ...GOOD, PAY_SANDBOX: 'on' }, ['PAY_SANDBOX=on']]],
    'WECHATPAY_MCH_ID or ALIPAY_APP_ID': [['no channel', withoutChannels, ['no payment channel']]],
    // A real channel without an https PAY_PUBLIC_URL is refused by the parser already; production also
    // refuses it with no channel at all.
    PAY_PUBLIC_URL: [
      [
        'unset',
        { ...withoutChannels, PAY_PUBLIC_URL: '', PUBLIC_URL: '', WECHAT_APP_ID: '' },
        ['no payment channel', 'PAY_PUBLIC_URL is not set'],
      ],
      [
        'http',
        { ...withoutChannels, PAY_PUBLIC_URL: 'http://xuanli.example.com' },
        ['no payment channel', 'PAY_PUBLIC_URL must be an https:// origin'],
      ],
    ],
    // WeChat needs PUBLIC_URL in any mode; production wants it https even without WeChat.
    PUBLIC_URL: [
      [
        'http',
        { ...GOOD, WECHAT_APP_ID: '', PUBLIC_URL: 'http://xuanli.example.com' },
        ['PUBLIC_URL must be an https:// origin'],
      ],
    ],
    WECHAT_APP_SECRET: [
      [
        'a placeholder',
        { ...GOOD, WECHAT_APP_SECRET: 'your-wechat-app-secret-goes-here' },
        ['WECHAT_APP_SECRET holds'],
      ],
      ['short', { ...GOOD, WECHAT_APP_SECRET: 'a1b2c3d4e5f6' }, ['WECHAT_APP_SECRET is 12 bytes long']],
    ],
    'JWT_SECRET or JWT_SECRET_FILE': [
      ['unset', { ...GOOD, JWT_SECRET: undefined }, ['JWT_SECRET or JWT_SECRET_FILE is not set']],
    ],
    'JWT_SECRET / JWT_SECRET_FILE': [
      [
        'a placeholder',
        { ...GOOD, JWT_SECRET: 'please-change-me-before-going-live!!' },
        ['JWT_SECRET holds'],
      ],
      ['one character', { ...GOOD, JWT_SECRET: 'x'.repeat(48) }, ['JWT_SECRET uses fewer than 6']],
      ['a run', { ...GOOD, JWT_SECRET: 'Zq7-ghijklmnopq-Lp2MxRt5Wv9Yb3Nc8' }, ['JWT_SECRET holds a run']],
      ['a repeat', { ...GOOD, JWT_SECRET: 'Kp9vQ2xw'.repeat(5) }, ['JWT_SECRET repeats a block']],
    ],
    WECHATPAY_API_V3_KEY: [
      [
        'a run',
        { ...GOOD, WECHATPAY_API_V3_KEY: 'Kp9vQ2xwLm3RghijklmnoptY7uZ0aB5c' },
        ['WECHATPAY_API_V3_KEY holds a run'],
      ],
      ['a repeat', { ...GOOD, WECHATPAY_API_V3_KEY: 'a1B2c3D4'.repeat(4) }, ['WECHATPAY_API_V3_KEY repeats']],
    ],
    WECHATPAY_MCH_PRIVATE_KEY: [
      [
        '1024 bits',
        { ...GOOD, WECHATPAY_MCH_PRIVATE_KEY: pem(weak.privateKey, 'pkcs8') },
        ['WECHATPAY_MCH_PRIVATE_KEY is a 1024-bit RSA key'],
      ],
    ],
    WECHATPAY_PLATFORM_CERT: [
      [
        'one of two certificates 1024 bits',
        { ...GOOD, WECHATPAY_PLATFORM_CERT: `${GOOD.WECHATPAY_PLATFORM_CERT}\n${certificate(1024)}` },
        ['WECHATPAY_PLATFORM_CERT is a 1024-bit RSA key'],
      ],
    ],
    WECHATPAY_PUBLIC_KEY: [
      [
        '1024 bits',
        {
          ...GOOD,
          WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092026011500000000000001',
          WECHATPAY_PUBLIC_KEY: pem(weak.publicKey, 'spki'),
        },
        ['WECHATPAY_PUBLIC_KEY is a 1024-bit RSA key'],
      ],
    ],
    ALIPAY_PRIVATE_KEY: [
      [
        '1024 bits',
        { ...GOOD, ALIPAY_PRIVATE_KEY: pem(weak.privateKey, 'pkcs8') },
        ['ALIPAY_PRIVATE_KEY is a 1024-bit RSA key'],
      ],
    ],
    ALIPAY_PUBLIC_KEY: [
      [
        '1024 bits',
        { ...GOOD, ALIPAY_PUBLIC_KEY: pem(weak.publicKey, 'spki') },
        ['ALIPAY_PUBLIC_KEY is a 1024-bit RSA key'],
      ],
    ],
  };

  it('each have a case that breaks them', () => {
    expect(Object.keys(breaking).sort()).toEqual(PRODUCTION_RULES.map((rule) => rule.setting).sort());
  });

  for (const rule of PRODUCTION_RULES) {
    it.each(breaking[rule.setting] ?? [])(`${rule.setting}: %s is refused`, (_name, env, expected) => {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(expected.length);
      expected.forEach((start, i) => {
        expect(problems[i]).toContain(start);
      });
      // The rule itself fires, not only a neighbour.
      expect(rule.problem(loadConfig(env), env)).toBeDefined();
    });
  }

  it('name JWT_SECRET_FILE when the weak secret came from that file', () => {
    const file = join(dir, 'jwt.txt');
    writeFileSync(file, 'my-super-secret-key-0000000000000000\n');
    const env = { ...GOOD, JWT_SECRET: undefined, JWT_SECRET_FILE: file };
    expect(problemsOf(env)).toEqual([`JWT_SECRET_FILE ${WEAK_KEY_TESTS[0].says}`]);
    writeFileSync(file, `${GOOD.JWT_SECRET}\n`);
    expect(problemsOf(env)).toEqual([]);
  });

  it('refuse the secret generated into the data folder, and never generate one in production', () => {
    const dataDir = join(dir, 'generated');
    const env = { ...GOOD, DATA_DIR: dataDir, JWT_SECRET: undefined };
    expect(loadConfig(env).jwtSecretSource).toBe('ephemeral');
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
    // One generated by an earlier development start is read (the operator CLI), but still refused.
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).jwtSecretSource).toBe('data-folder');
    expect(loadConfig(env).jwtSecretSource).toBe('data-folder');
    expect(problemsOf(env)).toEqual([expect.stringContaining('JWT_SECRET or JWT_SECRET_FILE is not set')]);
  });
});

describe('assertProductionReady', () => {
  it('does nothing outside production, whatever the settings', () => {
    const env = { DATA_DIR: join(dir, 'dev'), PAY_SANDBOX: 'on' };
    const config = loadConfig(env);
    expect(productionProblems(config, env).length).toBeGreaterThan(3);
    expect(() => assertProductionReady(config, env)).not.toThrow();
  });

  it('refuses development settings with one line naming every setting, and no value', () => {
    const jwt = 'changeme-changeme-changeme-changeme';
    const env = { NODE_ENV: 'production', DATA_DIR: join(dir, 'bare'), JWT_SECRET: jwt };
    let error: unknown;
    try {
      assertProductionReady(loadConfig(env), env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^NODE_ENV=production refuses to start: SMS_PROVIDER is outbox/);
    for (const setting of ['no payment channel', 'PAY_PUBLIC_URL is not set', 'JWT_SECRET holds']) {
      expect(message).toContain(setting);
    }
    expect(message).not.toContain(jwt);
    expect(message).not.toContain('changeme-');
  });
});

describe('secretWeakness', () => {
  it('passes random keys of every common alphabet', () => {
    for (let i = 0; i < 200; i++) {
      expect(secretWeakness(randomBytes(32).toString('base64url'), 32)).toBeUndefined();
      expect(secretWeakness(randomBytes(32).toString('base64'), 32)).toBeUndefined();
      expect(secretWeakness(randomKey(32), 32)).toBeUndefined();
    }
  });

  it.each([
    ['the length', 'Kp9vQ2xwLm3', /is 11 bytes long; at least 32/],
    ['a placeholder word, in any case', 'Kp9vQ2xw-ChangeMe-Lm3RtY7uZ0aB5cD8eF', /placeholder word/],
    ['a known example', 'your-256-bit-secret-your-256-bit-secret', /placeholder word/],
    ['few characters', 'ababababcdcdcdcdababababcdcdcdcdab', /fewer than 6 different/],
    ['a rising run', 'Kp9vQ2xw-MNOPQRST-Lm3RtY7uZ0aB5cD8e', /run of 8/],
    ['a falling run', 'Kp9vQ2xw-87654321-Lm3RtY7uZ0aB5cD8e', /run of 8/],
    ['a repeated character', 'Kp9vQ2xw-zzzzzzzz-Lm3RtY7uZ0aB5cD8e', /run of 8/],
    ['a repeated block', 'Kp9vQ2xwLm3RtY7u-Kp9vQ2xw-Zb5Nc8', /repeats a block of 8/],
    ['low entropy', 'twrwxxxrxxxxxxxwxxmpmxpxxxxxrxpxxx', /under 80 bits/],
  ])('refuses %s', (_name, value, reason) => {
    expect(secretWeakness(value, 32)).toMatch(reason);
  });
});

describe('README "Running in production"', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Running in production'));
  const body = section.slice(0, section.indexOf('\n## ', 3) > 0 ? section.indexOf('\n## ', 3) : undefined);

  it('lists exactly the rules the server applies, in its words', () => {
    const listed = [...body.matchAll(/^- \*\*(.+?)\*\*: (.+)$/gm)].map(([, setting, requirement]) => ({
      setting,
      requirement,
    }));
    expect(listed).toEqual(PRODUCTION_RULES.map(({ setting, requirement }) => ({ setting, requirement })));
  });

  it('says what makes a key weak, as the check does', () => {
    for (const test of WEAK_KEY_TESTS) expect(body).toContain(test.says);
  });
});
