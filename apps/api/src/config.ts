/**
 * Configuration, read from the environment once at start-up (server.ts) and passed down as a plain
 * object; nothing else in the app reads `process.env`, so tests build any configuration they need.
 */
import { isIP, isIPv4 } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { type AdminLoginSlowdown, parseAdminLoginSlowdown } from './modules/admin/settings.ts';
import {
  parsePlayUrlMarginSeconds,
  parseUploadSettings,
  type UploadSettings,
} from './modules/ketang/settings.ts';
import { parseSmsConfig, type SmsConfig } from './modules/member/settings.ts';
import { type PayConfig, parsePayConfig } from './modules/pay/settings.ts';
import { parseRateLimitConfig, type RateLimitConfig } from './modules/ratelimit/settings.ts';
import {
  type JwtSecretSource,
  parseSessionSettings,
  resolveJwtSecret,
  type SessionSettings,
} from './modules/sessions/settings.ts';
import { parseShopConfig, type ShopConfig } from './modules/shop/settings.ts';
import { parseWechatConfig, type WechatConfig } from './modules/wechat/settings.ts';
import { ConfigError, integer, parsePublicUrl } from './shared/settings.ts';
import { parseStorage, type StorageSettings } from './shared/storage.ts';

// Each module declares and validates its own settings (its settings.ts); they are gathered below.
export {
  DEFAULT_UPLOAD_SETTINGS,
  parseUploadSettings,
  type UploadSettings,
} from './modules/ketang/settings.ts';
export { parseSmsConfig, type SmsConfig, type SmsProvider } from './modules/member/settings.ts';
export {
  type AlipayConfig,
  type PayConfig,
  parsePayConfig,
  type WechatPayConfig,
} from './modules/pay/settings.ts';
export {
  DEFAULT_RATE_BUDGETS,
  type RateBudget,
  type RateBudgetName,
  type RateLimitConfig,
} from './modules/ratelimit/settings.ts';
export { parseShopConfig, type ShopConfig } from './modules/shop/settings.ts';
export { parseWechatConfig, type WechatConfig } from './modules/wechat/settings.ts';
export { ConfigError } from './shared/settings.ts';
export { parseStorage } from './shared/storage.ts';

/** Everything the app and server need to know about their environment. */
export interface Config extends RateLimitConfig, SessionSettings {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite in `dataDir/pglite` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** NODE_ENV=production: the server refuses to start on development settings (production.ts). */
  production: boolean;
  /** HS256 key for session tokens (≥ 32 bytes). */
  jwtSecret: string;
  /**
   * Where {@link Config.jwtSecret} came from: JWT_SECRET or JWT_SECRET_FILE (`setting`), the file
   * generated into the data folder (`data-folder`), or — in production, where no file is generated —
   * a key made for this process alone (`ephemeral`), which the production checks refuse.
   */
  jwtSecretSource: JwtSecretSource;
  logLevel: string;
  /** Folder of the built SPA served at /xuanli/. */
  webDist: string;
  /** Folder of the built operators' console served at /admin/ (apps/admin). */
  adminDist: string;
  /**
   * DEMO_MEDIA_DIR: the folder the demo classroom's lesson videos and courseware are seeded from, with
   * its manifest.json (default `seed-media/ketang` in apps/api, which the build makes; a folder without
   * a manifest seeds no demo courses).
   */
  demoMediaDir: string;
  /**
   * Cost of new operator password hashes (argon2id): memory in KiB and passes. Default OWASP's
   * minimum (19 MiB, 2); raise it where the host allows. Each login costs one hash of this size.
   */
  passwordHashing: { memoryKiB: number; passes: number };
  /**
   * The console login's slow-down per account (modules/admin/limits.ts): past `freeAttempts`
   * attempts on one username within the `adminLogin` window — from any IPs — each further attempt
   * waits before its password is checked, 250 ms doubling up to `maxDelayMs`. A delay, never a
   * refusal, so the right password still gets in while a guesser hammers the account from elsewhere.
   * ADMIN_LOGIN_SLOWDOWN_AFTER (default 10), ADMIN_LOGIN_MAX_DELAY_MS (default 5000).
   */
  adminLoginSlowdown: AdminLoginSlowdown;
  /** The console's chunked uploads of lesson videos and courseware (modules/ketang/uploads.ts). */
  uploads: UploadSettings;
  /**
   * PLAY_URL_MARGIN_SECONDS: a lesson's media URL (and the cookie that binds it to the session that
   * asked) lasts the lesson's length plus this (default 900 s); the player asks again after that.
   */
  playUrlMarginSeconds: number;
  /**
   * Fastify's `trustProxy`: which X-Forwarded-For hops to believe when deciding the client IP (and so
   * its rate budget). Never "every hop": a client could then name any IP it likes.
   */
  trustProxy: TrustProxy;
  /**
   * CACHE_SECONDS: how long a node keeps a cached entry — sessions and users (when AUTH_CACHE_SECONDS
   * allows caching at all), the catalogue, course lists, articles, labels, masters, the holiday table —
   * while the change notices are live (shared/cache-bus.ts); a notice drops it as soon as its change
   * commits on any node, so this only bounds memory and a lost notice. Default 300; 0 = no answer
   * caches (the auth caches then keep AUTH_CACHE_SECONDS).
   */
  cacheSeconds: number;
  /**
   * CACHE_FALLBACK_SECONDS: how long the answer caches keep an entry while the notices are down (the
   * listening connection lost): another node's change shows within this. Default 2.
   */
  cacheFallbackSeconds: number;
  /** The database's other connections: change notices, job locks, the read replica (db/client.ts). */
  databaseLinks: DatabaseLinkSettings;
  /** Seconds between clean-up runs (expired visitor sessions, old rate-limit windows); 0 = never. */
  cleanupIntervalSeconds: number;
  /**
   * Where uploaded and seeded files live (shared/storage.ts): STORAGE=local (default, the folder
   * `DATA_DIR/files`) or STORAGE=s3 with S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE.
   */
  storage: StorageSettings;
  /** How login codes are sent by SMS (modules/member/sms): the development outbox or a real provider. */
  sms: SmsConfig;
  /**
   * PUBLIC_URL: the site's origin as users reach it (`https://xuanli.example.com`; http is allowed
   * outside production). WeChat sends the user back to it after 网页授权, the JS-SDK signs pages of it
   * only, and PAY_PUBLIC_URL falls back to it. It is also the origin of links the API hands out to be
   * opened elsewhere — a calendar subscription's URL, which a phone's calendar app fetches from outside
   * the app; unset, those take PAY_PUBLIC_URL, else the origin of the request that asked.
   */
  publicUrl: string | undefined;
  /** The payment channels (modules/pay): WeChat Pay, Alipay and the development sandbox. */
  pay: PayConfig;
  /** The 公众号 (modules/wechat): login by 网页授权 and the JS-SDK; undefined without WECHAT_APP_ID. */
  wechat: WechatConfig | undefined;
  /** What one buyer may hold unpaid in the shop (modules/shop). */
  shop: ShopConfig;
}

/**
 * How a node reaches PostgreSQL besides its serving pool. None of it applies to PGlite (one process).
 */
export interface DatabaseLinkSettings {
  /**
   * DATABASE_LISTEN_URL: a direct connection (never through a transaction-mode pooler such as
   * PgBouncer, which cannot hold a LISTEN or a session's advisory lock) for the change notices and the
   * job locks. Default DATABASE_URL.
   */
  listenUrl: string | undefined;
  /** DATABASE_REPLICA_URL: a streaming replica for the reads the code marks (db/replica.ts); none by default. */
  replicaUrl: string | undefined;
  /** DATABASE_REPLICA_MAX_LAG_MS: a replica further behind than this is not read (default 2000). */
  replicaMaxLagMs: number;
  /**
   * DATABASE_REPLICA_CONNECT_TIMEOUT_MS: how long opening a replica connection (or its check) may
   * take before reads go to the primary (default 1000), so a replica that is down costs little.
   */
  replicaConnectTimeoutMs: number;
  /**
   * DATABASE_PREPARED_STATEMENTS: `on` (default) keeps the hot statements parsed and planned per
   * connection (named prepared statements); `off` behind PgBouncer older than 1.21 in transaction
   * mode, which cannot follow a named statement from one server connection to another.
   */
  preparedStatements: boolean;
}

/** The {@link DatabaseLinkSettings} from the environment. */
export function parseDatabaseLinks(env: NodeJS.ProcessEnv): DatabaseLinkSettings {
  const prepared = env.DATABASE_PREPARED_STATEMENTS?.trim() || 'on';
  if (prepared !== 'on' && prepared !== 'off') {
    throw new ConfigError(
      `DATABASE_PREPARED_STATEMENTS must be 'on' or 'off', got '${prepared.slice(0, 20)}'`,
    );
  }
  return {
    listenUrl: env.DATABASE_LISTEN_URL || env.DATABASE_URL || undefined,
    replicaUrl: env.DATABASE_REPLICA_URL || undefined,
    replicaMaxLagMs: integer(env, 'DATABASE_REPLICA_MAX_LAG_MS', 2000, 0, 600_000),
    replicaConnectTimeoutMs: integer(env, 'DATABASE_REPLICA_CONNECT_TIMEOUT_MS', 1000, 100, 60_000),
    preparedStatements: prepared === 'on',
  };
}

const API_ROOT = new URL('..', import.meta.url).pathname;
const REPO_ROOT = resolve(API_ROOT, '../..');

/**
 * Fastify's `trustProxy` as we allow it: `false` (use the socket address), the number of proxy hops
 * in front of the API, or the proxies' addresses / CIDR ranges (proxy-addr names like `loopback` too).
 */
export type TrustProxy = false | number | string[];

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  // proxy-addr also takes a dotted netmask after the slash for IPv4.
  if (family === 4 && isIPv4(prefix)) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Parses TRUST_PROXY: unset/`0`/`false` → no proxy; an integer → that many hops; otherwise a
 * comma-separated list of proxy addresses and CIDR ranges. `true` is refused: trusting every hop lets
 * a client choose its own IP by sending X-Forwarded-For, and so get a fresh rate budget per request.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could pick its own IP and ' +
        'escape the rate limits. Set it to the number of proxies in front of the API (e.g. TRUST_PROXY=1 ' +
        'behind one load balancer) or to their addresses / CIDR ranges (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a hop count from 0 to 10, got '${value}'`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count or a comma-separated list of IP addresses / CIDR ranges, got '${bad.join("', '")}'`,
    );
  }
  return entries;
}

/**
 * {@link TrustProxy} as Fastify's `trustProxy` option. Fastify 5.12 ignores a bare hop count (it
 * trusts nothing, because a client that reaches the API directly could then forge X-Forwarded-For),
 * so the count becomes proxy-addr's rule "the socket peer and the next `hops - 1` addresses are
 * proxies": the client IP is the `hops`-th address from the right. That holds only while the API is
 * reachable through the proxies alone; list their addresses when it is not.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  if (value === 0) return false;
  return (_address, hop) => hop < value;
}

/** `path` as an absolute path, a relative one taken from `base` (the repository or apps/api). */
function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/** Parses the environment into a {@link Config}; relative paths resolve against the repository root. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = absolute(env.DATA_DIR || '.data', REPO_ROOT);
  const jwt = resolveJwtSecret(env, dataDir);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    production: env.NODE_ENV === 'production',
    jwtSecret: jwt.secret,
    jwtSecretSource: jwt.source,
    logLevel: env.LOG_LEVEL || 'info',
    // Both folders are relative to apps/api.
    webDist: absolute(env.WEB_DIST || '../web/dist', API_ROOT),
    adminDist: absolute(env.ADMIN_DIST || '../admin/dist', API_ROOT),
    demoMediaDir: absolute(env.DEMO_MEDIA_DIR || 'seed-media/ketang', API_ROOT),
    ...parseRateLimitConfig(env),
    passwordHashing: {
      memoryKiB: integer(env, 'ARGON2_MEMORY_KIB', 19_456, 64, 1_048_576),
      passes: integer(env, 'ARGON2_PASSES', 2, 1, 10),
    },
    adminLoginSlowdown: parseAdminLoginSlowdown(env),
    uploads: parseUploadSettings(env),
    playUrlMarginSeconds: parsePlayUrlMarginSeconds(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ...parseSessionSettings(env),
    cacheSeconds: integer(env, 'CACHE_SECONDS', 300, 0, 86_400),
    cacheFallbackSeconds: integer(env, 'CACHE_FALLBACK_SECONDS', 2, 0, 60),
    databaseLinks: parseDatabaseLinks(env),
    cleanupIntervalSeconds: integer(env, 'CLEANUP_INTERVAL_SECONDS', 300, 0, 86_400),
    storage: parseStorage(env, dataDir),
    sms: parseSmsConfig(env, dataDir),
    publicUrl: parsePublicUrl(env),
    pay: parsePayConfig(env),
    wechat: parseWechatConfig(env),
    shop: parseShopConfig(env),
  };
}

/**
 * Time-outs of the process, which server.ts applies to the listening socket and to the PostgreSQL
 * pool (db/client.ts). The app itself never sees them.
 */
export interface Timeouts {
  /** REQUEST_TIMEOUT_MS: the whole request, headers and body, must arrive within this; else 408 and the connection closes. */
  requestMs: number;
  /** HEADERS_TIMEOUT_MS: the request line and headers must arrive within this. */
  headersMs: number;
  /** DB_CONNECT_TIMEOUT_MS: opening a PostgreSQL connection, or waiting for a free one in the pool. */
  dbConnectMs: number;
  /** DB_QUERY_TIMEOUT_MS: one SQL statement, and how long a transaction may sit idle. */
  dbQueryMs: number;
}

/** Production values: generous for a phone on a poor network, short enough that nothing hangs. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  dbConnectMs: 5_000,
  dbQueryMs: 10_000,
};

/** Parses the {@link Timeouts} from the environment (milliseconds). */
export function loadTimeouts(env: NodeJS.ProcessEnv = process.env): Timeouts {
  const ms = (name: string, fallback: number) => integer(env, name, fallback, 100, 600_000);
  const timeouts: Timeouts = {
    requestMs: ms('REQUEST_TIMEOUT_MS', DEFAULT_TIMEOUTS.requestMs),
    headersMs: ms('HEADERS_TIMEOUT_MS', DEFAULT_TIMEOUTS.headersMs),
    dbConnectMs: ms('DB_CONNECT_TIMEOUT_MS', DEFAULT_TIMEOUTS.dbConnectMs),
    dbQueryMs: ms('DB_QUERY_TIMEOUT_MS', DEFAULT_TIMEOUTS.dbQueryMs),
  };
  // Node refuses a headers time-out longer than the whole request's.
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs})`,
    );
  }
  return timeouts;
}
