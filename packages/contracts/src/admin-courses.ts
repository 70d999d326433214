/**
 * The console's courses area (`/api/admin/…`, roles admin and editor): chunked, resumable uploads of
 * lesson videos and courseware, and the courses with their lessons and courseware.
 *
 * Uploads: `POST uploads {filename, size, contentType, purpose}` → `{id, chunkSize, chunks}`; each
 * chunk `index` (from 0) is `PUT uploads/<id>/chunks/<index>` with a raw `application/octet-stream`
 * body of exactly `chunkSize` bytes (the last one: the rest); `GET uploads/<id>` lists the stored
 * chunks, so a client resumes after a dropped connection by sending only the missing ones; `POST
 * uploads/<id>/complete` joins them into the stored file, checks its kind by its bytes and answers
 * `{key, size, sha256, durationSeconds?}` — the key a lesson's video or a courseware file is then set
 * to. Unfinished uploads are removed a day after their last chunk.
 */
import { type Static, Type } from 'typebox';
import {
  COURSE_ID_PATTERN,
  COURSE_INTRO_MAX,
  COURSE_SUBTITLE_MAX,
  COURSE_TITLE_MAX,
  COURSEWARE_TITLE_MAX,
  LESSON_TAG_MAX,
  LESSON_TAGS_MAX,
  LESSON_TITLE_MAX,
  UPLOAD_FILENAME_MAX,
  UPLOAD_PURPOSES,
} from './admin-courses-labels.ts';
import { pageOf, pageQuery, RowId } from './common.ts';

export type { UploadPurpose } from './admin-courses-labels.ts';

const UploadIdField = Type.String({
  pattern: '^[0-9a-f]{32}$',
  description: 'The upload, as `POST uploads` answered it',
});

/** `POST /api/admin/uploads`. */
export const UploadCreateBodySchema = Type.Object(
  {
    filename: Type.String({
      minLength: 1,
      maxLength: UPLOAD_FILENAME_MAX,
      description: 'The file’s own name',
    }),
    size: Type.Integer({ minimum: 1, description: 'Bytes of the whole file' }),
    contentType: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'video/mp4, video/webm or application/pdf',
    }),
    purpose: Type.Enum([...UPLOAD_PURPOSES], { description: 'video (a lesson) or courseware (a PDF)' }),
  },
  { additionalProperties: false },
);

/** A new upload's request. */
export type UploadCreateBody = Static<typeof UploadCreateBodySchema>;

/** An upload as the console sees it. */
export const UploadSchema = Type.Object({
  id: UploadIdField,
  filename: Type.String(),
  size: Type.Integer({ minimum: 1 }),
  purpose: Type.Enum([...UPLOAD_PURPOSES]),
  chunkSize: Type.Integer({ minimum: 1, description: 'Bytes of every chunk but the last' }),
  chunks: Type.Integer({ minimum: 1, description: 'How many chunks make the file' }),
  received: Type.Array(Type.Integer({ minimum: 0 }), {
    description: 'Indexes of the chunks stored, ascending',
  }),
  status: Type.Enum(['open', 'assembling', 'done'], {
    description: 'open: chunks are taken; assembling: being joined; done: the file is stored',
  }),
  key: Type.Union([Type.String(), Type.Null()], { description: 'The stored file, once done' }),
});

/** An upload. */
export type Upload = Static<typeof UploadSchema>;

/** `GET|POST /api/admin/uploads/:id…`. */
export const UploadParamsSchema = Type.Object({ id: UploadIdField });

/** `PUT /api/admin/uploads/:id/chunks/:index`. */
export const UploadChunkParamsSchema = Type.Object({
  id: UploadIdField,
  index: Type.Integer({ minimum: 0, maximum: 100_000, description: 'The chunk, from 0' }),
});

/** The answer to a stored chunk. */
export const UploadChunkResultSchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  bytes: Type.Integer({ minimum: 0 }),
});

/** The stored file of a completed upload. */
export const UploadResultSchema = Type.Object({
  key: Type.String({ description: 'Storage key: a lesson’s `video` or a courseware `file`' }),
  size: Type.Integer({ minimum: 1 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the stored bytes, hex' }),
  contentType: Type.String({ description: 'The kind the bytes are: video/mp4, video/webm, application/pdf' }),
  durationSeconds: Type.Optional(
    Type.Number({ minimum: 0, description: 'A video’s length as its file states it, in seconds' }),
  ),
});

/** A completed upload. */
export type UploadResult = Static<typeof UploadResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Courses, lessons and courseware.

const CourseIdField = Type.String({ pattern: COURSE_ID_PATTERN, description: 'The course, e.g. bazi-rumen' });

/** `GET /api/admin/courses`. */
export const AdminCourseQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 60, description: 'Words of the title or the id' })),
  category: Type.Optional(RowId('A category id')),
  published: Type.Optional(Type.Boolean({ description: 'true: published only; false: unpublished only' })),
  ...pageQuery(),
});

/** A course list query. */
export type AdminCourseQuery = Static<typeof AdminCourseQuerySchema>;

/** A course as the console lists it. */
export const AdminCourseRowSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  cover: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  teacherSellid: Type.Integer(),
  teacherNickname: Type.String(),
  free: Type.Boolean(),
  published: Type.Boolean(),
  sort: Type.Integer(),
  lessonCount: Type.Integer({ minimum: 0 }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** A listed course. */
export type AdminCourseRow = Static<typeof AdminCourseRowSchema>;

/** A page of courses. */
export const AdminCourseListSchema = Type.Object(pageOf(AdminCourseRowSchema));

/** A page of courses. */
export type AdminCourseList = Static<typeof AdminCourseListSchema>;

/** A lesson as the console edits it. */
export const AdminLessonSchema = Type.Object({
  id: Type.Integer(),
  no: Type.Integer({ minimum: 1, description: 'Place in the course, from 1' }),
  title: Type.String(),
  duration: Type.Integer({ minimum: 0, description: 'Seconds' }),
  free: Type.Boolean({ description: '免费试看: anyone may watch it' }),
  video: Type.String({ description: 'Storage key of the video' }),
  tags: Type.Array(Type.String(), { description: 'The terms it teaches (十神, 七杀 …)' }),
});

/** A lesson. */
export type AdminLesson = Static<typeof AdminLessonSchema>;

/** A courseware file as the console edits it. */
export const AdminCoursewareSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  fileName: Type.String(),
  file: Type.String({ description: 'Storage key' }),
  url: Type.String({ description: 'Where the app downloads it' }),
  bytes: Type.Integer({ minimum: 0 }),
  pages: Type.Integer({ minimum: 0 }),
});

/** A courseware file. */
export type AdminCourseware = Static<typeof AdminCoursewareSchema>;

/** A course's page in the console: its fields, lessons in order and courseware. */
export const AdminCourseDetailSchema = Type.Object({
  ...AdminCourseRowSchema.properties,
  intro: Type.String({ description: 'HTML' }),
  lessons: Type.Array(AdminLessonSchema),
  courseware: Type.Array(AdminCoursewareSchema),
});

/** A course's page. */
export type AdminCourseDetail = Static<typeof AdminCourseDetailSchema>;

/** The categories and teachers a course form offers. */
export const AdminCourseOptionsSchema = Type.Object({
  categories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  teachers: Type.Array(Type.Object({ sellid: Type.Integer(), nickname: Type.String() })),
});

/** The form's choices. */
export type AdminCourseOptions = Static<typeof AdminCourseOptionsSchema>;

const COURSE_FIELDS = {
  title: Type.String({ minLength: 1, maxLength: COURSE_TITLE_MAX }),
  subtitle: Type.Optional(Type.String({ maxLength: COURSE_SUBTITLE_MAX })),
  cover: Type.Optional(Type.String({ maxLength: 500, description: 'Image URL (/api/files/…)' })),
  teacherSellid: RowId('The teaching master (sellid)'),
  categoryId: RowId('The category'),
  intro: Type.Optional(
    Type.String({ maxLength: COURSE_INTRO_MAX, description: 'HTML; sanitised when stored' }),
  ),
  free: Type.Optional(Type.Boolean({ description: 'Every lesson plays for anyone' })),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

/** `POST /api/admin/courses` (created unpublished). */
export const AdminCourseCreateBodySchema = Type.Object(
  { id: CourseIdField, ...COURSE_FIELDS },
  { additionalProperties: false },
);

/** A new course. */
export type AdminCourseCreateBody = Static<typeof AdminCourseCreateBodySchema>;

/** `POST /api/admin/courses/:id` (the whole form). */
export const AdminCourseUpdateBodySchema = Type.Object(COURSE_FIELDS, { additionalProperties: false });

/** A course's new fields. */
export type AdminCourseUpdateBody = Static<typeof AdminCourseUpdateBodySchema>;

/** `/api/admin/courses/:id…`. */
export const AdminCourseParamsSchema = Type.Object({ id: CourseIdField });

/** `POST /api/admin/courses/:id/publish`. */
export const AdminCoursePublishBodySchema = Type.Object(
  { published: Type.Boolean({ description: 'true: 发布; false: 下架' }) },
  { additionalProperties: false },
);

/** `POST /api/admin/courses/:id/lessons` (new) and `POST /api/admin/lessons/:lessonId` (edit). */
export const AdminLessonBodySchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: LESSON_TITLE_MAX }),
    video: Type.String({ minLength: 1, maxLength: 300, description: 'Key of a completed video upload' }),
    duration: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 86_400,
        description: 'Seconds; only used when the video’s file does not state its length',
      }),
    ),
    free: Type.Optional(Type.Boolean({ description: '免费试看' })),
    tags: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: LESSON_TAG_MAX }), {
        maxItems: LESSON_TAGS_MAX,
        description: `The terms it teaches (at most ${LESSON_TAGS_MAX}, each at most ${LESSON_TAG_MAX} characters; trimmed, repeats dropped); left out keeps them`,
      }),
    ),
  },
  { additionalProperties: false },
);

/** A lesson's fields. */
export type AdminLessonBody = Static<typeof AdminLessonBodySchema>;

/** `/api/admin/lessons/:lessonId`. */
export const AdminLessonParamsSchema = Type.Object({ lessonId: RowId('The lesson') });

/** `POST /api/admin/courses/:id/lessons/order`: every lesson id of the course in the new order. */
export const AdminLessonOrderBodySchema = Type.Object(
  { lessonIds: Type.Array(RowId(), { minItems: 1, maxItems: 1000 }) },
  { additionalProperties: false },
);

/** `POST /api/admin/courses/:id/courseware`: a completed PDF upload. */
export const AdminCoursewareBodySchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: COURSEWARE_TITLE_MAX }),
    file: Type.String({ minLength: 1, maxLength: 300, description: 'Key of a completed courseware upload' }),
  },
  { additionalProperties: false },
);

/** A courseware file's fields. */
export type AdminCoursewareBody = Static<typeof AdminCoursewareBodySchema>;

/** `/api/admin/courseware/:coursewareId`. */
export const AdminCoursewareParamsSchema = Type.Object({ coursewareId: RowId('The courseware file') });

/** What a course edit answers: the course as saved, or null when it is gone meanwhile. */
export const AdminCourseMaybeDetailSchema = Type.Union([AdminCourseDetailSchema, Type.Null()]);
