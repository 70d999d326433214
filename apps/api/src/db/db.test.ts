import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { READING_SEED } from '../../seed/bazi/readings.ts';
import { seedDatabase } from '../../seed/index.ts';
import { fixtureMediaDir } from '../../test/ketang-fixtures.ts';
import { CUSTOMER_SERVICE_LABEL, labelKey } from '../modules/content/index.ts';
import { DEMO_ACCOUNT } from '../modules/member/index.ts';
import { localFileStorage } from '../shared/storage.ts';
import { type DatabaseTarget, openDatabase } from './client.ts';
import {
  articles,
  content,
  courseCategories,
  courses,
  courseware,
  lessons,
  masters,
  products,
  shopCategories,
  skus,
  users,
} from './schema.ts';

// Where the seed stores its pictures (the shop's demo catalogue), shared by the tests of this file.
const filesRoot = mkdtempSync(join(tmpdir(), 'xuanli-db-test-files-'));
const files = localFileStorage(filesRoot);
afterAll(() => rmSync(filesRoot, { recursive: true, force: true }));

/** drizzle-kit's list of the versioned migrations: each must be applied exactly once. */
const JOURNAL: { entries: unknown[] } = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
);

// The same suite runs on embedded PGlite always and on real PostgreSQL when TEST_DATABASE_URL is set
// (scripts/start-test-postgres.sh prints one), proving one schema and one migrations folder serve both.
const targets: [string, DatabaseTarget | undefined][] = [
  ['PGlite', { kind: 'pglite' }],
  [
    'PostgreSQL',
    process.env.TEST_DATABASE_URL ? { kind: 'postgres', url: process.env.TEST_DATABASE_URL } : undefined,
  ],
];

/** Rows of a raw `execute()`: both drivers answer `{rows}`, but the shared Drizzle type leaves it unknown. */
async function rows<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

for (const [name, target] of targets) {
  describe.skipIf(!target)(`database on ${name}`, () => {
    it('applies the migrations, twice without change, and seeds idempotently', async () => {
      const database = await openDatabase(target!);
      try {
        if (database.kind === 'postgres') {
          // A reused test database: start from nothing so that the first migration really runs.
          await database.db.execute(sql`drop schema if exists public cascade`);
          await database.db.execute(sql`drop schema if exists drizzle cascade`);
          await database.db.execute(sql`create schema public`);
        }
        await database.migrate();
        const countMigrations = () =>
          rows<{ n: number }>(
            database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
          );
        const applied = await countMigrations();
        await database.migrate();
        expect(await countMigrations()).toEqual(applied);
        expect(applied[0].n).toBeGreaterThan(0);

        const tables = await rows<{ table_name: string }>(
          database.db.execute(
            sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
          ),
        );
        expect(tables.map((row) => row.table_name)).toEqual([
          'addresses',
          'articles',
          'audit_log',
          'calendar_events',
          'calendar_saved_days',
          'calendar_subscriptions',
          'cart_items',
          'content',
          'course_categories',
          'course_grants',
          'course_reviews',
          'courses',
          'courseware',
          'dingzhi_profiles',
          'feedback',
          'holiday_days',
          'holiday_version',
          'lesson_progress',
          'lessons',
          'masters',
          'member_quotas',
          'mingli_profiles',
          'operator_sessions',
          'operators',
          'order_events',
          'order_items',
          'orders',
          'pay_findings',
          'pay_notifications',
          'pay_refused_callbacks',
          'pay_sandbox_trades',
          'pay_secrets',
          'payments',
          'products',
          'rate_limit_windows',
          'refunds',
          'sessions',
          'shop_categories',
          'skus',
          'sms_codes',
          'upload_chunks',
          'uploads',
          'users',
          'wechat_credentials',
          'wechat_identities',
          'wechat_login_tickets',
          'wechat_oauth_states',
        ]);

        // The demo user, the customer-service label, the miji readings, the articles (2 agreements,
        // 24 节气, one per 宜忌 word, help pages) and three masters.
        // The classroom from the stand-in media every test seeds from: the build's own folder may still be
        // in the making on a fresh machine (npm test makes it beside the unit suites).
        const media = { ketangMediaDir: fixtureMediaDir() };
        const seeded = await seedDatabase(database.db, files, media);
        expect(await seedDatabase(database.db, files, media)).toBe(0);
        const [{ n: userCount }] = await database.db.select({ n: count() }).from(users);
        const [{ n: contentCount }] = await database.db.select({ n: count() }).from(content);
        const [{ n: articleCount }] = await database.db.select({ n: count() }).from(articles);
        const [{ n: masterCount }] = await database.db.select({ n: count() }).from(masters);
        expect([userCount, contentCount, masterCount]).toEqual([1, 1 + READING_SEED.length, 3]);
        expect(articleCount).toBeGreaterThanOrEqual(2 + 24 + 116);
        // The shop: six categories, seventeen products and their SKUs.
        const [{ n: categoryCount }] = await database.db.select({ n: count() }).from(shopCategories);
        const [{ n: productCount }] = await database.db.select({ n: count() }).from(products);
        const [{ n: skuCount }] = await database.db.select({ n: count() }).from(skus);
        expect([categoryCount, productCount]).toEqual([6, 17]);
        expect(skuCount).toBeGreaterThanOrEqual(productCount);
        // The classroom: four categories, eight courses with their lessons, the courseware.
        const [{ n: courseCategoryCount }] = await database.db.select({ n: count() }).from(courseCategories);
        const [{ n: courseCount }] = await database.db.select({ n: count() }).from(courses);
        const [{ n: lessonCount }] = await database.db.select({ n: count() }).from(lessons);
        const [{ n: coursewareCount }] = await database.db.select({ n: count() }).from(courseware);
        expect([courseCategoryCount, courseCount]).toEqual([4, 8]);
        expect(lessonCount).toBeGreaterThan(courseCount);
        expect(coursewareCount).toBeGreaterThan(0);
        expect(seeded).toBe(
          userCount +
            contentCount +
            articleCount +
            masterCount +
            categoryCount +
            productCount +
            skuCount +
            courseCategoryCount +
            courseCount +
            lessonCount +
            coursewareCount,
        );

        const demo = await database.db.query.users.findFirst();
        expect(demo?.account).toBe(DEMO_ACCOUNT);
        const label = await database.db.query.content.findFirst({
          where: (c, { eq }) => eq(c.kind, 'label'),
        });
        expect(label?.key).toBe(labelKey(CUSTOMER_SERVICE_LABEL.model, CUSTOMER_SERVICE_LABEL.name));
      } finally {
        await database.close();
      }
    });

    // PGlite is one process by construction; only PostgreSQL needs (and has) the advisory lock.
    if (target?.kind === 'postgres') {
      it('lets several processes start together: concurrent migrations apply once', async () => {
        const a = await openDatabase(target!);
        const b = await openDatabase(target!);
        try {
          await a.db.execute(sql`drop schema if exists public cascade`);
          await a.db.execute(sql`drop schema if exists drizzle cascade`);
          await a.db.execute(sql`create schema public`);
          await Promise.all([a.migrate(), b.migrate()]);
          const applied = await rows<{ n: number }>(
            a.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
          );
          expect(applied[0].n).toBe(JOURNAL.entries.length);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      });
    }

    it('keeps an operator edit to seeded content on the next seed', async () => {
      const database = await openDatabase(target!);
      try {
        await database.migrate();
        await seedDatabase(database.db, files, { ketangMediaDir: fixtureMediaDir() });
        await database.db.update(content).set({ title: 'edited' });
        await seedDatabase(database.db, files, { ketangMediaDir: fixtureMediaDir() });
        const label = await database.db.query.content.findFirst();
        expect(label?.title).toBe('edited');
      } finally {
        await database.close();
      }
    });
  });
}
