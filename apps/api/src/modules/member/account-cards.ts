/**
 * Accounts as other modules show them beside their own rows: a course review's author (nickname and
 * picture), an order's buyer in the console (phone and nickname).
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/**
 * Every account's id, nickname, avatar and phone as a subquery named `alias`, for a caller to join to
 * its own rows by user id (and filter on): a page of reviews or of the console's orders with their
 * people stays one statement (PostgreSQL flattens the subquery into a plain join).
 */
export function accountCards<Alias extends string>(alias: Alias) {
  return new QueryBuilder()
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, phone: users.phone })
    .from(users)
    .as(alias);
}
