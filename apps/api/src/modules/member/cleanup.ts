/**
 * The member module's share of the periodic clean-up (app.ts runs it in every process).
 */
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { purgeCodes } from './codes.ts';
import { purgeQuotas } from './quota.ts';

/** Deletes ended limit windows and day-old SMS code rows; idempotent and safe in several processes. */
export async function purgeMemberLeftovers(deps: { db: Db; clock: Clock }): Promise<void> {
  const now = deps.clock.now();
  await purgeQuotas(deps.db, now);
  await purgeCodes(deps.db, now);
}
