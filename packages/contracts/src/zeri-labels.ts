/**
 * 择日's limits and the words people use for its matters, without TypeBox: the app's 择日 page imports
 * them from here (its bundle takes no schema module), and the API's query schema and its reading of
 * `activity` use the same constants, so the page never offers what the API would refuse.
 *
 * The engine names matters in the almanac's own words (移徙, 开市, 立券 …); most people say 搬家, 开业,
 * 签约. The common matters are listed with the word people say first and the almanac's beside it, and
 * the API takes either.
 */
import { MAX_ZERI_DAYS, type ZeriActivity } from '@xuanli/almanac/zeriActivities';

/** Most people one 择日 request may name (a couple and their parents). */
export const ZERI_MAX_PEOPLE = 6;

/** Longest range of one 择日 request, in days (a year, a leap year's too): the engine's limit. */
export const ZERI_MAX_DAYS = MAX_ZERI_DAYS;

/** Longest label of a person (a saved 排盘 profile's name is at most 20 characters). */
export const ZERI_LABEL_MAX = 20;

/** Longest activity a request may name: the longest almanac word (平治道涂, 修饰垣墙) has four characters. */
export const ZERI_ACTIVITY_MAX = 8;

/** One of the common matters: the word people say, and the almanac's word the engine chooses by. */
export interface ZeriChoice {
  /** What the chip shows first, e.g. '搬家'. */
  label: string;
  activity: ZeriActivity;
}

/** The matters people most often choose a day for, in the order the page offers them. */
export const ZERI_COMMON: readonly ZeriChoice[] = [
  { label: '嫁娶', activity: '嫁娶' },
  { label: '订婚', activity: '纳采' },
  { label: '入宅', activity: '入宅' },
  { label: '搬家', activity: '移徙' },
  { label: '开业', activity: '开市' },
  { label: '交易', activity: '交易' },
  { label: '签约', activity: '立券' },
  { label: '出行', activity: '出行' },
  { label: '动土', activity: '动土' },
  { label: '装修', activity: '修造' },
  { label: '安床', activity: '安床' },
  { label: '祭祀', activity: '祭祀' },
  { label: '祈福', activity: '祈福' },
  { label: '求医', activity: '求医' },
  { label: '安葬', activity: '安葬' },
];

/** The everyday words the API reads as the almanac's (搬家 → 移徙). */
export const ZERI_ALIASES: Readonly<Record<string, ZeriActivity>> = Object.fromEntries(
  ZERI_COMMON.filter((c) => c.label !== c.activity).map((c) => [c.label, c.activity]),
);

/** The word a page shows for a matter: '搬家（移徙）' for a common one named differently, else the word. */
export function zeriActivityLabel(activity: string): string {
  const common = ZERI_COMMON.find((c) => c.activity === activity);
  return common && common.label !== activity ? `${common.label}（${activity}）` : activity;
}

/** Default labels of the people a request does not name: 甲方, 乙方 … as a 合婚 reading names them. */
export const ZERI_DEFAULT_LABELS = ['甲方', '乙方', '丙方', '丁方', '戊方', '己方'] as const;
