/**
 * Editable content: label blocks (the `content` table), articles (crm/article/*) and masters
 * (dashi, crm/dashi), PRODUCT.md#content.
 */
import {
  ARTICLE_LIMITS,
  type Article,
  type ArticleListItem,
  type ArticleReadBody,
  type ArticleSearchBody,
  type ArticleSearchResult,
} from '@xuanli/contracts/article';
import { DEFAULT_MASTER_NICKNAME, type Master } from '@xuanli/contracts/content';
import { and, asc, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { sanitizeArticleHtml } from './sanitize.ts';
import { articles, content, masters } from './schema.ts';

/** Content key of a label block, as asked for by `{model, name}` in base/sysapi/label. */
export function labelKey(model: string, name: string): string {
  return `${model}/label/${name}`;
}

/** A label as base/sysapi/label answers it (PRODUCT.md#paths); `content` holds the structured block. */
export interface Label {
  model: string;
  name: string;
  title: string;
  body: string;
  content: unknown;
}

/** Reads the label `name` of `model`; 404 when there is none. */
export async function readLabel(db: Db, model: string, name: string): Promise<Label> {
  const [row] = await db
    .select()
    .from(content)
    .where(eq(content.key, labelKey(model, name)))
    .limit(1);
  if (row?.kind !== 'label') throw new AppError('NotFound', `no label '${name}' in '${model}'`);
  return { model, name, title: row.title, body: row.body, content: row.data ?? {} };
}

// ---------------------------------------------------------------------------------------------------
// Articles

const listColumns = {
  id: articles.id,
  label: articles.label,
  name: articles.name,
  title: articles.title,
  summary: articles.summary,
  updatedAt: articles.updatedAt,
};

/** Whether `column`, lower-cased, contains `needle` (already lower-cased); no wildcards, any database. */
function contains(column: Column, needle: string): SQL {
  return sql`position(${needle} in lower(${column})) > 0`;
}

/**
 * A page of published articles, filtered by label and by a keyword found in the title, name or
 * summary (plain text, letter case ignored); title matches first, then `sort`, then id.
 */
export async function searchArticles(db: Db, query: ArticleSearchBody): Promise<ArticleSearchResult> {
  const keyword = query.keyword?.trim().toLowerCase() ?? '';
  const filters: SQL[] = [eq(articles.published, true)];
  if (query.label !== undefined) filters.push(eq(articles.label, query.label));
  if (keyword !== '') {
    filters.push(
      sql`(${contains(articles.title, keyword)} or ${contains(articles.name, keyword)} or ${contains(articles.summary, keyword)})`,
    );
  }
  const where = and(...filters);
  const size = query.size ?? ARTICLE_LIMITS.defaultSize;
  const page = query.page ?? 1;
  const order: SQL[] = [];
  if (keyword !== '') order.push(sql`case when ${contains(articles.title, keyword)} then 0 else 1 end`);
  order.push(asc(articles.sort), asc(articles.id));
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(articles)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: sql<number>`count(*)::int` }).from(articles).where(where),
  ]);
  return {
    list: rows.map((row): ArticleListItem => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    total: Number(counted?.total ?? 0),
  };
}

/** The published article `{id}` or `{label, name}`, its HTML sanitised again; 404 when there is none. */
export async function readArticle(db: Db, which: ArticleReadBody): Promise<Article> {
  // The validator's anyOf coerces a string such as '1e999' to Infinity and lets it through.
  if ('id' in which && !Number.isSafeInteger(which.id))
    throw new AppError('ValidationError', 'body/id must be an integer');
  const match =
    'id' in which
      ? eq(articles.id, which.id)
      : and(eq(articles.label, which.label), eq(articles.name, which.name));
  const [row] = await db
    .select({ ...listColumns, body: articles.body })
    .from(articles)
    .where(and(match, eq(articles.published, true)))
    .limit(1);
  if (!row) {
    const what = 'id' in which ? `id ${which.id}` : `'${which.label}/${which.name}'`;
    throw new AppError('NotFound', `no published article ${what}`);
  }
  const { body, ...rest } = row;
  return { ...rest, html: sanitizeArticleHtml(body), updatedAt: row.updatedAt.toISOString() };
}

/** What an editor (or the seed) writes: the HTML is sanitised before it is stored. */
export interface ArticleInput {
  label: string;
  name: string;
  title: string;
  summary?: string;
  html: string;
  published?: boolean;
  sort?: number;
}

/** The row to store for `input`: HTML sanitised, summary trimmed. */
export function articleRow(input: ArticleInput) {
  return {
    label: input.label,
    name: input.name,
    title: input.title,
    summary: (input.summary ?? '').trim(),
    body: sanitizeArticleHtml(input.html),
    published: input.published ?? true,
    sort: input.sort ?? 0,
  };
}

/**
 * Creates or replaces the article (label, name) — the write path of editors; `now` is the editor's
 * clock reading. Answers the stored article's id.
 */
export async function saveArticle(db: Db, input: ArticleInput, now: Date): Promise<number> {
  const row = articleRow(input);
  const [saved] = await db
    .insert(articles)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [articles.label, articles.name],
      set: {
        title: row.title,
        summary: row.summary,
        body: row.body,
        published: row.published,
        sort: row.sort,
        demo: false,
        updatedAt: now,
      },
    })
    .returning({ id: articles.id });
  return saved!.id;
}

// ---------------------------------------------------------------------------------------------------
// Masters

const masterColumns = {
  sellid: masters.sellid,
  avatar: masters.avatar,
  nickname: masters.nickname,
  intro: masters.intro,
  wx: masters.wx,
  qrcode: masters.qrcode,
};

/**
 * A master without a nickname is shown as 七星堂师傅; an empty wx stays '' (the app says 暂无微信号),
 * PRODUCT.md#content.
 */
function withDefaults(master: Master): Master {
  return { ...master, nickname: master.nickname.trim() || DEFAULT_MASTER_NICKNAME };
}

/**
 * The active master `sellid`, or without one the default master (the first active one by sort, then
 * sellid); 404 when there is none.
 */
export async function readMaster(db: Db, sellid?: number): Promise<Master> {
  // As in readArticle: '?sellid=Infinity' passes the query's anyOf.
  if (sellid !== undefined && !Number.isSafeInteger(sellid))
    throw new AppError('ValidationError', 'querystring/sellid must be an integer');
  const rows = await db
    .select(masterColumns)
    .from(masters)
    .where(
      sellid === undefined
        ? eq(masters.active, true)
        : and(eq(masters.active, true), eq(masters.sellid, sellid)),
    )
    .orderBy(asc(masters.sort), asc(masters.sellid))
    .limit(1);
  if (!rows[0]) throw new AppError('NotFound', sellid === undefined ? 'no master' : `no master ${sellid}`);
  return withDefaults(rows[0]);
}

/** Every active master, the default first. */
export async function listMasters(db: Db): Promise<Master[]> {
  const rows = await db
    .select(masterColumns)
    .from(masters)
    .where(eq(masters.active, true))
    .orderBy(asc(masters.sort), asc(masters.sellid));
  return rows.map(withDefaults);
}
