/**
 * Articles as the operators' console edits them (crm/article/*, PRODUCT.md#content): every article, published
 * or not, listed by label with a search in the title and name; the labels in use; creating, changing,
 * publishing, unpublishing and deleting one. The body HTML is sanitised with the app's allow-list before it
 * is stored. Writes take the caller's transaction and answer the article before and after, so the console
 * adds its audit row to the same transaction. The app's article routes read these rows directly (nothing is
 * cached), so a change shows on the next request.
 */
import type {
  AdminArticle,
  AdminArticleBody,
  AdminArticleLabel,
  AdminArticleList,
  AdminArticleQuery,
  AdminArticleSummary,
} from '@xuanli/contracts/admin-content';
import { and, asc, type Column, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { articles } from './schema.ts';

type ArticleRow = typeof articles.$inferSelect;

/** An article before and after a change; null before a creation and after a deletion. */
export interface ArticleChange {
  before: AdminArticle | null;
  after: AdminArticle | null;
}

function summaryOf(row: Omit<ArticleRow, 'body' | 'createdAt' | 'demo'>): AdminArticleSummary {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    title: row.title,
    summary: row.summary,
    published: row.published,
    sort: row.sort,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function articleOf(row: ArticleRow): AdminArticle {
  return { ...summaryOf(row), html: row.body, createdAt: row.createdAt.toISOString() };
}

/** Whether `column`, lower-cased, contains `needle` (lower-cased); plain text, no wildcards. */
function contains(column: Column, needle: string): SQL {
  return sql`position(${needle} in lower(${column})) > 0`;
}

/** The order of a list: the label order, or by last change. */
function orderOf(order: AdminArticleQuery['order']): SQL[] {
  if (order === 'updatedDesc') return [desc(articles.updatedAt), desc(articles.id)];
  if (order === 'updatedAsc') return [asc(articles.updatedAt), asc(articles.id)];
  return [asc(articles.label), asc(articles.sort), asc(articles.id)];
}

/**
 * A page of articles, drafts included, by label (exact), a keyword in the title or name and the
 * published state; in label order (label, sort, id) or by last change.
 */
export async function listArticlesForEditing(
  db: Db,
  query: AdminArticleQuery & { page: number; size: number },
): Promise<AdminArticleList> {
  const filters: SQL[] = [];
  const label = query.label?.trim();
  if (label) filters.push(eq(articles.label, label));
  const keyword = query.q?.trim().toLowerCase() ?? '';
  if (keyword !== '') {
    filters.push(sql`(${contains(articles.title, keyword)} or ${contains(articles.name, keyword)})`);
  }
  if (query.published !== undefined) filters.push(eq(articles.published, query.published === 'true'));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: articles.id,
        label: articles.label,
        name: articles.name,
        title: articles.title,
        summary: articles.summary,
        published: articles.published,
        sort: articles.sort,
        updatedAt: articles.updatedAt,
      })
      .from(articles)
      .where(where)
      .orderBy(...orderOf(query.order))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { list: rows.map(summaryOf), total: Number(counted?.total ?? 0) };
}

/** The labels in use, with their article counts, in label order. */
export async function articleLabelsInUse(db: Db): Promise<AdminArticleLabel[]> {
  const rows = await db
    .select({
      label: articles.label,
      count: count(),
      published: sql<number>`count(*) filter (where ${articles.published})`,
    })
    .from(articles)
    .groupBy(articles.label)
    .orderBy(asc(articles.label));
  return rows.map((row) => ({
    label: row.label,
    count: Number(row.count),
    published: Number(row.published),
  }));
}

/** The article `id`, drafts included; NotFound when there is none. */
export async function articleForEditing(db: Db | Tx, id: number): Promise<AdminArticle> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw new AppError('NotFound', `没有编号为 ${id} 的文章`);
  return articleOf(row);
}

/** The row `id` locked for the rest of the transaction; NotFound when there is none. */
async function lockedArticle(tx: Tx, id: number): Promise<ArticleRow> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update').limit(1);
  if (!row) throw new AppError('NotFound', `没有编号为 ${id} 的文章`);
  return row;
}

/** The fields to store for `body`: trimmed, blank refused, HTML sanitised. */
function fieldsOf(body: AdminArticleBody) {
  const label = body.label.trim();
  const name = body.name.trim();
  const title = body.title.trim();
  if (label === '') throw new AppError('ValidationError', '请填写标签');
  if (name === '') throw new AppError('ValidationError', '请填写名称');
  if (title === '') throw new AppError('ValidationError', '请填写标题');
  return {
    label,
    name,
    title,
    summary: (body.summary ?? '').trim(),
    body: sanitizeArticleHtml(body.html),
    sort: body.sort ?? 0,
  };
}

const nameTaken = (label: string, name: string) =>
  new AppError('Conflict', `标签「${label}」下已有名称为「${name}」的文章，请换一个名称`);

/** True for PostgreSQL's unique violation (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * Creates an article as a draft (the operator publishes it when it is ready). Conflict when the label
 * already has an article of that name.
 */
export async function createArticle(tx: Tx, body: AdminArticleBody, now: Date): Promise<ArticleChange> {
  const fields = fieldsOf(body);
  const [row] = await tx
    .insert(articles)
    .values({ ...fields, published: false, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [articles.label, articles.name] })
    .returning();
  if (!row) throw nameTaken(fields.label, fields.name);
  return { before: null, after: articleOf(row) };
}

/**
 * Changes the article `id` (its published state stays). Conflict when the new label and name belong
 * to another article; NotFound when there is no such article.
 */
export async function updateArticle(
  tx: Tx,
  id: number,
  body: AdminArticleBody,
  now: Date,
): Promise<ArticleChange> {
  const before = await lockedArticle(tx, id);
  const fields = fieldsOf(body);
  const [other] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.label, fields.label), eq(articles.name, fields.name), ne(articles.id, id)))
    .limit(1);
  if (other) throw nameTaken(fields.label, fields.name);
  try {
    const [row] = await tx
      .update(articles)
      .set({ ...fields, demo: false, updatedAt: now })
      .where(eq(articles.id, id))
      .returning();
    return { before: articleOf(before), after: articleOf(row as ArticleRow) };
  } catch (error) {
    // Another editor took the name between the check and the write.
    if (isUniqueViolation(error)) throw nameTaken(fields.label, fields.name);
    throw error;
  }
}

/** Publishes (`published` true) or unpublishes the article `id`; NotFound when there is none. */
export async function setArticlePublished(
  tx: Tx,
  id: number,
  published: boolean,
  now: Date,
): Promise<ArticleChange> {
  const before = await lockedArticle(tx, id);
  const [row] = await tx
    .update(articles)
    .set({ published, updatedAt: now })
    .where(eq(articles.id, id))
    .returning();
  return { before: articleOf(before), after: articleOf(row as ArticleRow) };
}

/** Deletes the article `id`; NotFound when there is none. */
export async function deleteArticle(tx: Tx, id: number): Promise<ArticleChange> {
  const [row] = await tx.delete(articles).where(eq(articles.id, id)).returning();
  if (!row) throw new AppError('NotFound', `没有编号为 ${id} 的文章`);
  return { before: articleOf(row), after: null };
}
