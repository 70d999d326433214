/**
 * The member side of WeChat login: a ticket from 网页授权 becomes a session through the same
 * `signInUser` as every login, for the account of that WeChat user — created at first sight, or the
 * caller's own when a signed-in user without WeChat authorises (binding it), or the caller's after a
 * merge when the WeChat user's account has no phone (the same person proving both). Linking a phone
 * (`bind-phone`) and unbinding WeChat live here too. The WeChat module does the WeChat side through the
 * {@link WechatAccounts} port app.ts hands over.
 */
import type { Profile } from '@xuanli/contracts/member';
import type {
  BindPhoneBody,
  BindPhoneResult,
  WechatBinding,
  WechatLoginResult,
  WechatUnbindResult,
} from '@xuanli/contracts/wechat';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { LOCK_CLASSES } from '../../shared/lock-classes.ts';
import type { Tx } from '../../shared/orders.ts';
import { deleteUserSessions, forgetUserSessions } from '../sessions/index.ts';
import { consumeCode } from './codes.ts';
import { mergeAccounts } from './merge.ts';
import { isPhone } from './phone.ts';
import { users } from './schema.ts';
import {
  checkPhone,
  findUser,
  type MemberDeps,
  profileOf,
  refuseBannedPhone,
  signInUser,
  takeLoginAttempt,
  type User,
} from './service.ts';
import { forgetUser } from './user-cache.ts';

/** A WeChat user as a finished authorisation names them (the WeChat module's ticket). */
export interface WechatLogin {
  appId: string;
  openid: string;
  unionid: string | null;
  nickname: string;
  avatar: string;
}

/** What the member module asks of the WeChat module (app.ts hands its `accounts`). */
export interface WechatAccounts {
  readonly enabled: boolean;
  /** Uses a ticket once: the WeChat user, or null when unknown, used or expired. */
  takeTicket(ticket: string): Promise<WechatLogin | null>;
  /** The account bound to the WeChat user, if any. */
  accountOf(tx: Tx, login: WechatLogin): Promise<number | null>;
  /** Binds (or refreshes the binding of) the WeChat user to `userId`; false when it has another one. */
  bind(tx: Tx, login: WechatLogin, userId: number, at: Date): Promise<boolean>;
  boundOf(db: Db | Tx, userId: number): Promise<{ nickname: string } | null>;
  unbind(tx: Tx, userId: number): Promise<number>;
  move(tx: Tx, from: number, into: number): Promise<void>;
}

/** What the WeChat glue works with: the member service's parts, its `wechat` and `merge` ports included. */
export type WechatGlueDeps = MemberDeps;

/** True for PostgreSQL's unique violation (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * The advisory lock class of one WeChat user's first sight (the second key is a hash of the openid);
 * a class of its own (shared/lock-classes.ts), so a hash that happens to equal a job's key or an
 * account's id waits for nothing.
 */
const WECHAT_USER_LOCK = LOCK_CLASSES.wechatUser;
/** The class of one phone's binding. */
const PHONE_LOCK = LOCK_CLASSES.phoneBinding;

async function lockKey(tx: Tx, lockClass: number, value: string): Promise<void> {
  await tx.execute(
    sql`select 1 from (select pg_advisory_xact_lock(${lockClass}::int, hashtext(${value}))) as taken`,
  );
}

/** The live account `id` locked FOR UPDATE, or undefined when deleted or banned. */
async function lockLiveUser(tx: Tx, id: number): Promise<User | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), isNull(users.bannedAt)))
    .for('update');
  return row;
}

/** The live account `id` (not deleted, not banned), read in `tx`. */
async function liveUser(tx: Tx, id: number): Promise<User | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), isNull(users.bannedAt)))
    .limit(1);
  return row;
}

/** A new account's name: WeChat's nickname when it is a usable one, else 微信用户 and 4 characters. */
function nicknameOf(login: WechatLogin): string {
  const name = login.nickname.trim();
  const usable =
    [...name].length >= 1 && [...name].length <= 20 && !/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u.test(name);
  return usable ? name : `微信用户${login.openid.slice(-4)}`;
}

/** The account WeChat user `login` signs in to, created, bound or merged as the module doc says. */
async function accountForLogin(
  deps: WechatGlueDeps,
  login: WechatLogin,
  caller: { id: number | null; sessionId: string },
): Promise<{ userId: number; merged: number | null }> {
  return deps.db.transaction(async (tx) => {
    await lockKey(tx, WECHAT_USER_LOCK, `${login.appId}:${login.openid}`);
    const at = new Date(deps.clock.now());
    const owner = await deps.wechat.accountOf(tx, login);
    const signedIn = caller.id !== null && caller.id !== owner ? await liveUser(tx, caller.id) : undefined;
    if (owner !== null) {
      if (signedIn && !(await deps.wechat.boundOf(tx, signedIn.id))) {
        // Locked in id order, so two merges of the same pair cannot wait on each other.
        const [first, second] = signedIn.id < owner ? [signedIn.id, owner] : [owner, signedIn.id];
        const locked = [await lockLiveUser(tx, first), await lockLiveUser(tx, second)];
        const into = locked.find((row) => row?.id === signedIn.id);
        const from = locked.find((row) => row?.id === owner);
        if (into && from && from.phone === null) {
          await mergeAccounts(tx, deps.merge, {
            from,
            into,
            at,
            cause: 'wechat-login',
            keepSessionId: caller.sessionId,
          });
          await deps.wechat.move(tx, from.id, into.id);
          await deps.wechat.bind(tx, login, into.id, at);
          return { userId: into.id, merged: from.id };
        }
      }
      await deps.wechat.bind(tx, login, owner, at);
      return { userId: owner, merged: null };
    }
    if (signedIn && (await deps.wechat.bind(tx, login, signedIn.id, at))) {
      return { userId: signedIn.id, merged: null };
    }
    const [created] = await tx
      .insert(users)
      .values({ nickname: nicknameOf(login), avatar: login.avatar })
      .returning({ id: users.id });
    await deps.wechat.bind(tx, login, created.id, at);
    return { userId: created.id, merged: null };
  });
}

/** Deletes what is left of a merged account's sessions once the sign-in ended the caller's. */
async function afterMerge(deps: Pick<MemberDeps, 'db'>, merged: number): Promise<void> {
  await deleteUserSessions(deps.db, merged);
  forgetUser(deps.db, merged);
  forgetUserSessions(deps.db, merged);
}

/** The account's profile after a sign-in (it was admitted, so it is live). */
async function signedInProfile(deps: MemberDeps, userId: number): Promise<{ user: Profile; bound: boolean }> {
  forgetUser(deps.db, userId);
  const user = await findUser(deps.db, userId);
  if (!user) throw new AppError('Conflict', 'account changed meanwhile; try again');
  return { user: profileOf(user, deps.clock), bound: user.phone !== null };
}

/**
 * `POST crm/member/wechat {ticket}`: a new session for the account of the WeChat user the ticket names
 * (WechatLoginFailed when the ticket is unknown, used or past its 5 minutes; AccountBanned like any login).
 */
export async function wechatLogin(
  deps: WechatGlueDeps,
  session: { id: string; userId: number | null },
  ticket: string,
): Promise<WechatLoginResult> {
  if (!deps.wechat.enabled) throw new AppError('NotFound', '微信登录未开启');
  const login = await deps.wechat.takeTicket(ticket);
  if (!login) throw new AppError('WechatLoginFailed', '微信登录已失效，请重新进入页面再试');
  const { userId, merged } = await accountForLogin(deps, login, {
    id: session.userId,
    sessionId: session.id,
  });
  const token = await signInUser(deps, session.id, userId);
  if (merged !== null) await afterMerge(deps, merged);
  return { ...token, ...(await signedInProfile(deps, userId)) };
}

/**
 * `POST crm/member/bind-phone {phone, code}`: links the phone (proved by its SMS code) to the caller's
 * account, which must not have one yet. When the phone already has an account, the caller's is merged
 * into it ({@link mergeAccounts}) — refused while both accounts have a WeChat user — and the answered
 * session is that account's.
 */
export async function bindPhone(
  deps: WechatGlueDeps,
  sessionId: string,
  caller: User,
  body: BindPhoneBody,
): Promise<BindPhoneResult> {
  checkPhone(body.phone);
  if (caller.phone !== null) throw new AppError('Conflict', '账号已绑定手机号');
  await takeLoginAttempt(deps, body.phone);
  await refuseBannedPhone(deps.db, body.phone);
  await consumeCode(deps, body.phone, body.code);
  const { into, merged } = await linkPhone(deps, sessionId, caller, body.phone).catch((error: unknown) => {
    // An SMS login created the phone's account between our check and our write: nothing was changed.
    if (isUniqueViolation(error)) throw new AppError('Conflict', '账号已变化，请稍后再试');
    throw error;
  });
  forgetUser(deps.db, caller.id);
  const token = await signInUser(deps, sessionId, into);
  if (merged !== null) await afterMerge(deps, merged);
  const { user } = await signedInProfile(deps, into);
  return { ...token, user, merged: merged !== null };
}

/** Links `phone` to the caller's account, or merges the caller's into the phone's; in one transaction. */
function linkPhone(
  deps: WechatGlueDeps,
  sessionId: string,
  caller: User,
  phone: string,
): Promise<{ into: number; merged: number | null }> {
  const body = { phone };
  return deps.db.transaction(async (tx) => {
    await lockKey(tx, PHONE_LOCK, body.phone);
    const [owner] = await tx.select().from(users).where(eq(users.phone, body.phone)).for('update');
    const self = await lockLiveUser(tx, caller.id);
    if (!self || self.phone !== null) throw new AppError('Conflict', '账号已变化，请刷新后再试');
    if (!owner) {
      await tx.update(users).set({ phone: body.phone }).where(eq(users.id, self.id));
      return { into: self.id, merged: null };
    }
    if (owner.bannedAt) throw new AppError('AccountBanned', '该账号已被停用，如有疑问请联系客服');
    if ((await deps.wechat.boundOf(tx, owner.id)) && (await deps.wechat.boundOf(tx, self.id))) {
      throw new AppError('Conflict', '该手机号的账号已绑定另一个微信，请用手机号登录后在设置中解除绑定再试');
    }
    const at = new Date(deps.clock.now());
    await mergeAccounts(tx, deps.merge, {
      from: self,
      into: owner,
      at,
      cause: 'bind-phone',
      keepSessionId: sessionId,
    });
    await deps.wechat.move(tx, self.id, owner.id);
    return { into: owner.id, merged: self.id };
  });
}

/** `GET crm/member/wechat`: whether WeChat login is on and bound to the caller's account. */
export async function wechatBinding(deps: WechatGlueDeps, user: User): Promise<WechatBinding> {
  const bound = deps.wechat.enabled ? await deps.wechat.boundOf(deps.db, user.id) : null;
  return { enabled: deps.wechat.enabled, bound: bound !== null, nickname: bound?.nickname || null };
}

/**
 * `POST crm/member/wechat/unbind`: removes the caller's WeChat binding. Only with a phone linked, so the
 * account keeps a way to log in.
 */
export async function unbindWechat(deps: WechatGlueDeps, user: User): Promise<WechatUnbindResult> {
  if (!deps.wechat.enabled) throw new AppError('NotFound', '微信登录未开启');
  if (user.phone === null || !isPhone(user.phone)) {
    throw new AppError('Conflict', '请先绑定手机号，再解除微信绑定');
  }
  const removed = await deps.db.transaction((tx) => deps.wechat.unbind(tx, user.id));
  return { unbound: removed > 0 };
}
