/**
 * Lessons by the terms they teach. Operators tag lessons (十神, 七杀, 纳音 …) in the console; the chart's
 * term sheets ask for a term's lessons (相关课程), falling back on a broader tag (十神, 神煞) when no
 * lesson teaches the term itself. Only published courses are listed: the sheet leads to the course page.
 */
import { LESSON_TAGS_MAX } from '@xuanli/contracts/admin-courses-labels';
import { TAGGED_LESSONS_MAX, type TaggedLesson } from '@xuanli/contracts/lesson-tags';
import { and, arrayContains, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from './schema.ts';

/**
 * A lesson's tags as stored: trimmed (and NFKC-folded, so a full-width space or letter counts as its
 * plain form), blanks and repeats dropped, in the order given, at most {@link LESSON_TAGS_MAX}.
 */
export function normaliseLessonTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (const tag of tags) {
    const plain = tag.normalize('NFKC').trim();
    if (plain !== '' && !kept.includes(plain)) kept.push(plain);
  }
  return kept.slice(0, LESSON_TAGS_MAX);
}

/**
 * `GET crm/ketang/lessons-by-tag`: lessons of published courses carrying `tags[0]`, then those carrying
 * `tags[1]` but not the first, and so on, each group in the courses' order (sort, id) and lesson
 * order; at most {@link TAGGED_LESSONS_MAX} in all. One indexed query per tag (the GIN index on
 * `lessons.tags`), so a broad fallback tag never crowds out the lessons of the term itself.
 */
export async function lessonsByTag(db: Db, tags: readonly string[]): Promise<TaggedLesson[]> {
  const found: TaggedLesson[] = [];
  for (const tag of normaliseLessonTags(tags)) {
    const left = TAGGED_LESSONS_MAX - found.length;
    if (left <= 0) break;
    const seen = found.map((lesson) => lesson.lessonId);
    const rows = await db
      .select({
        courseId: courses.id,
        courseTitle: courses.title,
        courseFree: courses.free,
        lessonId: lessons.id,
        lessonNo: lessons.no,
        lessonTitle: lessons.title,
        preview: lessons.free,
      })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(
        and(
          arrayContains(lessons.tags, [tag]),
          eq(courses.published, true),
          seen.length > 0 ? notInArray(lessons.id, seen) : undefined,
        ),
      )
      .orderBy(asc(courses.sort), asc(courses.id), asc(lessons.no))
      .limit(left);
    for (const row of rows) found.push({ tag, ...row });
  }
  return found;
}
