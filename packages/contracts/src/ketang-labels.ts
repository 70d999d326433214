/**
 * The classroom's limits and constants, without TypeBox: the web's pages import them from here
 * (loading ketang.ts would build every schema and put TypeBox into the classroom's chunk), and the
 * schemas of ketang.ts are built from them.
 */
import { PAGE_SIZE, PAGE_SIZE_MAX } from './common-labels.ts';

/** A course id: lower-case letters, digits and '-', e.g. 'bazi-rumen'. */
export const COURSE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';

/** A lesson counts as done once its position reaches this share of its duration. */
export const LESSON_DONE_RATIO = 0.9;

/** Page size of the course list when the query names none, and the largest it may ask for (every list's). */
export const COURSE_PAGE_SIZE = PAGE_SIZE;
export const COURSE_PAGE_SIZE_MAX = PAGE_SIZE_MAX;

/** Reviews on a page when the query names no size. */
export const REVIEW_PAGE_SIZE = 10;

/** The longest review comment, in characters. */
export const REVIEW_COMMENT_MAX = 300;

/** The longest search a course list takes, in characters. */
export const COURSE_KEYWORD_MAX = 40;
