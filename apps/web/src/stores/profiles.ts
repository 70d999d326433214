/**
 * The birth profiles saved on this phone (命例), shared by the features that read them: 排盘 keeps and
 * edits them (features/bazi/profiles.ts adds the session store's current profile on top), 择日 picks the
 * family members whose clashing days it avoids. Features never import each other, so the list lives
 * here: its local-storage key, its shape, and a subscription that re-renders every reader when it
 * changes. Readers use {@link useSavedProfiles} or {@link profilesSnapshot}; only the 排盘 feature and
 * the sync (./profiles-sync.ts) write.
 *
 * Whose list it is: a visitor's profiles are the phone's and stay on it until the visitor logs in;
 * then they are uploaded to the account and the list becomes the account's copy of its case book on
 * the server, marked with the account's id ({@link profilesOwner}), changed here first and sent after
 * (each changed profile `pending` until the server has it, each deleted one remembered in the deleted
 * list until the server is told). Logging out removes an account's list from the phone
 * ({@link forgetAccountProfiles}, called by the session store).
 */
import type { MingliEvent } from '@xuanli/contracts/mingli';
import type { MingliGroup } from '@xuanli/contracts/mingli-labels';
import { useSyncExternalStore } from 'react';
import { CASE_BOOK_STORAGE_KEYS } from '@/config/account-keys';
import { readStorage, writeStorage } from '@/lib/storage';
import type { BaziProfile } from './session';

/** Local-storage key of the profile list. */
export const PROFILES_STORAGE_KEY = CASE_BOOK_STORAGE_KEYS.list;

/**
 * The most profiles kept; the oldest beyond it are dropped. The case book on the server keeps as
 * many (contracts mingli-labels.ts), which refuses the next one.
 */
export const MAX_PROFILES = 500;

/** Chart options saved with a profile. */
export interface ChartOptions {
  /** 子时 school: 'late' 晚子时不换日 (default, as 问真) or 'early' 子初换日. */
  zi: 'late' | 'early';
  /** Correct the clock to true solar time from the birthplace's longitude (off by default, as 问真). */
  trueSolar: boolean;
  /** 起运 school: 2 to the minute (default), 1 days and 时辰. */
  yunSchool: 1 | 2;
  /** Birthplace, province and city names from features/bazi/places.ts. */
  province?: string;
  city?: string;
  /** 时辰不详: a three-pillar chart. */
  hourUnknown?: boolean;
  /**
   * The clock is Beijing standard time (UTC+8, never summer time): a moment found by 四柱反查, whose
   * times are given so, saved without a birthplace. Without it a 1986–1991 summer birth is read on the
   * summer clock.
   */
  standardTime?: boolean;
}

/** Defaults of {@link ChartOptions}. */
export const DEFAULT_OPTIONS: ChartOptions = { zi: 'late', trueSolar: false, yunSchool: 2 };

/**
 * A saved profile: the birth profile's fields (PRODUCT.md#bazi), a creation time that is its id on this
 * phone, its chart options, and what the case book adds — a group, a note and dated events — with what the
 * sync needs.
 */
export interface SavedProfile extends BaziProfile {
  add_time: number;
  options: ChartOptions;
  /** 家人/朋友/客户/名人/其他; 其他 when none was chosen. */
  group?: MingliGroup;
  note?: string;
  events?: MingliEvent[];
  /** This profile's id in every request about it (the server keeps a profile sent twice once). */
  clientId?: string;
  /** Its id on the server, once the server has it. */
  id?: number;
  /** When it was last changed (ISO 8601): the last change wins between phones. */
  updatedAt?: string;
  /** Changed on this phone and not yet taken by the server. */
  pending?: boolean;
  /** Why the server refused it, in Chinese; it stays on this phone and is not sent again until changed. */
  syncError?: string;
}

/** A profile deleted on this phone that the server has not yet been told of. */
export interface DeletedProfile {
  clientId?: string;
  id?: number;
}

/** The zone of Beijing standard time all year, in the engine's and the API's words. */
export const STANDARD_TIME_ZONE = 'UTC+8';

/**
 * The birthplaces whose clocks are not Beijing time, by province (tzdb zones with their own daylight
 * saving history); every other birthplace of the list keeps Asia/Shanghai.
 */
export const PROVINCE_ZONES: Readonly<Record<string, string>> = {
  香港: 'Asia/Hong_Kong',
  澳门: 'Asia/Macau',
  台湾: 'Asia/Taipei',
};

/**
 * The zone of a profile's birth clock: its birthplace's (IANA id), Beijing standard time ('UTC+8') for a
 * moment found by 四柱反查, Beijing time when no birthplace is saved.
 */
export function profileZone(profile: Pick<SavedProfile, 'options'>): string {
  const { province, standardTime } = profile.options;
  return PROVINCE_ZONES[province ?? ''] ?? (standardTime ? STANDARD_TIME_ZONE : 'Asia/Shanghai');
}

/** Whether a stored value has the fields of a saved profile. */
export function isSavedProfile(value: unknown): value is SavedProfile {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.name === 'string' &&
    (p.sex === '男' || p.sex === '女') &&
    typeof p.born === 'string' &&
    typeof p.add_time === 'number'
  );
}

/** The saved profiles, newest first; malformed entries (hand edits, older versions) are skipped. */
function readProfiles(): SavedProfile[] {
  const stored = readStorage<unknown>(PROFILES_STORAGE_KEY, []);
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(isSavedProfile)
    .map((p) => ({ ...p, options: { ...DEFAULT_OPTIONS, ...(p.options ?? {}) } }));
}

const listeners = new Set<() => void>();
let snapshot: SavedProfile[] | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** Stores the whole list (newest first) and tells every reader. */
export function writeProfiles(list: SavedProfile[]): void {
  writeStorage(PROFILES_STORAGE_KEY, list);
  snapshot = list;
  notify();
}

/** Calls `listener` after each change of the list; answers the unsubscribe. */
export function subscribeProfiles(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The list as it stands (read from local storage once, then kept in memory). */
export function profilesSnapshot(): SavedProfile[] {
  snapshot ??= readProfiles();
  return snapshot;
}

/** Forgets the in-memory copy so the next read comes from local storage (tests clear storage). */
export function resetProfilesCache(): void {
  snapshot = null;
}

/** The saved profiles, newest first; re-renders when the list changes. */
export function useSavedProfiles(): SavedProfile[] {
  return useSyncExternalStore(subscribeProfiles, profilesSnapshot);
}

/** The account whose case book the list is, or null while it is the phone's (a visitor's). */
export function profilesOwner(): number | null {
  const owner = readStorage<unknown>(CASE_BOOK_STORAGE_KEYS.owner, null);
  return typeof owner === 'number' && Number.isSafeInteger(owner) ? owner : null;
}

/** Marks the list as the case book of account `userId` (null: the phone's again). */
export function setProfilesOwner(userId: number | null): void {
  writeStorage(CASE_BOOK_STORAGE_KEYS.owner, userId);
}

/** The profiles deleted here that the server has not been told of, oldest first. */
export function deletedProfiles(): DeletedProfile[] {
  const stored = readStorage<unknown>(CASE_BOOK_STORAGE_KEYS.deleted, []);
  return Array.isArray(stored) ? (stored as DeletedProfile[]) : [];
}

/** Stores the list of deletions still to send (an empty list removes the key). */
export function writeDeletedProfiles(list: DeletedProfile[]): void {
  writeStorage(CASE_BOOK_STORAGE_KEYS.deleted, list.length > 0 ? list : undefined);
}

/** A visitor's profiles set aside at login, offered for the account (newest first). */
export function offeredProfiles(): SavedProfile[] {
  const stored = readStorage<unknown>(CASE_BOOK_STORAGE_KEYS.offered, []);
  return Array.isArray(stored) ? stored.filter(isSavedProfile) : [];
}

/** Stores the profiles offered for the account (an empty list removes the key) and tells every reader. */
export function writeOfferedProfiles(list: SavedProfile[]): void {
  writeStorage(CASE_BOOK_STORAGE_KEYS.offered, list.length > 0 ? list : undefined);
  notify();
}

/**
 * Makes the list the case book of account `userId` on the first sync after a login. A visitor's list
 * is set aside and offered (./profiles-sync.ts `acceptOfferedProfiles`): nothing of the phone goes to
 * an account unasked. A list left by another account (a logout the phone never saw) is dropped: it is
 * not this reader's. Answers whether the list changed hands.
 */
export function adoptProfiles(userId: number): boolean {
  const owner = profilesOwner();
  if (owner === userId) return false;
  if (owner === null) {
    const visitor = profilesSnapshot();
    if (visitor.length > 0) writeOfferedProfiles([...visitor, ...offeredProfiles()]);
  } else {
    writeOfferedProfiles([]);
  }
  writeDeletedProfiles([]);
  setProfilesOwner(userId);
  writeProfiles([]);
  return true;
}

/**
 * Removes an account's case book from the phone when the account leaves it (logout, a session the
 * server ended): the list, its owner and the unsent deletions; a visitor's profiles set aside at login
 * and never stored in the account come back as the phone's. A visitor's list is the phone's and
 * stays. Answers whether there was an account's list to remove.
 */
export function forgetAccountProfiles(): boolean {
  if (profilesOwner() === null) return false;
  const visitor = offeredProfiles();
  for (const key of Object.values(CASE_BOOK_STORAGE_KEYS)) writeStorage(key, undefined);
  if (visitor.length > 0) writeStorage(PROFILES_STORAGE_KEY, visitor);
  snapshot = visitor;
  notify();
  return true;
}
