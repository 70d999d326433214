import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @xuanli/api` diffs the modules' schema.ts files against drizzle/meta and writes the next
// versioned SQL file. The same folder is applied at start-up on PGlite and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  // course_grants lives in src/shared: the shop writes it, the member module and the classroom read it;
  // audit_log too: every module with operator actions writes it.
  schema: ['./src/modules/*/schema.ts', './src/shared/course-grants.ts', './src/shared/audit.ts'],
  out: './drizzle',
});
