/**
 * The classroom's tables: categories, courses with their lessons and courseware, each learner's
 * position in each lesson, and buyers' ratings. Teachers are the content module's `masters` and
 * learners the member module's `users`, both referred to by value (modules share no foreign keys);
 * who bought a course is `course_grants` (shared/course-grants.ts), written by the shop.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** 八字, 风水, 六爻, 择日 … in display order. */
export const courseCategories = pgTable('course_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  icon: text('icon').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/**
 * A course. `id` is chosen by operators ('bazi-rumen'); the shop's course products name it in
 * `course_id`. A course is free (`free`: every lesson plays for anyone) or sold through the shop.
 *
 * Search (search.ts): `search_title` and `search_intro` are the title and the introduction's text
 * normalised (NFKC, lower case, no tags); `search_grams` holds every character and every pair of
 * adjacent characters of both, so a GIN index finds the candidates of a Chinese query without
 * scanning (a query's words are 1–2 characters as often as not, too short for trigrams). Written
 * together with the title and intro by course-row.ts, never separately.
 */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    cover: text('cover').notNull().default(''),
    // The teaching master (content module's masters.sellid).
    teacherSellid: integer('teacher_sellid').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => courseCategories.id),
    // Sanitised HTML (content module's allow-list), sanitised again when read.
    intro: text('intro').notNull().default(''),
    free: boolean('free').notNull().default(false),
    // Unpublished courses are not listed; their buyers still reach them.
    published: boolean('published').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    searchTitle: text('search_title').notNull().default(''),
    searchIntro: text('search_intro').notNull().default(''),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('courses_id_check', sql`${t.id} ~ '^[a-z0-9][a-z0-9-]{0,63}$'`),
    index('courses_list_idx').on(t.published, t.sort, t.id),
    index('courses_category_idx').on(t.categoryId, t.sort, t.id),
    index('courses_teacher_idx').on(t.teacherSellid),
    // Written straight into the index (no pending list): courses change rarely, and a search must not
    // depend on a vacuum having flushed recent inserts (PGlite runs no autovacuum).
    index('courses_search_grams_idx').using('gin', t.searchGrams).with({ fastupdate: 'off' }),
  ],
);

/**
 * A lesson: one video in the course's order (`no` 1, 2, …). `duration` is the video's length in
 * seconds (the 90 % rule is measured against it); `video` its storage key (private: served only
 * through signed URLs); `free` makes it a preview anyone may watch. `tags` are the terms it teaches
 * (十神, 七杀, 纳音 …), which the chart's term sheets find it by (GIN index, written straight into it
 * like the courses' search grams).
 */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    no: integer('no').notNull(),
    title: text('title').notNull(),
    duration: integer('duration').notNull(),
    free: boolean('free').notNull().default(false),
    video: text('video').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    unique('lessons_course_no_unique').on(t.courseId, t.no),
    check('lessons_duration_check', sql`${t.duration} >= 0`),
    index('lessons_tags_idx').using('gin', t.tags).with({ fastupdate: 'off' }),
  ],
);

/** Free courseware (课件): files anyone may download, optionally belonging with a course. */
export const courseware = pgTable(
  'courseware',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // Stable name for seeding and operators ('ganzhi-table').
    slug: text('slug').notNull().unique(),
    courseId: text('course_id').references(() => courses.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    // Storage key of the file (public: served by GET /api/files/<key>).
    file: text('file').notNull(),
    pages: integer('pages').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('courseware_sort_idx').on(t.sort, t.id)],
);

/**
 * Where a learner is in a lesson (restored on any device). `done` is set once the position reaches
 * 90 % of the lesson and never cleared. `course_id` is copied from the lesson so that a course's
 * progress is one index range.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: integer('user_id').notNull(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    position: integer('position').notNull(),
    done: boolean('done').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    index('lesson_progress_course_idx').on(t.userId, t.courseId, t.updatedAt),
    index('lesson_progress_learners_idx').on(t.courseId, t.userId),
    check('lesson_progress_position_check', sql`${t.position} >= 0`),
  ],
);

/** A buyer's rating of a course (one per buyer; rating again replaces it). */
export const courseReviews = pgTable(
  'course_reviews',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId] }),
    index('course_reviews_recent_idx').on(t.courseId, t.updatedAt),
    check('course_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

// Chunked uploads of the classroom's large files from the console (lesson videos, courseware): one row per upload and
// one per chunk stored. A chunk is recorded by an insert that the unique (upload, index) makes
// idempotent, and an upload is joined by one conditional update from `open` to `assembling`, so two
// API processes receiving the same upload never disagree about it.

/** An upload: what the file is declared to be and, once joined, where it is stored. */
export const uploads = pgTable(
  'uploads',
  {
    // 32 hex digits (random), the upload's id on the wire.
    id: text('id').primaryKey(),
    // The console operator who declared it (no foreign key: operators are never deleted).
    operatorId: integer('operator_id').notNull(),
    // 'video' | 'courseware' (UPLOAD_PURPOSES).
    purpose: text('purpose', { enum: ['video', 'courseware'] }).notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    chunks: integer('chunks').notNull(),
    // 'open' (taking chunks) → 'assembling' (being joined) → 'done'; back to 'open' when joining fails.
    status: text('status', { enum: ['open', 'assembling', 'done'] })
      .notNull()
      .default('open'),
    // The stored file, its hash, its sniffed type and a video's length, once done.
    key: text('key').unique(),
    sha256: text('sha256'),
    storedType: text('stored_type'),
    durationSeconds: doublePrecision('duration_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // The last chunk or status change: stale unfinished uploads are purged by it.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('uploads_status_check', sql`${t.status} in ('open', 'assembling', 'done')`),
    check('uploads_size_check', sql`${t.size} > 0 and ${t.chunks} > 0 and ${t.chunkSize} > 0`),
    index('uploads_stale_idx').on(t.status, t.updatedAt),
  ],
);

/** A stored chunk of an upload (its bytes are in the file storage at `private/uploads/<id>-<index>`). */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    bytes: integer('bytes').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.index] })],
);
