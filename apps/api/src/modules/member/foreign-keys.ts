/**
 * The one way another module's table names an account: a foreign key to the member module's users,
 * without the users table itself leaving the module (its columns are the member module's to read).
 * Schema files import this file itself, not index.ts: drizzle-kit loads them alone, without the
 * module's routes and services.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

/** The column a foreign key to an account references: `.references(usersTableForeignKey, …)`. */
export function usersTableForeignKey(): AnyPgColumn {
  return users.id;
}
