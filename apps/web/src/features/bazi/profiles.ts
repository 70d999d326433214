/**
 * Saved birth profiles (命例). The session store keeps one profile under the key `bazi` (PRODUCT.md#screens)
 * (`{name, sex, born, add_time}`), and `yunType`; a family reads several charts, so the whole list
 * lives in the shared store src/stores/profiles.ts (other features read it there), and the store's
 * `bazi` is the one being read. `add_time` (creation time, epoch ms) is the id that ties the two
 * together on this phone. Only this module changes the list: each change is marked to be sent, and a
 * signed-in reader's changes are synced with the account's case book (src/stores/profiles-sync.ts).
 */
import type { ChartBody } from '@xuanli/contracts/bazi';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import { readStorage, writeStorage } from '@/lib/storage';
import {
  deletedProfiles,
  MAX_PROFILES,
  profilesOwner,
  profilesSnapshot,
  type SavedProfile,
  STANDARD_TIME_ZONE,
  useSavedProfiles,
  writeDeletedProfiles,
  writeProfiles,
} from '@/stores/profiles';
import { type BaziProfile, DEFAULT_YUN_TYPE, useSession } from '@/stores/session';
import { findCity } from './places';

export {
  type ChartOptions,
  DEFAULT_OPTIONS,
  PROFILES_STORAGE_KEY,
  resetProfilesCache,
  type SavedProfile,
  useSavedProfiles,
} from '@/stores/profiles';

/** The session store's local-storage key of the fortune type (PRODUCT.md#screens). */
const YUN_TYPE_STORAGE_KEY = 'yunType';

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
 * after birth), so every 大运 can be opened; the default of 80 (PRODUCT.md#constants) would leave the last ones
 * empty.
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
  else if (options.standardTime) body.timeZone = STANDARD_TIME_ZONE;
  if (city && options.trueSolar) body.longitude = city.lng;
  return body;
}

/**
 * Stores the list after a change made on this phone and, for a signed-in reader, has it sent: the
 * sync is loaded only then, so a visitor's 排盘 never downloads it.
 */
function commit(list: SavedProfile[]): void {
  writeProfiles(list.slice(0, MAX_PROFILES));
  if (useSession.getState().isLogin && profilesOwner() !== null) {
    void import('@/stores/profiles-sync').then((sync) => sync.syncCaseBook());
  }
}

/**
 * A profile as changed on this phone now: to be sent, with the id that makes its upload idempotent.
 * Its time is the server's clock as this phone last heard it: the later write wins between phones,
 * and a phone whose own clock is wrong must not win (or lose) every time.
 */
function changed(p: SavedProfile, at: number): SavedProfile {
  const { syncError: _refused, ...rest } = p;
  return {
    ...rest,
    clientId: p.clientId ?? `${at.toString(36)}-${Math.random().toString(36).slice(2, 12)}`,
    updatedAt: new Date(api.serverNow()).toISOString(),
    pending: true,
  };
}

/** The `bazi` record (PRODUCT.md#screens) of a saved profile (what the session store persists). */
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
  /** Files a profile under a group and changes its note and dated events. */
  annotate(addTime: number, details: Pick<SavedProfile, 'group' | 'note' | 'events'>): void;
}

/** The saved profiles and the actions on them; keeps the session store's `bazi` and `yunType` in step. */
export function useProfiles(): ProfilesApi {
  const profiles = useSavedProfiles();
  const bazi = useSession((s) => s.bazi);
  const setBazi = useSession((s) => s.setBazi);
  const setYunType = useSession((s) => s.setYunType);
  const yunType = useSession((s) => s.yunType);
  const current = profiles.find((p) => p.add_time === bazi?.add_time) ?? null;

  const makeCurrent = useCallback(
    (p: SavedProfile | null) => {
      setBazi(p ? toSessionProfile(p) : null);
      // PRODUCT.md#dingzhi: the fortune type is kept with the profile, caiyun unless one was chosen (VIP
      // dialog).
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
      const list = profilesSnapshot();
      const at = Date.now();
      let addTime = input.add_time ?? at;
      // Two saves within one millisecond (a double tap) must not share an id.
      if (input.add_time === undefined) while (list.some((p) => p.add_time === addTime)) addTime += 1;
      const before = list.find((p) => p.add_time === addTime);
      // The form knows the birth and options; what the case book adds (ids, group, note, events) stays.
      const profile = changed({ ...before, ...input, add_time: addTime }, at);
      const rest = list.filter((p) => p.add_time !== addTime);
      commit([profile, ...rest]);
      makeCurrent(profile);
      return profile;
    },
    [makeCurrent],
  );

  const select = useCallback(
    (addTime: number) => makeCurrent(profilesSnapshot().find((p) => p.add_time === addTime) ?? null),
    [makeCurrent],
  );

  const remove = useCallback(
    (addTime: number) => {
      const list = profilesSnapshot();
      const gone = list.find((p) => p.add_time === addTime);
      const rest = list.filter((p) => p.add_time !== addTime);
      // An account's profile the server may have is deleted there at the next sync.
      if (gone && profilesOwner() !== null && (gone.id !== undefined || gone.clientId)) {
        writeDeletedProfiles([...deletedProfiles(), { id: gone.id, clientId: gone.clientId }]);
      }
      commit(rest);
      if (useSession.getState().bazi?.add_time === addTime) makeCurrent(rest[0] ?? null);
    },
    [makeCurrent],
  );

  const annotate = useCallback<ProfilesApi['annotate']>((addTime, details) => {
    const list = profilesSnapshot();
    commit(list.map((p) => (p.add_time === addTime ? changed({ ...p, ...details }, Date.now()) : p)));
  }, []);

  return { profiles, current, save, select, remove, annotate };
}
