/**
 * Accounts (PRODUCT.md#account): login by phone and SMS code or password, the profile, the password, logout
 * and account deletion. Plain functions over their dependencies; routes.ts is the thin HTTP layer.
 *
 * No answer tells whether a phone has an account: sending a code answers the same either way, a
 * first code login simply creates the account, and a password login fails with one `LoginFailed` for
 * "no such account", "no password set" and "wrong password" — after the same argon2 work in each case.
 * The one exception is an account an operator banned: its phone is told so (AccountBanned), by every
 * login method and by the SMS code request alike.
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { LoginBody, LoginResult, Profile, ProfileUpdate } from '@xuanli/contracts/member';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { Clock } from '../../shared/clock.ts';
import { isVipActive } from '../../shared/entitlements.ts';
import { AppError } from '../../shared/errors.ts';
import {
  deleteUserSessions,
  forgetUserSessions,
  type IssuedToken,
  revokeSession,
  revokeUserSessions,
  startUserSession,
} from '../sessions/index.ts';
import {
  type CodeHasher,
  codeHasher,
  codeSpend,
  issueCode,
  phoneKey,
  RetryLaterError,
  refuseWrongCode,
} from './codes.ts';
import type { AccountErasure } from './erasure.ts';
import type { AccountMerge } from './merge.ts';
import { isPhone, maskPhone } from './phone.ts';
import { fixedWindow, quotaTake, takeQuota, type Window } from './quota.ts';
import { smsCodes, users } from './schema.ts';
import type { SmsSender } from './sms/sender.ts';
import { cachedUser, forgetUser, rememberUser, userTicket } from './user-cache.ts';
import type { WechatAccounts } from './wechat.ts';

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
  /** What other modules erase of a deleted account (app.ts wires each module's function). */
  erasure: AccountErasure;
  /** What other modules move when two accounts become one (app.ts wires each module's function). */
  merge: AccountMerge;
  /** The WeChat module's side of WeChat login (app.ts hands its `accounts`). */
  wechat: WechatAccounts;
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

/** The wire form of a user (`isVip` by the server clock, PRODUCT.md#vip); the phone masked. */
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

/**
 * The live user with `id`: not deleted and not banned, so that every module's logged-in routes refuse
 * a banned account even in the moment before its sessions' cache entries lapse in another process.
 */
export async function findUser(db: Db, id: number): Promise<User | undefined> {
  const hit = cachedUser(db, id);
  if (hit) return hit;
  const ticket = userTicket(db);
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), isNull(users.bannedAt)))
    .limit(1);
  if (user) rememberUser(db, user, ticket);
  return user;
}

/** The live user whose phone is `phone` (a deleted account no longer has one). */
export async function findUserByPhone(db: Db, phone: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

/** Refuses anything but an 11-digit mainland mobile number (InvalidPhone). */
export function checkPhone(phone: string): void {
  if (!isPhone(phone)) throw new AppError('InvalidPhone', 'phone must be 11 digits matching ^1[3-9]\\d{9}$');
}

/** The refusal of a banned account, the same for every login method and for SMS codes. */
function accountBanned(): AppError {
  return new AppError('AccountBanned', '该账号已被停用，如有疑问请联系客服');
}

/**
 * Refuses a phone whose account an operator banned, before any code is sent or checked. This tells
 * whoever asks that the phone's account is banned — deliberately: its owner must learn why they cannot
 * log in; phones of accounts in good standing stay indistinguishable from phones without one.
 */
export async function refuseBannedPhone(db: Db, phone: string): Promise<void> {
  const [user] = await db
    .select({ bannedAt: users.bannedAt })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  if (user?.bannedAt) throw accountBanned();
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
  await refuseBannedPhone(deps.db, phone);
  const code = await issueCode(deps, phone, ip);
  try {
    await deps.sms.send({ phone, code });
  } catch (error) {
    deps.log.error({ err: error, provider: deps.sms.provider, phone: maskPhone(phone) }, 'sms send failed');
    throw new AppError('Unavailable', 'the SMS could not be sent; try again in a minute');
  }
  return { resendAfter: 60 };
}

/** The per-phone login budget (10 an hour, whichever the method): its quota key and window now. */
function loginAttempts(deps: Pick<MemberDeps, 'clock' | 'hashCode'>, phone: string) {
  const window = fixedWindow(deps.clock.now(), 3_600_000);
  return { key: `login:phone:${phoneKey(deps.hashCode, phone)}`, window, max: LOGINS_PER_PHONE_PER_HOUR };
}

/** The 429 of a phone past its login budget, with the wait until its window ends. */
function tooManyLogins(deps: Pick<MemberDeps, 'clock'>, window: Window): RetryLaterError {
  return new RetryLaterError('too many login attempts for this phone', window.end - deps.clock.now());
}

/** Counts one login attempt for `phone` (10 an hour, whichever the method); 429 past it. */
export async function takeLoginAttempt(
  deps: Pick<MemberDeps, 'db' | 'clock' | 'hashCode'>,
  phone: string,
): Promise<void> {
  const { key, window, max } = loginAttempts(deps, phone);
  if (!(await takeQuota(deps.db, key, window, max))) throw tooManyLogins(deps, window);
}

/** A new account, or none when the phone has one: prepared once, as every statement of a code login. */
const newUserStatement = preparedPerDatabase((db) =>
  db
    .insert(users)
    .values({ phone: sql.placeholder('phone'), nickname: sql.placeholder('nickname') })
    .onConflictDoNothing({ target: users.phone })
    .returning()
    .prepare('member_new_user'),
);

/** The user of `phone`, created on its first code login (nickname 玄历用户 + the last 4 digits). */
async function userForCodeLogin(db: Db, phone: string): Promise<User> {
  const [created] = await newUserStatement(db).execute({ phone, nickname: `玄历用户${phone.slice(-4)}` });
  if (created) return created;
  const existing = await findUserByPhone(db, phone);
  // Deleted between the two statements: its phone is free again, so the next try creates afresh.
  if (!existing) throw new AppError('Conflict', 'account changed meanwhile; try again');
  return existing;
}

/** An account that may sign in: not deleted, not banned (sessions startUserSession `admitted`). */
const ADMITTED_TO_SIGN_IN = sql`exists (select 1 from ${users} where ${users.id} = ${sql.placeholder('userId')}
  and ${users.deletedAt} is null and ${users.bannedAt} is null for share)`;

/**
 * The end of every login method (SMS code, password, and any later one such as WeChat): the caller's
 * session (`sessionId`) ends at once and a new one is opened for the account, whose token is answered
 * (sessions module startUserSession). The account row is locked and re-read in that transaction, so a
 * ban or deletion committed meanwhile refuses the login, and one committed after it ends the new session.
 */
export async function signInUser(
  deps: Pick<MemberDeps, 'db' | 'clock' | 'config'>,
  sessionId: string,
  userId: number,
): Promise<IssuedToken> {
  return startUserSession(deps, {
    previousSessionId: sessionId,
    userId,
    admitted: ADMITTED_TO_SIGN_IN,
    async refusal() {
      const [account] = await deps.db
        .select({ deletedAt: users.deletedAt, bannedAt: users.bannedAt })
        .from(users)
        .where(eq(users.id, userId));
      if (!account || account.deletedAt)
        return new AppError('Conflict', 'account changed meanwhile; try again');
      return account.bannedAt ? accountBanned() : null;
    },
  });
}

/**
 * A code login's first step, in one statement (a login is frequent, and on the embedded database
 * every statement is CPU the request waits for): counts the attempt against the phone's budget, spends
 * `phone`'s code if `code` is it — unless the budget is spent or the phone's account banned — and reads
 * that account. The budget, the ban check and the spend all see the same snapshot.
 */
async function attemptCodeLogin(
  deps: MemberDeps,
  phone: string,
  code: string,
): Promise<{ admitted: boolean; spent: boolean; account: User | undefined; window: Window }> {
  const { key, window, max } = loginAttempts(deps, phone);
  const [row] = await codeLoginStatement(deps.db).execute({
    phone,
    key,
    windowStart: new Date(window.start),
    windowEnd: new Date(window.end),
    max,
    codeHash: deps.hashCode(phone, code),
    now: new Date(deps.clock.now()).toISOString(),
  });
  return {
    admitted: Boolean(row?.admitted),
    spent: Boolean(row?.spent),
    account: row?.account ?? undefined,
    window,
  };
}

/**
 * {@link attemptCodeLogin}'s statement, built once per database and prepared under a name: building a
 * statement of three parts with the query builder took more of a login's CPU than the embedded
 * database's own work on it.
 */
const codeLoginStatement = preparedPerDatabase((db) => {
  const phone = sql.placeholder('phone');
  const attempt = db
    .$with('login_attempt')
    .as(
      quotaTake(
        db,
        sql.placeholder('key'),
        { start: sql.placeholder('windowStart'), end: sql.placeholder('windowEnd') },
        sql.placeholder('max'),
      ),
    );
  const refused = sql`not exists (select 1 from ${attempt}) or exists (select 1 from ${users}
    where ${users.phone} = ${phone} and ${users.bannedAt} is not null)`;
  const spentCode = db
    .$with('spent_code')
    .as(codeSpend(db, phone, sql.placeholder('codeHash'), sql.placeholder('now'), refused));
  return db
    .with(attempt, spentCode)
    .select({
      admitted: sql<boolean>`exists (select 1 from ${attempt})`,
      spent: sql<boolean>`exists (select 1 from ${spentCode})`,
      account: users,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(users, eq(users.phone, phone))
    .prepare('member_code_login_attempt');
});

/**
 * `POST crm/member/login`: by `{phone, code}` or `{phone, password}`; a banned account is refused with
 * AccountBanned before either is checked. On success the answer carries the token of a
 * new session ({@link signInUser}); the caller's old token is refused from then on.
 */
export async function login(deps: MemberDeps, sessionId: string, body: LoginBody): Promise<LoginResult> {
  const byCode = body.code !== undefined;
  if (byCode === (body.password !== undefined)) {
    throw new AppError('ValidationError', 'body must have either code or password');
  }
  checkPhone(body.phone);
  // A banned account is refused before its code is spent or its password checked, so a code sent
  // before the ban still logs in once the ban is lifted.
  let user: User;
  if (byCode) {
    const { admitted, spent, account, window } = await attemptCodeLogin(deps, body.phone, body.code ?? '');
    if (!admitted) throw tooManyLogins(deps, window);
    if (account?.bannedAt) throw accountBanned();
    if (!spent) await refuseWrongCode(deps, body.phone);
    user = account ?? (await userForCodeLogin(deps.db, body.phone));
  } else {
    await takeLoginAttempt(deps, body.phone);
    const found = await findUserByPhone(deps.db, body.phone);
    if (found?.bannedAt) throw accountBanned();
    const stored = found?.passwordHash ?? (await timingDummy());
    const matches = await verify(stored, body.password ?? '').catch(() => false);
    if (!found?.passwordHash || !matches) throw new AppError('LoginFailed', 'wrong phone or password');
    user = found;
  }
  const token = await signInUser(deps, sessionId, user.id);
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
 * `POST crm/member/delete` (PIPL art. 47), in one transaction over the locked account row: every
 * other module erases its rows (erasure.ts lists what each table keeps), the row is anonymised —
 * nickname, avatar, phone, password, login handle and any ban erased — its pending SMS code and all
 * its sessions deleted. The row itself stays (orders refer to it) and the phone may sign up afresh as a
 * new account. Files the erased rows named (feedback pictures, the uploaded avatar) are removed once
 * the transaction committed; a failure there is logged, not answered, as the account is gone already.
 */
export async function deleteAccount(
  deps: Pick<MemberDeps, 'db' | 'clock' | 'erasure' | 'log'>,
  user: User,
): Promise<{ deletedAt: string }> {
  const at = new Date(deps.clock.now());
  forgetUser(deps.db, user.id);
  const files = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for('update');
    if (!account) throw new AppError('Unauthorized', 'account deleted');
    // A picture another account also shows (a copied URL) is not this account's to remove.
    const [sharer] = account.avatar
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.avatar, account.avatar), ne(users.id, account.id)))
          .limit(1)
      : [];
    const keys = await deps.erasure.eraseRows(tx, { id: account.id, avatar: sharer ? '' : account.avatar });
    await tx
      .update(users)
      .set({
        nickname: DELETED_NICKNAME,
        avatar: '',
        phone: null,
        passwordHash: null,
        account: null,
        bannedAt: null,
        banReason: null,
        deletedAt: at,
      })
      .where(eq(users.id, account.id));
    if (account.phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, account.phone));
    await deleteUserSessions(tx, account.id);
    return keys;
  });
  forgetUser(deps.db, user.id);
  forgetUserSessions(deps.db, user.id);
  try {
    await deps.erasure.removeFiles(files);
  } catch (error) {
    // Keys are random names, nothing personal; an operator can remove what is listed.
    deps.log.error({ err: error, files }, 'account deleted but its stored files were not all removed');
  }
  return { deletedAt: at.toISOString() };
}
