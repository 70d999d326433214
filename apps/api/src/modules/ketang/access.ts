/**
 * Who may watch what (PRODUCT.md#classroom, #roles): every lesson of a free course and every free-preview
 * (试看) lesson plays for anyone, visitors included; the other lessons of a paid course only for its
 * buyers — users with a live grant of a paid shop order (shared/course-grants.ts; a refund withdraws
 * it). A visitor asking for a bought-only lesson is told to log in (401), a user who has not bought
 * the course is refused (403). An unpublished course is hidden from everyone but its buyers.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseGrants } from '../../shared/course-grants.ts';
import { AppError } from '../../shared/errors.ts';
import type { Viewer } from './viewer.ts';

/** Of `courseIds`, those `userId` has bought and not had refunded. */
export async function ownedCourses(db: Db, userId: number | null, courseIds: string[]): Promise<Set<string>> {
  if (userId === null || courseIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ courseId: courseGrants.courseId })
    .from(courseGrants)
    .where(
      and(
        eq(courseGrants.userId, userId),
        inArray(courseGrants.courseId, courseIds),
        isNull(courseGrants.revokedAt),
      ),
    );
  return new Set(rows.map((row) => row.courseId));
}

/** Whether `viewer` bought the course `courseId`. */
export async function owns(db: Db, viewer: Viewer, courseId: string): Promise<boolean> {
  return (await ownedCourses(db, viewer.userId, [courseId])).has(courseId);
}

/** Whether a lesson plays for a caller who does (`owned`) or does not own its course. */
export function mayWatch(course: { free: boolean }, lesson: { free: boolean }, owned: boolean): boolean {
  return course.free || lesson.free || owned;
}

/** Throws 401 for a visitor and 403 for a user when {@link mayWatch} says no. */
export function assertMayWatch(
  viewer: Viewer,
  course: { free: boolean },
  lesson: { free: boolean },
  owned: boolean,
): void {
  if (mayWatch(course, lesson, owned)) return;
  if (viewer.userId === null)
    throw new AppError('Unauthorized', 'log in and buy the course to watch this lesson');
  throw new AppError('Forbidden', 'this lesson is for buyers of the course');
}

/** Throws 404 for an unpublished course unless the caller owns it (its buyers keep it). */
export function assertVisible(course: { id: string; published: boolean }, owned: boolean): void {
  if (!course.published && !owned) throw new AppError('NotFound', `no course ${course.id}`);
}
