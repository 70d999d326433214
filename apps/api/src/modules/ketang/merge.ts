/**
 * Two accounts becoming one (member module's merge), the classroom's share: lesson progress and course
 * reviews move to the surviving account. A lesson both accounts watched keeps the further position
 * (and done once either finished it); a course both reviewed keeps the surviving account's review.
 */
import { sql } from 'drizzle-orm';
import { moveRowsKeepingSurvivors } from '../../shared/account-merge.ts';
import type { Tx } from '../../shared/orders.ts';

/** Moves learner `from`'s progress and reviews to learner `into`, inside the merge's transaction. */
export async function mergeLearner(tx: Tx, from: number, into: number): Promise<void> {
  await tx.execute(sql`
    update lesson_progress as kept set
      position = greatest(kept.position, moved.position),
      done = kept.done or moved.done,
      updated_at = greatest(kept.updated_at, moved.updated_at)
    from lesson_progress as moved
    where kept.user_id = ${into} and moved.user_id = ${from} and moved.lesson_id = kept.lesson_id`);
  await moveRowsKeepingSurvivors(tx, { table: 'lesson_progress', key: 'lesson_id' }, from, into);
  await moveRowsKeepingSurvivors(tx, { table: 'course_reviews', key: 'course_id' }, from, into);
}
