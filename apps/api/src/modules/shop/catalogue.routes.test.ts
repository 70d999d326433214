import type { ProductDetail, ProductSummary } from '@xuanli/contracts/shop';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_SEEDS } from '../../../seed/shop/catalogue-data.ts';
import { addProduct, setShelf } from '../../../test/shop-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { products, shopCategories } from './schema.ts';

describe('shop catalogue routes (shop/categories, shop/products)', () => {
  const t = useTestApp();

  const get = (url: string, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/shop/${url}`, query });
  const list = async (query: Record<string, string> = {}) => {
    const res = await get('products', query);
    expect(res.statusCode).toBe(200);
    return res.json().resData as { list: ProductSummary[]; total: number };
  };
  const titles = (items: ProductSummary[]) => items.map((item) => item.title);
  const categoryId = async (name: string) =>
    (await t.database.db.select().from(shopCategories).where(eq(shopCategories.name, name)))[0]!.id;
  const seededBySort = [...PRODUCT_SEEDS].sort((a, b) => a.sort - b.sort);

  it('lists the categories in display order to visitors without a token, each with its icon', async () => {
    const res = await get('categories');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.resData.list.map((c: { name: string }) => c.name)).toEqual([
      '手串',
      '摆件',
      '台历',
      '书籍',
      '课程',
      '咨询服务',
    ]);
    for (const category of body.resData.list) {
      expect(Object.keys(category).sort()).toEqual(['icon', 'id', 'name']);
      expect(category.icon).toMatch(/^\/api\/files\/shop\/demo\/icon-[a-z]+-[0-9a-f]{10}\.webp$/);
    }
  });

  it('lists the on-shelf products by sort, each priced at its cheapest SKU with its SKUs in brief', async () => {
    const { list: items, total } = await list({ size: '50' });
    expect(total).toBe(PRODUCT_SEEDS.length);
    expect(titles(items)).toEqual(seededBySort.map((seed) => seed.title));
    for (const [index, item] of items.entries()) {
      const seed = seededBySort[index]!;
      expect(item.price).toBe(Math.min(...seed.skus.map((sku) => sku.price)));
      expect(item.skus.map((sku) => [sku.price, sku.vipPrice, sku.stock])).toEqual(
        seed.skus.map((sku) => [sku.price, sku.vipPrice ?? null, sku.stock]),
      );
      expect(Object.keys(item.skus[0]!).sort()).toEqual(['id', 'price', 'stock', 'vipPrice']);
      expect(item.kind).toBe(seed.kind);
      expect(item.originalPrice).toBe(seed.originalPrice ?? null);
      expect(item.cover).toMatch(/^\/api\/files\/shop\/demo\/.+\.webp$/);
    }
    const zitan = items.find((item) => item.title === '小叶紫檀手串')!;
    expect(zitan).toMatchObject({
      price: 12800,
      originalPrice: 16800,
      sales: 0,
      subtitle: expect.any(String),
    });
  });

  it('orders by sort, then newest first among products of the same sort', async () => {
    const older = await addProduct(t.database.db, { sort: -5, skus: [{ price: 500, stock: 1 }] });
    const [row] = await t.database.db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, older.productId));
    const inCategory = { categoryId: row!.categoryId, skus: [{ price: 300, stock: 1 }] };
    const newer = await addProduct(t.database.db, { sort: -5, ...inCategory });
    const sortedFirst = await addProduct(t.database.db, { sort: -6, ...inCategory });
    const { list: items } = await list({ categoryId: String(row!.categoryId) });
    expect(items.map((item) => item.id)).toEqual([sortedFirst.productId, newer.productId, older.productId]);
  });

  it('filters by category, kind and words of the title', async () => {
    const bracelets = await list({ categoryId: String(await categoryId('手串')) });
    expect(titles(bracelets.list)).toEqual(['小叶紫檀手串', '黑曜石貔貅手串']);
    expect(bracelets.total).toBe(2);
    const courses = await list({ kind: 'course' });
    expect(titles(courses.list)).toEqual([
      '八字入门二十讲',
      '六爻基础精讲',
      '居家风水实用课',
      '店铺与办公室风水',
      '择日实务：嫁娶、搬家与开业',
    ]);
    expect((await list({ kind: 'service' })).total).toBe(2);
    expect(titles((await list({ q: '2027' })).list)).toEqual([
      '2027 丁未年老黄历台历',
      '2027 丁未年老黄历日撕本',
    ]);
    expect(titles((await list({ q: ' 手串 ', kind: 'goods' })).list)).toEqual([
      '小叶紫檀手串',
      '黑曜石貔貅手串',
    ]);
    // Plain text: no wildcard meaning, letter case ignored.
    expect(await list({ q: '%' })).toEqual({ list: [], total: 0 });
    const latin = await addProduct(t.database.db, {
      title: 'Feng Shui 测试',
      skus: [{ price: 100, stock: 1 }],
    });
    expect((await list({ q: 'feng shui' })).list.map((item) => item.id)).toEqual([latin.productId]);
    expect(await list({ categoryId: '999999' })).toEqual({ list: [], total: 0 });
  });

  it('pages with page and size (defaults 1 and 20), the total over all pages', async () => {
    const all = await list({ kind: 'goods', size: '50' });
    expect(all.total).toBe(all.list.length);
    const second = await list({ kind: 'goods', size: '4', page: '2' });
    expect(second.total).toBe(all.total);
    expect(second.list).toEqual(all.list.slice(4, 8));
    const byDefault = await list();
    expect(byDefault.list.length).toBe(Math.min(20, byDefault.total));
    expect(await list({ kind: 'goods', page: '99', size: '10' })).toEqual({ list: [], total: all.total });
    const bads: Record<string, string>[] = [
      { categoryId: '2147483648' },
      { page: '900000000000' },
      { size: '101' },
      { size: '0' },
      { page: '0' },
      { kind: 'gift' },
      { q: 'x'.repeat(41) },
    ];
    for (const bad of bads) {
      const res = await get('products', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
  });

  it('answers a product page with SKUs, options, gallery and sanitised description', async () => {
    const { list: found } = await list({ q: '小叶紫檀' });
    const res = await get(`products/${found[0]!.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json().resData as ProductDetail;
    expect(detail).toMatchObject({
      kind: 'goods',
      title: '小叶紫檀手串',
      price: 12800,
      onShelf: true,
      courseId: null,
      sellid: null,
      options: [
        { name: '尺寸', values: ['8mm', '10mm'] },
        { name: '颗数', values: ['20颗', '108颗'] },
      ],
    });
    expect(detail.skus.map((sku) => [sku.title, sku.spec, sku.price])).toEqual([
      ['8mm / 20颗', { 尺寸: '8mm', 颗数: '20颗' }, 12800],
      ['10mm / 20颗', { 尺寸: '10mm', 颗数: '20颗' }, 16800],
      ['8mm / 108颗', { 尺寸: '8mm', 颗数: '108颗' }, 39800],
      ['10mm / 108颗', { 尺寸: '10mm', 颗数: '108颗' }, 59800],
    ]);
    expect(detail.skus[2]!.image).toMatch(/zitan-coil/);
    expect(detail.skus[0]!.image).toBe('');
    expect(detail.images[0]).toBe(detail.cover);
    expect(detail.images).toHaveLength(2);
    expect(detail.description).toContain('<h3>保养方法</h3>');
    expect(detail.description).toContain('满 99 元包邮');

    const course = (await list({ q: '八字入门' })).list[0]!;
    const courseDetail = (await get(`products/${course.id}`)).json().resData as ProductDetail;
    expect(courseDetail).toMatchObject({ kind: 'course', courseId: 'bazi-rumen', sellid: null, options: [] });
    expect(courseDetail.skus.map((sku) => [sku.title, sku.spec])).toEqual([['默认', {}]]);
    const service = (await list({ q: '八字详批' })).list[0]!;
    expect((await get(`products/${service.id}`)).json().resData).toMatchObject({
      kind: 'service',
      sellid: '1',
    });
  });

  it('cleans a description written around the shop on the way out', async () => {
    const product = await addProduct(t.database.db, { skus: [{ price: 100, stock: 1 }] });
    await t.database.db
      .update(products)
      .set({ description: '<p onclick="x()">说明<script>alert(1)</script></p><img src="javascript:x">' })
      .where(eq(products.id, product.productId));
    const detail = (await get(`products/${product.productId}`)).json().resData as ProductDetail;
    expect(detail.description).toBe('<p>说明</p>');
  });

  it('keeps an off-shelf product out of the list but still answers its page, with onShelf false', async () => {
    const product = await addProduct(t.database.db, {
      title: '下架测试',
      skus: [{ price: 100, stock: 5 }],
    });
    expect((await list({ q: '下架测试' })).total).toBe(1);
    await setShelf(t.database.db, product.productId, false);
    expect(await list({ q: '下架测试' })).toEqual({ list: [], total: 0 });
    const res = await get(`products/${product.productId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().resData).toMatchObject({ title: '下架测试', onShelf: false, price: 100 });
  });

  it('answers a product without SKUs as off the shelf and leaves it out of the list', async () => {
    const product = await addProduct(t.database.db, { title: '无规格测试', skus: [] });
    expect(await list({ q: '无规格测试' })).toEqual({ list: [], total: 0 });
    expect((await get(`products/${product.productId}`)).json().resData).toMatchObject({
      onShelf: false,
      skus: [],
    });
  });

  it('answers 404 for an unknown product and 400 for an id that cannot be one', async () => {
    const res = await get('products/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NotFound', msg: 'no product 999999' });
    for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
      const bad = await get(`products/${id}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('ValidationError');
    }
  });
});
