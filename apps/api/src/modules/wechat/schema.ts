/**
 * The 公众号's side of accounts: which WeChat user (openid under our AppID, unionid when WeChat gives
 * one) is which account, the one-time states and tickets of 网页授权, and the access token and JS-SDK
 * ticket every API process shares.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// A foreign key names an account through the member module's one narrow export for it.
import { usersTableForeignKey } from '../member/foreign-keys.ts';

/**
 * A WeChat user bound to an account: one row per (AppID, openid), at most one per account and AppID.
 * The nickname and avatar are WeChat's as 网页授权 last gave them (snsapi_userinfo); the row goes with
 * the account's deletion or an unbinding, and moves with a merge.
 */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    // The user across the apps of one 开放平台 account; given with snsapi_userinfo only.
    unionid: text('unionid'),
    userId: integer('user_id').notNull().references(usersTableForeignKey),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.openid] }),
    uniqueIndex('wechat_identities_user_idx').on(t.userId, t.appId),
    index('wechat_identities_unionid_idx').on(t.unionid).where(sql`${t.unionid} is not null`),
  ],
);

/**
 * The `state` of an authorisation under way: kept by its SHA-256 (the value itself travels in the
 * browser's cookie and WeChat's redirect only), usable once within 10 minutes, naming the app route
 * the user goes back to.
 */
export const wechatOauthStates = pgTable(
  'wechat_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    route: text('route').notNull(),
    scope: text('scope', { enum: ['snsapi_base', 'snsapi_userinfo'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('wechat_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * What a finished authorisation learnt, waiting for the app to sign in with it: by the SHA-256 of the
 * one-time ticket the browser carries back, usable once within 5 minutes, removed soon after.
 */
export const wechatLoginTickets = pgTable(
  'wechat_login_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    appId: text('app_id').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('wechat_login_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * The 公众号's access token and JS-SDK ticket (`<appId>:access_token`, `<appId>:jsapi_ticket`), shared
 * by every API process: WeChat limits how often they may be fetched, so one process fetches a new one
 * while it holds the row's lease (`refreshing_until`) and the others read what it wrote. `renew_at` is
 * when it is fetched again: 5 minutes before it expires, or half-way through a shorter life.
 */
export const wechatCredentials = pgTable('wechat_credentials', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  renewAt: timestamp('renew_at', { withTimezone: true }).notNull(),
  refreshingUntil: timestamp('refreshing_until', { withTimezone: true }),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
});
