/**
 * Reading the audit trail (`GET admin/audit`, role admin): rows of the console and of the command
 * line, filtered by operator, action, target and time, newest first, a page at a time, each with the
 * names it reads by (audit-subjects.ts).
 */
import type { AuditEntry, AuditList, AuditQuery } from '@xuanli/contracts/admin';
import { ROW_ID_MAX } from '@xuanli/contracts/common-labels';
import { and, count, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { auditLog } from '../../shared/audit.ts';
import { AppError } from '../../shared/errors.ts';
import { integerIn, pageOf } from '../../shared/wire-numbers.ts';
import { type AuditNames, auditNamesOf } from './audit-subjects.ts';
import type { ConsoleDeps } from './deps.ts';

type AuditRow = typeof auditLog.$inferSelect;

function entryOf(row: AuditRow, names: AuditNames): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    operatorId: row.operatorId,
    actor: row.actor,
    operatorName: row.operatorId === null ? null : (names.operators.get(row.operatorId) ?? null),
    subject: names.subjects.get(row.id) ?? null,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.detail === '' ? null : row.detail,
  };
}

/** An ISO 8601 instant of the years the log can hold (a year the database cannot store is refused). */
function instant(text: string, name: string): Date {
  const date = new Date(text);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1970 || year > 9999) {
    throw new AppError('ValidationError', `${name} must be an ISO 8601 date-time of the years 1970–9999`);
  }
  return date;
}

/** The filters of `query` as one condition (undefined = every row). */
function filterOf(query: AuditQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.operatorId !== undefined) {
    conditions.push(eq(auditLog.operatorId, integerIn('operatorId', query.operatorId, 1, ROW_ID_MAX)));
  }
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.target) {
    // 'user:' (a kind and its colon) means every target of that kind; anything else is exact.
    conditions.push(
      /^[a-z-]+:$/.test(query.target)
        ? like(auditLog.target, `${query.target}%`)
        : eq(auditLog.target, query.target),
    );
  }
  if (query.from) conditions.push(gte(auditLog.at, instant(query.from, 'from')));
  if (query.to) conditions.push(lt(auditLog.at, instant(query.to, 'to')));
  return conditions.length ? and(...conditions) : undefined;
}

/** `GET admin/audit`. */
export async function listAudit(deps: Pick<ConsoleDeps, 'db'>, query: AuditQuery): Promise<AuditList> {
  const { page, size } = pageOf(query);
  const where = filterOf(query);
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const names = await auditNamesOf(deps.db, rows);
  return { list: rows.map((row) => entryOf(row, names)), total };
}
