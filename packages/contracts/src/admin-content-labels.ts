/**
 * The console's content areas — image upload, articles, the 命书 reading texts, masters and the
 * customer-service card: the limits of their forms and their Chinese labels, without TypeBox, so the
 * console's pages import them from here and the schemas of admin-content.ts are built from them.
 */

/** The largest image the console uploads, in bytes (5 MB, as the app's own uploads). */
export const ADMIN_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Longest side of a stored console image in pixels; larger pictures are scaled down, smaller kept. */
export const ADMIN_IMAGE_MAX_SIDE = 2048;

/** Limits of the article form; label and name as the app's article wire (article.ts ARTICLE_LIMITS). */
export const ADMIN_ARTICLE_LIMITS = {
  label: 32,
  name: 64,
  title: 100,
  summary: 300,
  /** Characters of body HTML (the pictures are URLs, so this is a long article's text many times over). */
  html: 200_000,
  sort: 1_000_000,
  keyword: 50,
} as const;

/** The labels whose articles the app shows in fixed places: the 宜/忌 glossary and the agreements. */
export const ARTICLE_LABEL_HINTS: Record<string, string> = {
  宜忌: '宜/忌 词条（黄历中每个宜、忌词的解释）',
  协议: '协议（用户协议、隐私政策等）',
  节气: '二十四节气',
  帮助: '帮助',
  风水: '风水案例',
};

/** The groups of reading texts, by the first part of their key, with the console's names. */
export const READING_GROUP_LABELS = {
  daymaster: '日主',
  strength: '身强身弱',
  element: '五行',
  tengod: '十神',
  shensha: '神煞',
  luck: '大运流年',
} as const;

/** A group of reading texts. */
export type ReadingGroup = keyof typeof READING_GROUP_LABELS;

/** Limits of a reading text. */
export const READING_LIMITS = { title: 40, body: 2000, key: 64 } as const;

/** Limits of the master and customer-service forms. */
export const MASTER_LIMITS = {
  nickname: 40,
  intro: 500,
  wx: 40,
  url: 300,
  sort: 1_000_000,
  body: 200,
} as const;

/** A picture of a master or the card: '' (the app's default) or a URL the app may load. */
export const PICTURE_URL_PATTERN = '^(?:|https://\\S+|/api/files/(?!.*\\.\\.)[A-Za-z0-9._/-]+)$';
