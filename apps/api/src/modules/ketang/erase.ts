/**
 * Account deletion, the classroom's share: where the learner was in each lesson and what they wrote
 * about courses are theirs alone, so both go (a course's rating and learner count then leave them out).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../shared/orders.ts';
import { courseReviews, lessonProgress } from './schema.ts';

/** What {@link eraseLearner} deleted. */
export interface LearnerErasure {
  progress: number;
  reviews: number;
}

/** Deletes user `userId`'s lesson progress and course reviews, inside the account deletion's transaction. */
export async function eraseLearner(tx: Tx, userId: number): Promise<LearnerErasure> {
  const progress = await tx
    .delete(lessonProgress)
    .where(eq(lessonProgress.userId, userId))
    .returning({ lessonId: lessonProgress.lessonId });
  const reviews = await tx
    .delete(courseReviews)
    .where(eq(courseReviews.userId, userId))
    .returning({ courseId: courseReviews.courseId });
  return { progress: progress.length, reviews: reviews.length };
}
