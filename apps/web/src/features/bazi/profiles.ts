/**
 * Saved birth profiles (命例). The session store keeps one profile under the SPEC §3 key `bazi`
 * (`{name, sex, born, add_time}`), and `yunType`; a family reads several charts, so the whole list
 * lives in its own local-storage key `bazi-profiles` (src/stores/profiles.ts, which 择日 reads too), and
 * the store's `bazi` is the one being read. `add_time` (creation time, epoch ms) is the id that ties the
 * two together.
 */
import type { ChartBody } from '@xuanli/contracts/bazi';
import { useCallback } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';
import {
  type ChartOptions,
  DEFAULT_OPTIONS,
  MAX_PROFILES,
  PROFILES_STORAGE_KEY,
  profilesSnapshot,
  resetProfilesCache,
  type SavedProfile,
  useSavedProfiles,
  writeProfiles,
} from '@/stores/profiles';
import { type BaziProfile, DEFAULT_YUN_TYPE, useSession } from '@/stores/session';
import { findCity } from './places';

export { type ChartOptions, DEFAULT_OPTIONS, PROFILES_STORAGE_KEY, resetProfilesCache, type SavedProfile };

/** The session store's local-storage key of the fortune type (SPEC §3). */
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
  if (city) body.timeZone = city.tz;
  if (city && options.trueSolar) body.longitude = city.lng;
  return body;
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
  const profiles = useSavedProfiles();
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
      const list = profilesSnapshot();
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
    (addTime: number) => makeCurrent(profilesSnapshot().find((p) => p.add_time === addTime) ?? null),
    [makeCurrent],
  );

  const remove = useCallback(
    (addTime: number) => {
      const list = profilesSnapshot();
      const rest = list.filter((p) => p.add_time !== addTime);
      writeProfiles(rest);
      if (useSession.getState().bazi?.add_time === addTime) makeCurrent(rest[0] ?? null);
    },
    [makeCurrent],
  );

  return { profiles, current, save, select, remove };
}
