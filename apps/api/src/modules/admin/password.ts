/**
 * Operator passwords: argon2id through Node's own `crypto.argon2` (no native dependency), stored as
 * the PHC string every argon2 library reads: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` with the
 * salt and hash in unpadded standard base64. The default cost (19 MiB, 2 passes, 1 lane) is OWASP's
 * recommended minimum for argon2id; config (`ARGON2_MEMORY_KIB`, `ARGON2_PASSES`) may raise it for a
 * stronger host. A stored hash carries its own parameters, so changing them leaves old hashes
 * verifiable.
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

/** The cost of new hashes: memory in KiB, passes, lanes; salt and hash lengths in bytes. */
export const ARGON2_PARAMETERS = {
  memory: 19_456,
  passes: 2,
  parallelism: 1,
  saltLength: 16,
  hashLength: 32,
};

// What a stored hash may ask for: bounds a corrupted or hostile row's cost (1 GiB, 10 passes, 8 lanes).
const MAX_MEMORY = 1_048_576;
const MAX_PASSES = 10;
const MAX_LANES = 8;

const PHC =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

function derive(
  password: string,
  salt: Buffer,
  cost: { memory: number; passes: number; parallelism: number },
  tagLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password, nonce: salt, tagLength, ...cost }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** The cost of a new hash that config may set: memory in KiB and passes. */
export interface Argon2Cost {
  memoryKiB: number;
  passes: number;
}

/** The PHC string of `password` under a fresh random 16-byte salt, at `cost` (default: OWASP's). */
export async function hashPassword(
  password: string,
  cost: Argon2Cost = { memoryKiB: ARGON2_PARAMETERS.memory, passes: ARGON2_PARAMETERS.passes },
): Promise<string> {
  const { parallelism, saltLength, hashLength } = ARGON2_PARAMETERS;
  const { memoryKiB: memory, passes } = cost;
  const salt = randomBytes(saltLength);
  const hash = await derive(password, salt, { memory, passes, parallelism }, hashLength);
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

/**
 * True when `password` matches the PHC string `stored`. The comparison takes the same time wherever
 * the bytes differ; a string that is not an argon2id PHC (or asks for an absurd cost) matches nothing.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = PHC.exec(stored);
  if (!parts) return false;
  const [memory, passes, parallelism] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (
    memory < 8 * parallelism ||
    memory > MAX_MEMORY ||
    passes < 1 ||
    passes > MAX_PASSES ||
    parallelism < 1 ||
    parallelism > MAX_LANES
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const actual = await derive(password, salt, { memory, passes, parallelism }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** One unknowable hash per cost, made when first needed. */
const dummies = new Map<string, Promise<string>>();

/**
 * Spends the work of one verification against a hash nobody knows the password of, at the cost new
 * hashes get: a login for an unknown or disabled username then takes as long as one with a wrong
 * password.
 */
export async function verifyNothing(password: string, cost?: Argon2Cost): Promise<false> {
  const key = cost ? `${cost.memoryKiB}/${cost.passes}` : 'default';
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(18).toString('base64'), cost);
    dummies.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
