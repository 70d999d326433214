/**
 * A module's tables are its own: its public entry (modules/<name>/index.ts) exports functions and
 * types, never a Drizzle table, so that another module can only ask the owner, which keeps the rules
 * of its rows in one place. Tests that check the database take the tables from the module's
 * testing-tables.ts instead. Every module folder is listed when the test runs, so a new module is held
 * to the same rule without being named here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

const modulesDir = join(import.meta.dirname, '../src/modules');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the modules keep their tables to themselves', () => {
  it('finds the modules', () => {
    expect(modules).toContain('member');
  });

  it.each(modules)('modules/%s/index.ts exports no table', async (name) => {
    const entry = (await import(join(modulesDir, name, 'index.ts'))) as Record<string, unknown>;
    const tables = Object.entries(entry)
      .filter(([, value]) => is(value, PgTable))
      .map(([exported]) => `modules/${name}/index.ts exports the table ${exported}`);
    expect(tables).toEqual([]);
  });
});
