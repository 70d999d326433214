/**
 * Configuration, read from the environment once at start-up (server.ts) and passed down as a plain
 * object; nothing else in the app reads `process.env`, so tests build any configuration they need.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Everything the app and server need to know about their environment. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite in `dataDir/pglite` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** HS256 key for session tokens (≥ 32 bytes). */
  jwtSecret: string;
  logLevel: string;
  /** Folder of the built SPA served at /xuanli/. */
  webDist: string;
  /** Requests per minute per client IP. */
  rateLimitMax: number;
  /** Trust X-Forwarded-For from a reverse proxy / load balancer so that rate limits see client IPs. */
  trustProxy: boolean;
  /** Lifetime of a session token; clients refresh after 7200 s (SPEC §4), so this leaves offline slack. */
  tokenTtlSeconds: number;
}

const API_ROOT = new URL('..', import.meta.url).pathname;
const REPO_ROOT = resolve(API_ROOT, '../..');

/** Thrown for a setting that cannot work; server.ts prints it and exits instead of half-starting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

/**
 * The JWT secret: JWT_SECRET when given, else the one generated on the first run and kept in
 * `dataDir/jwt-secret` (so tokens survive restarts). Several API processes must share JWT_SECRET.
 */
export function resolveJwtSecret(given: string | undefined, dataDir: string): string {
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return given;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created the file meanwhile; then read theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}

/** Parses the environment into a {@link Config}; relative paths resolve against the repository root. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = absolute(env.DATA_DIR || '.data', REPO_ROOT);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir),
    logLevel: env.LOG_LEVEL || 'info',
    // Relative to apps/api, like the brief's '../web/dist'.
    webDist: absolute(env.WEB_DIST || '../web/dist', API_ROOT),
    rateLimitMax: integer(env, 'RATE_LIMIT_MAX', 300, 1, 1_000_000),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
  };
}
