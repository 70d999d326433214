/**
 * The bazi module's one table: each account's 定制 profile, the birth profile and fortune type a VIP's
 * daily fortune is computed from. It is the account's own record, apart from whatever charts the 排盘
 * page draws for other people, and kept on the server so that every phone the member signs in on
 * shows the same fortune. The account is the member module's `users` row, referred to by value
 * (modules share no foreign keys); an account deletion deletes the row (member/erasure.ts).
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One 定制 profile per account, replaced whole on every save. */
export const dingzhiProfiles = pgTable(
  'dingzhi_profiles',
  {
    userId: integer('user_id').primaryKey(),
    name: text('name').notNull(),
    sex: text('sex').notNull(),
    // The birth text as the form wrote it ('公 1990-05-10 08:00'), checked by the engine when saved.
    born: text('born').notNull(),
    yunType: text('yun_type').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('dingzhi_profiles_sex_check', sql`${t.sex} in ('男', '女')`),
    check(
      'dingzhi_profiles_yun_type_check',
      sql`${t.yunType} in ('caiyun', 'shiye', 'ganqing', 'jiankang', 'xueye')`,
    ),
  ],
);
