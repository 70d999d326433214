/**
 * The session store (SPEC §3): login state, the user, the cached master record, purchased courses,
 * the birth profile and fortune type, and shared calendar state. `dashi`, `bazi`, `yunType` and
 * `ketang` are persisted to local storage under those keys, each on its own, as the spec lists them.
 */
import { create } from 'zustand';
import { readToken, TOKEN_STORAGE_KEY } from '@/lib/api';
import { readStorage, writeStorage } from '@/lib/storage';

/** A user of the API (fields beyond `vip_expire` come with the user-centre issue). */
export interface User {
  id?: number | string;
  nickname?: string;
  avatar?: string;
  /** VIP end as a date text or epoch seconds; VIP is active while it is later than now. */
  vip_expire?: string | number | null;
  [key: string]: unknown;
}

/** Master/teacher (dashi) or customer-service info (SPEC §3). */
export interface DashiInfo {
  sellid?: string | number;
  avatar?: string;
  nickname?: string;
  intro?: string;
  wx?: string;
  qrcode?: string;
}

/** Birth profile (SPEC §3). `born` is e.g. `公 1990-05-01 08:30` or `农 1990-04(闰)-07 08:30`. */
export interface BaziProfile {
  name: string;
  sex: '男' | '女';
  born: string;
  add_time?: string | number;
}

/** Default fortune type (SPEC §3). */
export const DEFAULT_YUN_TYPE = 'caiyun';

/** State and actions of the session. */
export interface SessionState {
  isLogin: boolean;
  user: User | null;
  dashi: DashiInfo | null;
  myclass: unknown[];
  bazi: BaziProfile | null;
  yunType: string;
  /** The day the calendar shows as "today", `YYYY-MM-DD`; null until the calendar sets it. */
  today: string | null;
  currWeek: number | null;
  /** Classroom state kept between visits (shape comes with the classroom issue). */
  ketang: unknown;
  setUser(user: User | null): void;
  setDashi(dashi: DashiInfo | null): void;
  setMyclass(courses: unknown[]): void;
  setBazi(bazi: BaziProfile | null): void;
  setYunType(yunType: string): void;
  setToday(today: string | null, currWeek?: number | null): void;
  setKetang(ketang: unknown): void;
  /** Clears the user, the login flag, the purchased courses and the stored token record (SPEC §4). */
  logout(): void;
}

const PERSISTED = ['dashi', 'bazi', 'yunType', 'ketang'] as const;

/** The session store; use with a selector, e.g. `useSession((s) => s.isLogin)`. */
const storedUser = (readToken()?.user as User | undefined) ?? null;

export const useSession = create<SessionState>()((set) => ({
  // Logged in when the stored token record holds a user (SPEC §4).
  isLogin: storedUser !== null,
  user: storedUser,
  dashi: readStorage<DashiInfo | null>('dashi', null),
  myclass: [],
  bazi: readStorage<BaziProfile | null>('bazi', null),
  yunType: readStorage<string>('yunType', DEFAULT_YUN_TYPE),
  today: null,
  currWeek: null,
  ketang: readStorage<unknown>('ketang', null),
  setUser: (user) => set({ user, isLogin: user !== null }),
  setDashi: (dashi) => set({ dashi }),
  setMyclass: (myclass) => set({ myclass }),
  setBazi: (bazi) => set({ bazi }),
  setYunType: (yunType) => set({ yunType }),
  setToday: (today, currWeek = null) => set({ today, currWeek }),
  setKetang: (ketang) => set({ ketang }),
  logout: () => {
    writeStorage(TOKEN_STORAGE_KEY, undefined);
    set({ user: null, isLogin: false, myclass: [] });
  },
}));

useSession.subscribe((state, previous) => {
  for (const key of PERSISTED) {
    if (state[key] !== previous[key]) writeStorage(key, state[key]);
  }
});

/** Whether `user` is a VIP at time `nowMs`: `vip_expire` must be later than now (SPEC §4). */
export function isVip(user: User | null, nowMs: number = Date.now()): boolean {
  const expire = user?.vip_expire;
  if (expire === undefined || expire === null || expire === '') return false;
  const expireMs = typeof expire === 'number' ? expire * 1000 : Date.parse(expire.replace(' ', 'T'));
  return Number.isFinite(expireMs) && expireMs > nowMs;
}
