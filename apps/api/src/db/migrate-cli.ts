/**
 * `npm run db:migrate -w @xuanli/api`: applies migrations and the demo seed without starting the
 * server (the server also does this at start-up; this is for deploy pipelines).
 */

import { seedDatabase } from '../../seed/index.ts';
import { loadConfig } from '../config.ts';
import { createFileStorage } from '../shared/storage.ts';
import { databaseTargetOf, openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase(databaseTargetOf(config));
const storage = createFileStorage(config.storage);
await database.migrate();
const inserted = await seedDatabase(database.db, storage);
await storage.close();
await database.close();
console.log(`migrated ${database.kind}; seeded ${inserted} new row(s)`);
