/**
 * Which account a WeChat user is: `wechat_identities` rows, read and written for the member module's
 * login glue (through the `WechatAccounts` port app.ts hands it) and for the pay module, which needs the
 * buyer's openid for JSAPI and must never take it from the browser.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../shared/orders.ts';
import type { WechatLogin } from '../member/index.ts';
import { wechatIdentities } from './schema.ts';

/** A bound WeChat user as the account's pages show it. */
export interface BoundWechat {
  nickname: string;
  avatar: string;
}

/** The account `login`'s WeChat user is bound to: by openid under its AppID, else by unionid. */
export async function accountOfWechat(tx: Tx | Db, login: WechatLogin): Promise<number | null> {
  const [byOpenid] = await tx
    .select({ userId: wechatIdentities.userId })
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.appId, login.appId), eq(wechatIdentities.openid, login.openid)))
    .limit(1);
  if (byOpenid) return byOpenid.userId;
  if (!login.unionid) return null;
  // The same person under another AppID of our 开放平台 account (a 公众号 moved to a new AppID).
  const [byUnionid] = await tx
    .select({ userId: wechatIdentities.userId })
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.unionid, login.unionid), ne(wechatIdentities.appId, login.appId)))
    .limit(1);
  return byUnionid?.userId ?? null;
}

/**
 * Binds `login`'s WeChat user to account `userId`, or refreshes the binding (last login, and the
 * nickname, avatar and unionid when this authorisation gave them). False when the account already
 * has another WeChat user of this AppID.
 */
export async function bindWechat(tx: Tx, login: WechatLogin, userId: number, at: Date): Promise<boolean> {
  const bound = await tx
    .insert(wechatIdentities)
    .values({
      appId: login.appId,
      openid: login.openid,
      unionid: login.unionid,
      userId,
      nickname: login.nickname,
      avatar: login.avatar,
      createdAt: at,
      lastLoginAt: at,
    })
    .onConflictDoNothing()
    .returning({ userId: wechatIdentities.userId });
  if (bound.length > 0) return true;
  const refreshed = await tx
    .update(wechatIdentities)
    .set({
      lastLoginAt: at,
      ...(login.unionid ? { unionid: login.unionid } : {}),
      ...(login.nickname ? { nickname: login.nickname, avatar: login.avatar } : {}),
    })
    .where(
      and(
        eq(wechatIdentities.appId, login.appId),
        eq(wechatIdentities.openid, login.openid),
        eq(wechatIdentities.userId, userId),
      ),
    )
    .returning({ userId: wechatIdentities.userId });
  return refreshed.length > 0;
}

/** The WeChat user of `appId` bound to account `userId`, if any. */
export async function wechatOfUser(db: Db | Tx, appId: string, userId: number): Promise<BoundWechat | null> {
  const [row] = await db
    .select({ nickname: wechatIdentities.nickname, avatar: wechatIdentities.avatar })
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.appId, appId), eq(wechatIdentities.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The openid of account `userId` under `appId` (the payer of a JSAPI order), if it has one. */
export async function openidOfUser(db: Db, appId: string, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ openid: wechatIdentities.openid })
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.appId, appId), eq(wechatIdentities.userId, userId)))
    .limit(1);
  return row?.openid ?? null;
}

/** Removes every WeChat binding of account `userId` (unbinding, account deletion); answers how many. */
export async function unbindWechat(tx: Tx, userId: number): Promise<number> {
  const gone = await tx
    .delete(wechatIdentities)
    .where(eq(wechatIdentities.userId, userId))
    .returning({ openid: wechatIdentities.openid });
  return gone.length;
}

/**
 * Moves account `from`'s WeChat bindings to account `into` (a merge). The merge refuses beforehand
 * when `into` already has a WeChat user of the same AppID; a binding that would still collide is
 * dropped rather than left on an account that no longer exists.
 */
export async function moveWechat(tx: Tx, from: number, into: number): Promise<void> {
  const taken = await tx
    .select({ appId: wechatIdentities.appId })
    .from(wechatIdentities)
    .where(eq(wechatIdentities.userId, into));
  for (const { appId } of taken) {
    await tx
      .delete(wechatIdentities)
      .where(and(eq(wechatIdentities.userId, from), eq(wechatIdentities.appId, appId)));
  }
  await tx.update(wechatIdentities).set({ userId: into }).where(eq(wechatIdentities.userId, from));
}
