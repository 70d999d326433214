/**
 * SMS login codes: issue (with the resend and daily limits) and check (with the wrong-try limit).
 *
 * - A code is 6 digits from `crypto.randomInt`, valid 5 minutes, stored only as
 *   HMAC-SHA256(key, phone + code) with a key derived (HKDF) from the JWT secret. Not argon2: a 6-digit
 *   code has a million values, so a slow hash would cost every login real CPU yet still fall to an
 *   offline search; a keyed hash is useless to whoever copies the table without the secret, and being
 *   deterministic it is compared inside the conditional UPDATE that consumes the code (one statement,
 *   so a code can be used once even by racing requests in several processes).
 * - 5 wrong tries burn the code; one send per phone per 60 s; at most 10 sends per phone and 30 per
 *   client IP per Beijing day. All three limits are conditional writes in one transaction
 *   (quota.ts, the `sms_codes` upsert), so concurrent sends from any process cannot overshoot, and a
 *   refused send gives back what it took.
 */
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { type Bound, beijingDay, takeQuota } from './quota.ts';
import { smsCodes } from './schema.ts';

/** How long a code is valid. */
export const CODE_TTL_MS = 5 * 60_000;
/** The least time between two codes for one phone (the web counts it down; SMS_RESEND_SECONDS). */
export const RESEND_MS = 60_000;
/** Wrong tries that burn a code. */
export const MAX_WRONG_TRIES = 5;
/** Codes per phone per Beijing day. */
export const DAILY_SENDS_PER_PHONE = 10;
/** Codes per client IP per Beijing day (many phones share a carrier's NAT, so well above one phone's). */
export const DAILY_SENDS_PER_IP = 30;

/** A refusal that knows when it ends: answered 429 with `retryAfter` seconds. */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterMs: number) {
    super('TooManyRequests', message);
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** Hashes `(phone, code)` with a key only the servers know. */
export type CodeHasher = (phone: string, code: string) => string;

/** The code hasher for a JWT secret: HKDF-SHA256 derives a key used for nothing else. */
export function codeHasher(jwtSecret: string): CodeHasher {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, '', 'xuanli sms login code v1', 32));
  return (phone, code) => createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
}

/**
 * How a phone is named in a counter's key: keyed-hashed, so the counters hold no phone number (they
 * outlive a deleted account by up to a day).
 */
export function phoneKey(hashCode: CodeHasher, phone: string): string {
  return hashCode(phone, 'quota').slice(0, 32);
}

/** What code functions need. */
export interface CodeDeps {
  db: Db;
  clock: Clock;
  hashCode: CodeHasher;
}

/** A fresh 6-digit code, uniformly drawn from the OS's cryptographic generator. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a new code for `phone` requested from `ip`, or throws {@link RetryLaterError} when the IP's or
 * the phone's daily cap is spent or the phone got a code less than 60 s ago. Returns the code to send.
 */
export async function issueCode(deps: CodeDeps, phone: string, ip: string): Promise<string> {
  const now = deps.clock.now();
  const day = beijingDay(now);
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    // Locks are always taken in this order (IP, phone quota, phone code), so two sends never deadlock.
    if (!(await takeQuota(tx, `sms:ip:${ip}`, day, DAILY_SENDS_PER_IP))) {
      throw new RetryLaterError('daily sms limit of this network reached', day.end - now);
    }
    if (!(await takeQuota(tx, `sms:phone:${phoneKey(deps.hashCode, phone)}`, day, DAILY_SENDS_PER_PHONE))) {
      throw new RetryLaterError('daily sms limit of this phone reached', day.end - now);
    }
    const fresh = {
      codeHash: deps.hashCode(phone, code),
      sentAt: new Date(now),
      expiresAt: new Date(now + CODE_TTL_MS),
      attempts: 0,
    };
    const claimed = await tx
      .insert(smsCodes)
      .values({ phone, ...fresh })
      .onConflictDoUpdate({
        target: smsCodes.phone,
        set: fresh,
        setWhere: lte(smsCodes.sentAt, new Date(now - RESEND_MS)),
      })
      .returning({ phone: smsCodes.phone });
    if (claimed.length === 0) {
      const [row] = await tx
        .select({ sentAt: smsCodes.sentAt })
        .from(smsCodes)
        .where(eq(smsCodes.phone, phone));
      const wait = row ? row.sentAt.getTime() + RESEND_MS - now : RESEND_MS;
      throw new RetryLaterError('a code was sent to this phone less than 60 s ago', wait);
    }
  });
  return code;
}

/**
 * `phone`'s code row while its code can still be used: unexpired at `now`, not burnt, not spent. A
 * placeholder `now` is filled with an ISO text (a placeholder skips the column's own Date encoding).
 */
export function liveCode(phone: Bound<string>, now: Date | Placeholder): SQL {
  return and(
    eq(smsCodes.phone, phone),
    isNotNull(smsCodes.codeHash),
    gt(smsCodes.expiresAt, now),
    lt(smsCodes.attempts, MAX_WRONG_TRIES),
  ) as SQL;
}

/**
 * The update that spends `phone`'s code if `code` is it and it is live ({@link liveCode}), returning
 * the phone when it did; `unless` (a condition) keeps the code unspent. A builder, so a caller can
 * put it in a larger statement (the login reads the account in the same one).
 */
export function spendCode(deps: CodeDeps, phone: string, code: string, unless?: SQL) {
  return codeSpend(deps.db, phone, deps.hashCode(phone, code), new Date(deps.clock.now()), unless);
}

/**
 * {@link spendCode}'s update over the code's hash and the time, either of them (and the phone) a
 * placeholder when the statement is prepared once (the login's, service.ts).
 */
export function codeSpend(
  db: Pick<Db, 'update'>,
  phone: Bound<string>,
  codeHash: Bound<string>,
  now: Date | Placeholder,
  unless?: SQL,
) {
  return db
    .update(smsCodes)
    .set({ codeHash: null })
    .where(
      and(liveCode(phone, now), eq(smsCodes.codeHash, codeHash), unless ? sql`not (${unless})` : undefined),
    )
    .returning({ phone: smsCodes.phone });
}

/**
 * Counts a wrong try at `phone`'s live code (the fifth burns it) and throws InvalidCode: the same
 * answer for every failure, including a phone that never got a code.
 */
export async function refuseWrongCode(deps: CodeDeps, phone: string): Promise<never> {
  await deps.db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      codeHash: sql`case when ${smsCodes.attempts} + 1 >= ${MAX_WRONG_TRIES} then null else ${smsCodes.codeHash} end`,
    })
    .where(liveCode(phone, new Date(deps.clock.now())));
  throw new AppError('InvalidCode', 'wrong, expired or used code');
}

/**
 * Consumes `phone`'s code if `code` is it, unexpired and not burnt; otherwise counts a wrong try (the
 * fifth burns the code) and throws InvalidCode.
 */
export async function consumeCode(deps: CodeDeps, phone: string, code: string): Promise<void> {
  const [used] = await spendCode(deps, phone, code);
  if (!used) await refuseWrongCode(deps, phone);
}

/** Deletes code rows older than a day (their 60 s and 5 min rules are long over). */
export async function purgeCodes(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(smsCodes)
    .where(lt(smsCodes.sentAt, new Date(now - 86_400_000)))
    .returning({ phone: smsCodes.phone });
  return gone.length;
}
