/**
 * The birth profiles saved on this device (命例), shared by the features that read them: 排盘 keeps and
 * edits them (features/bazi/profiles.ts adds the session store's current profile on top), 择日 picks the
 * family members whose clashing days it avoids. Features never import each other, so the list lives
 * here: its local-storage key, its shape, and a subscription that re-renders every reader when it changes.
 */
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';
import type { BaziProfile } from './session';

/** Local-storage key of the profile list. */
export const PROFILES_STORAGE_KEY = 'bazi-profiles';

/** The most profiles kept; the oldest beyond it are dropped (mingli-fengshui keeps 50, anchors B2). */
export const MAX_PROFILES = 50;

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
}

/** Defaults of {@link ChartOptions}. */
export const DEFAULT_OPTIONS: ChartOptions = { zi: 'late', trueSolar: false, yunSchool: 2 };

/** A saved profile: the SPEC fields, a creation time that is its id, and its chart options. */
export interface SavedProfile extends BaziProfile {
  add_time: number;
  options: ChartOptions;
}

/**
 * The birthplaces whose clocks are not Beijing time, by province (tzdb zones with their own daylight
 * saving history); every other birthplace of the list keeps Asia/Shanghai.
 */
export const PROVINCE_ZONES: Readonly<Record<string, string>> = {
  香港: 'Asia/Hong_Kong',
  澳门: 'Asia/Macau',
  台湾: 'Asia/Taipei',
};

/** The zone of a profile's birth clock (IANA id): its birthplace's, Beijing time when none is saved. */
export function profileZone(profile: Pick<SavedProfile, 'options'>): string {
  return PROVINCE_ZONES[profile.options.province ?? ''] ?? 'Asia/Shanghai';
}

function isSavedProfile(value: unknown): value is SavedProfile {
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

/** Stores the whole list (newest first) and tells every reader. */
export function writeProfiles(list: SavedProfile[]): void {
  writeStorage(PROFILES_STORAGE_KEY, list);
  snapshot = list;
  for (const listener of listeners) listener();
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
