/**
 * Settings read from the environment: each module declares its variables once as a TypeBox object
 * (name, type, range, default) and reads them with `env-schema`, the kept library that validates an
 * environment against a JSON schema; config.ts gathers the modules' settings at start-up. A bad value
 * stops the start with a {@link ConfigError} that names the variable, what it takes and what it got.
 * Below those, the readers several modules share: a secret or its `_FILE`, a provider's URL, the site's
 * origin (PUBLIC_URL).
 */
import { readFileSync } from 'node:fs';
import { envSchema } from 'env-schema';
import { type Static, type TInteger, type TObject, Type } from 'typebox';

/** Thrown for a setting that cannot work; server.ts prints it and exits instead of half-starting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A whole-number setting from `min` to `max`, `fallback` when unset or empty. */
export function integerSetting(min: number, max: number, fallback: number): TInteger {
  return Type.Integer({ minimum: min, maximum: max, default: fallback });
}

/** One failure as env-schema's validator reports it. */
interface SettingFailure {
  instancePath: string;
  message?: string;
}

/** The start-up message for the first failure: the variable, what it takes, what it got. */
function failureMessage(schema: TObject, given: Record<string, string>, failure: SettingFailure): string {
  const name = failure.instancePath.replace(/^\//, '');
  const setting = schema.properties[name] as
    | { type?: string; minimum?: number; maximum?: number }
    | undefined;
  if (setting?.type === 'integer')
    return `${name} must be an integer from ${setting.minimum} to ${setting.maximum}, got '${given[name]}'`;
  return `${name || 'a setting'} ${failure.message ?? 'is not valid'}${name ? `, got '${given[name]}'` : ''}`;
}

/**
 * The variables of `schema` from `env`, validated, converted and defaulted (an empty value counts as
 * unset, as a blank line in a service file means); {@link ConfigError} for the first bad one.
 */
export function readSettings<T extends TObject>(schema: T, env: NodeJS.ProcessEnv): Static<T> {
  const given: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  // The validator takes 'Infinity' for an integer beyond any range (its integer test is `x % 1` and
  // its range test sees no number); a whole number is finite.
  for (const [name, value] of Object.entries(given)) {
    const setting = schema.properties[name] as { type?: string } | undefined;
    if (setting?.type === 'integer' && !Number.isFinite(Number(value)))
      throw new ConfigError(failureMessage(schema, given, { instancePath: `/${name}` }));
  }
  try {
    // env-schema marks the schema it is given as closed; a copy keeps the module's own unchanged.
    return envSchema<Static<T>>({ schema: { ...schema }, data: given, env: false, dotenv: false });
  } catch (error) {
    const failures = (error as { errors?: SettingFailure[] }).errors;
    if (!failures?.[0]) throw error;
    throw new ConfigError(failureMessage(schema, given, failures[0]));
  }
}

/**
 * The variables of `schema` read as {@link readSettings} does, under the names the module's settings
 * use: `names` maps each field to its variable (`{ tokenTtlSeconds: 'TOKEN_TTL_SECONDS' }`).
 */
export function readNamedSettings<
  T extends TObject,
  const N extends Record<string, keyof Static<T> & string>,
>(schema: T, env: NodeJS.ProcessEnv, names: N): { [Field in keyof N]: Static<T>[N[Field]] } {
  const settings = readSettings(schema, env);
  return Object.fromEntries(
    Object.entries(names).map(([field, variable]) => [field, settings[variable]]),
  ) as { [Field in keyof N]: Static<T>[N[Field]] };
}

/**
 * The whole number in `name`, from `min` to `max`, `fallback` when unset or empty: for a setting read
 * by hand beside checks a schema cannot say (the payments', WeChat's, the process's own in config.ts).
 * Refused with the same words as an {@link integerSetting}.
 */
export function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

/**
 * The shortest HMAC key accepted, in bytes: a key for HMAC-SHA256 — the session tokens' HS256, the
 * payment sandbox's signatures — should have at least the hash's 256 bits.
 */
export const MIN_SECRET_BYTES = 32;

/**
 * A key or secret setting: the variable itself (literal `\n` sequences become line breaks, as in a
 * one-line env file) or the file named by `<name>_FILE` (a mounted secret). Messages name variables
 * and paths, never a value. The payment channels' keys and the 公众号's AppSecret are read this way.
 */
export function secretSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const inline = env[name]?.trim();
  const file = env[`${name}_FILE`]?.trim();
  if (inline && file) throw new ConfigError(`set ${name} or ${name}_FILE, not both`);
  if (inline) return inline.replace(/\\n/g, '\n');
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(
      `cannot read ${name}_FILE ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
}

/**
 * The http(s) URL in `name`, `fallback` when unset, without trailing slashes: where a provider's API
 * is reached (WeChat Pay, Alipay, WeChat), which tests and stand-ins point elsewhere.
 */
export function httpsUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!/^https?:\/\/[^\s/]+(?:\/\S*)?$/.test(value)) throw new ConfigError(`${name} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/**
 * The site origin written in `name` (no path, query or fragment), without its trailing slash:
 * PUBLIC_URL, and PAY_PUBLIC_URL where the payments are reached at an origin of their own.
 */
export function originSetting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  if (!/^https?:\/\/[^\s/?#]+\/?$/.test(text)) {
    throw new ConfigError(`${name} must be the site origin, e.g. https://xuanli.example.com`);
  }
  return text.replace(/\/$/, '');
}

/**
 * PUBLIC_URL: the site's origin as users reach it (`Config.publicUrl`). config.ts hands it to the app;
 * WeChat needs it to send the user back after 网页授权, and the payments fall back to it.
 */
export function parsePublicUrl(env: NodeJS.ProcessEnv): string | undefined {
  return originSetting(env, 'PUBLIC_URL');
}
