/**
 * The product page: what it shows, the SKU picker (sold-out values, the stepper's bounds), adding to
 * the cart, 立即购买 to checkout, visitors sent to login, and the off-shelf / sold-out / unknown states.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { Cart, ProductDetail } from '@xuanli/contracts/shop';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';
import { type ApiCall, installFakeApi, loginAs, pageTests, renderPage, textOf } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import ProductPage from './ProductPage';
import { cart, cartItem, productDetail, sku } from './testing';

const productHref = (id: number | string) => `${paths.product.path}?id=${id}`;

/** A shop serving `product` (404 for other ids) and a cart that starts as `start`. */
function shop(product: ProductDetail, start: Cart = cart([], 0, 0), onAdd?: (call: ApiCall) => Response) {
  return installFakeApi((call) => {
    if (call.path === `/shop/products/${product.id}`) return okAnswer(product);
    if (call.path.startsWith('/shop/products/')) return failureAnswer('NotFound', 'product not found');
    if (call.path === '/shop/cart') return okAnswer(start);
    if (call.path === '/shop/cart/items' && call.method === 'POST') return onAdd?.(call);
    return undefined;
  });
}

/** The SKU sheet once open. */
const sheet = () => screen.getByRole('region', { name: '选择规格' });
const chip = (name: string) => within(sheet()).getByRole('button', { name });

async function press(name: string, scope: HTMLElement = document.body) {
  await act(async () => fireEvent.click(within(scope).getByRole('button', { name })));
}

pageTests();

describe('ProductPage (pages/shop/product)', () => {
  it('shows the gallery, price, sales, what is left and the description', async () => {
    shop(productDetail());
    renderPage(<ProductPage />, { path: productHref(5) });
    expect(screen.getByRole('status', { name: '正在加载商品' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' })).toBeTruthy();
    expect(screen.getByText('老料密度高，油性足')).toBeTruthy();
    const gallery = screen.getByRole('region', { name: '商品图片' });
    expect(within(gallery).getByText('1/3')).toBeTruthy();
    expect(within(gallery).getAllByRole('button', { name: /查看大图/ }).length).toBeGreaterThanOrEqual(3);
    // The lowest SKU price, 起 as the SKUs differ, the struck list price; 23 left over all SKUs.
    expect(textOf(screen.getByRole('region', { name: '价格与标题' }))).toContain(
      '¥98.00起原价¥198.00已售 321',
    );
    expect(screen.queryByText(/仅剩/)).toBeNull();
    const detail = screen.getByRole('region', { name: '商品详情' });
    expect(within(detail).getByText('每一颗都经手工打磨。')).toBeTruthy();
    expect(within(detail).getByRole('img', { name: '细节' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '加入购物车' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即购买' })).toBeTruthy();
  });

  it('prices the chosen SKU: its own price, the list price struck only above it, its 会员价', async () => {
    loginAs();
    shop(
      productDetail({
        originalPrice: 15000,
        vipPrice: 8800,
        sales: 9,
        skus: [
          sku({
            id: 11,
            price: 12800,
            vipPrice: 11800,
            stock: 20,
            title: '8mm / 108颗',
            spec: { 尺寸: '8mm', 颗数: '108颗' },
          }),
          sku({
            id: 12,
            price: 9800,
            vipPrice: 8800,
            stock: 3,
            title: '8mm / 54颗',
            spec: { 尺寸: '8mm', 颗数: '54颗' },
          }),
          sku({
            id: 13,
            price: 16800,
            stock: 5,
            title: '10mm / 108颗',
            spec: { 尺寸: '10mm', 颗数: '108颗' },
          }),
        ],
      }),
    );
    renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' });
    const price = () => textOf(screen.getByRole('region', { name: '价格与标题' }));
    // Nothing chosen: the lowest with 起, the list price, the lowest 会员价; nine sold reads 新品.
    expect(price()).toContain('¥98.00起原价¥150.00会员价 ¥88.00起新品');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^规格/ })));
    await act(async () => fireEvent.click(chip('10mm')));
    await act(async () => fireEvent.click(chip('108颗')));
    // ¥168 is above the list price: nothing struck, and this SKU has no 会员价.
    expect(textOf(sheet())).toContain('¥168.00');
    expect(textOf(sheet())).not.toContain('原价');
    expect(price()).toContain('¥168.00新品');
    expect(price()).not.toContain('原价');
    expect(price()).not.toContain('会员价');
    await act(async () => fireEvent.click(chip('10mm')));
    await act(async () => fireEvent.click(chip('8mm')));
    expect(price()).toContain('¥128.00原价¥150.00会员价 ¥118.00新品');
    expect(textOf(sheet())).toContain('¥128.00原价¥150.00会员价 ¥118.00');
    expect(screen.queryByText('您是 VIP 会员，下单时按会员价结算')).toBeNull();
  });

  it('tells a VIP the 会员价 is what they pay', async () => {
    loginAs({ vip_expire: new Date(Date.now() + 86_400_000).toISOString(), isVip: true });
    shop(
      productDetail({ vipPrice: 8800, skus: [sku({ id: 21, price: 9800, vipPrice: 8800 })], options: [] }),
    );
    renderPage(<ProductPage />, { path: productHref(5) });
    expect(await screen.findByText('您是 VIP 会员，下单时按会员价结算')).toBeTruthy();
  });

  it('says how few are left when the stock runs low', async () => {
    shop(productDetail({ skus: [sku({ id: 21, stock: 4 })], options: [] }));
    renderPage(<ProductPage />, { path: productHref(5) });
    expect(await screen.findByText('仅剩 4 件')).toBeTruthy();
  });

  it('greys the values no SKU in stock has and bounds the stepper by the stock', async () => {
    loginAs();
    shop(productDetail());
    renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' });
    await press('加入购物车');
    expect(sheet()).toBeTruthy();
    expect(within(sheet()).getByText('请选择 尺寸 / 颗数')).toBeTruthy();
    // 10mm exists only as 10mm / 108颗, which is sold out.
    expect((chip('10mm') as HTMLButtonElement).disabled).toBe(true);
    expect((chip('8mm') as HTMLButtonElement).disabled).toBe(false);

    await act(async () => fireEvent.click(chip('8mm')));
    expect(chip('8mm').getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(chip('54颗')));
    expect(within(sheet()).getByText('已选：8mm / 54颗')).toBeTruthy();
    expect(within(sheet()).getByText('仅剩 3 件')).toBeTruthy();
    expect(textOf(sheet())).toContain('¥98.00');

    // Three left: the stepper stops at 3.
    const plus = within(sheet()).getByRole('button', { name: '增加' }) as HTMLButtonElement;
    for (let i = 0; i < 4; i += 1) await act(async () => fireEvent.click(plus));
    expect(within(sheet()).getByRole('spinbutton').getAttribute('aria-valuenow')).toBe('3');
    expect(within(sheet()).getByRole('spinbutton').getAttribute('aria-valuemax')).toBe('3');
    expect(plus.disabled).toBe(true);

    // Letting 54颗 go again offers 108颗 with 8mm; 10mm stays out (its only SKU has none).
    await act(async () => fireEvent.click(chip('54颗')));
    expect(chip('54颗').getAttribute('aria-pressed')).toBe('false');
    expect((chip('108颗') as HTMLButtonElement).disabled).toBe(false);
    expect((chip('10mm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds the chosen SKU and pieces to the cart and says so', async () => {
    loginAs();
    const after = cart([cartItem({ skuId: 11, qty: 2 }), cartItem({ skuId: 7, qty: 1 })], 38400, 3);
    const calls = shop(productDetail(), cart([cartItem({ skuId: 7, qty: 1 })], 12800, 1), () =>
      okAnswer(after),
    );
    renderPage(<ProductPage />, { path: productHref(5) });
    expect(await screen.findByRole('link', { name: '购物车，1 件商品' })).toBeTruthy();
    await press('加入购物车');
    await press('加入购物车', sheet());
    expect(await screen.findByText('请选择 尺寸')).toBeTruthy();
    expect(calls.some((c) => c.path === '/shop/cart/items')).toBe(false);

    await act(async () => fireEvent.click(chip('8mm')));
    await act(async () => fireEvent.click(chip('108颗')));
    await act(async () => fireEvent.click(within(sheet()).getByRole('button', { name: '增加' })));
    await press('加入购物车', sheet());
    expect(await screen.findByText('已加入购物车')).toBeTruthy();
    const add = calls.filter((c) => c.path === '/shop/cart/items');
    expect(add.map((c) => [c.method, c.body, c.token])).toEqual([
      ['POST', { skuId: 11, qty: 2 }, 'member-jwt'],
    ]);
    // The badge shows the answered cart.
    expect(await screen.findByRole('link', { name: '购物车，3 件商品' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: '选择规格' })).toBeNull());
  });

  it('says in Chinese when the cart refuses for want of stock', async () => {
    loginAs();
    shop(productDetail({ skus: [sku({ id: 21, stock: 5 })], options: [] }), undefined, () =>
      failureAnswer('OutOfStock', 'not enough stock'),
    );
    renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('button', { name: '加入购物车' });
    await press('加入购物车');
    await press('加入购物车', sheet());
    expect(await screen.findByText(ERROR_MESSAGES_ZH.OutOfStock)).toBeTruthy();
    expect(sheet()).toBeTruthy();
  });

  it('立即购买 opens checkout with the chosen SKU and pieces', async () => {
    loginAs();
    shop(productDetail());
    const { here } = renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' });
    await press('立即购买');
    expect(within(sheet()).queryByRole('button', { name: '加入购物车' })).toBeNull();
    await act(async () => fireEvent.click(chip('8mm')));
    await act(async () => fireEvent.click(chip('108颗')));
    const plus = within(sheet()).getByRole('button', { name: '增加' });
    await act(async () => fireEvent.click(plus));
    await act(async () => fireEvent.click(plus));
    await press('立即购买', sheet());
    expect(here()).toBe(paths.checkout.getHref({ items: '11x3' }));
  });

  it('sells a course one at a time, straight to checkout, and says where to watch it', async () => {
    loginAs();
    const course = productDetail({
      kind: 'course',
      title: '八字入门课',
      options: [],
      skus: [sku({ id: 31, price: 9900, stock: 9999 })],
      originalPrice: null,
      courseId: 'bazi-basics',
    });
    shop(course);
    const { here } = renderPage(<ProductPage />, { path: productHref(5) });
    expect(await screen.findByText('购买后在「我的课程」观看')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '课程八字入门课' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
    await press('立即购买');
    expect(here()).toBe(paths.checkout.getHref({ items: '31x1' }));
  });

  it('says a consultation shows the master after payment', async () => {
    shop(productDetail({ kind: 'service', options: [], skus: [sku({ id: 41, stock: 30 })], sellid: 'm1' }));
    renderPage(<ProductPage />, { path: productHref(5) });
    expect(await screen.findByText('付款后显示师傅联系方式')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
  });

  it('sends a visitor to login and back before adding to the cart', async () => {
    const calls = shop(productDetail());
    const { here } = renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' });
    expect(calls.some((c) => c.path === '/shop/cart')).toBe(false);
    await press('加入购物车');
    expect(here()).toBe(`${paths.login.path}?redirect=${productHref(5)}`);
    expect(screen.queryByRole('region', { name: '选择规格' })).toBeNull();
  });

  it('sends a visitor pressing 立即购买 to login too', async () => {
    shop(productDetail());
    const { here } = renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' });
    await press('立即购买');
    expect(here()).toBe(`${paths.login.path}?redirect=${productHref(5)}`);
  });

  it('says 已下架 for an off-shelf product and sells nothing', async () => {
    loginAs();
    shop(productDetail({ onShelf: false }));
    renderPage(<ProductPage />, { path: productHref(5) });
    expect(await screen.findByText('该商品已下架')).toBeTruthy();
    expect((screen.getByRole('button', { name: '已下架' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '加入购物车' })).toBeNull();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
    expect(screen.queryByRole('button', { name: /规格/ })).toBeNull();
  });

  it('says 已售罄 when no SKU has stock', async () => {
    shop(productDetail({ skus: [sku({ id: 21, stock: 0 })], options: [] }));
    renderPage(<ProductPage />, { path: productHref(5) });
    const soldOut = await screen.findByRole('button', { name: '已售罄' });
    expect((soldOut as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });

  it('says an unknown product is not there and leads back to the shop', async () => {
    shop(productDetail());
    const { here } = renderPage(<ProductPage />, { path: productHref(404) });
    expect(await screen.findByText('这件商品不存在，可能已被删除。')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '回到商城' })));
    expect(here()).toBe(paths.shop.path);
  });

  it('asks nothing for a link without a usable id', async () => {
    const calls = shop(productDetail());
    renderPage(<ProductPage />, { path: `${paths.product.path}?id=abc` });
    expect(screen.getByText('这件商品不存在，可能已被删除。')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/shop/products'))).toEqual([]);
  });

  it('opens the online customer-service card from 客服', async () => {
    shop(productDetail());
    renderPage(<ProductPage />, { path: productHref(5) });
    await screen.findByRole('heading', { level: 2, name: '小叶紫檀手串' });
    await press('客服');
    expect(useDialogs.getState().name).toBe('kefu');
  });
});
