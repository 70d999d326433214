/**
 * Accounts (SPEC §6): login by phone and SMS code or password, the profile, the password, logout and
 * account deletion. Plain functions over their dependencies; routes.ts is the thin HTTP layer.
 *
 * No answer tells whether a phone has an account: sending a code answers the same either way, a
 * first code login simply creates the account, and a password login fails with one `LoginFailed` for
 * "no such account", "no password set" and "wrong password" — after the same argon2 work in each case.
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { LoginBody, LoginResult, Profile, ProfileUpdate } from '@xuanli/contracts/member';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { isVipActive } from '../../shared/entitlements.ts';
import { AppError } from '../../shared/errors.ts';
import {
  forgetUserSessions,
  revokeSession,
  revokeUserSessions,
  rotateSessionToUser,
} from '../sessions/index.ts';
import { type CodeHasher, codeHasher, consumeCode, issueCode, phoneKey, RetryLaterError } from './codes.ts';
import { isPhone, maskPhone } from './phone.ts';
import { fixedWindow, takeQuota } from './quota.ts';
import { smsCodes, users } from './schema.ts';
import type { SmsSender } from './sms/sender.ts';
import { cachedUser, forgetUser, rememberUser } from './user-cache.ts';

/** A row of `users`. */
export type User = typeof users.$inferSelect;

/** What the member service needs. */
export interface MemberDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds' | 'tokenGraceSeconds'>;
  sms: SmsSender;
  hashCode: CodeHasher;
  /** Where failures of the SMS provider are reported (their text never reaches the client). */
  log: { error(object: object, message: string): void };
  /**
   * Erases what other modules hold of a user who deletes the account (feedback, uploaded avatar);
   * app.ts wires it. Must be idempotent: it runs before the account is anonymised, and again if the
   * user retries after a failure.
   */
  onAccountDeleted?: (user: { id: number; avatar: string }) => Promise<void>;
}

/** Builds {@link MemberDeps} from the app's parts. */
export function memberDeps(parts: Omit<MemberDeps, 'hashCode'>): MemberDeps {
  return { ...parts, hashCode: codeHasher(parts.config.jwtSecret) };
}

/** Login attempts per phone per hour, whichever the method (on top of the per-IP `login` budget). */
export const LOGINS_PER_PHONE_PER_HOUR = 10;

/** What a deleted account's row keeps as its name. */
export const DELETED_NICKNAME = '已注销用户';

/**
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's minimum recommendation).
 * `Algorithm` is an ambient const enum the build may not read at run time; 2 is its `Argon2id`.
 */
const ARGON2 = { algorithm: 2 as Algorithm };

let dummyHash: Promise<string> | undefined;

/** A hash no password matches, verified when there is no real one so that every failure costs the same. */
function timingDummy(): Promise<string> {
  dummyHash ??= hash(`no-password-${Math.random()}`, ARGON2);
  return dummyHash;
}

/** The wire form of a user (SPEC §3 `user`, §6 `isVip` by the server clock); the phone masked. */
export function profileOf(user: User, clock: Clock): Profile {
  return {
    id: user.id,
    phone: maskPhone(user.phone),
    nickname: user.nickname,
    avatar: user.avatar,
    vip_expire: user.vipExpire ? user.vipExpire.toISOString() : null,
    isVip: isVipActive(user, clock),
    hasPassword: user.passwordHash !== null,
  };
}

/** The live (not deleted) user with `id`. */
export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const hit = cachedUser(db, id);
  if (hit) return hit;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (user) rememberUser(db, user);
  return user;
}

/** The live user whose phone is `phone` (a deleted account no longer has one). */
export async function findUserByPhone(db: Db, phone: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

function checkPhone(phone: string): void {
  if (!isPhone(phone)) throw new AppError('InvalidPhone', 'phone must be 11 digits matching ^1[3-9]\\d{9}$');
}

/**
 * `POST crm/member/sms`: stores a new code for `phone` and sends it. The answer is the same whether or
 * not the phone has an account. 429 (with the wait) inside 60 s of the last code or past a daily cap;
 * 503 when the provider fails (the code is then not usable before a new one may be asked for).
 */
export async function requestCode(
  deps: MemberDeps,
  phone: string,
  ip: string,
): Promise<{ resendAfter: number }> {
  checkPhone(phone);
  const code = await issueCode(deps, phone, ip);
  try {
    await deps.sms.send({ phone, code });
  } catch (error) {
    deps.log.error({ err: error, provider: deps.sms.provider, phone: maskPhone(phone) }, 'sms send failed');
    throw new AppError('Unavailable', 'the SMS could not be sent; try again in a minute');
  }
  return { resendAfter: 60 };
}

async function takeLoginAttempt(deps: MemberDeps, phone: string): Promise<void> {
  const window = fixedWindow(deps.clock.now(), 3_600_000);
  if (
    !(await takeQuota(
      deps.db,
      `login:phone:${phoneKey(deps.hashCode, phone)}`,
      window,
      LOGINS_PER_PHONE_PER_HOUR,
    ))
  ) {
    throw new RetryLaterError('too many login attempts for this phone', window.end - deps.clock.now());
  }
}

/** The user of `phone`, created on its first code login (nickname 玄历用户 + the last 4 digits). */
async function userForCodeLogin(db: Db, phone: string): Promise<User> {
  const [created] = await db
    .insert(users)
    .values({ phone, nickname: `玄历用户${phone.slice(-4)}` })
    .onConflictDoNothing({ target: users.phone })
    .returning();
  if (created) return created;
  const existing = await findUserByPhone(db, phone);
  // Deleted between the two statements: its phone is free again, so the next try creates afresh.
  if (!existing) throw new AppError('Conflict', 'account changed meanwhile; try again');
  return existing;
}

/**
 * `POST crm/member/login`: by `{phone, code}` or `{phone, password}`. On success the caller's session
 * (`sessionId`) is bound to the user and rotated: the answer's jwt replaces the old token, which
 * keeps working only for the grace period (like after any refresh).
 */
export async function login(deps: MemberDeps, sessionId: string, body: LoginBody): Promise<LoginResult> {
  const byCode = body.code !== undefined;
  if (byCode === (body.password !== undefined)) {
    throw new AppError('ValidationError', 'body must have either code or password');
  }
  checkPhone(body.phone);
  await takeLoginAttempt(deps, body.phone);
  let user: User;
  if (byCode) {
    await consumeCode(deps, body.phone, body.code ?? '');
    user = await userForCodeLogin(deps.db, body.phone);
  } else {
    const found = await findUserByPhone(deps.db, body.phone);
    const stored = found?.passwordHash ?? (await timingDummy());
    const matches = await verify(stored, body.password ?? '').catch(() => false);
    if (!found?.passwordHash || !matches) throw new AppError('LoginFailed', 'wrong phone or password');
    user = found;
  }
  const token = await rotateSessionToUser(deps, sessionId, user.id);
  return { ...token, user: profileOf(user, deps.clock) };
}

/** `POST crm/member/logout`: ends the caller's session. */
export async function logout(
  deps: Pick<MemberDeps, 'db' | 'clock'>,
  sessionId: string,
): Promise<{ revokedAt: string }> {
  const at = new Date(deps.clock.now());
  await revokeSession(deps.db, sessionId, at);
  return { revokedAt: at.toISOString() };
}

const AVATAR_URL = /^\/api\/files\/[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
// Control characters, line and paragraph separators, bidi overrides and lone surrogates have no place in a name.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u;

/** The checked nickname: trimmed, 1–20 characters (code points), printable. */
function checkNickname(raw: string): string {
  const nickname = raw.trim();
  const length = [...nickname].length;
  if (length < 1 || length > 20) throw new AppError('ValidationError', 'nickname must be 1–20 characters');
  if (UNPRINTABLE.test(nickname)) {
    throw new AppError('ValidationError', 'nickname must not contain control or invisible characters');
  }
  return nickname;
}

/** The checked avatar: '' (the default picture) or a path answered by `base/upload`. */
function checkAvatar(avatar: string): string {
  if (avatar === '' || (AVATAR_URL.test(avatar) && !avatar.includes('..'))) return avatar;
  throw new AppError(
    'ValidationError',
    "avatar must be a URL answered by base/upload ('/api/files/…') or ''",
  );
}

/** `POST crm/member/profile`: changes the fields present; answers the new profile. */
export async function updateProfile(
  deps: Pick<MemberDeps, 'db' | 'clock'>,
  userId: number,
  patch: ProfileUpdate,
): Promise<Profile> {
  const set: Partial<Pick<User, 'nickname' | 'avatar'>> = {};
  if (patch.nickname !== undefined) set.nickname = checkNickname(patch.nickname);
  if (patch.avatar !== undefined) set.avatar = checkAvatar(patch.avatar);
  forgetUser(deps.db, userId);
  const [user] =
    Object.keys(set).length === 0
      ? [await findUser(deps.db, userId)]
      : await deps.db
          .update(users)
          .set(set)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning();
  if (!user) throw new AppError('Unauthorized', 'account deleted');
  return profileOf(user, deps.clock);
}

/**
 * `POST crm/member/password`: sets or changes the password (the schema checks its rules). Changing one
 * needs the current one (LoginFailed otherwise). Every other session of the user is ended, so a
 * password change also signs out a lost phone.
 */
export async function setPassword(
  deps: Pick<MemberDeps, 'db' | 'clock'>,
  user: User,
  sessionId: string,
  input: { password: string; oldPassword?: string },
): Promise<{ ok: true }> {
  if (user.passwordHash !== null) {
    const matches = await verify(user.passwordHash, input.oldPassword ?? '').catch(() => false);
    if (!matches) throw new AppError('LoginFailed', 'the current password is wrong');
  }
  const passwordHash = await hash(input.password, ARGON2);
  forgetUser(deps.db, user.id);
  await deps.db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  await revokeUserSessions(deps.db, user.id, new Date(deps.clock.now()), sessionId);
  return { ok: true };
}

/**
 * `POST crm/member/delete` (PIPL art. 47): the account is anonymised — nickname, avatar, phone,
 * password and login handle erased — its pending SMS code dropped and all its sessions ended. The row
 * itself stays (orders will refer to it) and the phone may sign up afresh as a new account. What other
 * modules keep of the user (feedback, the avatar file) is erased first through `onAccountDeleted`.
 */
export async function deleteAccount(
  deps: Pick<MemberDeps, 'db' | 'clock' | 'onAccountDeleted'>,
  user: User,
): Promise<{ deletedAt: string }> {
  await deps.onAccountDeleted?.({ id: user.id, avatar: user.avatar });
  const at = new Date(deps.clock.now());
  forgetUser(deps.db, user.id);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        nickname: DELETED_NICKNAME,
        avatar: '',
        phone: null,
        passwordHash: null,
        account: null,
        deletedAt: at,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
    if (user.phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));
    // In the same transaction: a login racing the deletion cannot leave a live session behind.
    await revokeUserSessions(tx, user.id, at);
  });
  forgetUser(deps.db, user.id);
  forgetUserSessions(deps.db, user.id);
  return { deletedAt: at.toISOString() };
}
