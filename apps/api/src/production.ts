/**
 * What a production server refuses to start without. Development defaults keep `npm start` working
 * with no settings at all — login codes written to a file, a pretend cashier, a token key generated
 * into the data folder — and each of them, left on in production, silently loses users' logins or
 * money or leaks sessions. So under NODE_ENV=production every rule below is checked once at start-up
 * (server.ts), and the server stops with one line naming every setting that is wrong.
 *
 * README's "Running in production" lists {@link PRODUCTION_RULES} word for word (a test compares them).
 */
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { type Config, ConfigError } from './config.ts';

/** One requirement of production, and how a configuration fails it. */
export interface ProductionRule {
  /** The setting(s) the rule is about, as README's list names them. */
  setting: string;
  /** What is required, in one sentence: README lists exactly these. */
  requirement: string;
  /** What is wrong with `config` (naming the setting, never a value), or undefined when it is right. */
  problem(config: Config, env: NodeJS.ProcessEnv): string | undefined;
}

/** The shortest key accepted for the token secret: HS256 should have the hash's 256 bits. */
const MIN_JWT_SECRET_BYTES = 32;

/** RSA keys below this size are breakable with public means (NIST retired 1024-bit RSA in 2013). */
export const MIN_RSA_BITS = 2048;

/**
 * Words that mark a value someone typed as a stand-in (an example, a default, a test value). Six
 * characters or more, so that a random key rarely holds one by chance (figures at {@link WEAK_KEY_TESTS}).
 */
const PLACEHOLDER_WORDS = [
  'secret',
  'changeme',
  'change-me',
  'change_me',
  'password',
  'passwd',
  'example',
  'default',
  'placeholder',
  'qwerty',
  'letmein',
  '123456',
  'abcdef',
];

/** Bits a string carries by its own character frequencies (an upper bound for a chosen one). */
function estimatedBits(value: string): number {
  const chars = [...value];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** Length of the longest stretch whose characters step by one constant -1, 0 or +1 (abcdef, 4321, aaaa). */
function longestRun(value: string): number {
  let longest = Math.min(value.length, 1);
  let length = 1;
  let step = Number.NaN;
  for (let i = 1; i < value.length; i++) {
    const diff = value.charCodeAt(i) - value.charCodeAt(i - 1);
    if (Math.abs(diff) > 1) length = 1;
    else if (length > 1 && diff === step) length += 1;
    else length = 2;
    step = diff;
    longest = Math.max(longest, length);
  }
  return longest;
}

/** True when some block of `size` characters occurs twice (pasted-together keys: abcd1234abcd1234). */
function repeatsBlock(value: string, size: number): boolean {
  const seen = new Set<string>();
  for (let i = 0; i + size <= value.length; i++) {
    const block = value.slice(i, i + size);
    if (seen.has(block)) return true;
    seen.add(block);
  }
  return false;
}

/**
 * What makes a key obviously weak, each with the words the refusal and README use. What a person types
 * as a stand-in fails them; random keys pass (measured over 200,000 random keys of 32, 43 and 64
 * characters each: base64 and letters-with-digits never failed, hex about once in 100,000, digits
 * only about once in 20,000).
 */
export const WEAK_KEY_TESTS: readonly { says: string; weak(value: string): boolean }[] = [
  {
    says: `holds a placeholder word (${PLACEHOLDER_WORDS.join(', ')})`,
    weak: (value) => PLACEHOLDER_WORDS.some((word) => value.toLowerCase().includes(word)),
  },
  { says: 'uses fewer than 6 different characters', weak: (value) => new Set(value).size < 6 },
  {
    says: 'holds a run of 8 sequential or repeated characters (abcdefgh, 87654321, aaaaaaaa)',
    weak: (value) => longestRun(value) >= 8,
  },
  { says: 'repeats a block of 8 characters', weak: (value) => repeatsBlock(value, 8) },
  {
    says: 'has under 80 bits of entropy by its character frequencies',
    weak: (value) => estimatedBits(value) < 80,
  },
];

/**
 * Why `value` is not fit to be a key — shorter than `minBytes`, or one of {@link WEAK_KEY_TESTS} —
 * or undefined when nothing obvious is wrong. The reason never quotes the value.
 */
export function secretWeakness(value: string, minBytes: number): string | undefined {
  const bytes = Buffer.byteLength(value);
  if (bytes < minBytes) return `is ${bytes} bytes long; at least ${minBytes} are needed`;
  return WEAK_KEY_TESTS.find((test) => test.weak(value))?.says;
}

/** The modulus length of an RSA key or certificate in PEM. */
function rsaBits(pem: string, kind: 'private' | 'public' | 'certificate'): number {
  const key =
    kind === 'private'
      ? createPrivateKey(pem)
      : kind === 'public'
        ? createPublicKey(pem)
        : new X509Certificate(pem).publicKey;
  return key.asymmetricKeyDetails?.modulusLength ?? 0;
}

/** The problem of an RSA key under {@link MIN_RSA_BITS}, or undefined. */
function shortRsa(setting: string, bits: number): string | undefined {
  return bits < MIN_RSA_BITS
    ? `${setting} is a ${bits}-bit RSA key; at least ${MIN_RSA_BITS} bits are needed`
    : undefined;
}

/** The rule that the RSA key of `setting` (`keyOf` the config; none when unset) is long enough. */
function rsaKeyRule(
  setting: string,
  kind: 'private' | 'public',
  keyOf: (config: Config) => string | undefined,
): ProductionRule {
  return {
    setting,
    requirement: `an RSA key of at least ${MIN_RSA_BITS} bits`,
    problem: (config) => {
      const key = keyOf(config);
      return key === undefined ? undefined : shortRsa(setting, rsaBits(key, kind));
    },
  };
}

/** The setting the JWT secret was read from, for messages. */
function jwtSetting(env: NodeJS.ProcessEnv): string {
  return env.JWT_SECRET ? 'JWT_SECRET' : 'JWT_SECRET_FILE';
}

/** Every rule production is held to, in the order the refusal lists them. */
export const PRODUCTION_RULES: readonly ProductionRule[] = [
  {
    setting: 'SMS_PROVIDER',
    requirement:
      'aliyun or tencent with its SMS_* credentials; the development outbox (unset or outbox) writes login codes to a file instead of sending them',
    problem: (config) =>
      config.sms.provider === 'outbox'
        ? 'SMS_PROVIDER is outbox (or unset): login codes would go to a file, not to phones; set aliyun or tencent'
        : undefined,
  },
  {
    setting: 'SMS_ACCESS_KEY_SECRET',
    requirement: 'at least 16 bytes and not weak',
    problem: (config) => {
      if (config.sms.provider === 'outbox') return undefined;
      const weakness = secretWeakness(config.sms.accessKeySecret, 16);
      return weakness && `SMS_ACCESS_KEY_SECRET ${weakness}`;
    },
  },
  {
    setting: 'PAY_SANDBOX',
    requirement: 'not on: the sandbox is a pretend cashier where anyone pays without money',
    problem: (config) =>
      config.pay.sandbox
        ? 'PAY_SANDBOX=on opens the pretend cashier, where anyone pays without money; remove it'
        : undefined,
  },
  {
    setting: 'WECHATPAY_MCH_ID or ALIPAY_APP_ID',
    requirement: 'at least one real payment channel, with all of its keys',
    problem: (config) =>
      !config.pay.wechat && !config.pay.alipay
        ? 'no payment channel: set WeChat Pay (WECHATPAY_MCH_ID and its keys) or Alipay (ALIPAY_APP_ID and its keys)'
        : undefined,
  },
  {
    setting: 'PAY_PUBLIC_URL',
    requirement: 'set (or PUBLIC_URL), and an https:// origin (the providers call back there)',
    problem: (config) => {
      if (!config.pay.publicUrl)
        return 'PAY_PUBLIC_URL is not set: the providers need the https origin to call back';
      return config.pay.publicUrl.startsWith('https://')
        ? undefined
        : 'PAY_PUBLIC_URL must be an https:// origin';
    },
  },
  {
    setting: 'PUBLIC_URL',
    requirement: 'an https:// origin when set (WeChat sends users back there; the JS-SDK signs its pages)',
    problem: (config) =>
      config.publicUrl && !config.publicUrl.startsWith('https://')
        ? 'PUBLIC_URL must be an https:// origin'
        : undefined,
  },
  {
    setting: 'WECHAT_APP_SECRET',
    requirement: "the 公众号's 32-character AppSecret, not weak, when WECHAT_APP_ID is set",
    problem: (config) => {
      const secret = config.wechat?.appSecret.reveal();
      const weakness = secret === undefined ? undefined : secretWeakness(secret, 32);
      return weakness && `WECHAT_APP_SECRET ${weakness}`;
    },
  },
  {
    setting: 'JWT_SECRET or JWT_SECRET_FILE',
    requirement: 'set; the secret generated into the data folder is for development only',
    problem: (config) =>
      config.jwtSecretSource === 'setting'
        ? undefined
        : 'JWT_SECRET or JWT_SECRET_FILE is not set: a token key generated into the data folder lies beside the data it protects',
  },
  {
    setting: 'JWT_SECRET / JWT_SECRET_FILE',
    requirement: `at least ${MIN_JWT_SECRET_BYTES} bytes and not weak`,
    problem: (config, env) => {
      if (config.jwtSecretSource !== 'setting') return undefined;
      const weakness = secretWeakness(config.jwtSecret, MIN_JWT_SECRET_BYTES);
      return weakness && `${jwtSetting(env)} ${weakness}`;
    },
  },
  {
    setting: 'WECHATPAY_API_V3_KEY',
    requirement: 'the 32-character APIv3 key, not weak',
    problem: (config) => {
      const key = config.pay.wechat?.apiV3Key.reveal();
      const weakness = key === undefined ? undefined : secretWeakness(key, 32);
      return weakness && `WECHATPAY_API_V3_KEY ${weakness}`;
    },
  },
  rsaKeyRule('WECHATPAY_MCH_PRIVATE_KEY', 'private', (config) =>
    config.pay.wechat?.merchantPrivateKey.reveal(),
  ),
  {
    setting: 'WECHATPAY_PLATFORM_CERT',
    requirement: `every certificate's key RSA of at least ${MIN_RSA_BITS} bits`,
    problem: (config) => {
      const bits = (config.pay.wechat?.platformCertificates ?? []).map((pem) => rsaBits(pem, 'certificate'));
      return bits.length === 0 ? undefined : shortRsa('WECHATPAY_PLATFORM_CERT', Math.min(...bits));
    },
  },
  rsaKeyRule('WECHATPAY_PUBLIC_KEY', 'public', (config) => config.pay.wechat?.publicKey),
  rsaKeyRule('ALIPAY_PRIVATE_KEY', 'private', (config) => config.pay.alipay?.privateKey.reveal()),
  rsaKeyRule('ALIPAY_PUBLIC_KEY', 'public', (config) => config.pay.alipay?.alipayPublicKey),
];

/** What `config` fails of {@link PRODUCTION_RULES}, one sentence per rule broken. */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv): string[] {
  return PRODUCTION_RULES.map((rule) => rule.problem(config, env)).filter(
    (problem): problem is string => problem !== undefined,
  );
}

/**
 * Under NODE_ENV=production, throws a {@link ConfigError} whose message is one line listing every
 * rule `config` breaks; does nothing outside production or when every rule holds.
 */
export function assertProductionReady(config: Config, env: NodeJS.ProcessEnv): void {
  if (!config.production) return;
  const problems = productionProblems(config, env);
  if (problems.length === 0) return;
  const line = problems.join('; ').replace(/\s+/g, ' ');
  throw new ConfigError(`NODE_ENV=production refuses to start: ${line}`);
}
