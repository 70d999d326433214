/**
 * What the shop asks for a course, as the classroom's lists show it beside each course: the price and
 * 会员价 checkout will charge, read from the SKUs rather than kept twice.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, skus } from './schema.ts';

/** A course's offer: the product and SKU checkout is given (null when off the shelf) and its prices. */
export interface CourseOffer {
  productId: number | null;
  skuId: number | null;
  price: number;
  vipPrice: number | null;
}

/**
 * The shop product selling each course of `ids` and its price, in one query: an on-shelf course
 * product first (by the shop's sort), else an off-shelf one for the price alone (productId null: it
 * cannot be bought now). Courses no product sells are absent.
 */
export async function courseOffersOf(db: Db, ids: string[]): Promise<Map<string, CourseOffer>> {
  const rows = await db
    .select({
      courseId: products.courseId,
      productId: products.id,
      onShelf: products.onShelf,
      price: sql<number>`min(${skus.price})::int`,
      // The SKU checkout is given (立即购买 → items=<skuId>x1): the cheapest, the one `price` shows.
      skuId: sql<number>`(array_agg(${skus.id} order by ${skus.price}, ${skus.id}))[1]`,
      // That SKU's 会员价 (null when it has none): what a VIP pays at checkout.
      vipPrice: sql<number | null>`(array_agg(${skus.vipPrice} order by ${skus.price}, ${skus.id}))[1]`,
    })
    .from(products)
    .innerJoin(skus, eq(skus.productId, products.id))
    .where(and(eq(products.kind, 'course'), inArray(products.courseId, ids)))
    .groupBy(products.id)
    .orderBy(desc(products.onShelf), asc(products.sort), asc(products.id));
  const offers = new Map<string, CourseOffer>();
  for (const row of rows) {
    if (row.courseId === null || offers.has(row.courseId)) continue;
    const onSale = row.onShelf;
    offers.set(row.courseId, {
      productId: onSale ? row.productId : null,
      skuId: onSale ? Number(row.skuId) : null,
      price: Number(row.price),
      vipPrice: row.vipPrice === null ? null : Number(row.vipPrice),
    });
  }
  return offers;
}
