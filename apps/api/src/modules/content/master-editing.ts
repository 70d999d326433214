/**
 * Masters (dashi) and the customer-service card (label crm/在线客服, PRODUCT.md#content) as
 * the operators' console edits them. Writes take the caller's transaction and answer the record
 * before and after, so the console adds its audit row to the same transaction. The app's dashi and
 * label routes read the same rows (nothing is cached), so a change shows on the next request.
 */
import type {
  AdminMaster,
  AdminMasterBody,
  AdminMasterCreateBody,
  AdminServiceCard,
  AdminServiceCardBody,
} from '@xuanli/contracts/admin-content';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { pick } from '../../shared/pick.ts';
import { content, masters } from './schema.ts';
import { CUSTOMER_SERVICE_LABEL } from './seed.ts';
import { labelKey } from './service.ts';

type MasterRow = typeof masters.$inferSelect;

/** A record before and after a change; null before a creation. */
export interface RecordChange<T> {
  before: T | null;
  after: T;
}

function masterOf(row: MasterRow): AdminMaster {
  return {
    ...pick(row, ['sellid', 'avatar', 'nickname', 'intro', 'wx', 'qrcode', 'sort', 'active', 'demo']),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored fields of a master form: texts trimmed. */
function masterFields(body: AdminMasterBody) {
  return {
    avatar: body.avatar.trim(),
    nickname: body.nickname.trim(),
    intro: body.intro.trim(),
    wx: body.wx.trim(),
    qrcode: body.qrcode.trim(),
    sort: body.sort,
    active: body.active,
  };
}

/** Every master, active or not, in the app's order (sort, then sellid). */
export async function listMastersForEditing(db: Db): Promise<AdminMaster[]> {
  const rows = await db.select().from(masters).orderBy(asc(masters.sort), asc(masters.sellid));
  return rows.map(masterOf);
}

/** Adds a master; Conflict when the sellid is taken (courses and products refer to it). */
export async function createMaster(
  tx: Tx,
  body: AdminMasterCreateBody,
  now: Date,
): Promise<RecordChange<AdminMaster>> {
  const [row] = await tx
    .insert(masters)
    .values({ sellid: body.sellid, ...masterFields(body), updatedAt: now })
    .onConflictDoNothing({ target: masters.sellid })
    .returning();
  if (!row) throw new AppError('Conflict', `编号 ${body.sellid} 已有大师，请换一个编号`);
  return { before: null, after: masterOf(row) };
}

/** Changes the master `sellid`; NotFound when there is none. */
export async function updateMaster(
  tx: Tx,
  sellid: number,
  body: AdminMasterBody,
  now: Date,
): Promise<RecordChange<AdminMaster>> {
  const [before] = await tx.select().from(masters).where(eq(masters.sellid, sellid)).for('update').limit(1);
  if (!before) throw new AppError('NotFound', `没有编号为 ${sellid} 的大师`);
  const [after] = await tx
    .update(masters)
    .set({ ...masterFields(body), demo: false, updatedAt: now })
    .where(eq(masters.sellid, sellid))
    .returning();
  return { before: masterOf(before), after: masterOf(after as MasterRow) };
}

const SERVICE_KEY = labelKey(CUSTOMER_SERVICE_LABEL.model, CUSTOMER_SERVICE_LABEL.name);

type ContentRow = typeof content.$inferSelect;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function cardOf(row: ContentRow): AdminServiceCard {
  const data = (row.data ?? {}) as Record<string, unknown>;
  return {
    avatar: text(data.avatar),
    nickname: text(data.nickname),
    intro: text(data.intro),
    wx: text(data.wx),
    qrcode: text(data.qrcode),
    body: row.body,
    demo: row.demo,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The customer-service card; NotFound when the label was never seeded. */
export async function customerServiceCard(db: Db | Tx): Promise<AdminServiceCard> {
  const [row] = await db.select().from(content).where(eq(content.key, SERVICE_KEY)).limit(1);
  if (row?.kind !== 'label') throw new AppError('NotFound', '客服名片不存在');
  return cardOf(row);
}

/**
 * Saves the customer-service card (created when missing, as the seed would). The card's fields are the
 * master record's (PRODUCT.md#content): the app renders both with one component.
 */
export async function saveCustomerServiceCard(
  tx: Tx,
  body: AdminServiceCardBody,
  now: Date,
): Promise<RecordChange<AdminServiceCard>> {
  const [existing] = await tx
    .select()
    .from(content)
    .where(eq(content.key, SERVICE_KEY))
    .for('update')
    .limit(1);
  const before = existing?.kind === 'label' ? cardOf(existing) : null;
  const data = {
    ...((existing?.data ?? {}) as Record<string, unknown>),
    avatar: body.avatar.trim(),
    nickname: body.nickname.trim(),
    intro: body.intro.trim(),
    wx: body.wx.trim(),
    qrcode: body.qrcode.trim(),
  };
  const values = {
    kind: 'label',
    title: CUSTOMER_SERVICE_LABEL.name,
    body: body.body.trim(),
    data,
    demo: false,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(content)
    .values({ key: SERVICE_KEY, ...values })
    .onConflictDoUpdate({ target: content.key, set: values })
    .returning();
  return { before, after: cardOf(row as ContentRow) };
}
