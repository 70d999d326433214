import { type Cart, MAX_LINE_QTY } from '@xuanli/contracts/shop';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerRequests, type SignedIn, signIn } from '../../../test/accounts.ts';
import { addProduct, setShelf, setStock } from '../../../test/shop-fixtures.ts';
import { useTestApp } from '../../../test/suite.ts';
import { MAX_CART_LINES } from './cart.ts';
import { cartItems, skus } from './schema.ts';

describe('shop cart routes (shop/cart, shop/cart/items)', () => {
  const t = useTestApp();

  const call = callerRequests(t, '/api/shop/');
  const cartOf = async (who: SignedIn): Promise<Cart> => {
    const res = await call('GET', 'cart', who);
    expect(res.statusCode).toBe(200);
    return res.json().resData;
  };
  const add = (who: SignedIn, skuId: number, qty: number) => call('POST', 'cart/items', who, { skuId, qty });
  const patch = (who: SignedIn, skuId: number, body: object) =>
    call('PATCH', `cart/items/${skuId}`, who, body);
  const remove = (who: SignedIn, skuId: number) => call('DELETE', `cart/items/${skuId}`, who);
  const line = (cart: Cart, skuId: number) => cart.items.find((item) => item.skuId === skuId);
  const product = (skuList: { price: number; stock: number; image?: string }[], title?: string) =>
    addProduct(t.database.db, { title, skus: skuList });

  it('refuses visitors and callers without a token with 401', async () => {
    const visitor = await signIn(t, 'visitor');
    const { skuIds } = await product([{ price: 100, stock: 5 }]);
    for (const who of [visitor, null]) {
      for (const res of [
        await call('GET', 'cart', who),
        await add(who as SignedIn, skuIds[0]!, 1),
        await patch(who as SignedIn, skuIds[0]!, { qty: 1 }),
        await remove(who as SignedIn, skuIds[0]!),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('Unauthorized');
      }
    }
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.skuId, skuIds[0]!))).toEqual([]);
  });

  it('starts empty, adds a line with its current price and merges a second addition into it', async () => {
    const user = await signIn(t, 'user');
    expect(await cartOf(user)).toEqual({ items: [], selectedTotal: 0, selectedCount: 0 });
    const { productId, skuIds } = await product([{ price: 12800, stock: 50 }], '购物车测试手串');
    const first = await add(user, skuIds[0]!, 2);
    expect(first.statusCode).toBe(200);
    expect(first.json().resData).toEqual({
      items: [
        {
          skuId: skuIds[0],
          productId,
          kind: 'goods',
          title: '购物车测试手串',
          skuTitle: '默认',
          cover: expect.stringMatching(/^\/api\/files\/shop\/test\//),
          price: 12800,
          listPrice: 12800,
          qty: 2,
          stock: 50,
          selected: true,
          available: true,
        },
      ],
      selectedTotal: 25600,
      selectedCount: 2,
    });
    const merged = (await add(user, skuIds[0]!, 3)).json().resData as Cart;
    expect(merged.items).toHaveLength(1);
    expect(merged.items[0]).toMatchObject({ qty: 5 });
    expect(merged).toMatchObject({ selectedTotal: 64000, selectedCount: 5 });
    // The cart shows today's price, not the price when the line was added.
    await t.database.db.update(skus).set({ price: 9900 }).where(eq(skus.id, skuIds[0]!));
    expect((await cartOf(user)).selectedTotal).toBe(5 * 9900);
  });

  it('caps a line at 99 pieces and at the stock, and shows the SKU picture when it has one', async () => {
    const user = await signIn(t, 'user');
    const { skuIds } = await product([
      { price: 100, stock: 500 },
      { price: 200, stock: 3, image: '/api/files/shop/test/sku.webp' },
    ]);
    await add(user, skuIds[0]!, 60);
    expect(line((await add(user, skuIds[0]!, 60)).json().resData, skuIds[0]!)).toMatchObject({
      qty: MAX_LINE_QTY,
    });
    expect(line((await add(user, skuIds[1]!, 10)).json().resData, skuIds[1]!)).toMatchObject({
      qty: 3,
      cover: '/api/files/shop/test/sku.webp',
    });
    await setStock(t.database.db, skuIds[1]!, 2);
    expect(line((await add(user, skuIds[1]!, 1)).json().resData, skuIds[1]!)).toMatchObject({
      qty: 2,
      available: true,
    });
  });

  it('refuses a sold-out SKU or an off-shelf product with 409 and an unknown SKU with 404', async () => {
    const user = await signIn(t, 'user');
    const soldOut = await product([{ price: 100, stock: 0 }]);
    const res = await add(user, soldOut.skuIds[0]!, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OutOfStock');
    const shelved = await product([{ price: 100, stock: 10 }]);
    await setShelf(t.database.db, shelved.productId, false);
    const offShelf = await add(user, shelved.skuIds[0]!, 1);
    expect(offShelf.statusCode).toBe(409);
    expect(offShelf.json()).toEqual({ code: 'OutOfStock', msg: 'off shelf' });
    const unknown = await add(user, 2_000_000_000, 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NotFound');
    expect((await cartOf(user)).items).toEqual([]);
    for (const body of [{ skuId: 1, qty: 0 }, { skuId: 1, qty: 100 }, { skuId: 0, qty: 1 }, { qty: 1 }]) {
      const bad = await call('POST', 'cart/items', user, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('ValidationError');
    }
  });

  it('sets quantity and selection of a line, refusing a quantity above the stock', async () => {
    const user = await signIn(t, 'user');
    const { skuIds } = await product([
      { price: 1000, stock: 8 },
      { price: 300, stock: 100 },
    ]);
    await add(user, skuIds[0]!, 1);
    await add(user, skuIds[1]!, 1);
    const changed = (await patch(user, skuIds[0]!, { qty: 8 })).json().resData as Cart;
    expect(line(changed, skuIds[0]!)).toMatchObject({ qty: 8 });
    expect(changed).toMatchObject({ selectedTotal: 8 * 1000 + 300, selectedCount: 9 });
    const tooMany = await patch(user, skuIds[0]!, { qty: 9, selected: false });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('OutOfStock');
    expect(line(await cartOf(user), skuIds[0]!)).toMatchObject({ qty: 8, selected: true });
    const unselected = (await patch(user, skuIds[0]!, { selected: false })).json().resData as Cart;
    expect(line(unselected, skuIds[0]!)).toMatchObject({ qty: 8, selected: false });
    expect(unselected).toMatchObject({ selectedTotal: 300, selectedCount: 1 });
    // Adding the SKU again selects its line again.
    expect(line((await add(user, skuIds[0]!, 1)).json().resData, skuIds[0]!)).toMatchObject({
      qty: 8,
      selected: true,
    });
    const same = await patch(user, skuIds[1]!, {});
    expect(same.statusCode).toBe(200);
    expect(line(same.json().resData, skuIds[1]!)).toMatchObject({ qty: 1, selected: true });
    const missing = await patch(user, 2_000_000_000, { qty: 1 });
    expect(missing.statusCode).toBe(404);
    for (const body of [{ qty: 0 }, { qty: 100 }, { selected: 'yes' }]) {
      expect((await patch(user, skuIds[1]!, body)).statusCode).toBe(400);
    }
  });

  it('removes a line; removing it again is 404', async () => {
    const user = await signIn(t, 'user');
    const { skuIds } = await product([
      { price: 100, stock: 5 },
      { price: 200, stock: 5 },
    ]);
    await add(user, skuIds[0]!, 1);
    await add(user, skuIds[1]!, 1);
    const after = (await remove(user, skuIds[0]!)).json().resData as Cart;
    expect(after.items.map((item) => item.skuId)).toEqual([skuIds[1]]);
    const again = await remove(user, skuIds[0]!);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NotFound');
  });

  it('lists the newest line first and counts only selected, available lines', async () => {
    const user = await signIn(t, 'user');
    const a = await product([{ price: 1000, stock: 10 }]);
    const b = await product([{ price: 2000, stock: 10 }]);
    const c = await product([{ price: 4000, stock: 10 }]);
    await add(user, a.skuIds[0]!, 2);
    t.clock.advanceSeconds(1);
    await add(user, b.skuIds[0]!, 3);
    t.clock.advanceSeconds(1);
    await add(user, c.skuIds[0]!, 1);
    let cart = await cartOf(user);
    expect(cart.items.map((item) => item.skuId)).toEqual([c.skuIds[0], b.skuIds[0], a.skuIds[0]]);
    expect(cart).toMatchObject({ selectedTotal: 2000 + 6000 + 4000, selectedCount: 6 });
    // Stock falls below the line's quantity: the line stays, unavailable, out of the totals.
    await setStock(t.database.db, b.skuIds[0]!, 2);
    // The product goes off the shelf.
    await setShelf(t.database.db, c.productId, false);
    cart = await cartOf(user);
    expect(cart.items.map((item) => [item.skuId, item.available, item.selected])).toEqual([
      [c.skuIds[0], false, true],
      [b.skuIds[0], false, true],
      [a.skuIds[0], true, true],
    ]);
    expect(cart).toMatchObject({ selectedTotal: 2000, selectedCount: 2 });
    // Lowering the line to the stock makes it available again.
    cart = (await patch(user, b.skuIds[0]!, { qty: 2 })).json().resData;
    expect(line(cart, b.skuIds[0]!)).toMatchObject({ available: true });
    expect(cart).toMatchObject({ selectedTotal: 2000 + 4000, selectedCount: 4 });
    // Re-adding a line moves it to the top.
    t.clock.advanceSeconds(1);
    cart = (await add(user, a.skuIds[0]!, 1)).json().resData;
    expect(cart.items[0]!.skuId).toBe(a.skuIds[0]);
  });

  it("keeps each buyer's cart to its buyer: another buyer's line is 404 and stays as it was", async () => {
    const owner = await signIn(t, 'user');
    const other = await signIn(t, 'user');
    const { skuIds } = await product([{ price: 100, stock: 10 }]);
    await add(owner, skuIds[0]!, 4);
    expect((await cartOf(other)).items).toEqual([]);
    expect((await patch(other, skuIds[0]!, { qty: 1 })).statusCode).toBe(404);
    expect((await remove(other, skuIds[0]!)).statusCode).toBe(404);
    expect(line(await cartOf(owner), skuIds[0]!)).toMatchObject({ qty: 4 });
    // The other buyer's own line of the same SKU is separate.
    await add(other, skuIds[0]!, 1);
    expect(line(await cartOf(owner), skuIds[0]!)).toMatchObject({ qty: 4 });
    expect(line(await cartOf(other), skuIds[0]!)).toMatchObject({ qty: 1 });
  });

  it(`holds at most ${MAX_CART_LINES} lines, still merging into existing ones`, async () => {
    const user = await signIn(t, 'user');
    const { skuIds } = await product(
      Array.from({ length: MAX_CART_LINES + 1 }, () => ({ price: 100, stock: 10 })),
    );
    for (const skuId of skuIds.slice(0, MAX_CART_LINES))
      expect((await add(user, skuId, 1)).statusCode).toBe(200);
    const full = await add(user, skuIds[MAX_CART_LINES]!, 1);
    expect(full.statusCode).toBe(400);
    expect(full.json().code).toBe('ValidationError');
    expect((await add(user, skuIds[0]!, 1)).statusCode).toBe(200);
    const cart = await cartOf(user);
    expect(cart.items).toHaveLength(MAX_CART_LINES);
    expect(line(cart, skuIds[0]!)).toMatchObject({ qty: 2 });
  });

  it('loses no addition and passes no limit when one buyer sends many at once', async () => {
    const user = await signIn(t, 'user');
    const { skuIds } = await product(
      Array.from({ length: MAX_CART_LINES + 4 }, () => ({ price: 100, stock: 30 })),
    );
    await Promise.all(Array.from({ length: 12 }, () => add(user, skuIds[0]!, 2)));
    expect(line(await cartOf(user), skuIds[0]!)).toMatchObject({ qty: 24 });
    // Past the stock together: capped, never above.
    await Promise.all(Array.from({ length: 6 }, () => add(user, skuIds[0]!, 2)));
    expect(line(await cartOf(user), skuIds[0]!)).toMatchObject({ qty: 30 });
    // The last free lines raced for by several new SKUs at once.
    for (const skuId of skuIds.slice(1, MAX_CART_LINES - 2)) await add(user, skuId, 1);
    const racing = await Promise.all(skuIds.slice(MAX_CART_LINES - 2).map((skuId) => add(user, skuId, 1)));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 200, 400, 400, 400, 400]);
    const rows = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, user.userId!));
    expect(rows).toHaveLength(MAX_CART_LINES);
  });
});
