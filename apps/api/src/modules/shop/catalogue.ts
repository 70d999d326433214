/**
 * The catalogue as buyers read it: categories, the on-shelf product list with its filters, and a
 * product page. Prices and stock come from the SKUs; a product's list price is its cheapest SKU.
 */
import type {
  Category,
  ProductDetail,
  ProductList,
  ProductQuery,
  ProductSummary,
  Sku,
  SkuBrief,
} from '@xuanli/contracts/shop';
import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { pick } from '../../shared/pick.ts';
import { isRowId } from '../../shared/wire-numbers.ts';
import { sanitizeArticleHtml } from '../content/index.ts';
import { lowestVipPrice } from './pricing.ts';
import { products, shopCategories, skus } from './schema.ts';

/** Page size of the product list when the query names none. */
export const DEFAULT_PRODUCT_PAGE_SIZE = 20;

/** Offsets from here on are past any catalogue (and past what a query parameter may carry safely). */
const ROWS_EVER_LISTED = 1_000_000;

/** The categories in display order. */
export async function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({ id: shopCategories.id, name: shopCategories.name, icon: shopCategories.icon })
    .from(shopCategories)
    .orderBy(asc(shopCategories.sort), asc(shopCategories.id));
}

/** The SKUs of `productIds`, grouped by product, each group in display order (the app's lists and the console's). */
export async function skusOf(
  db: Db | Tx,
  productIds: number[],
): Promise<Map<number, (typeof skus.$inferSelect)[]>> {
  const grouped = new Map<number, (typeof skus.$inferSelect)[]>();
  if (productIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(skus)
    .where(inArray(skus.productId, productIds))
    .orderBy(asc(skus.sort), asc(skus.id));
  for (const row of rows) {
    const group = grouped.get(row.productId);
    if (group) group.push(row);
    else grouped.set(row.productId, [row]);
  }
  return grouped;
}

/** The lowest price among `rows` (0 when there is none, which only a product without SKUs has). */
function lowestPrice(rows: { price: number }[]): number {
  return rows.length === 0 ? 0 : Math.min(...rows.map((row) => row.price));
}

/** A product row with its SKUs as a list shows it. */
function summaryOf(row: typeof products.$inferSelect, rows: (typeof skus.$inferSelect)[]): ProductSummary {
  return {
    ...pick(row, ['id', 'kind', 'title', 'subtitle', 'cover', 'originalPrice', 'sales', 'categoryId']),
    price: lowestPrice(rows),
    vipPrice: lowestVipPrice(rows),
    skus: rows.map((sku) => ({ id: sku.id, price: sku.price, vipPrice: sku.vipPrice, stock: sku.stock })),
  };
}

/**
 * A page of the products on the shelf that have something to sell (at least one SKU), filtered by
 * category, kind and words in the title (plain text, letter case ignored); ordered by the operators'
 * `sort`, then newest first.
 */
export async function listProducts(db: Db, query: ProductQuery): Promise<ProductList> {
  const size = query.size ?? DEFAULT_PRODUCT_PAGE_SIZE;
  const page = query.page ?? 1;
  const words = query.q?.trim().toLowerCase() ?? '';
  // A category id past the column's range names no category; a page past the last has no rows.
  if (query.categoryId !== undefined && !isRowId(query.categoryId)) return { list: [], total: 0 };
  const filters: SQL[] = [
    eq(products.onShelf, true),
    exists(db.select({ one: sql`1` }).from(skus).where(eq(skus.productId, products.id))),
  ];
  if (query.categoryId !== undefined) filters.push(eq(products.categoryId, query.categoryId));
  if (query.kind !== undefined) filters.push(eq(products.kind, query.kind));
  if (words !== '') filters.push(sql`position(${words} in lower(${products.title})) > 0`);
  const where = and(...filters);
  const offset = (page - 1) * size;
  if (offset >= ROWS_EVER_LISTED) return { list: [], total: await countProducts(db, where) };
  // One round trip: the page's columns (never the description), the number of matches before the
  // limit (a window count), and each product's SKUs as JSON in display order.
  const rows = await db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      subtitle: products.subtitle,
      cover: products.cover,
      originalPrice: products.originalPrice,
      sales: products.sales,
      categoryId: products.categoryId,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      // Written out with aliases: Drizzle leaves columns unqualified in a one-table select, which
      // inside this subquery would name the SKU's own columns.
      skus: sql<SkuBrief[]>`(
        select coalesce(json_agg(json_build_object('id', s.id, 'price', s.price,
          'vipPrice', s.vip_price, 'stock', s.stock) order by s.sort, s.id), '[]'::json)
        from skus s where s.product_id = "products"."id")`,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.sort), desc(products.id))
    .limit(size)
    .offset(offset);
  // A page past the last has no row to carry the count.
  const total = rows[0]?.total ?? (offset > 0 ? await countProducts(db, where) : 0);
  return {
    list: rows.map(({ total: _total, skus: brief, ...row }) => ({
      ...row,
      price: lowestPrice(brief),
      vipPrice: lowestVipPrice(brief),
      skus: brief,
    })),
    total,
  };
}

/** How many products `where` admits. */
async function countProducts(db: Db, where: SQL | undefined): Promise<number> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
  return Number(counted?.total ?? 0);
}

/**
 * The product page of `id`, also when it is off the shelf (the page then says 已下架): a buyer may
 * follow an old link or an order line to it. A product without SKUs has nothing to sell and is
 * answered as off the shelf. The description is sanitised again on the way out, so a row written
 * around the shop's own writers still reaches the browser clean. Unknown → 404.
 */
export async function readProduct(db: Db, id: number): Promise<ProductDetail> {
  const [row] = isRowId(id) ? await db.select().from(products).where(eq(products.id, id)).limit(1) : [];
  if (!row) throw new AppError('NotFound', `no product ${id}`);
  const rows = (await skusOf(db, [row.id])).get(row.id) ?? [];
  return {
    ...summaryOf(row, rows),
    skus: rows.map(
      (sku): Sku => ({
        id: sku.id,
        price: sku.price,
        vipPrice: sku.vipPrice,
        stock: sku.stock,
        title: sku.title,
        spec: sku.spec,
        image: sku.image,
      }),
    ),
    images: row.images,
    description: sanitizeArticleHtml(row.description),
    options: row.options,
    courseId: row.courseId,
    sellid: row.sellid,
    onShelf: row.onShelf && rows.length > 0,
  };
}
