/**
 * The content module's names of its things, for the console's audit trail, which names its rows'
 * objects by id: articles by title, masters by nickname.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articles, masters } from './schema.ts';

/** The current titles of the articles of `ids` that exist. */
export function articleTitlesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: articles.id, name: articles.title }).from(articles).where(inArray(articles.id, ids));
}

/** The current nicknames of the masters of `ids` (their sellid) that exist. */
export function masterNicknamesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: masters.sellid, name: masters.nickname })
    .from(masters)
    .where(inArray(masters.sellid, ids));
}
