/**
 * 网页授权, as the 公众号 documents it: the app sends the browser to `GET /api/wechat/oauth`, which
 * answers with WeChat's authorisation page (`/connect/oauth2/authorize?appid&redirect_uri&response_type=
 * code&scope&state#wechat_redirect`, in that order); WeChat sends it back to `/api/wechat/oauth/callback`
 * with a code, which is exchanged for the user's openid here, on the server (the AppSecret never leaves
 * it). The browser then returns to the app route it came from with a one-time ticket, which the app
 * trades for a session (member module).
 *
 * The `state` is random, used once within 10 minutes, and must match the cookie set on the browser that
 * started the authorisation, so a code obtained by someone else cannot log this browser into their
 * account. Every failure — a bad state, a refused consent, WeChat's error codes — ends in the app with
 * `wxerror` in the route's query, which the app says in Chinese; never a 5xx page.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import type { WechatLogin } from '../member/index.ts';
import { WechatApiError, type WechatClient } from './client.ts';
import { wechatLoginTickets, wechatOauthStates } from './schema.ts';

/** How long a started authorisation may take to come back. */
export const STATE_TTL_MS = 10 * 60_000;
/** How long the app has to trade a ticket for a session. */
export const TICKET_TTL_MS = 5 * 60_000;
/** The cookie that binds a `state` to the browser that started the authorisation, and its path. */
export const STATE_COOKIE = 'xl_wx_state';
export const OAUTH_PATH = '/api/wechat/oauth';
export const CALLBACK_PATH = `${OAUTH_PATH}/callback`;
/** Where a failure goes when the state (and with it the route to return to) is unknown. */
export const FALLBACK_ROUTE = '/pages/user/index';

/** What went wrong, as the app reads it from `wxerror` (apps/web names each in Chinese). */
export type OauthFailure = 'state' | 'denied' | 'expired' | 'snapshot' | 'unavailable';

/** The two scopes: silent (openid only) or with the user's consent (nickname and avatar too). */
export type OauthScope = 'snsapi_base' | 'snsapi_userinfo';

/** What the authorisation routes work with. */
export interface OauthDeps {
  db: Db;
  clock: Clock;
  appId: string;
  openBase: string;
  /** The site's origin (PUBLIC_URL): WeChat sends the browser back to its callback. */
  publicUrl: string;
  client: WechatClient;
  log: { warn(object: object, message: string): void };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** 64 hex characters: WeChat allows a `state` of letters and digits up to 128 bytes. */
const randomToken = () => randomBytes(32).toString('hex');

/** The app's address of `route` with `params` in the route's query (earlier wx* parameters dropped). */
export function appLocation(route: string, params: Record<string, string>): string {
  const [path, query = ''] = route.split('?');
  const search = new URLSearchParams(query);
  search.delete('wxticket');
  search.delete('wxerror');
  for (const [name, value] of Object.entries(params)) search.set(name, value);
  return `/xuanli/#${path}?${search.toString()}`;
}

/** The cookie holding `state` for the callback (or, with `state` null, its removal). */
function stateCookie(state: string | null, secure: boolean): string {
  return stringifySetCookie({
    name: STATE_COOKIE,
    value: state ?? '',
    path: OAUTH_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: state ? STATE_TTL_MS / 1000 : 0,
  });
}

/**
 * `GET /api/wechat/oauth`: records a new state for `route` and answers where the browser goes (WeChat's
 * authorisation page) and the cookie it keeps meanwhile.
 */
export async function startAuthorization(
  deps: OauthDeps,
  input: { route: string; scope: OauthScope; secure: boolean },
): Promise<{ location: string; cookie: string }> {
  const state = randomToken();
  const now = deps.clock.now();
  await deps.db.insert(wechatOauthStates).values({
    stateHash: sha256(state),
    route: input.route,
    scope: input.scope,
    createdAt: new Date(now),
    expiresAt: new Date(now + STATE_TTL_MS),
  });
  const redirectUri = encodeURIComponent(`${deps.publicUrl}${CALLBACK_PATH}`);
  const location =
    `${deps.openBase}/connect/oauth2/authorize?appid=${encodeURIComponent(deps.appId)}` +
    `&redirect_uri=${redirectUri}&response_type=code&scope=${input.scope}&state=${state}#wechat_redirect`;
  return { location, cookie: stateCookie(state, input.secure) };
}

/** Uses the state once: its route and scope, or null when unknown, used, expired or not this browser's. */
async function takeState(
  deps: OauthDeps,
  state: string | undefined,
  cookieHeader: string | undefined,
): Promise<{ route: string; scope: OauthScope } | null> {
  const kept = parseCookie(cookieHeader ?? '')[STATE_COOKIE] ?? '';
  if (!state || !/^[0-9a-f]{64}$/.test(state) || kept.length !== state.length) return null;
  if (!timingSafeEqual(Buffer.from(kept), Buffer.from(state))) return null;
  const now = new Date(deps.clock.now());
  const [row] = await deps.db
    .update(wechatOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(wechatOauthStates.stateHash, sha256(state)),
        isNull(wechatOauthStates.usedAt),
        gt(wechatOauthStates.expiresAt, now),
      ),
    )
    .returning({ route: wechatOauthStates.route, scope: wechatOauthStates.scope });
  return row ?? null;
}

/** WeChat's refusals of a code the user can cure by starting again (invalid, used, missing). */
const EXPIRED_CODE_ERRCODES: readonly number[] = [40029, 40163, 41008];

/** Exchanges `code` and records the ticket; the ticket, or the failure the app is told. */
async function ticketFor(
  deps: OauthDeps,
  code: string,
  scope: OauthScope,
): Promise<{ ticket: string } | { failure: OauthFailure }> {
  try {
    const user = await deps.client.exchangeCode(code);
    // A 朋友圈 snapshot page lends the reader a stand-in openid that is not theirs to keep.
    if (user.snapshot) return { failure: 'snapshot' };
    let profile = { nickname: '', headimgurl: '', unionid: user.unionid };
    if (scope === 'snsapi_userinfo' && user.accessToken) {
      try {
        profile = await deps.client.userInfo(user.accessToken, user.openid);
      } catch (error) {
        // The login still works without the name and picture.
        deps.log.warn({ errcode: (error as WechatApiError).errcode ?? null }, 'wechat userinfo not read');
      }
    }
    const ticket = randomToken();
    const now = deps.clock.now();
    await deps.db.insert(wechatLoginTickets).values({
      ticketHash: sha256(ticket),
      appId: deps.appId,
      openid: user.openid,
      unionid: profile.unionid ?? user.unionid,
      nickname: [...profile.nickname].slice(0, 64).join(''),
      avatar: /^https:\/\/[^\s"'<>]{1,500}$/.test(profile.headimgurl) ? profile.headimgurl : '',
      createdAt: new Date(now),
      expiresAt: new Date(now + TICKET_TTL_MS),
    });
    return { ticket };
  } catch (error) {
    if (!(error instanceof WechatApiError)) throw error;
    deps.log.warn({ errcode: error.errcode, err: error.message }, 'wechat code exchange refused');
    const expired = error.errcode !== null && EXPIRED_CODE_ERRCODES.includes(error.errcode);
    return { failure: expired ? 'expired' : 'unavailable' };
  }
}

/**
 * `GET /api/wechat/oauth/callback?code&state`: where the browser goes next — the app route the
 * authorisation started from with `wxticket`, or with `wxerror` — and the cookie's removal.
 */
export async function finishAuthorization(
  deps: OauthDeps,
  input: { code?: string; state?: string; cookieHeader?: string; secure: boolean },
): Promise<{ location: string; cookie: string }> {
  const cookie = stateCookie(null, input.secure);
  const started = await takeState(deps, input.state, input.cookieHeader);
  if (!started) return { location: appLocation(FALLBACK_ROUTE, { wxerror: 'state' }), cookie };
  // The user declined snsapi_userinfo: WeChat comes back with the state and no code.
  if (!input.code) return { location: appLocation(started.route, { wxerror: 'denied' }), cookie };
  const outcome = await ticketFor(deps, input.code, started.scope);
  const params: Record<string, string> =
    'ticket' in outcome ? { wxticket: outcome.ticket } : { wxerror: outcome.failure };
  return { location: appLocation(started.route, params), cookie };
}

/** Uses a ticket once within its 5 minutes: the WeChat user, or null. */
export async function takeTicket(
  deps: Pick<OauthDeps, 'db' | 'clock'>,
  ticket: string,
): Promise<WechatLogin | null> {
  if (!/^[0-9a-f]{64}$/.test(ticket)) return null;
  const now = new Date(deps.clock.now());
  const [row] = await deps.db
    .update(wechatLoginTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(wechatLoginTickets.ticketHash, sha256(ticket)),
        isNull(wechatLoginTickets.usedAt),
        gt(wechatLoginTickets.expiresAt, now),
      ),
    )
    .returning();
  if (!row) return null;
  return {
    appId: row.appId,
    openid: row.openid,
    unionid: row.unionid,
    nickname: row.nickname,
    avatar: row.avatar,
  };
}

/** Deletes states and tickets past their time (the clean-up job, safe in every process at once). */
export async function purgeOauthLeftovers(deps: Pick<OauthDeps, 'db' | 'clock'>): Promise<number> {
  const now = new Date(deps.clock.now());
  const states = await deps.db
    .delete(wechatOauthStates)
    .where(lte(wechatOauthStates.expiresAt, now))
    .returning({ hash: wechatOauthStates.stateHash });
  const tickets = await deps.db
    .delete(wechatLoginTickets)
    .where(lte(wechatLoginTickets.expiresAt, now))
    .returning({ hash: wechatLoginTickets.ticketHash });
  return states.length + tickets.length;
}
