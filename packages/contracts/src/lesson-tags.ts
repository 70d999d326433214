/**
 * `GET /api/crm/ketang/lessons-by-tag?tag=…`: the lessons of published courses that teach a term, for
 * the 相关课程 of the chart's term sheets (a 十神, 神煞, 格局 or 纳音). Operators tag lessons in the
 * console's lesson dialog (admin-courses.ts `tags`). Public, like the course list.
 */
import { type Static, Type } from 'typebox';
import { LESSON_TAG_MAX } from './admin-courses-labels.ts';

/** Most tags one request asks for (a term, then broader ones to fall back on). */
export const LESSON_TAG_QUERY_MAX = 4;

/** Most lessons one answer lists. */
export const TAGGED_LESSONS_MAX = 20;

/** Query of `GET /api/crm/ketang/lessons-by-tag`. */
export const LessonsByTagQuerySchema = Type.Object({
  tag: Type.Array(Type.String({ minLength: 1, maxLength: LESSON_TAG_MAX }), {
    minItems: 1,
    maxItems: LESSON_TAG_QUERY_MAX,
    description: `One or more tags, most specific first (repeat the parameter: ?tag=七杀&tag=十神); at most ${LESSON_TAG_QUERY_MAX}`,
  }),
});

/** One lesson that teaches a tag. */
export const TaggedLessonSchema = Type.Object({
  tag: Type.String({ description: 'Which of the asked tags it carries (the first one, in the order asked)' }),
  courseId: Type.String(),
  courseTitle: Type.String(),
  courseFree: Type.Boolean({ description: 'A free course: every lesson plays for anyone' }),
  lessonId: Type.Integer(),
  lessonNo: Type.Integer({ minimum: 1 }),
  lessonTitle: Type.String(),
  preview: Type.Boolean({ description: '试看: the lesson plays before the course is bought' }),
});

/** A lesson that teaches a tag. */
export type TaggedLesson = Static<typeof TaggedLessonSchema>;

/**
 * `resData`: lessons carrying the first tag asked, then those carrying only a later one, each group in
 * the courses' own order and lesson order; at most {@link TAGGED_LESSONS_MAX}.
 */
export const TaggedLessonListSchema = Type.Object({ list: Type.Array(TaggedLessonSchema) });

/** Lessons that teach a tag. */
export type TaggedLessonList = Static<typeof TaggedLessonListSchema>;
