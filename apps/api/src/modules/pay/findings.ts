/**
 * 对账异常 for the console: what reconciliation found (reconcile.ts), listed newest first, and marked
 * handled by an operator with a note — the change and its audit row in one transaction, once.
 */
import type { AdminPayFinding, AdminPayFindingList, AdminPayFindingQuery } from '@xuanli/contracts/admin-pay';
import { and, count, desc, eq, isNotNull, isNull, like, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Auditor, writeAudit } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import { pick } from '../../shared/pick.ts';
import { payFindings } from './schema.ts';

/** What the findings' services run on. */
export interface FindingDeps {
  db: Db;
  clock: Clock;
}

type FindingRow = typeof payFindings.$inferSelect;

function findingView(row: FindingRow): AdminPayFinding {
  return {
    ...pick(row, ['id', 'orderNo', 'outTradeNo', 'channel', 'kind', 'detail', 'resolvedBy', 'resolution']),
    foundAt: row.foundAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** `GET admin/pay-findings`: a page of findings by state and order number (digits only: a safe prefix). */
export async function listFindings(
  deps: FindingDeps,
  query: AdminPayFindingQuery,
): Promise<AdminPayFindingList> {
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const conditions: SQL[] = [];
  if (query.status === 'open') conditions.push(isNull(payFindings.resolvedAt));
  if (query.status === 'resolved') conditions.push(isNotNull(payFindings.resolvedAt));
  if (query.orderNo) conditions.push(like(payFindings.orderNo, `${query.orderNo}%`));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [{ total }], [{ open }]] = await Promise.all([
    deps.db
      .select()
      .from(payFindings)
      .where(where)
      .orderBy(desc(payFindings.foundAt), desc(payFindings.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ total: count() }).from(payFindings).where(where),
    deps.db.select({ open: count() }).from(payFindings).where(isNull(payFindings.resolvedAt)),
  ]);
  return { list: rows.map(findingView), total, open };
}

/**
 * `POST admin/pay-findings/{id}/resolve`: marks finding `id` handled by `by` with `note` (audit row
 * `pay.finding.resolve`). NotFound for an unknown id, Conflict when it was handled already.
 */
export async function resolveFinding(
  deps: FindingDeps,
  id: number,
  note: string,
  by: Required<Auditor>,
): Promise<AdminPayFinding> {
  const at = new Date(deps.clock.now());
  return deps.db.transaction(async (tx) => {
    const [finding] = await tx.select().from(payFindings).where(eq(payFindings.id, id)).for('update');
    if (!finding) throw new AppError('NotFound', 'no such finding');
    if (finding.resolvedAt) throw new AppError('Conflict', '这条对账异常已经标记处理过了');
    const [resolved] = await tx
      .update(payFindings)
      .set({ resolvedAt: at, resolvedBy: by.actor, resolution: note })
      .where(and(eq(payFindings.id, id), isNull(payFindings.resolvedAt)))
      .returning();
    await writeAudit(tx, {
      ...by,
      at,
      action: 'pay.finding.resolve',
      target: `pay-finding:${id}`,
      before: { resolved: false },
      after: { resolved: true, orderNo: finding.orderNo, outTradeNo: finding.outTradeNo, kind: finding.kind },
      reason: note,
    });
    return findingView(resolved);
  });
}
