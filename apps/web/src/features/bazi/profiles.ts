/**
 * Saved birth profiles (命例). The session store keeps one profile under the SPEC §3 key `bazi`
 * (`{name, sex, born, add_time}`), and `yunType`; a family reads several charts, so the whole list
 * lives in this feature's own local-storage key `bazi-profiles`, and the store's `bazi` is the one
 * being read. `add_time` (creation time, epoch ms) is the id that ties the two together.
 */
import type { ChartBody } from '@xuanli/contracts/bazi';
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';
import { type BaziProfile, DEFAULT_YUN_TYPE, useSession } from '@/stores/session';
import { findCity } from './places';

/** Local-storage key of the profile list. */
export const PROFILES_STORAGE_KEY = 'bazi-profiles';

/** The session store's local-storage key of the fortune type (SPEC §3). */
const YUN_TYPE_STORAGE_KEY = 'yunType';

/** The most profiles kept; the oldest beyond it are dropped (mingli-fengshui keeps 50, anchors B2). */
const MAX_PROFILES = 50;

/** Chart options saved with a profile. */
export interface ChartOptions {
  /** 子时 school: 'late' 晚子时不换日 (default, as 问真) or 'early' 子初换日. */
  zi: 'late' | 'early';
  /** Correct the clock to true solar time from the birthplace's longitude (off by default, as 问真). */
  trueSolar: boolean;
  /** 起运 school: 2 to the minute (default), 1 days and 时辰. */
  yunSchool: 1 | 2;
  /**
   * The clock is Beijing standard time (UTC+8, never summer time): a moment found by 四柱反查, whose
   * times are given so. Without it a 1986–1991 summer birth is read on the summer clock.
   */
  standardTime?: boolean;
  /** 时辰不详: a three-pillar chart (the time in the birth text is not used). */
  hourUnknown?: boolean;
  /** Birthplace, province and city names from places.ts. */
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
 * The body of bzdata and miji for a profile: the wire contract's `ChartBody`, with the fields this app
 * always sends made required.
 */
export type ChartRequest = ChartBody & {
  name: string;
  sex: '男' | '女';
  zi: 'late' | 'early';
  yunSchool: 1 | 2;
};

/**
 * 流年 asked for with every chart: 120 years reach the end of the tenth 大运 (起运 is at most ~10 years
 * after birth), so every 大运 can be opened; SPEC §9's default of 80 would leave the last ones empty.
 */
const LIUNIAN_COUNT = 120;

/** The request body for a profile's chart. The zone follows the birthplace; longitude only with 真太阳时. */
export function chartRequest(profile: Pick<SavedProfile, 'name' | 'sex' | 'born' | 'options'>): ChartRequest {
  const { options } = profile;
  const city = findCity(options.province, options.city);
  const body: ChartRequest = {
    name: profile.name,
    sex: profile.sex,
    born: profile.born,
    zi: options.zi,
    yunSchool: options.yunSchool,
    liunianCount: LIUNIAN_COUNT,
  };
  if (options.hourUnknown) body.hourUnknown = true;
  if (city) body.timeZone = city.tz;
  else if (options.standardTime) body.timeZone = 'UTC+8';
  if (city && options.trueSolar) body.longitude = city.lng;
  return body;
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

function writeProfiles(list: SavedProfile[]): void {
  writeStorage(PROFILES_STORAGE_KEY, list);
  snapshot = list;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): SavedProfile[] {
  snapshot ??= readProfiles();
  return snapshot;
}

/** Forgets the in-memory copy so the next read comes from local storage (tests clear storage). */
export function resetProfilesCache(): void {
  snapshot = null;
}

/** The SPEC §3 `bazi` record of a saved profile (what the session store persists). */
function toSessionProfile(p: SavedProfile): BaziProfile {
  return { name: p.name, sex: p.sex, born: p.born, add_time: p.add_time };
}

/** What {@link useProfiles} returns. */
export interface ProfilesApi {
  profiles: SavedProfile[];
  /** The profile being read (the store's `bazi`), when it is in the list. */
  current: SavedProfile | null;
  /** Saves a new profile (or replaces the one with the same `add_time`) and makes it current. */
  save(profile: Omit<SavedProfile, 'add_time'> & { add_time?: number }): SavedProfile;
  /** Makes a saved profile current. */
  select(addTime: number): void;
  /** Deletes a profile; when it was current, the next one (or none) becomes current. */
  remove(addTime: number): void;
}

/** The saved profiles and the actions on them; keeps the session store's `bazi` and `yunType` in step. */
export function useProfiles(): ProfilesApi {
  const profiles = useSyncExternalStore(subscribe, getSnapshot);
  const bazi = useSession((s) => s.bazi);
  const setBazi = useSession((s) => s.setBazi);
  const setYunType = useSession((s) => s.setYunType);
  const yunType = useSession((s) => s.yunType);
  const current = profiles.find((p) => p.add_time === bazi?.add_time) ?? null;

  const makeCurrent = useCallback(
    (p: SavedProfile | null) => {
      setBazi(p ? toSessionProfile(p) : null);
      // SPEC §3: the fortune type is kept with the profile, caiyun unless one was chosen (VIP dialog).
      // The store persists it only when it changes, so write the default once ourselves.
      if (p && !yunType) setYunType(DEFAULT_YUN_TYPE);
      if (p && readStorage<unknown>(YUN_TYPE_STORAGE_KEY, null) === null) {
        writeStorage(YUN_TYPE_STORAGE_KEY, yunType || DEFAULT_YUN_TYPE);
      }
    },
    [setBazi, setYunType, yunType],
  );

  const save = useCallback<ProfilesApi['save']>(
    (input) => {
      const list = getSnapshot();
      let addTime = input.add_time ?? Date.now();
      // Two saves within one millisecond (a double tap) must not share an id.
      if (input.add_time === undefined) while (list.some((p) => p.add_time === addTime)) addTime += 1;
      const profile: SavedProfile = { ...input, add_time: addTime };
      const rest = list.filter((p) => p.add_time !== addTime);
      writeProfiles([profile, ...rest].slice(0, MAX_PROFILES));
      makeCurrent(profile);
      return profile;
    },
    [makeCurrent],
  );

  const select = useCallback(
    (addTime: number) => makeCurrent(getSnapshot().find((p) => p.add_time === addTime) ?? null),
    [makeCurrent],
  );

  const remove = useCallback(
    (addTime: number) => {
      const list = getSnapshot();
      const rest = list.filter((p) => p.add_time !== addTime);
      writeProfiles(rest);
      if (useSession.getState().bazi?.add_time === addTime) makeCurrent(rest[0] ?? null);
    },
    [makeCurrent],
  );

  return { profiles, current, save, select, remove };
}
