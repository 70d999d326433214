/**
 * Bench tool (`npm run bench`): prepares the configured database (DATA_DIR's embedded PGlite, or
 * DATABASE_URL) as the server would — migrations, the demo data — and adds a generated catalogue of
 * COURSES courses (default 10,000; see test/course-catalogue.ts), so that the classroom's list and
 * search are measured at catalogue scale. Run it while no server holds the data folder.
 *
 *   DATA_DIR=/tmp/x COURSES=10000 node apps/api/scripts/fill-course-catalogue.ts
 */
import { seedDatabase } from '../seed/index.ts';
import { loadConfig } from '../src/config.ts';
import { databaseTargetOf, openDatabase } from '../src/db/client.ts';
import { firstCourseCategoryId } from '../src/modules/ketang/index.ts';
import { createFileStorage } from '../src/shared/storage.ts';
import { writeCourseCatalogue } from '../test/course-catalogue.ts';

const count = Number(process.env.COURSES ?? 10_000);
if (!Number.isInteger(count) || count < 1 || count > 100_000) {
  console.error(`COURSES must be a whole number from 1 to 100000, got '${process.env.COURSES}'`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(databaseTargetOf(config));
try {
  await database.migrate();
  const storage = createFileStorage(config.storage);
  try {
    await seedDatabase(database.db, storage, { ketangMediaDir: config.demoMediaDir });
  } finally {
    await storage.close();
  }
  const categoryId = await firstCourseCategoryId(database.db);
  if (categoryId === undefined) throw new Error('the seed wrote no course category');
  const bazi = await writeCourseCatalogue(database.db, count, categoryId);
  console.log(`${count} courses written (八字 in ${bazi.title} titles, ${bazi.intro} more introductions)`);
} finally {
  await database.close();
}
