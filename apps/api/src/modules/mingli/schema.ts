/**
 * The mingli module's one table: each account's case book (命例), the birth profiles a practitioner
 * keeps of family, friends, clients and famous people, with the chart options they are drawn with,
 * a group, a note and dated events. Kept on the server so that every phone the member signs in on
 * shows the same book. The account is the member module's `users` row, referred to by value (modules
 * share no foreign keys); an account deletion deletes its rows (member/erasure.ts).
 */
import type { MingliEvent, MingliOptions } from '@xuanli/contracts/mingli';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One saved profile of one account. */
export const mingliProfiles = pgTable(
  'mingli_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    // The phone's own id of the profile, so that a profile sent twice (a retry after a lost answer,
    // the upload at login) is saved once; null for imported profiles.
    clientId: text('client_id'),
    name: text('name').notNull(),
    sex: text('sex').notNull(),
    // The birth text as the phone wrote it ('公 1990-05-10 08:00'), checked by the engine when saved.
    born: text('born').notNull(),
    options: jsonb('options').$type<MingliOptions>().notNull().default({}),
    group: text('group').notNull(),
    note: text('note').notNull().default(''),
    events: jsonb('events').$type<MingliEvent[]>().notNull().default([]),
    // Name and note normalised for search (search-text.ts): NFKC, lower case, one line each.
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    // The time of the last change on the phone that made it (never later than the server's now):
    // the last write wins per profile by it.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mingli_profiles_user_idx').on(t.userId, t.updatedAt, t.id),
    uniqueIndex('mingli_profiles_client_idx').on(t.userId, t.clientId),
    check('mingli_profiles_sex_check', sql`${t.sex} in ('男', '女')`),
    check('mingli_profiles_group_check', sql`${t.group} in ('家人', '朋友', '客户', '名人', '其他')`),
  ],
);
