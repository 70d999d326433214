/**
 * The session store (PRODUCT.md#screens): login state, the user, the cached master record, purchased courses,
 * the birth profile and fortune type, and shared calendar state. `dashi`, `bazi`, `yunType` and
 * `ketang` are persisted to local storage under those keys, each on its own, as the original app kept them
 * (PRODUCT.md#screens).
 *
 * Login state lives in the stored token record `jw-token` (PRODUCT.md#account): logged in means the record
 * holds a user. `login` writes the record the server answered (`{jwt, iat, user}`), `setUser` keeps the user
 * on it current, and `logout` removes it so the next request starts a fresh visitor session.
 *
 * `bazi` is the chart the 排盘 page reads (anyone's: a family member's, a friend's). A VIP's 定制 profile
 * is not kept here: it is the account's own record on the server (components/dialogs/api/
 * dingzhi-profile.ts), so a chart drawn for someone else never replaces it. When the account leaves the
 * phone, its birth data and the answers kept for it go too (`ACCOUNT_STORAGE_KEYS`; the query layer,
 * when it is loaded, follows the store and drops its in-memory answers as well: lib/query-persist.ts),
 * and so does its case book of saved profiles (./profiles.ts), with `bazi` when it was one of them.
 */

import { routeCaller } from '@xuanli/client/route-call';
import type { LoginResult, MyOrderList, Profile } from '@xuanli/contracts/member';
import { create } from 'zustand';
import { ACCOUNT_STORAGE_KEYS } from '@/config/account-keys';
import { ApiError, api, type RequestOptions, readToken, TOKEN_STORAGE_KEY } from '@/lib/api';
import { readStorage, writeStorage } from '@/lib/storage';
import { LOGIN_EVENT } from './login-event';
import { forgetAccountProfiles } from './profiles';

/** The logged-in user: the member profile of the wire (`GET crm/member/profile`). */
export type User = Profile;

/** A purchased course (PRODUCT.md#classroom `myclass`, from `GET crm/ketang/myorder`). */
export type MyClassItem = MyOrderList['list'][number];

/** Master/teacher (dashi) or customer-service info (PRODUCT.md#content). */
export interface DashiInfo {
  sellid?: string | number;
  avatar?: string;
  nickname?: string;
  intro?: string;
  wx?: string;
  qrcode?: string;
}

/** Birth profile (PRODUCT.md#bazi). `born` is e.g. `公 1990-05-01 08:30` or `农 1990-04(闰)-07 08:30`. */
export interface BaziProfile {
  name: string;
  sex: '男' | '女';
  born: string;
  add_time?: string | number;
}

/** Default fortune type (PRODUCT.md#dingzhi). */
export const DEFAULT_YUN_TYPE = 'caiyun';

/** Classroom choices kept between lessons and launches (`ketang`, PRODUCT.md#screens): the playback speed. */
export interface KetangPrefs {
  rate?: number;
}

/** State and actions of the session. */
export interface SessionState {
  isLogin: boolean;
  user: User | null;
  dashi: DashiInfo | null;
  myclass: MyClassItem[];
  bazi: BaziProfile | null;
  yunType: string;
  /** The day the calendar shows as "today", `YYYY-MM-DD`; null until the calendar sets it. */
  today: string | null;
  currWeek: number | null;
  /** Classroom choices kept between visits; null until the learner makes one. */
  ketang: KetangPrefs | null;
  /** Stores the token record a login answered and marks the session logged in (PRODUCT.md#account). */
  login(result: LoginResult): void;
  /** Replaces the user (a fresh profile) on the store and on the stored token record; null logs out. */
  setUser(user: User | null): void;
  setDashi(dashi: DashiInfo | null): void;
  setMyclass(courses: MyClassItem[]): void;
  setBazi(bazi: BaziProfile | null): void;
  setYunType(yunType: string): void;
  setToday(today: string | null, currWeek?: number | null): void;
  setKetang(ketang: KetangPrefs | null): void;
  /**
   * Clears the user, the login flag, the purchased courses and the stored token record (PRODUCT.md#account),
   * and the account's data on the phone: the 定制 form's cached birth data, the answers kept for offline
   * reading (the query layer, following the store, drops its in-memory ones) and the account's saved profiles
   * with the chart being read.
   */
  logout(): void;
}

const PERSISTED = ['dashi', 'bazi', 'yunType', 'ketang'] as const;

/** The user on a stored token record, when it has one that looks like a profile. */
function storedUser(): User | null {
  const user = readToken()?.user;
  return user && typeof user === 'object' && typeof (user as User).id === 'number' ? (user as User) : null;
}

const initialUser = storedUser();

/**
 * Removes what the phone keeps of the account that just left it (also where no query layer ever
 * loaded): the keys above, and the account's case book (命例) with the chart being read from it — a
 * visitor's own profiles, never uploaded, stay.
 */
function forgetAccount(): Partial<SessionState> {
  for (const key of ACCOUNT_STORAGE_KEYS) writeStorage(key, undefined);
  return forgetAccountProfiles() ? { bazi: null } : {};
}

/**
 * The window event a page sends to have the signed-in user's profile fetched again now (see
 * {@link requestProfileRefresh}); src/app/session-sync.ts answers it.
 */
export const PROFILE_REFRESH_EVENT = 'xuanli:profile-refresh';

/** The session store; use with a selector, e.g. `useSession((s) => s.isLogin)`. */
export const useSession = create<SessionState>()((set) => ({
  // Logged in when the stored token record holds a user (PRODUCT.md#account).
  isLogin: initialUser !== null,
  user: initialUser,
  dashi: readStorage<DashiInfo | null>('dashi', null),
  myclass: [],
  bazi: readStorage<BaziProfile | null>('bazi', null),
  yunType: readStorage<string>('yunType', DEFAULT_YUN_TYPE),
  today: null,
  currWeek: null,
  ketang: readStorage<KetangPrefs | null>('ketang', null),
  login: ({ jwt, iat, user }) => {
    writeStorage(TOKEN_STORAGE_KEY, { jwt, iat, user });
    set({ user, isLogin: true });
    window.dispatchEvent(new Event(LOGIN_EVENT));
  },
  setUser: (user) => {
    const record = readToken();
    if (record) {
      const { user: _old, ...rest } = record;
      writeStorage(TOKEN_STORAGE_KEY, user ? { ...rest, user } : rest);
    }
    if (user) set({ user, isLogin: true });
    else set({ user: null, isLogin: false, myclass: [], ...forgetAccount() });
  },
  setDashi: (dashi) => set({ dashi }),
  setMyclass: (myclass) => set({ myclass }),
  setBazi: (bazi) => set({ bazi }),
  setYunType: (yunType) => set({ yunType }),
  setToday: (today, currWeek = null) => set({ today, currWeek }),
  setKetang: (ketang) => set({ ketang }),
  logout: () => {
    writeStorage(TOKEN_STORAGE_KEY, undefined);
    set({ user: null, isLogin: false, myclass: [], ...forgetAccount() });
  },
}));

/**
 * Asks for the signed-in user's profile to be fetched again now (not waiting for the next launch):
 * the 定制 tab does when it opens, so a membership granted while the app was open shows at once.
 * The app layer's session sync answers; without a login nothing is fetched.
 */
export function requestProfileRefresh(): void {
  window.dispatchEvent(new Event(PROFILE_REFRESH_EVENT));
}

useSession.subscribe((state, previous) => {
  for (const key of PERSISTED) {
    if (state[key] !== previous[key]) writeStorage(key, state[key]);
  }
});

/**
 * Whether `user` is a VIP at time `nowMs`: `vip_expire` must be later than now (PRODUCT.md#vip). Takes an ISO
 * date-time (the wire's form), a `YYYY-MM-DD HH:mm:ss` text or epoch seconds.
 */
export function isVip(
  user: { vip_expire?: string | number | null } | null | undefined,
  nowMs: number = Date.now(),
): boolean {
  const expire = user?.vip_expire;
  if (expire === undefined || expire === null || expire === '') return false;
  const expireMs = typeof expire === 'number' ? expire * 1000 : Date.parse(expire.replace(' ', 'T'));
  return Number.isFinite(expireMs) && expireMs > nowMs;
}

type ExpiredListener = () => void;
const expiredListeners = new Set<ExpiredListener>();

/**
 * Calls `listener` whenever the server ends the session under a logged-in user (a 401 on a member
 * call); the app layer sends the reader to the login page. Returns the unsubscribe function.
 */
export function onSessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** Options of {@link memberRequest}. */
export interface MemberRequestOptions {
  body?: unknown;
  query?: RequestOptions['query'];
  signal?: AbortSignal;
  /**
   * A call the reader did not ask for (the launch sync): on a 401 the user is still cleared, but the
   * expiry listeners are not told, so nobody is sent to the login page from the calendar.
   */
  background?: boolean;
}

/**
 * {@link memberRequest} of a route of the contracts' tables (`memberCall(APP_ROUTES.shop.getCart)`):
 * params, query and body in, the answer out, each typed by the route's schemas.
 */
export const memberCall = routeCaller<Omit<MemberRequestOptions, 'body' | 'query'>>(
  '/api',
  (method, path, input, options) =>
    memberRequest(method as Parameters<typeof memberRequest>[0], path, { ...options, ...input }),
);

/**
 * A call to a member route (`crm/member/*`, `crm/ketang/myorder`, `crm/feedback`): these answer only a
 * logged-in session. Without login the call is not sent: it logs `未登录` (PRODUCT.md#errors) and rejects with
 * an `Unauthorized` `ApiError`. A 401 answer means the server has ended the session (logged out
 * elsewhere, account deleted, token expired): the user is cleared and the expiry listeners run.
 */
export async function memberRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  { body, query, signal, background = false }: MemberRequestOptions = {},
): Promise<T> {
  if (!useSession.getState().isLogin) {
    console.warn('未登录');
    throw new ApiError('未登录', 'Unauthorized', 401);
  }
  try {
    return await api.request<T>(method, path, { body, query, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && useSession.getState().isLogin) {
      useSession.getState().logout();
      if (!background) for (const listener of expiredListeners) listener();
    }
    throw error;
  }
}
