/**
 * The classroom wire (PRODUCT.md#classroom: the pages under pages/ketang/ and the player): courses by
 * category and Chinese search, a course page with its lessons, a lesson's signed media URL, the
 * learner's position in each lesson, buyers' ratings and the free courseware.
 *
 * Everything is readable without a token except saving progress and rating. A token, when sent, makes
 * `owned`, `done` and `position` answer for the caller; an invalid or expired one is read as a visitor
 * on the public routes. Watching: every lesson of a free course and every free-preview (试看) lesson
 * plays for anyone; the other lessons of a paid course only for its buyers (a visitor is answered 401,
 * a logged-in user who has not bought it 403).
 *
 * Money is integer 分. A paid course is bought through the shop (its `productId`), which grants it.
 */
import { type Static, Type } from 'typebox';
import { pageQuery, RowId } from './common.ts';
import {
  COURSE_ID_PATTERN,
  COURSE_KEYWORD_MAX,
  COURSE_PAGE_SIZE,
  LESSON_DONE_RATIO,
  REVIEW_COMMENT_MAX,
  REVIEW_PAGE_SIZE,
} from './ketang-labels.ts';
import { POPULARITY_SHOWN_FROM } from './popularity.ts';

export {
  COURSE_ID_PATTERN,
  COURSE_KEYWORD_MAX,
  COURSE_PAGE_SIZE,
  COURSE_PAGE_SIZE_MAX,
  LESSON_DONE_RATIO,
  REVIEW_COMMENT_MAX,
  REVIEW_PAGE_SIZE,
} from './ketang-labels.ts';

/** A course id as a query or body field. */
const CourseIdField = Type.String({
  pattern: COURSE_ID_PATTERN,
  maxLength: 64,
  description: "The course's id, e.g. 'bazi-rumen'",
  examples: ['bazi-rumen'],
});

/** The master who teaches a course (dashi, PRODUCT.md#content; tap → master contact dialog by `sellid`). */
export const TeacherSchema = Type.Object(
  {
    sellid: Type.Integer({ minimum: 1, description: 'The master (GET /api/crm/dashi?sellid=)' }),
    nickname: Type.String({
      description: "Shown name; '七星堂师傅' when the record has none (PRODUCT.md#content)",
    }),
    avatar: Type.String({ description: "Picture URL, or '' for the app's default picture" }),
  },
  { description: 'The teacher of a course' },
);

/** A teacher. */
export type Teacher = Static<typeof TeacherSchema>;

/** A course category (八字, 风水, 六爻, 择日 …). */
export const CourseCategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String({ description: "Icon picture URL, or ''" }),
  courses: Type.Integer({ minimum: 0, description: 'Published courses in it' }),
});

/** A course category. */
export type CourseCategory = Static<typeof CourseCategorySchema>;

/** `resData` of `GET /api/crm/ketang/categories`: in display order. */
export const CourseCategoryListSchema = Type.Object({ list: Type.Array(CourseCategorySchema) });

/** The course categories. */
export type CourseCategoryList = Static<typeof CourseCategoryListSchema>;

/** Average rating and number of ratings of a course. */
export const RatingSummarySchema = Type.Object({
  average: Type.Number({
    minimum: 0,
    maximum: 5,
    description: 'Mean of the ratings, one decimal; 0 while there are none',
  }),
  count: Type.Integer({ minimum: 0 }),
});

/** A rating summary. */
export type RatingSummary = Static<typeof RatingSummarySchema>;

/** A course as lists show it. */
export const CourseSummarySchema = Type.Object(
  {
    id: Type.String({ description: "The course's id, e.g. 'bazi-rumen'" }),
    title: Type.String(),
    subtitle: Type.String({ description: "One line under the title, or ''" }),
    cover: Type.String({ description: 'Cover picture URL (16:9)' }),
    teacher: TeacherSchema,
    category: Type.Object({ id: Type.Integer(), name: Type.String() }),
    free: Type.Boolean({ description: 'Every lesson plays for anyone (免费)' }),
    price: Type.Integer({
      minimum: 0,
      description:
        "In 分: 0 for a free course; otherwise what the shop charges for it (its product's cheapest SKU)",
    }),
    vipPrice: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description:
        'In 分: the 会员价 of the SKU `price` shows — what a member whose VIP runs pays at checkout; null when it has none (or the course is free)',
    }),
    productId: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'The on-shelf shop product that sells it (立即购买 → checkout); null for a free course or one not on sale',
    }),
    skuId: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'The SKU of that product to put in checkout (its cheapest, the one `price` shows); null when `productId` is',
    }),
    lessonCount: Type.Integer({ minimum: 0, description: 'Number of lessons' }),
    duration: Type.Integer({ minimum: 0, description: 'All lessons together, in seconds' }),
    rating: RatingSummarySchema,
    learners: Type.Integer({
      minimum: 0,
      description: `Buyers and learners who started a lesson; shown from POPULARITY_SHOWN_FROM (${POPULARITY_SHOWN_FROM}) on, 新课 below`,
    }),
    owned: Type.Boolean({ description: 'The caller bought it (a live grant of a paid shop order)' }),
  },
  { description: 'A course in a list' },
);

/** A course summary. */
export type CourseSummary = Static<typeof CourseSummarySchema>;

/** Query of `GET /api/crm/ketang/list`. */
export const CourseQuerySchema = Type.Object({
  keyword: Type.Optional(
    Type.String({
      maxLength: COURSE_KEYWORD_MAX,
      description:
        "Words to find in the title, the teacher's name or the introduction (each word must match; plain text). Best matches first: title before teacher before introduction",
    }),
  ),
  category: Type.Optional(RowId('Only courses of this category')),
  ...pageQuery(COURSE_PAGE_SIZE),
});

/** A course query. */
export type CourseQuery = Static<typeof CourseQuerySchema>;

/** `resData` of `GET /api/crm/ketang/list`. Without a keyword: in the operators' order. */
export const CourseListSchema = Type.Object({
  list: Type.Array(CourseSummarySchema),
  total: Type.Integer({ minimum: 0 }),
});

/** A course list. */
export type CourseList = Static<typeof CourseListSchema>;

/** A lesson on the course page, in order. */
export const LessonSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Lesson id (GET play?lesson=, POST progress)' }),
    title: Type.String(),
    duration: Type.Integer({ minimum: 0, description: 'Length of its video, in seconds' }),
    free: Type.Boolean({ description: 'A free preview (试看): plays for anyone' }),
    playable: Type.Boolean({ description: 'The caller may play it now (free course, preview or bought)' }),
    done: Type.Optional(
      Type.Boolean({ description: `Watched to ${LESSON_DONE_RATIO * 100} % (logged-in callers only)` }),
    ),
    position: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Saved position in seconds (logged-in callers only)' }),
    ),
  },
  { description: 'A lesson' },
);

/** A lesson. */
export type Lesson = Static<typeof LessonSchema>;

/** Query of `GET /api/crm/ketang/show`. */
export const CourseShowQuerySchema = Type.Object({ id: CourseIdField });

/** A course page request. */
export type CourseShowQuery = Static<typeof CourseShowQuerySchema>;

/** `resData` of `GET /api/crm/ketang/show`. */
export const CourseDetailSchema = Type.Object(
  {
    ...CourseSummarySchema.properties,
    intro: Type.String({ description: 'Sanitised HTML of the introduction' }),
    lessons: Type.Array(LessonSchema),
    lastLesson: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The lesson the caller watched last (继续学习), or null',
    }),
  },
  { description: 'A course page' },
);

/** A course page. */
export type CourseDetail = Static<typeof CourseDetailSchema>;

/** Query of `GET /api/crm/ketang/play`. */
export const PlayQuerySchema = Type.Object({ lesson: RowId('The lesson to play') });

/** A play request. */
export type PlayQuery = Static<typeof PlayQuerySchema>;

/** `resData` of `GET /api/crm/ketang/play`. */
export const PlaySchema = Type.Object(
  {
    url: Type.String({
      description:
        'Where the video is fetched from (with HTTP Range): a signed API URL that works only with the cookie the ' +
        'same answer set, in the session that asked',
    }),
    expires: Type.String({
      format: 'date-time',
      description: 'The URL is refused (403) from then on: the lesson’s length plus a margin from now',
    }),
    lesson: Type.Integer(),
    duration: Type.Integer({ minimum: 0, description: 'Seconds' }),
    position: Type.Integer({ minimum: 0, description: 'Saved position to resume from; 0 for visitors' }),
  },
  { description: 'A signed, expiring media URL of a lesson, bound to the session that asked' },
);

/** A play answer. */
export type Play = Static<typeof PlaySchema>;

/** Body of `POST /api/crm/ketang/progress`: where the learner is in a lesson. */
export const ProgressBodySchema = Type.Object(
  {
    lesson: RowId('The lesson'),
    position: Type.Number({
      minimum: 0,
      maximum: 86_400,
      description: 'Seconds from the start (a video currentTime); past the end counts as the end',
    }),
  },
  { additionalProperties: false },
);

/** A progress report. */
export type ProgressBody = Static<typeof ProgressBodySchema>;

/** `resData` of `POST /api/crm/ketang/progress`. */
export const ProgressSchema = Type.Object({
  lesson: Type.Integer(),
  position: Type.Integer({ minimum: 0, description: 'The saved position, whole seconds' }),
  done: Type.Boolean({
    description: `Watched to ${LESSON_DONE_RATIO * 100} % at least once (stays done when watched again from the start)`,
  }),
});

/** A saved progress. */
export type Progress = Static<typeof ProgressSchema>;

/** Body of `POST /api/crm/ketang/review`: a buyer rates the course (again: the last rating counts). */
export const ReviewBodySchema = Type.Object(
  {
    id: CourseIdField,
    rating: Type.Integer({ minimum: 1, maximum: 5, description: '1–5 stars (PRODUCT.md#input-rules)' }),
    comment: Type.Optional(
      Type.String({ maxLength: REVIEW_COMMENT_MAX, description: 'Optional words, trimmed' }),
    ),
  },
  { additionalProperties: false },
);

/** A review to save. */
export type ReviewBody = Static<typeof ReviewBodySchema>;

/** A review as the course page shows it. */
export const ReviewSchema = Type.Object({
  nickname: Type.String({ description: "The reviewer's shown name" }),
  avatar: Type.String({ description: "The reviewer's picture URL, or ''" }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  comment: Type.String({ description: "'' when none" }),
  createdAt: Type.String({ format: 'date-time', description: 'When it was last written' }),
  mine: Type.Boolean({ description: "The caller's own review" }),
});

/** A review. */
export type Review = Static<typeof ReviewSchema>;

/** `resData` of `POST /api/crm/ketang/review`: the saved review and the course's new rating. */
export const ReviewResultSchema = Type.Object({ review: ReviewSchema, rating: RatingSummarySchema });

/** A review answer. */
export type ReviewResult = Static<typeof ReviewResultSchema>;

/** Query of `GET /api/crm/ketang/reviews`. */
export const ReviewQuerySchema = Type.Object({
  id: CourseIdField,
  ...pageQuery(REVIEW_PAGE_SIZE),
});

/** A review query. */
export type ReviewQuery = Static<typeof ReviewQuerySchema>;

/** `resData` of `GET /api/crm/ketang/reviews`: newest first. */
export const ReviewListSchema = Type.Object({
  list: Type.Array(ReviewSchema),
  total: Type.Integer({ minimum: 0 }),
  rating: RatingSummarySchema,
});

/** A review list. */
export type ReviewList = Static<typeof ReviewListSchema>;

/** A free courseware file (课件), downloaded as a blob and saved as `fileName` (PRODUCT.md#classroom). */
export const CoursewareSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  fileName: Type.String({ description: "The name to save it as, e.g. '六十甲子表.pdf'" }),
  url: Type.String({ description: 'Download URL (GET, HTTP Range)' }),
  type: Type.String({ description: "Its media type, e.g. 'application/pdf'" }),
  pages: Type.Integer({ minimum: 0, description: 'Pages of a PDF; 0 when not known' }),
  bytes: Type.Integer({ minimum: 0 }),
  courseId: Type.Union([Type.String(), Type.Null()], {
    description: 'The course it belongs with, or null for general material',
  }),
});

/** A courseware file. */
export type Courseware = Static<typeof CoursewareSchema>;

/** Query of `GET /api/crm/ketang/kejian`. */
export const CoursewareQuerySchema = Type.Object({
  course: Type.Optional(
    Type.String({ pattern: COURSE_ID_PATTERN, maxLength: 64, description: 'Only the files of this course' }),
  ),
});

/** A courseware query. */
export type CoursewareQuery = Static<typeof CoursewareQuerySchema>;

/** `resData` of `GET /api/crm/ketang/kejian`: in display order. */
export const CoursewareListSchema = Type.Object({
  list: Type.Array(CoursewareSchema),
  total: Type.Integer({ minimum: 0 }),
});

/** The courseware. */
export type CoursewareList = Static<typeof CoursewareListSchema>;
