/**
 * The shop's names of its catalogue, for the console's audit trail, which names its rows' objects by
 * id: a product by its title, a SKU by its product's title and its own (a SKU's title alone, 红色 / L,
 * says little).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, skus } from './schema.ts';

/** The current titles of the products of `ids` that exist. */
export function productTitlesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  return db.select({ id: products.id, name: products.title }).from(products).where(inArray(products.id, ids));
}

/** The SKUs of `ids` that exist, each named `product（sku）`. */
export async function skuNamesOf(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: skus.id, product: products.title, sku: skus.title })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(inArray(skus.id, ids));
  return rows.map((row) => ({ id: row.id, name: `${row.product}（${row.sku}）` }));
}
