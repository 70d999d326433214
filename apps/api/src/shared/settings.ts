/**
 * Settings read from the environment: each module declares its variables once as a TypeBox object
 * (name, type, range, default) and reads them with `env-schema`, the kept library that validates an
 * environment against a JSON schema; config.ts gathers the modules' settings at start-up. A bad value
 * stops the start with a {@link ConfigError} that names the variable, what it takes and what it got.
 */
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
