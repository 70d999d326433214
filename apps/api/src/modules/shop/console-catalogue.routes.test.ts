/**
 * The console's catalogue through the API, checked against the app's own shop routes
 * (`/api/shop/products…`): a product created off the shelf, its SKUs with spec, price and stock, put
 * on the shelf and edited — each change visible to buyers on their next request — the description
 * sanitised, every write audited, every wrong request refused without a change.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operatorRequests } from '../../../test/operators.ts';
import { addProduct, stockOf } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';

describe('console catalogue', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');
  const { get, post } = operatorRequests(t, editor);
  let categoryId: number;
  beforeAll(async () => {
    const categories = await get('/api/admin/catalogue/categories');
    categoryId = categories.json().resData.list[0].id;
  });
  const shop = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
  const auditOf = (target: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);

  const productBody = (overrides: object = {}) => ({
    kind: 'goods',
    categoryId,
    title: '黄铜罗盘',
    subtitle: '老师傅手工打磨',
    cover: '/api/files/console/images/2026/luopan.webp',
    images: ['/api/files/console/images/2026/luopan-2.webp'],
    description: '<p>纯铜<strong>手工</strong></p><script>alert(1)</script>',
    originalPrice: 29_900,
    courseId: null,
    sellid: null,
    sort: 0,
    ...overrides,
  });

  it('creates a product off the shelf, adds SKUs, puts it on the shelf: the app shows each step', async () => {
    const created = await post('/api/admin/catalogue/products', productBody());
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().resData;
    expect(product).toMatchObject({
      title: '黄铜罗盘',
      onShelf: false,
      skuCount: 0,
      description: '<p>纯铜<strong>手工</strong></p>',
      originalPrice: 29_900,
    });
    expect((await shop(`/api/shop/products/${product.id}`)).resData.onShelf).toBe(false);
    // Nothing to sell yet: it cannot go on the shelf.
    const early = await post(`/api/admin/catalogue/products/${product.id}/shelf`, { onShelf: true });
    expect(early.statusCode).toBe(409);

    const withSku = await post(`/api/admin/catalogue/products/${product.id}/skus`, {
      title: '小号 10cm',
      spec: { 尺寸: '10cm' },
      image: '',
      price: 19_900,
      stock: 5,
      sort: 0,
    });
    expect(withSku.statusCode, withSku.body).toBe(200);
    await post(`/api/admin/catalogue/products/${product.id}/skus`, {
      title: '大号 15cm',
      spec: { 尺寸: '15cm' },
      image: '',
      price: 25_900,
      stock: 2,
      sort: 1,
    });
    const shelved = await post(`/api/admin/catalogue/products/${product.id}/shelf`, { onShelf: true });
    expect(shelved.json().resData).toMatchObject({
      onShelf: true,
      skuCount: 2,
      lowestPrice: 19_900,
      stock: 7,
    });

    const page = (await shop(`/api/shop/products/${product.id}`)).resData;
    expect(page).toMatchObject({
      onShelf: true,
      price: 19_900,
      options: [{ name: '尺寸', values: ['10cm', '15cm'] }],
      description: '<p>纯铜<strong>手工</strong></p>',
    });
    expect(page.skus.map((sku: { title: string; stock: number }) => [sku.title, sku.stock])).toEqual([
      ['小号 10cm', 5],
      ['大号 15cm', 2],
    ]);
    const listed = (await shop(`/api/shop/products?q=${encodeURIComponent('黄铜罗盘')}`)).resData;
    expect(listed.list.map((item: { id: number }) => item.id)).toContain(product.id);

    // An edit and a price change show on the buyer's next request.
    await post(`/api/admin/catalogue/products/${product.id}`, productBody({ title: '黄铜罗盘（典藏）' }));
    const skuId = page.skus[0].id;
    const repriced = await post(`/api/admin/catalogue/skus/${skuId}`, {
      title: '小号 10cm',
      spec: { 尺寸: '10cm' },
      image: '',
      price: 17_900,
      sort: 0,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const after = (await shop(`/api/shop/products/${product.id}`)).resData;
    expect(after.title).toBe('黄铜罗盘（典藏）');
    expect(after.price).toBe(17_900);

    const off = await post(`/api/admin/catalogue/products/${product.id}/shelf`, { onShelf: false });
    expect(off.json().resData.onShelf).toBe(false);
    const gone = (await shop(`/api/shop/products?q=${encodeURIComponent('黄铜罗盘')}`)).resData;
    expect(gone.list.map((item: { id: number }) => item.id)).not.toContain(product.id);

    const audits = await auditOf(`product:${product.id}`);
    expect(audits.map(({ action, actor, before, after }) => ({ action, actor, before, after }))).toEqual([
      expect.objectContaining({ action: 'product.save', actor: editor.username, before: null }),
      {
        action: 'product.shelf',
        actor: editor.username,
        before: { onShelf: false },
        after: { onShelf: true },
      },
      {
        action: 'product.save',
        actor: editor.username,
        before: { title: '黄铜罗盘' },
        after: { title: '黄铜罗盘（典藏）' },
      },
      {
        action: 'product.shelf',
        actor: editor.username,
        before: { onShelf: true },
        after: { onShelf: false },
      },
    ]);
    expect(
      (await auditOf(`sku:${skuId}`)).map(({ action, before, after }) => ({ action, before, after })),
    ).toEqual([
      {
        action: 'sku.save',
        before: null,
        after: {
          productId: product.id,
          title: '小号 10cm',
          spec: { 尺寸: '10cm' },
          image: '',
          price: 19_900,
          vipPrice: null,
          sort: 0,
          stock: 5,
        },
      },
      { action: 'sku.save', before: { price: 19_900 }, after: { price: 17_900 } },
    ]);
  });

  it('sets stock through the shop’s locked set, with the reason in the audit row', async () => {
    const { productId, skuId } = await addProduct(t.database.db, {
      title: '紫檀手串',
      skus: [{ price: 3_900, stock: 3 }],
    });
    const res = await post(`/api/admin/catalogue/skus/${skuId}/stock`, { stock: 25, reason: '到货 22 串' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData.skus[0].stock).toBe(25);
    expect(await stockOf(t.database.db, skuId)).toBe(25);
    expect((await shop(`/api/shop/products/${productId}`)).resData.skus[0].stock).toBe(25);
    const [row] = await auditOf(`sku:${skuId}`);
    expect(row).toMatchObject({
      action: 'sku.stock',
      actor: editor.username,
      operatorId: editor.id,
      before: { stock: 3 },
      after: { stock: 25 },
      detail: '到货 22 串',
    });
    for (const stock of [-1, 100_001, 1.5]) {
      expect((await post(`/api/admin/catalogue/skus/${skuId}/stock`, { stock })).statusCode).toBe(400);
    }
    expect((await post('/api/admin/catalogue/skus/2147483647/stock', { stock: 1 })).statusCode).toBe(404);
    expect(await stockOf(t.database.db, skuId)).toBe(25);
  });

  it('keeps every stock change in the trail when two operators set the same SKU at once', async () => {
    const { skuId } = await addProduct(t.database.db, { skus: [{ price: 1_000, stock: 10 }] });
    const results = await Promise.all(
      [30, 40].map((stock) => post(`/api/admin/catalogue/skus/${skuId}/stock`, { stock })),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
    const rows = await auditOf(`sku:${skuId}`);
    // One after the other under the row lock: the second's "before" is the first's "after".
    expect(rows).toHaveLength(2);
    expect(rows[0].before).toEqual({ stock: 10 });
    expect(rows[1].before).toEqual(rows[0].after);
    expect(await stockOf(t.database.db, skuId)).toBe((rows[1].after as { stock: number }).stock);
  });

  it('finds products by title words, category and shelf state', async () => {
    const tag = `寻${Date.now().toString(36)}`;
    const on = await addProduct(t.database.db, { title: `${tag}甲` });
    const off = await addProduct(t.database.db, { title: `${tag}乙`, onShelf: false });
    const ids = async (query: Record<string, string>) =>
      (await get('/api/admin/catalogue/products', query))
        .json()
        .resData.list.map((item: { id: number }) => item.id);
    expect(await ids({ q: tag })).toEqual(expect.arrayContaining([on.productId, off.productId]));
    expect(await ids({ q: tag, onShelf: 'false' })).toEqual([off.productId]);
    expect(await ids({ q: tag, onShelf: 'true' })).toEqual([on.productId]);
    const onCategory = (await get(`/api/admin/catalogue/products/${on.productId}`)).json().resData.categoryId;
    expect(await ids({ q: tag, categoryId: String(onCategory) })).toEqual([on.productId]);
    expect((await get('/api/admin/catalogue/products/2147483647')).statusCode).toBe(404);
  });

  it('refuses a wrong product without a change', async () => {
    const before = (await get('/api/admin/catalogue/products', { size: '1' })).json().resData.total;
    for (const body of [
      productBody({ kind: 'course' }),
      productBody({ kind: 'course', courseId: 'no-such-course' }),
      productBody({ kind: 'service', sellid: '  ' }),
      productBody({ categoryId: 2_147_483_647 }),
      productBody({ cover: 'javascript:alert(1)' }),
      productBody({ title: '' }),
      productBody({ originalPrice: -1 }),
    ]) {
      const res = await post('/api/admin/catalogue/products', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('ValidationError');
    }
    expect((await get('/api/admin/catalogue/products', { size: '1' })).json().resData.total).toBe(before);
    const course = await post(
      '/api/admin/catalogue/products',
      productBody({ kind: 'course', courseId: 'bazi-rumen', title: '八字入门课' }),
    );
    expect(course.json().resData).toMatchObject({ kind: 'course', courseId: 'bazi-rumen', sellid: null });
    const { productId } = await addProduct(t.database.db);
    const badSku = await post(`/api/admin/catalogue/products/${productId}/skus`, {
      title: '默认',
      spec: {},
      image: '',
      price: 0,
      stock: 1,
      sort: 0,
    });
    expect(badSku.statusCode).toBe(400);
    // JSON's 1e400 is Infinity once parsed: refused, never a database error.
    for (const field of ['price', 'sort', 'stock']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/catalogue/products/${productId}/skus`,
        headers: { ...editor.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({
          title: '默认',
          spec: {},
          image: '',
          price: 100,
          stock: 1,
          sort: 0,
        }).replace(new RegExp(`"${field}":\\d+`), `"${field}":1e400`),
      });
      expect(res.statusCode, field).toBe(400);
    }
  });
});
