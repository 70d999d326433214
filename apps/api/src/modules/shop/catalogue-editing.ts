/**
 * The catalogue as operators keep it: every product, on the shelf or not, with its SKUs; creating and
 * editing products (the description sanitised as articles are), SKUs with their price, putting a
 * product on or off the shelf, and stock through the shop's `setSkuStock` (the row-locked set that
 * `npm run admin -- product stock` uses). The app's shop reads the same rows on every request, so a
 * change shows there at once. Each write carries its audit row in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import type {
  AdminCategoryList,
  AdminProductBody,
  AdminProductDetail,
  AdminProductList,
  AdminProductQuery,
  AdminProductSummary,
  AdminSku,
  AdminSkuBody,
  AdminSkuCreateBody,
  AdminStockBody,
} from '@xuanli/contracts/admin-shop';
import { PRODUCT_IMAGES_MAX, SKU_PRICE_MAX, SKU_STOCK_MAX } from '@xuanli/contracts/admin-shop-labels';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Auditor, writeAudit } from '../../shared/audit.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import type { Tx } from '../../shared/orders.ts';
import { pick } from '../../shared/pick.ts';
import { integerIn, isRowId, pageOf } from '../../shared/wire-numbers.ts';
import { sanitizeArticleHtml } from '../content/index.ts';
import { skusOf } from './catalogue.ts';
import { setSkuStock } from './order-admin.ts';
import { products, shopCategories, skus } from './schema.ts';

/** What the console's changes here are built from. */
export interface EditingDeps {
  db: Db;
  clock: Clock;
}

type ProductRow = typeof products.$inferSelect;
type SkuRow = typeof skus.$inferSelect;

/** `GET admin/catalogue/categories`: the shop's categories in display order. */
export async function catalogueCategories(deps: EditingDeps): Promise<AdminCategoryList> {
  const list = await deps.db
    .select({ id: shopCategories.id, name: shopCategories.name })
    .from(shopCategories)
    .orderBy(asc(shopCategories.sort), asc(shopCategories.id));
  return { list };
}

function skuOf(row: SkuRow): AdminSku {
  return pick(row, ['id', 'title', 'spec', 'image', 'price', 'vipPrice', 'stock', 'sort']);
}

function summaryOf(row: ProductRow, categoryName: string, rows: SkuRow[]): AdminProductSummary {
  return {
    ...pick(row, ['id', 'kind', 'title', 'subtitle', 'cover', 'categoryId', 'onShelf', 'sales', 'sort']),
    categoryName,
    skuCount: rows.length,
    lowestPrice: rows.length ? Math.min(...rows.map((sku) => sku.price)) : 0,
    stock: rows.reduce((sum, sku) => sum + sku.stock, 0),
  };
}

/** `GET admin/catalogue/products`: products matching the filters, by the shop's sort then newest. */
export async function searchProducts(deps: EditingDeps, query: AdminProductQuery): Promise<AdminProductList> {
  const { page, size } = pageOf(query);
  const filters: SQL[] = [];
  const words = query.q?.trim().toLowerCase() ?? '';
  if (words) filters.push(sql`position(${words} in lower(${products.title})) > 0`);
  if (query.categoryId !== undefined) {
    // An id past the column's range names no category.
    if (!isRowId(query.categoryId)) return { list: [], total: 0 };
    filters.push(eq(products.categoryId, query.categoryId));
  }
  if (query.onShelf !== undefined) filters.push(eq(products.onShelf, query.onShelf));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select({ product: products, categoryName: shopCategories.name })
      .from(products)
      .innerJoin(shopCategories, eq(shopCategories.id, products.categoryId))
      .where(where)
      .orderBy(asc(products.sort), desc(products.id))
      .limit(size)
      .offset((page - 1) * size),
    deps.db.select({ total: count() }).from(products).where(where),
  ]);
  const grouped = await skusOf(
    deps.db,
    rows.map((row) => row.product.id),
  );
  return {
    list: rows.map((row) => summaryOf(row.product, row.categoryName, grouped.get(row.product.id) ?? [])),
    total,
  };
}

/** `GET admin/catalogue/products/{id}`: the product with its SKUs; NotFound when there is none. */
export async function productDetail(deps: EditingDeps, id: number): Promise<AdminProductDetail> {
  const [row] = isRowId(id)
    ? await deps.db
        .select({ product: products, categoryName: shopCategories.name })
        .from(products)
        .innerJoin(shopCategories, eq(shopCategories.id, products.categoryId))
        .where(eq(products.id, id))
        .limit(1)
    : [];
  if (!row) throw new AppError('NotFound', `no product ${id}`);
  const rows = (await skusOf(deps.db, [id])).get(id) ?? [];
  const product = row.product;
  return {
    ...summaryOf(product, row.categoryName, rows),
    images: product.images,
    description: product.description,
    originalPrice: product.originalPrice,
    courseId: product.courseId,
    sellid: product.sellid,
    options: product.options,
    skus: rows.map(skuOf),
  };
}

/** The columns a product form saves, checked: a course names its course, a service its master. */
async function productFields(tx: Tx, body: AdminProductBody) {
  // JSON's 1e400 arrives as Infinity, past every schema maximum: checked again here.
  integerIn('sort', body.sort, -10_000, 10_000);
  if (body.originalPrice !== null) integerIn('originalPrice', body.originalPrice, 0, SKU_PRICE_MAX);
  if (body.images.length > PRODUCT_IMAGES_MAX) throw new AppError('ValidationError', 'too many images');
  if (!isRowId(body.categoryId)) throw new AppError('ValidationError', `no category ${body.categoryId}`);
  const [category] = await tx
    .select({ id: shopCategories.id })
    .from(shopCategories)
    .where(eq(shopCategories.id, body.categoryId))
    .limit(1);
  if (!category) throw new AppError('ValidationError', `no category ${body.categoryId}`);
  const title = body.title.trim();
  if (!title) throw new AppError('ValidationError', 'title required');
  const courseId = body.courseId?.trim() || null;
  const sellid = body.sellid?.trim() || null;
  if (body.kind === 'course') {
    // The course a purchase grants must exist in the classroom, or the buyer would pay for nothing.
    // Loaded when a course product is saved: the classroom reads its prices from the shop, so a
    // load-time import back would close a cycle.
    const { courseExists } = await import('../ketang/index.ts');
    if (!courseId || !(await courseExists(tx, courseId)))
      throw new AppError('ValidationError', 'a course product needs an existing courseId');
  }
  if (body.kind === 'service' && !sellid)
    throw new AppError('ValidationError', 'a service product needs sellid');
  return {
    kind: body.kind,
    categoryId: body.categoryId,
    title,
    subtitle: body.subtitle.trim(),
    cover: body.cover,
    images: body.images,
    description: sanitizeArticleHtml(body.description),
    originalPrice: body.originalPrice,
    courseId: body.kind === 'course' ? courseId : null,
    sellid: body.kind === 'service' ? sellid : null,
    sort: body.sort,
  };
}

type ProductFields = Awaited<ReturnType<typeof productFields>>;

/** The fields of `fields` whose value differs in `row`, before and after (the audit row's shape). */
function changesOf(row: ProductRow, fields: ProductFields) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields) as [keyof ProductFields, unknown][]) {
    if (JSON.stringify(row[key]) === JSON.stringify(value)) continue;
    // The description can be long: the trail says it changed, with its length.
    before[key] = key === 'description' ? `${row.description.length} 字符` : row[key];
    after[key] = key === 'description' ? `${String(value).length} 字符` : value;
  }
  return { before, after };
}

/**
 * `POST admin/catalogue/products`: a new product, off the shelf until it has SKUs and an operator
 * puts it on (audit row `product.save`).
 */
export async function createProduct(
  deps: EditingDeps,
  body: AdminProductBody,
  by: Required<Auditor>,
): Promise<AdminProductDetail> {
  const at = new Date(deps.clock.now());
  const id = await deps.db.transaction(async (tx) => {
    const fields = await productFields(tx, body);
    const [row] = await tx
      .insert(products)
      .values({
        ...fields,
        // A stable name for links and seeds; operators never type it.
        slug: `console-${at.getTime().toString(36)}-${randomBytes(4).toString('hex')}`,
        onShelf: false,
        createdAt: at,
      })
      .returning({ id: products.id });
    await writeAudit(tx, {
      ...by,
      at,
      action: 'product.save',
      target: `product:${row.id}`,
      before: null,
      after: { ...fields, description: `${fields.description.length} 字符` },
    });
    return row.id;
  });
  return productDetail(deps, id);
}

/** The product row `id`, locked until `tx` ends; NotFound when there is none. */
async function lockProduct(tx: Tx, id: number): Promise<ProductRow> {
  const [row] = isRowId(id)
    ? await tx.select().from(products).where(eq(products.id, id)).limit(1).for('update')
    : [];
  if (!row) throw new AppError('NotFound', `no product ${id}`);
  return row;
}

/** `POST admin/catalogue/products/{id}`: saves the product's fields (audit row `product.save` with what changed). */
export async function updateProduct(
  deps: EditingDeps,
  id: number,
  body: AdminProductBody,
  by: Required<Auditor>,
): Promise<AdminProductDetail> {
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    const fields = await productFields(tx, body);
    const { before, after } = changesOf(row, fields);
    if (Object.keys(after).length === 0) return;
    await tx.update(products).set(fields).where(eq(products.id, id));
    await writeAudit(tx, { ...by, at, action: 'product.save', target: `product:${id}`, before, after });
  });
  return productDetail(deps, id);
}

/**
 * `POST admin/catalogue/products/{id}/shelf`: 上架 or 下架 (audit row `product.shelf`). A product
 * without SKUs has nothing to sell and cannot go on the shelf (Conflict).
 */
export async function setShelf(
  deps: EditingDeps,
  id: number,
  onShelf: boolean,
  by: Required<Auditor>,
): Promise<AdminProductDetail> {
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const row = await lockProduct(tx, id);
    if (row.onShelf === onShelf) return;
    if (onShelf) {
      const [{ n }] = await tx.select({ n: count() }).from(skus).where(eq(skus.productId, id));
      if (n === 0) throw new AppError('Conflict', 'a product without SKUs cannot go on the shelf');
    }
    await tx.update(products).set({ onShelf }).where(eq(products.id, id));
    await writeAudit(tx, {
      ...by,
      at,
      action: 'product.shelf',
      target: `product:${id}`,
      before: { onShelf: row.onShelf },
      after: { onShelf },
    });
  });
  return productDetail(deps, id);
}

/**
 * The product's options as the app's SKU picker reads them, from its SKUs' specs in display order:
 * each option name once, in the order first seen, with its values in the order first seen.
 */
async function refreshOptions(tx: Tx, productId: number): Promise<void> {
  const rows = (await skusOf(tx, [productId])).get(productId) ?? [];
  const options = new Map<string, string[]>();
  for (const row of rows) {
    for (const [name, value] of Object.entries(row.spec)) {
      const values = options.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      options.set(name, values);
    }
  }
  await tx
    .update(products)
    .set({ options: [...options].map(([name, values]) => ({ name, values })) })
    .where(eq(products.id, productId));
}

/**
 * The 会员价 a SKU keeps after a save: the body's (null removes it), else the one it had (`kept`); never
 * above the price, which the operator reads in Chinese beside the field (the table's CHECK is the last line).
 */
function vipPriceOf(body: AdminSkuBody, kept: number | null): number | null {
  const vipPrice = body.vipPrice === undefined ? kept : body.vipPrice;
  if (vipPrice === null) return null;
  if (!Number.isInteger(vipPrice) || vipPrice < 1 || vipPrice > SKU_PRICE_MAX) {
    throw new AppError('ValidationError', '会员价须为大于 0 的金额');
  }
  if (vipPrice > body.price) throw new AppError('ValidationError', '会员价不能高于售价');
  return vipPrice;
}

/** A SKU form's columns, trimmed; `keptVipPrice` is the SKU's 会员价 before the save (null for a new SKU). */
function skuFields(body: AdminSkuBody, keptVipPrice: number | null) {
  integerIn('price', body.price, 1, SKU_PRICE_MAX);
  integerIn('sort', body.sort, -10_000, 10_000);
  const title = body.title.trim();
  if (!title) throw new AppError('ValidationError', 'title required');
  const spec = Object.fromEntries(
    Object.entries(body.spec).map(([name, value]) => [name.trim(), value.trim()]),
  );
  if (Object.entries(spec).some(([name, value]) => !name || !value)) {
    throw new AppError('ValidationError', 'spec names and values must not be blank');
  }
  const vipPrice = vipPriceOf(body, keptVipPrice);
  return { title, spec, image: body.image, price: body.price, vipPrice, sort: body.sort };
}

/** `POST admin/catalogue/products/{id}/skus`: a new SKU with its first stock (audit row `sku.save`). */
export async function createSku(
  deps: EditingDeps,
  productId: number,
  body: AdminSkuCreateBody,
  by: Required<Auditor>,
): Promise<AdminProductDetail> {
  const at = new Date(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const fields = skuFields(body, null);
    integerIn('stock', body.stock, 0, SKU_STOCK_MAX);
    const [row] = await tx
      .insert(skus)
      .values({ ...fields, productId, stock: body.stock })
      .returning({ id: skus.id });
    await refreshOptions(tx, productId);
    await writeAudit(tx, {
      ...by,
      at,
      action: 'sku.save',
      target: `sku:${row.id}`,
      before: null,
      after: { productId, ...fields, stock: body.stock },
    });
  });
  return productDetail(deps, productId);
}

/**
 * `POST admin/catalogue/skus/{id}`: saves a SKU's name, spec, image, price and 会员价 (audit row `sku.save`).
 * Stock changes only through {@link setStock}. Orders already made keep the price they were made at.
 */
export async function updateSku(
  deps: EditingDeps,
  skuId: number,
  body: AdminSkuBody,
  by: Required<Auditor>,
): Promise<AdminProductDetail> {
  const at = new Date(deps.clock.now());
  const productId = await deps.db.transaction(async (tx) => {
    const [found] = isRowId(skuId)
      ? await tx.select({ productId: skus.productId }).from(skus).where(eq(skus.id, skuId)).limit(1)
      : [];
    if (!found) throw new AppError('NotFound', `no sku ${skuId}`);
    // Product first, then the SKU: the lock order of every catalogue write.
    await lockProduct(tx, found.productId);
    const [row] = await tx.select().from(skus).where(eq(skus.id, skuId)).limit(1).for('update');
    const fields = skuFields(body, row.vipPrice);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields) as [keyof typeof fields, unknown][]) {
      if (JSON.stringify(row[key]) === JSON.stringify(value)) continue;
      before[key] = row[key];
      after[key] = value;
    }
    if (Object.keys(after).length === 0) return row.productId;
    await tx.update(skus).set(fields).where(eq(skus.id, skuId));
    await refreshOptions(tx, row.productId);
    await writeAudit(tx, { ...by, at, action: 'sku.save', target: `sku:${skuId}`, before, after });
    return row.productId;
  });
  return productDetail(deps, productId);
}

/**
 * `POST admin/catalogue/skus/{id}/stock`: the pieces for sale from now on, set under the SKU's row
 * lock by the shop's `setSkuStock` (audit row `sku.stock`); pieces held by pending orders are not in it.
 */
export async function setStock(
  deps: EditingDeps,
  skuId: number,
  body: AdminStockBody,
  by: Required<Auditor>,
): Promise<AdminProductDetail> {
  const reason = body.reason?.trim() || undefined;
  await setSkuStock({ db: deps.db, clock: deps.clock, ...by }, skuId, body.stock, reason);
  const [row] = await deps.db.select({ productId: skus.productId }).from(skus).where(eq(skus.id, skuId));
  return productDetail(deps, row.productId);
}
