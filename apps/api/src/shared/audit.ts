/**
 * The operators' audit trail: who changed what, from what to what, why and when. Every operator write
 * — from the console (`/api/admin/…`) or the command line (`npm run admin`) — appends its row through
 * {@link writeAudit} inside the transaction of the change, so there is never a change without its row
 * nor a row without its change. Rows are only ever added (a trigger refuses UPDATE and DELETE,
 * drizzle/0007_audit_append_only.sql). It lives in the shared layer because every module with operator actions writes it.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { Tx } from './orders.ts';

/**
 * One row per operator change. Targets are named by id (a user's id, never the phone), so the trail
 * keeps no personal data of its own and outlives an account's deletion harmlessly.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // The console operator's username, or 'os-user@host' of the command line.
    actor: text('actor').notNull(),
    // The console operator's id (modules/admin `operators`); null for the command line. No foreign key:
    // operators are disabled, never deleted, and the trail must not depend on another table's life.
    operatorId: integer('operator_id'),
    // e.g. 'vip.grant' (@xuanli/contracts/admin-labels AUDIT_ACTION_LABELS).
    action: text('action').notNull(),
    // e.g. 'user:42', 'operator:3', 'holiday:2027-10-01'.
    target: text('target').notNull(),
    // The changed fields before and after; null before a creation and after a deletion.
    before: jsonb('before'),
    after: jsonb('after'),
    // The operator's reason ('' when none was asked for).
    detail: text('detail').notNull().default(''),
  },
  (t) => [
    index('audit_log_target_idx').on(t.target),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** Who makes a change: the name the trail shows and, for a console operator, their id. */
export interface Auditor {
  actor: string;
  /** The console operator's id; absent or null for the command line. */
  operatorId?: number | null;
}

/** One change as it is recorded. */
export interface AuditEntry extends Auditor {
  at: Date;
  action: string;
  target: string;
  /** The changed fields before the change (JSON); null or absent for a creation. */
  before?: unknown;
  /** The changed fields after the change (JSON); null or absent for a deletion. */
  after?: unknown;
  reason?: string | null;
}

/** Appends the audit row of a change; call it with the transaction that makes the change. */
export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    at: entry.at,
    actor: entry.actor,
    operatorId: entry.operatorId ?? null,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    detail: entry.reason ?? '',
  });
}

/** A change as its audit row records it: the record before (null for a creation) and after (null for a deletion). */
export interface RecordedChange {
  before?: unknown;
  after?: unknown;
}

/**
 * An operator's change to records that answer their own before and after (a master, an article, a
 * reading text, a holiday day, a course): `change` writes the rows and answers the record before and
 * after, and the audit row `action` on `target(result)` records them, in one transaction and at one
 * reading of the clock. Answers the change as `change` answered it.
 */
export async function changeAudited<C extends RecordedChange>(
  deps: { db: Db; clock: Clock },
  auditor: Auditor,
  action: string,
  change: (tx: Tx, at: Date) => Promise<C>,
  target: (result: C) => string,
): Promise<C> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const result = await change(tx, at);
    await writeAudit(tx, {
      ...auditor,
      at,
      action,
      target: target(result),
      before: result.before,
      after: result.after,
    });
    return result;
  });
}
