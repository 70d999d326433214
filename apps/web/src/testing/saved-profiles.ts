/** 命例 as the 排盘 page saves them on the phone (src/stores/profiles.ts). */
import type { SavedProfile } from '@/stores/profiles';

/** A 命例 named `name`, added at `addTime`: a man born 公 1990-05-10 08:00, with the default options. */
export function savedProfile(name: string, addTime: number, extra: Partial<SavedProfile> = {}): SavedProfile {
  return {
    name,
    sex: '男',
    born: '公 1990-05-10 08:00',
    add_time: addTime,
    options: { zi: 'late', trueSolar: false, yunSchool: 2 },
    ...extra,
  };
}
