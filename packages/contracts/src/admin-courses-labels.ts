/**
 * The console's courses area without TypeBox: upload sizes and kinds, and the limits of the course,
 * lesson and courseware forms. The console's pages import them from here; the schemas of
 * admin-courses.ts are built from them, so a form never lets through what the API refuses.
 */

/** Bytes of every chunk but the last, by default (the API's UPLOAD_CHUNK_BYTES; each upload names its own). */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;

/** What an upload is for: a lesson video (mp4 or webm) or a courseware file (PDF). */
export const UPLOAD_PURPOSES = ['video', 'courseware'] as const;

/** What an upload is for. */
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The largest file of each purpose, in bytes: a lesson video 2 GiB, courseware 50 MiB. */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  video: 2 * 1024 * 1024 * 1024,
  courseware: 50 * 1024 * 1024,
};

/** The declared types each purpose takes (the bytes decide at completion). */
export const UPLOAD_CONTENT_TYPES: Record<UploadPurpose, readonly string[]> = {
  video: ['video/mp4', 'video/webm'],
  courseware: ['application/pdf'],
};

/** Longest file name kept with an upload, in characters. */
export const UPLOAD_FILENAME_MAX = 200;

/** Hours an unfinished upload is kept after its last chunk before it is removed. */
export const UPLOAD_STALE_HOURS = 24;

/** Longest course title and subtitle, lesson title and courseware title, in characters. */
export const COURSE_TITLE_MAX = 60;
export const COURSE_SUBTITLE_MAX = 120;
export const LESSON_TITLE_MAX = 80;
export const COURSEWARE_TITLE_MAX = 80;

/**
 * A lesson's tags: the terms it teaches (十神, 七杀, 纳音 …), by which the chart's term sheets list it
 * under 相关课程. At most this many, each at most this long.
 */
export const LESSON_TAGS_MAX = 10;
export const LESSON_TAG_MAX = 12;

/** Longest course introduction (HTML), in characters. */
export const COURSE_INTRO_MAX = 50_000;

/** A course id: chosen by the operator, lower-case letters, digits and '-' ('bazi-rumen'). */
export const COURSE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
