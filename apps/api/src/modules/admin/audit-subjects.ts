/**
 * The names an audit row reads by: the operator who made the change (their display name) and the
 * object it changed — a user's masked phone, an order's number, an article's or a product's title.
 * Rows name their target by id only (the trail keeps no personal data of its own), so names are read
 * when the log is read: from what the row itself recorded (a title in its before/after) when it did,
 * else from the object's row as it is now (asked of the module that owns it), one query per kind for a
 * whole page. A deleted account is
 * named 已注销用户; an object that is gone and recorded no name is left unnamed (null).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { auditLog } from '../../shared/audit.ts';
import { articleTitlesOf, masterNicknamesOf } from '../content/index.ts';
import { courseTitlesOf, coursewareTitlesOf, lessonTitlesOf } from '../ketang/index.ts';
import { accountNamesOf } from '../member/index.ts';
import { productTitlesOf, skuNamesOf } from '../shop/index.ts';
import { operators } from './schema.ts';

type AuditRow = typeof auditLog.$inferSelect;

/** The names of a page of rows: the object's by row id, the operator's by operator id. */
export interface AuditNames {
  subjects: Map<number, string>;
  operators: Map<number, string>;
}

/** Finds the names of some targets of one kind, by the id part of each target. */
type Lookup = (db: Db, ids: string[]) => Promise<Map<string, string>>;

/** Row ids of `ids` (PostgreSQL integers); anything else is dropped, never sent to the database. */
function rowIds(ids: string[]): number[] {
  return ids.map(Number).filter((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647);
}

/** A lookup of `title`-like names by integer id. */
const byRowId =
  (read: (db: Db, ids: number[]) => Promise<{ id: number; name: string }[]>): Lookup =>
  async (db, ids) => {
    const numbers = rowIds(ids);
    if (numbers.length === 0) return new Map();
    const rows = await read(db, numbers);
    return new Map(rows.map((row) => [String(row.id), row.name]));
  };

/** How each kind of target is named from the database. */
const LOOKUPS: Record<string, Lookup> = {
  user: byRowId(accountNamesOf),
  operator: byRowId((db, ids) =>
    db
      .select({ id: operators.id, name: operators.displayName })
      .from(operators)
      .where(inArray(operators.id, ids)),
  ),
  article: byRowId(articleTitlesOf),
  product: byRowId(productTitlesOf),
  sku: byRowId(skuNamesOf),
  lesson: byRowId(lessonTitlesOf),
  courseware: byRowId(coursewareTitlesOf),
  master: byRowId(masterNicknamesOf),
  course: courseTitlesOf,
};

/** Targets whose id is itself the name people use. */
const NAMED_BY_ID = new Set(['order', 'holiday']);

/**
 * Kinds whose rows record the object's name at the time (a title, a nickname, a display name). A SKU's
 * row records only its own title, which says little without its product's: SKUs are named as they are now.
 */
const RECORDS_NAME = new Set([
  'operator',
  'article',
  'product',
  'course',
  'lesson',
  'courseware',
  'master',
  'reading',
]);

/** Fixed names of single objects. */
const FIXED_NAMES: Record<string, string> = { 'label:crm/label/在线客服': '客服名片' };

/** The name a row recorded in its before/after (a title, a nickname, a display name), if any. */
function recordedName(row: AuditRow): string | null {
  for (const side of [row.after, row.before]) {
    if (typeof side !== 'object' || side === null) continue;
    const record = side as Record<string, unknown>;
    for (const field of ['title', 'nickname', 'displayName']) {
      const value = record[field];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return null;
}

/** Splits 'kind:id' at its first colon. */
function parts(target: string): [string, string] {
  const colon = target.indexOf(':');
  return colon < 0 ? [target, ''] : [target.slice(0, colon), target.slice(colon + 1)];
}

/** The subjects of `rows` that need the database, looked up kind by kind. */
async function lookedUp(db: Db, rows: AuditRow[]): Promise<Map<string, string>> {
  const wanted = new Map<string, Set<string>>();
  for (const row of rows) {
    const [kind, id] = parts(row.target);
    if (LOOKUPS[kind]) wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  }
  const found = await Promise.all(
    [...wanted].map(async ([kind, ids]) => {
      const names = await LOOKUPS[kind](db, [...ids]);
      return [...names].map(([id, name]) => [`${kind}:${id}`, name] as const);
    }),
  );
  return new Map(found.flat());
}

/** The operators' display names and the objects' names of a page of audit rows. */
export async function auditNamesOf(db: Db, rows: AuditRow[]): Promise<AuditNames> {
  const operatorIds = [...new Set(rows.map((row) => row.operatorId).filter((id) => id !== null))];
  const [current, operatorRows] = await Promise.all([
    lookedUp(db, rows),
    operatorIds.length === 0
      ? []
      : db
          .select({ id: operators.id, name: operators.displayName })
          .from(operators)
          .where(inArray(operators.id, operatorIds)),
  ]);
  const subjects = new Map<number, string>();
  for (const row of rows) {
    const [kind, id] = parts(row.target);
    // Things and texts by the name the row recorded at the time, else by their name now; users by
    // their phone now (never recorded).
    const name =
      FIXED_NAMES[row.target] ??
      (NAMED_BY_ID.has(kind) ? id : null) ??
      (RECORDS_NAME.has(kind) ? recordedName(row) : null) ??
      current.get(row.target);
    if (name) subjects.set(row.id, name);
  }
  return { subjects, operators: new Map(operatorRows.map((row) => [row.id, row.name])) };
}
