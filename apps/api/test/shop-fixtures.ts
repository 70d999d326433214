/**
 * Test helper: catalogue rows and 收货地址 written straight into the database, so that order tests
 * set up exactly the products, prices and stock they talk about instead of depending on the demo
 * catalogue's seed.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import {
  addresses,
  orderEvents,
  orderItems,
  orders,
  products,
  shopCategories,
  skus,
} from '../src/modules/shop/testing-tables.ts';
import { FIXED_NOW } from './build.ts';

/** A product to add; every field has a default. */
export interface ProductFixture {
  kind?: 'goods' | 'course' | 'service';
  title?: string;
  cover?: string;
  onShelf?: boolean;
  courseId?: string;
  sellid?: string;
  /** Default: a category of its own, listed after the demo catalogue's. */
  categoryId?: number;
  /** The product's place in lists (lower first); default 0. */
  sort?: number;
  /** Its SKUs; default one SKU of 1000 分 with 10 pieces; [] for a product that has none. */
  skus?: { price: number; vipPrice?: number; stock: number; title?: string; image?: string }[];
}

/** What {@link addProduct} made. */
export interface AddedProduct {
  productId: number;
  /** The SKU ids, in the order given. */
  skuIds: number[];
  /** The first SKU's id (NaN for a product made without SKUs). */
  skuId: number;
}

const unique = () => randomBytes(5).toString('hex');

/** Adds a product (in a category of its own) with its SKUs. */
export async function addProduct(db: Db, fixture: ProductFixture = {}): Promise<AddedProduct> {
  const kind = fixture.kind ?? 'goods';
  const tag = unique();
  const categoryId =
    fixture.categoryId ??
    (
      await db
        .insert(shopCategories)
        .values({ name: `测试分类-${tag}`, sort: 100 })
        .returning({ id: shopCategories.id })
    )[0].id;
  const [product] = await db
    .insert(products)
    .values({
      slug: `test-${tag}`,
      kind,
      categoryId,
      title: fixture.title ?? `测试商品${tag.slice(0, 4)}`,
      cover: fixture.cover ?? `/api/files/shop/test/${tag}.webp`,
      images: [fixture.cover ?? `/api/files/shop/test/${tag}.webp`],
      description: '<p>测试用商品</p>',
      sort: fixture.sort ?? 0,
      onShelf: fixture.onShelf ?? true,
      courseId: kind === 'course' ? (fixture.courseId ?? `course-${tag}`) : null,
      sellid: kind === 'service' ? (fixture.sellid ?? 'qixingtang') : null,
    })
    .returning({ id: products.id });
  const specs = fixture.skus ?? [{ price: 1000, stock: 10 }];
  if (specs.length === 0) return { productId: product.id, skuIds: [], skuId: Number.NaN };
  const rows = await db
    .insert(skus)
    .values(
      specs.map((spec, i) => ({
        productId: product.id,
        title: spec.title ?? (specs.length === 1 ? '默认' : `规格${i + 1}`),
        image: spec.image ?? '',
        price: spec.price,
        vipPrice: spec.vipPrice ?? null,
        stock: spec.stock,
        sort: i,
      })),
    )
    .returning({ id: skus.id });
  const skuIds = rows.map((row) => row.id);
  return { productId: product.id, skuIds, skuId: skuIds[0] };
}

/** Sets the stock of a SKU (as an operator's stock change would). */
export async function setStock(db: Db, skuId: number, stock: number): Promise<void> {
  await db.update(skus).set({ stock }).where(eq(skus.id, skuId));
}

/** Puts a product on or off the shelf. */
export async function setShelf(db: Db, productId: number, onShelf: boolean): Promise<void> {
  await db.update(products).set({ onShelf }).where(eq(products.id, productId));
}

/** The stock of SKU `skuId` now. */
export async function stockOf(db: Db, skuId: number): Promise<number> {
  const [row] = await db.select({ stock: skus.stock }).from(skus).where(eq(skus.id, skuId));
  return row.stock;
}

/** The sales counter of product `productId` now. */
export async function salesOf(db: Db, productId: number): Promise<number> {
  const [row] = await db.select({ sales: products.sales }).from(products).where(eq(products.id, productId));
  return row.sales;
}

/** The 收货地址 every fixture buyer ships to. */
export const FIXTURE_ADDRESS = {
  name: '张三',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 100 号 2 幢 301',
} as const;

/** Adds a 收货地址 for `userId` and answers its id. */
export async function addAddress(db: Db, userId: number, isDefault = false): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...FIXTURE_ADDRESS, isDefault, createdAt: new Date(FIXED_NOW) })
    .returning({ id: addresses.id });
  return row.id;
}

/** An order row to write as it would stand in `status` (the trigger checks updates, not inserts). */
export interface OrderRowFixture {
  userId: number;
  status: (typeof orders.$inferSelect)['status'];
  product: AddedProduct;
  kind?: 'goods' | 'course' | 'service';
  qty?: number;
  price?: number;
  /** Default: 15 minutes after `createdAt`. */
  payDeadline?: Date;
  /** Default: the tests' fixed now. */
  createdAt?: Date;
  transactionId?: string;
  courseId?: string;
  /** When it shipped (default: never). */
  shippedAt?: Date;
  /** When it was done (default: never). */
  doneAt?: Date;
  /** What refunds have given back so far, in 分 (default 0). */
  refundedAmount?: number;
}

/**
 * Writes an order of one line straight into the database in any status (with its creation event),
 * for tests of what each status allows. Stock is not touched. Answers the order number.
 */
export async function addOrderRow(db: Db, fixture: OrderRowFixture): Promise<string> {
  const orderNo = `2026${String(randomInt(0, 1e8)).padStart(8, '0')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const kind = fixture.kind ?? 'goods';
  const qty = fixture.qty ?? 1;
  const price = fixture.price ?? 1000;
  const createdAt = fixture.createdAt ?? new Date(FIXED_NOW);
  const paid = !['pending', 'cancelled'].includes(fixture.status);
  await db.insert(orders).values({
    orderNo,
    userId: fixture.userId,
    idempotencyKey: `fixture-${orderNo}`,
    status: fixture.status,
    kind,
    goodsTotal: price * qty,
    shipping: 0,
    total: price * qty,
    address: kind === 'goods' ? { ...FIXTURE_ADDRESS } : null,
    createdAt,
    payDeadline: fixture.payDeadline ?? new Date(createdAt.getTime() + 15 * 60_000),
    paidAt: paid ? createdAt : null,
    payChannel: paid ? 'sandbox' : null,
    transactionId: paid ? (fixture.transactionId ?? `tx-${orderNo}`) : null,
    shippedAt: fixture.shippedAt ?? null,
    doneAt: fixture.doneAt ?? null,
    refundedAmount: fixture.refundedAmount ?? 0,
  });
  await db.insert(orderItems).values({
    orderNo,
    line: 1,
    skuId: fixture.product.skuId,
    productId: fixture.product.productId,
    kind,
    title: '测试商品',
    skuTitle: '默认',
    cover: '/covers/test.webp',
    price,
    qty,
    courseId: kind === 'course' ? (fixture.courseId ?? 'course-fixture') : null,
    sellid: kind === 'service' ? 'qixingtang' : null,
  });
  await db.insert(orderEvents).values({ orderNo, status: fixture.status, at: createdAt, actor: 'fixture' });
  return orderNo;
}

/** The status of order `orderNo` now. */
export async function statusOf(db: Db, orderNo: string): Promise<string> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo));
  return row.status;
}
