/**
 * The seed runner: demo data every fresh install needs to be usable. The domain modules own the
 * seeding of their tables and never import this tree; the demo content itself — texts, the shop's
 * catalogue and artwork — lives here and is handed to them. It seeds the demo account, the
 * customer-service card, the articles, the masters, the miji reading texts, the shop's demo
 * catalogue (whose pictures go to the file storage) and the classroom's courses (covers, lesson videos
 * and courseware too). Idempotent — it runs at every start-up and only
 * inserts what is missing (the readings also refresh texts nobody edited), so an operator's later
 * edits are never overwritten.
 */
import type { Db } from '../src/db/client.ts';
import { seedReadings } from '../src/modules/bazi/index.ts';
import { seedArticles, seedContent, seedMasters } from '../src/modules/content/index.ts';
import { seedKetang } from '../src/modules/ketang/index.ts';
import { seedMembers } from '../src/modules/member/index.ts';
import { seedShop } from '../src/modules/shop/index.ts';
import type { FileStorage } from '../src/shared/storage.ts';
import { READING_SEED } from './bazi/readings.ts';
import { DEMO_SERVICE_CARD } from './content/service-card.ts';
import { articleSeeds } from './content/texts/index.ts';
import { MASTER_SEEDS } from './content/texts/masters.ts';
import { DEMO_CLASSROOM, demoLessonTitles } from './ketang/index.ts';
import { DEMO_CATALOGUE } from './shop/index.ts';

/** The name the demo account shows in the user centre. */
const DEMO_MEMBER_NICKNAME = '玄历示例用户';

/** Where the seed finds what it stores; tests hand the classroom small stand-in media of their own. */
export interface SeedOptions {
  /** The classroom's demo media folder (default: what the build made, seed-media/ketang). */
  ketangMediaDir?: string;
}

/**
 * Inserts the demo rows that are missing and stores the demo pictures `storage` lacks; returns how
 * many rows it wrote (0 on a re-run).
 */
export async function seedDatabase(db: Db, storage: FileStorage, options: SeedOptions = {}): Promise<number> {
  return (
    (await seedMembers(db, DEMO_MEMBER_NICKNAME)) +
    (await seedContent(db, storage, DEMO_SERVICE_CARD)) +
    (await seedArticles(db, articleSeeds())) +
    (await seedMasters(db, storage, MASTER_SEEDS)) +
    (await seedReadings(db, READING_SEED)) +
    // A course product's 课程大纲 is the classroom's lesson list of the same course.
    (await seedShop(db, storage, DEMO_CATALOGUE, demoLessonTitles)) +
    (await seedKetang(db, storage, DEMO_CLASSROOM, { mediaDir: options.ketangMediaDir }))
  );
}
