/**
 * The console's SKU editor and the 会员价: set with a new SKU or an edit, kept when an edit leaves it
 * out, removed with null, audited, shown to buyers at once; a 会员价 above the price — sent, or kept
 * while the price is lowered under it — is refused with a Chinese message and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addProduct } from '../../../test/shop-fixtures.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';

describe('console SKU 会员价', () => {
  const t = useTestApp();
  const editor = useOperator(t, 'editor');

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/catalogue/${url}`, headers: editor.headers, payload });
  const skuBody = (overrides: object = {}) => ({
    title: '默认',
    spec: {},
    image: '',
    price: 4900,
    sort: 0,
    ...overrides,
  });
  const shopSku = async (productId: number, skuId: number) => {
    const page = (await t.app.inject({ method: 'GET', url: `/api/shop/products/${productId}` })).json();
    return page.resData.skus.find((sku: { id: number }) => sku.id === skuId);
  };

  it('creates a SKU with a 会员价, keeps it when an edit leaves it out, removes it with null', async () => {
    const { productId } = await addProduct(t.database.db, { skus: [] });
    const created = await post(`products/${productId}/skus`, skuBody({ vipPrice: 3900, stock: 10 }));
    expect(created.statusCode, created.body).toBe(200);
    const sku = created.json().resData.skus[0];
    expect(sku).toMatchObject({ price: 4900, vipPrice: 3900 });
    expect(await shopSku(productId, sku.id)).toMatchObject({ price: 4900, vipPrice: 3900 });

    const kept = await post(`skus/${sku.id}`, skuBody({ price: 5900 }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().resData.skus[0]).toMatchObject({ price: 5900, vipPrice: 3900 });

    const lowered = await post(`skus/${sku.id}`, skuBody({ price: 5900, vipPrice: 2900 }));
    expect(lowered.json().resData.skus[0].vipPrice).toBe(2900);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `sku:${sku.id}`));
    expect(trail.at(-1)).toMatchObject({
      action: 'sku.save',
      before: { vipPrice: 3900 },
      after: { vipPrice: 2900 },
    });

    const removed = await post(`skus/${sku.id}`, skuBody({ price: 5900, vipPrice: null }));
    expect(removed.json().resData.skus[0].vipPrice).toBeNull();
    expect(await shopSku(productId, sku.id)).toMatchObject({ price: 5900, vipPrice: null });
  });

  it('refuses a 会员价 above the price, sent or kept under a lowered price, in Chinese', async () => {
    const { productId } = await addProduct(t.database.db, { skus: [] });
    const above = await post(`products/${productId}/skus`, skuBody({ vipPrice: 5000, stock: 1 }));
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ code: 'ValidationError', msg: '会员价不能高于售价' });

    const sku = (await post(`products/${productId}/skus`, skuBody({ vipPrice: 4900, stock: 1 }))).json()
      .resData.skus[0];
    expect(sku.vipPrice).toBe(4900);
    const under = await post(`skus/${sku.id}`, skuBody({ price: 3900 }));
    expect(under.statusCode).toBe(400);
    expect(under.json().msg).toBe('会员价不能高于售价');
    const sent = await post(`skus/${sku.id}`, skuBody({ vipPrice: 4901 }));
    expect(sent.statusCode).toBe(400);
    expect(await shopSku(productId, sku.id)).toMatchObject({ price: 4900, vipPrice: 4900 });

    // Zero is no price (and must not be read as null, which would remove the 会员价).
    const zero = await post(`skus/${sku.id}`, skuBody({ vipPrice: 0 }));
    expect(zero.json()).toEqual({ code: 'ValidationError', msg: '会员价须为大于 0 的金额' });
    expect(await shopSku(productId, sku.id)).toMatchObject({ price: 4900, vipPrice: 4900 });
  });
});
