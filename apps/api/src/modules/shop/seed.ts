/**
 * Seeds the demo catalogue (catalogue-data.ts) and its pictures (artwork.ts). Like the other seeds it
 * only adds what is missing — a category by name, a product (with its SKUs, in one transaction) by
 * slug — so an operator's edits, prices and shelf decisions are never overwritten; to hand a product
 * back to the seed, delete it. Safe when several API processes start at once: every insert is
 * `ON CONFLICT DO NOTHING` and a picture is written to a temporary name and renamed into place.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { sanitizeArticleHtml } from '../content/index.ts';
import { ART_NAMES, artworkKey, artworkUrl, renderArtwork } from './artwork.ts';
import { CATEGORY_SEEDS, PRODUCT_SEEDS, type ProductSeed } from './catalogue-data.ts';
import { products, shopCategories, skus } from './schema.ts';

/**
 * Renders and stores every demo picture the storage does not hold yet; answers how many it wrote.
 * Runs on every start, so a fresh storage (a new bucket, an emptied files folder) gets them back.
 */
async function storeShopArtwork(storage: FileStorage): Promise<number> {
  const written = await Promise.all(
    ART_NAMES.map(async (name) => {
      const key = artworkKey(name);
      if (await storage.stat(key)) return 0;
      await storage.put(key, await renderArtwork(name));
      return 1;
    }),
  );
  return written.reduce<number>((sum, one) => sum + one, 0);
}

/**
 * The lesson titles of a demo course, by the id the classroom gives it (the classroom module's
 * `demoLessonTitles`, handed in by db/seed.ts, which composes the modules' seeds).
 */
export type LessonTitlesOf = (courseId: string) => readonly string[] | undefined;

/** The lessons a course product's description lists; none for other products. */
function lessonsOf(seed: ProductSeed, lessonTitles: LessonTitlesOf): readonly string[] {
  if (!seed.courseId) return [];
  const titles = lessonTitles(seed.courseId);
  if (!titles?.length)
    throw new Error(`seed product ${seed.slug}: the classroom has no demo course ${seed.courseId}`);
  return titles;
}

/** The product row of `seed` in category `categoryId`, its description sanitised like an operator's. */
function productRow(
  seed: ProductSeed,
  categoryId: number,
  lessonTitles: LessonTitlesOf,
): typeof products.$inferInsert {
  return {
    slug: seed.slug,
    kind: seed.kind,
    categoryId,
    title: seed.title,
    subtitle: seed.subtitle,
    cover: artworkUrl(seed.cover),
    images: [seed.cover, ...seed.gallery].map(artworkUrl),
    description: sanitizeArticleHtml(seed.describe(artworkUrl, lessonsOf(seed, lessonTitles))),
    options: seed.options.map((option) => ({ name: option.name, values: [...option.values] })),
    originalPrice: seed.originalPrice ?? null,
    courseId: seed.courseId ?? null,
    sellid: seed.sellid ?? null,
    sort: seed.sort,
  };
}

/** The SKU rows of `seed` for the stored product `productId`, in display order. */
function skuRows(seed: ProductSeed, productId: number): (typeof skus.$inferInsert)[] {
  return seed.skus.map((sku, index) => ({
    productId,
    spec: Object.fromEntries(seed.options.map((option, i) => [option.name, sku.values[i] ?? ''])),
    title: sku.values.length > 0 ? sku.values.join(' / ') : '默认',
    image: sku.image ? artworkUrl(sku.image) : '',
    price: sku.price,
    vipPrice: sku.vipPrice ?? null,
    stock: sku.stock,
    sort: index,
  }));
}

/** Inserts the product `seed` with its SKUs unless its slug exists; answers the rows written. */
async function seedProduct(
  db: Db,
  seed: ProductSeed,
  categoryId: number,
  lessonTitles: LessonTitlesOf,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values(productRow(seed, categoryId, lessonTitles))
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });
    if (!product) return 0;
    const inserted = await tx.insert(skus).values(skuRows(seed, product.id)).returning({ id: skus.id });
    return 1 + inserted.length;
  });
}

/**
 * Seeds the shop: stores the pictures missing from `storage`, then inserts the categories and
 * products missing from the database. Answers the database rows written (0 on a re-run).
 */
export async function seedShop(db: Db, storage: FileStorage, lessonTitles: LessonTitlesOf): Promise<number> {
  await storeShopArtwork(storage);
  const categories = await db
    .insert(shopCategories)
    .values(CATEGORY_SEEDS.map((c) => ({ name: c.name, icon: artworkUrl(c.icon), sort: c.sort })))
    .onConflictDoNothing({ target: shopCategories.name })
    .returning({ id: shopCategories.id });
  const ids = new Map(
    (
      await db
        .select({ id: shopCategories.id, name: shopCategories.name })
        .from(shopCategories)
        .where(
          inArray(
            shopCategories.name,
            CATEGORY_SEEDS.map((c) => c.name),
          ),
        )
    ).map((row) => [row.name, row.id]),
  );
  let written = categories.length;
  for (const seed of PRODUCT_SEEDS) {
    const categoryId = ids.get(seed.category);
    if (categoryId === undefined)
      throw new Error(`seed product ${seed.slug} names unknown category ${seed.category}`);
    written += await seedProduct(db, seed, categoryId, lessonTitles);
  }
  return written;
}
