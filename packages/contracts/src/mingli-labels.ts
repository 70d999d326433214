/**
 * The case book's (命例) groups, limits and file format, without TypeBox: the web's profiles sheet
 * imports them from here (mingli.ts builds every schema, which would put TypeBox into the 排盘 chunk),
 * the schemas of mingli.ts are built from them, and the API checks with them.
 */

/** The groups a profile is filed under, in the order the app offers them. */
export const MINGLI_GROUPS = ['家人', '朋友', '客户', '名人', '其他'] as const;

/** A group of the case book. */
export type MingliGroup = (typeof MINGLI_GROUPS)[number];

/** The group of a profile saved without one. */
export const MINGLI_DEFAULT_GROUP: MingliGroup = '其他';

/** What one account keeps: profiles, the length of each text, events per profile. */
export const MINGLI_LIMITS = {
  /** Profiles one account keeps (a practitioner's case book, not an address book). */
  profiles: 500,
  /** Characters of a name (the chart's name limit). */
  name: 20,
  /** Characters of the note. */
  note: 500,
  /** Dated events of one profile. */
  events: 50,
  /** Characters of an event's text (婚、子、迁、病 … in a few words). */
  eventText: 40,
  /** Characters of the device's id of a profile (its idempotency key). */
  clientId: 64,
  /** Characters of a search. */
  query: 40,
  /** Characters of a birthplace's province or city name. */
  place: 20,
} as const;

/** The `format` field of an exported file: says what the file is whatever its name. */
export const MINGLI_FILE_FORMAT = 'xuanli-mingli';

/** The version of the exported format this API writes and reads. */
export const MINGLI_FILE_VERSION = 1;

/** Event words the editor offers as shortcuts (婚 marriage, 子 a child, 迁 a move, 病 illness …). */
export const MINGLI_EVENT_WORDS = ['婚', '子', '迁', '病', '学', '业', '财', '丧'] as const;

/**
 * The largest import file, in bytes: an export of 500 profiles, each with a full note and 50 full
 * events, written as UTF-8 (as the export writes it), stays under 6.5 MB.
 */
export const MINGLI_FILE_MAX_BYTES = 8 * 1024 * 1024;
