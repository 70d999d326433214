/**
 * Seeds a demo catalogue and its pictures, both handed in by the seed runner (apps/api/seed/shop: the
 * catalogue's data and artwork live there, not in this module). Like the other seeds it
 * only adds what is missing — a category by name, a product (with its SKUs, in one transaction) by
 * slug — so an operator's edits, prices and shelf decisions are never overwritten; to hand a product
 * back to the seed, delete it. Safe when several API processes start at once: every insert is
 * `ON CONFLICT DO NOTHING` and a picture is written to a temporary name and renamed into place.
 */
import type { ProductKind } from '@xuanli/contracts/shop';
import type { Db } from '../../db/client.ts';
import { idsByName } from '../../shared/ids-by-name.ts';
import type { FileStorage } from '../../shared/storage.ts';
import { sanitizeArticleHtml } from '../content/index.ts';
import { products, shopCategories, skus } from './schema.ts';

/** A seeded category; `Picture` names the demo pictures. */
export interface CategorySeed<Picture extends string = string> {
  name: string;
  icon: Picture;
  sort: number;
}

/**
 * A seeded SKU: its option values (in the product's option order), price in 分, 会员价 in 分 (what a
 * VIP pays; courses carry one, as VIP福利 promises 精品课程优惠) and stock.
 */
export interface SkuSeed<Picture extends string = string> {
  values: readonly string[];
  price: number;
  vipPrice?: number;
  stock: number;
  image?: Picture;
}

/**
 * A seeded product. `describe` gets the URL of a picture, for the pictures inside the description, and
 * for a course product the titles of the course's lessons (the classroom's demo course), so that the
 * 课程大纲 in the shop is the lesson list the learner will find.
 */
export interface ProductSeed<Picture extends string = string> {
  slug: string;
  kind: ProductKind;
  category: string;
  title: string;
  subtitle: string;
  cover: Picture;
  gallery: readonly Picture[];
  describe: (url: (name: Picture) => string, lessons: readonly string[]) => string;
  options: readonly { name: string; values: readonly string[] }[];
  skus: readonly SkuSeed<Picture>[];
  originalPrice?: number;
  courseId?: string;
  sellid?: string;
  sort: number;
}

/** The demo pictures: their names, where each is stored and served, and how each is drawn. */
export interface DemoPictures<Picture extends string = string> {
  names: readonly Picture[];
  key(name: Picture): string;
  url(name: Picture): string;
  render(name: Picture): Promise<Buffer>;
}

/** A demo catalogue: its categories and products in order, and the pictures they show. */
export interface DemoCatalogue<Picture extends string = string> {
  categories: readonly CategorySeed<Picture>[];
  products: readonly ProductSeed<Picture>[];
  pictures: DemoPictures<Picture>;
}

/**
 * Renders and stores every demo picture the storage does not hold yet; answers how many it wrote.
 * Runs on every start, so a fresh storage (a new bucket, an emptied files folder) gets them back.
 */
async function storePictures<Picture extends string>(
  storage: FileStorage,
  pictures: DemoPictures<Picture>,
): Promise<number> {
  const written = await Promise.all(
    pictures.names.map(async (name) => {
      const key = pictures.key(name);
      if (await storage.stat(key)) return 0;
      await storage.put(key, await pictures.render(name));
      return 1;
    }),
  );
  return written.reduce<number>((sum, one) => sum + one, 0);
}

/**
 * The lesson titles of a demo course, by the id the classroom gives it (the classroom module's
 * `demoLessonTitles`, handed in by the seed runner, apps/api/seed, which composes the modules' seeds).
 */
export type LessonTitlesOf = (courseId: string) => readonly string[] | undefined;

/** The lessons a course product's description lists; none for other products. */
function lessonsOf(seed: ProductSeed<string>, lessonTitles: LessonTitlesOf): readonly string[] {
  if (!seed.courseId) return [];
  const titles = lessonTitles(seed.courseId);
  if (!titles?.length)
    throw new Error(`seed product ${seed.slug}: the classroom has no demo course ${seed.courseId}`);
  return titles;
}

/** The product row of `seed` in category `categoryId`, its description sanitised like an operator's. */
function productRow<Picture extends string>(
  seed: ProductSeed<Picture>,
  categoryId: number,
  lessonTitles: LessonTitlesOf,
  artworkUrl: (name: Picture) => string,
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
function skuRows<Picture extends string>(
  seed: ProductSeed<Picture>,
  productId: number,
  artworkUrl: (name: Picture) => string,
): (typeof skus.$inferInsert)[] {
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
async function seedProduct<Picture extends string>(
  db: Db,
  seed: ProductSeed<Picture>,
  categoryId: number,
  lessonTitles: LessonTitlesOf,
  pictures: DemoPictures<Picture>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .insert(products)
      .values(productRow(seed, categoryId, lessonTitles, (name) => pictures.url(name)))
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });
    if (!product) return 0;
    const inserted = await tx
      .insert(skus)
      .values(skuRows(seed, product.id, (name) => pictures.url(name)))
      .returning({ id: skus.id });
    return 1 + inserted.length;
  });
}

/**
 * Seeds the shop with `catalogue`: stores its pictures missing from `storage`, then inserts the
 * categories and products missing from the database. Answers the database rows written (0 on a re-run).
 */
export async function seedShop<Picture extends string>(
  db: Db,
  storage: FileStorage,
  catalogue: DemoCatalogue<Picture>,
  lessonTitles: LessonTitlesOf,
): Promise<number> {
  const { categories: CATEGORY_SEEDS, products: PRODUCT_SEEDS, pictures } = catalogue;
  await storePictures(storage, pictures);
  const categories = await db
    .insert(shopCategories)
    .values(CATEGORY_SEEDS.map((c) => ({ name: c.name, icon: pictures.url(c.icon), sort: c.sort })))
    .onConflictDoNothing({ target: shopCategories.name })
    .returning({ id: shopCategories.id });
  const ids = await idsByName(
    db,
    shopCategories,
    CATEGORY_SEEDS.map((c) => c.name),
  );
  let written = categories.length;
  for (const seed of PRODUCT_SEEDS) {
    const categoryId = ids.get(seed.category);
    if (categoryId === undefined)
      throw new Error(`seed product ${seed.slug} names unknown category ${seed.category}`);
    written += await seedProduct(db, seed, categoryId, lessonTitles, pictures);
  }
  return written;
}
