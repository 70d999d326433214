/**
 * The secret that signs the session tokens (HS256), read at start-up and gathered by config.ts: given
 * as JWT_SECRET or JWT_SECRET_FILE, else generated once into the data folder (outside production).
 * Other keys are derived from it too (the login codes' hashes, the classroom's media URLs).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, MIN_SECRET_BYTES } from '../../shared/settings.ts';

/**
 * Where the session-signing secret came from: JWT_SECRET or JWT_SECRET_FILE (`setting`), the file
 * generated into the data folder (`data-folder`), or — in production, where no file is generated — a
 * key made for this process alone (`ephemeral`), which the production checks refuse.
 */
export type JwtSecretSource = 'setting' | 'data-folder' | 'ephemeral';

/** Reads the secret kept in `file`, refusing one too short to protect the tokens. */
function readSecretFile(file: string): string {
  let secret: string;
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new ConfigError(`cannot read the JWT secret ${file}: ${(error as Error).message}`);
  }
  const bytes = Buffer.byteLength(secret);
  if (bytes < MIN_SECRET_BYTES) {
    // Refused here, once, instead of failing every token request later.
    throw new ConfigError(
      `the JWT secret file ${file} is ${bytes === 0 ? 'empty' : `only ${bytes} bytes long`}; ` +
        `it needs at least ${MIN_SECRET_BYTES} bytes. Write a longer secret into it, or delete it to ` +
        'have a new one generated (tokens issued so far then stop working).',
    );
  }
  return secret;
}

/** Writes a new random secret to `file` unless another process got there first. */
function createSecretFile(file: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written in full under a private name, then linked into place: link() fails if the file exists
  // (another process starting at the same moment won; its secret is then read), and no process ever
  // reads a half-written secret.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** A JWT secret given as a setting, checked for length; `name` is the setting it came from. */
function givenSecret(secret: string, name: string): string {
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_BYTES} bytes long`);
  }
  return secret;
}

/**
 * The JWT secret and where it came from: JWT_SECRET, or the file JWT_SECRET_FILE names (a mounted
 * secret), else the one generated on the first run and kept in `dataDir/jwt-secret` (so tokens
 * survive restarts). Several API processes must share one given secret. Each must be at least 32
 * bytes long. In production nothing is generated into the data folder: a key lying beside the data it
 * protects is no secret, so without a setting the process gets a key of its own that dies with it
 * (the production checks then refuse to start; the operator CLI needs no token key).
 */
export function resolveJwtSecret(
  env: NodeJS.ProcessEnv,
  dataDir: string,
): { secret: string; source: JwtSecretSource } {
  const given = env.JWT_SECRET;
  const file = env.JWT_SECRET_FILE?.trim();
  if (given && file) throw new ConfigError('set JWT_SECRET or JWT_SECRET_FILE, not both');
  if (given) return { secret: givenSecret(given, 'JWT_SECRET'), source: 'setting' };
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (error) {
      throw new ConfigError(
        `cannot read JWT_SECRET_FILE ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
    return { secret: givenSecret(text, `the secret in JWT_SECRET_FILE ${file}`), source: 'setting' };
  }
  const generated = join(dataDir, 'jwt-secret');
  if (env.NODE_ENV === 'production' && !existsSync(generated)) {
    return { secret: randomBytes(48).toString('base64url'), source: 'ephemeral' };
  }
  if (!existsSync(generated)) createSecretFile(generated, dataDir);
  return { secret: readSecretFile(generated), source: 'data-folder' };
}
