import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, masters, products, shopCategories, skus } from '../../src/db/schema.ts';
import { sanitizeArticleHtml } from '../../src/modules/content/index.ts';
import { seedShop } from '../../src/modules/shop/index.ts';
import { type FileStorage, localFileStorage } from '../../src/shared/storage.ts';
import { buildTestApp, type TestApp } from '../../test/build.ts';
import { demoLessonTitles } from '../ketang/index.ts';
import { ART_NAMES, artworkKey, artworkSvg } from './artwork.ts';
import { CATEGORY_SEEDS, DEMO_COURSE_IDS, PRODUCT_SEEDS } from './catalogue-data.ts';
import { canLetter, lettering } from './glyphs.ts';
import { DEMO_CATALOGUE } from './index.ts';

/** A storage that counts what is written to it. */
function counting(storage: FileStorage): FileStorage & { puts: string[] } {
  const puts: string[] = [];
  return {
    ...storage,
    puts,
    async put(key, body) {
      puts.push(key);
      return storage.put(key, body);
    },
  };
}

/** The storage key of a `/api/files/…` URL. */
function keyOf(url: string): string {
  expect(url).toMatch(/^\/api\/files\/shop\/demo\/[a-z-]+-[0-9a-f]{10}\.webp$/);
  return url.slice('/api/files/'.length);
}

const SKU_COUNT = PRODUCT_SEEDS.reduce((sum, seed) => sum + seed.skus.length, 0);
const SEEDED_ROWS = CATEGORY_SEEDS.length + PRODUCT_SEEDS.length + SKU_COUNT;

describe('the demo catalogue seed', () => {
  let t: TestApp;
  const roots: string[] = [];
  const freshStorage = () => {
    const root = mkdtempSync(join(tmpdir(), 'xuanli-shop-seed-'));
    roots.push(root);
    return localFileStorage(root);
  };
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it('seeded every product with SKUs of positive integer prices, option values it offers, and links', async () => {
    const rows = await t.database.db
      .select()
      .from(products)
      .where(
        inArray(
          products.slug,
          PRODUCT_SEEDS.map((seed) => seed.slug),
        ),
      );
    expect(rows).toHaveLength(PRODUCT_SEEDS.length);
    const activeMasters = new Set(
      (await t.database.db.select().from(masters).where(eq(masters.active, true))).map((m) =>
        String(m.sellid),
      ),
    );
    for (const row of rows) {
      const rowSkus = await t.database.db.select().from(skus).where(eq(skus.productId, row.id));
      expect(rowSkus.length, row.slug).toBeGreaterThan(0);
      for (const sku of rowSkus) {
        expect(Number.isInteger(sku.price) && sku.price > 0, `${row.slug} ${sku.title}`).toBe(true);
        expect(sku.stock).toBeGreaterThan(0);
        expect(Object.keys(sku.spec)).toEqual(row.options.map((option) => option.name));
        for (const option of row.options) expect(option.values).toContain(sku.spec[option.name]);
      }
      expect(new Set(rowSkus.map((sku) => sku.title)).size).toBe(rowSkus.length);
      if (row.kind === 'course') expect(DEMO_COURSE_IDS).toContain(row.courseId);
      else expect(row.courseId).toBeNull();
      if (row.kind === 'service') expect(activeMasters.has(row.sellid!), row.slug).toBe(true);
      else expect(row.sellid).toBeNull();
      if (row.originalPrice !== null) {
        expect(row.originalPrice).toBeGreaterThan(Math.min(...rowSkus.map((sku) => sku.price)));
      }
      // Written through the content module's sanitiser: sanitising again changes nothing.
      expect(row.description.length).toBeGreaterThan(100);
      expect(sanitizeArticleHtml(row.description)).toBe(row.description);
    }
    expect(
      rows
        .filter((row) => row.kind === 'course')
        .map((row) => row.courseId)
        .sort(),
    ).toEqual([...DEMO_COURSE_IDS].sort());
    expect(rows.filter((row) => row.kind === 'service')).toHaveLength(2);
    expect(rows.filter((row) => row.kind === 'goods').length).toBeGreaterThanOrEqual(10);
  });

  it("lists a course's 课程大纲 as the classroom's lessons of that course, in order", async () => {
    const rows = await t.database.db
      .select({ courseId: products.courseId, description: products.description })
      .from(products)
      .where(eq(products.kind, 'course'));
    for (const row of rows) {
      const outline = [...row.description.matchAll(/<li>第 (\d+) 讲　([^<]+)<\/li>/g)].map((m) => m[2]);
      expect(outline, row.courseId ?? '').toEqual(demoLessonTitles(row.courseId ?? ''));
    }
  });

  it('stored every picture it names, served by GET /api/files as a square WebP', async () => {
    const storage = localFileStorage((t.config.storage as { root: string }).root);
    const productRows = await t.database.db.select().from(products);
    const skuRows = await t.database.db.select().from(skus);
    const categoryRows = await t.database.db.select().from(shopCategories);
    const urls = new Set([
      ...productRows
        .filter((row) => !row.slug.startsWith('test-'))
        .flatMap((row) => [row.cover, ...row.images]),
      ...skuRows.map((row) => row.image).filter((image) => image.startsWith('/api/files/shop/demo/')),
      ...categoryRows.map((row) => row.icon),
      ...[
        ...productRows
          .map((row) => row.description)
          .join('')
          .matchAll(/src="([^"]+)"/g),
      ].map((m) => m[1]!),
    ]);
    // Every picture drawn is used somewhere, and every one used was drawn.
    expect([...urls].map(keyOf).sort()).toEqual(ART_NAMES.map(artworkKey).sort());
    for (const url of urls) {
      expect(await storage.stat(keyOf(url)), url).not.toBeNull();
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      const size = url.includes('/icon-') ? 160 : 600;
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
    }
  });

  it('writes nothing on a second run: no rows, no files', async () => {
    const storage = counting(localFileStorage((t.config.storage as { root: string }).root));
    const before = await t.database.db.select({ n: count() }).from(skus);
    expect(await seedShop(t.database.db, storage, DEMO_CATALOGUE, demoLessonTitles)).toBe(0);
    expect(storage.puts).toEqual([]);
    expect(await t.database.db.select({ n: count() }).from(skus)).toEqual(before);
  });

  it('keeps operators’ edits: a changed title, price, stock or shelf state is left as it is', async () => {
    const [zitan] = await t.database.db.select().from(products).where(eq(products.slug, 'bracelet-zitan'));
    await t.database.db
      .update(products)
      .set({ title: '运营改过的标题', onShelf: false })
      .where(eq(products.id, zitan!.id));
    await t.database.db.update(skus).set({ price: 11100, stock: 1 }).where(eq(skus.productId, zitan!.id));
    await t.database.db.update(shopCategories).set({ sort: 99 }).where(eq(shopCategories.name, '手串'));
    expect(
      await seedShop(
        t.database.db,
        localFileStorage((t.config.storage as { root: string }).root),
        DEMO_CATALOGUE,
        demoLessonTitles,
      ),
    ).toBe(0);
    const [after] = await t.database.db.select().from(products).where(eq(products.id, zitan!.id));
    expect(after).toMatchObject({ title: '运营改过的标题', onShelf: false });
    const afterSkus = await t.database.db.select().from(skus).where(eq(skus.productId, zitan!.id));
    expect(afterSkus.map((sku) => [sku.price, sku.stock])).toEqual(afterSkus.map(() => [11100, 1]));
    const [category] = await t.database.db
      .select()
      .from(shopCategories)
      .where(eq(shopCategories.name, '手串'));
    expect(category!.sort).toBe(99);
  });

  it('fills an empty catalogue and storage once, also when two processes seed at the same moment', async () => {
    const db = t.database.db;
    await db.delete(cartItems);
    await db.delete(skus);
    await db.delete(products);
    await db.delete(shopCategories);
    const storage = counting(freshStorage());
    const written = await Promise.all([
      seedShop(db, storage, DEMO_CATALOGUE, demoLessonTitles),
      seedShop(db, storage, DEMO_CATALOGUE, demoLessonTitles),
    ]);
    expect(written[0]! + written[1]!).toBe(SEEDED_ROWS);
    expect(new Set(storage.puts)).toEqual(new Set(ART_NAMES.map(artworkKey)));
    const [{ n: productCount }] = await db.select({ n: count() }).from(products);
    const [{ n: skuCount }] = await db.select({ n: count() }).from(skus);
    expect([productCount, skuCount]).toEqual([PRODUCT_SEEDS.length, SKU_COUNT]);
    const again = counting(storage);
    expect(await seedShop(db, again, DEMO_CATALOGUE, demoLessonTitles)).toBe(0);
    expect(again.puts).toEqual([]);
    // A product an operator deleted comes back from the seed, with its SKUs.
    const [pixiu] = await db.select().from(products).where(eq(products.slug, 'bracelet-obsidian-pixiu'));
    await db.delete(skus).where(eq(skus.productId, pixiu!.id));
    await db.delete(products).where(eq(products.id, pixiu!.id));
    expect(await seedShop(db, storage, DEMO_CATALOGUE, demoLessonTitles)).toBe(1 + 3);
  });

  it('draws every character of its pictures itself, never with a font', () => {
    for (const name of ART_NAMES) {
      const svg = artworkSvg(name);
      expect(svg, name).not.toMatch(/<text|font-family/);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(600|160)" height="\1"/);
    }
    expect(canLetter('2027 丁未')).toBe(true);
    expect(canLetter('甲')).toBe(false);
    expect(() => lettering('甲', { x: 0, y: 0, size: 10, color: '#000' })).toThrow(/no glyph/);
  });
});
