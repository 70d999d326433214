/**
 * The reminders' limits and the festival groups a calendar subscription offers, without TypeBox: the
 * web's pages import them from here (loading reminders.ts would put TypeBox into a page's chunk), the
 * schemas of reminders.ts are built from them, and the API expands the groups into the engine's
 * festival names.
 */

/** Longest title of an event, in characters. */
export const EVENT_TITLE_MAX = 40;

/** Most days ahead a reminder may ring (0 = on the day, at 09:00 Beijing time). */
export const REMIND_DAYS_MAX = 30;

/** Most events one account keeps. */
export const MAX_EVENTS = 200;

/** Most saved 吉日 one account keeps. */
export const MAX_SAVED_DAYS = 200;

/** Longest 择日 matter (嫁娶, 入宅 …) of a saved 吉日. */
export const SAVED_DAY_ACTIVITY_MAX = 12;

/** Longest note of a saved 吉日 (its reasons and good hours, as 择日 words them). */
export const SAVED_DAY_NOTE_MAX = 200;

/** How often an event repeats: once, or every year on its date (a lunar one on its lunar date). */
export const EVENT_REPEATS = ['none', 'yearly'] as const;

/** A repeat value. */
export type EventRepeat = (typeof EVENT_REPEATS)[number];

/** Years from this one that a subscribed calendar holds: this year and the next three. */
export const FEED_YEARS_AHEAD = 3;

/**
 * Festival groups a subscriber switches on or off. The traditional and public-holiday groups are lists
 * of the engine's festival names (packages/almanac festivals.ts, checked by an API test); the Buddhist
 * and Taoist ones are the engine's own calendars of those festivals.
 */
export const FESTIVAL_GROUPS = ['traditional', 'solar', 'buddhist', 'taoist'] as const;

/** A festival group. */
export type FestivalGroup = (typeof FESTIVAL_GROUPS)[number];

/** The groups' names and what each holds, as the 日历订阅 page shows them. */
export const FESTIVAL_GROUP_LABELS: Record<FestivalGroup, { name: string; hint: string }> = {
  traditional: { name: '传统节日', hint: '春节、元宵、清明、端午、七夕、中元、中秋、重阳、腊八、除夕等' },
  solar: { name: '公历节日', hint: '元旦、妇女节、劳动节、儿童节、教师节、国庆节、母亲节等' },
  buddhist: { name: '佛教节日', hint: '佛诞、观音诞、地藏诞、阿弥陀佛诞等' },
  taoist: { name: '道教节日', hint: '玉皇诞、三元、三清诞、真君与祖师诞辰等' },
};

/** The traditional festivals, by the engine's names. */
export const TRADITIONAL_FESTIVALS = [
  '春节',
  '元宵节',
  '龙抬头',
  '上巳节',
  '寒食节',
  '清明节',
  '端午节',
  '七夕节',
  '中元节',
  '中秋节',
  '重阳节',
  '寒衣节',
  '下元节',
  '腊八节',
  '小年',
  '除夕',
] as const;

/** The public (solar) festivals, by the engine's names. */
export const SOLAR_FESTIVALS = [
  '元旦',
  '妇女节',
  '植树节',
  '劳动节',
  '青年节',
  '儿童节',
  '建党节',
  '建军节',
  '教师节',
  '国庆节',
  '母亲节',
  '父亲节',
] as const;

/** Which groups a new subscription holds until the subscriber changes them. */
export const DEFAULT_FESTIVAL_CHOICE: Record<FestivalGroup, boolean> = {
  traditional: true,
  solar: true,
  buddhist: false,
  taoist: false,
};
