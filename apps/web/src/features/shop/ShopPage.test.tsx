/**
 * The 商城 tab: the grid from the catalogue answer, category capsules and search narrowing the query,
 * paging, its loading / failed / empty states and the floating cart button.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { CategoryList } from '@xuanli/contracts/shop';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { type ApiCall, installFakeApi, loginAs, pageTests, renderPage, textOf } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import ShopPage from './ShopPage';
import { cart, cartItem, productPage, productSummary } from './testing';

const categories: CategoryList = {
  list: [
    { id: 2, name: '手串', icon: '' },
    { id: 3, name: '课程', icon: '' },
  ],
};

/** A catalogue that answers `products` for any query (the calls say what was asked). */
function catalogue(products: (call: ApiCall) => Response | undefined) {
  return installFakeApi((call) => {
    if (call.path === '/shop/categories') return okAnswer(categories);
    if (call.path === '/shop/products') return products(call);
    return undefined;
  });
}

const productCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/shop/products').map((c) => c.query);

/** The text of an element and its descendants, as one reads it. */

pageTests();

describe('ShopPage (pages/index/shop)', () => {
  it('draws the grid from the catalogue with prices in yuan from 分', async () => {
    catalogue(() =>
      okAnswer(
        productPage([
          productSummary({
            id: 1,
            title: '小叶紫檀手串',
            subtitle: '老料密度高',
            price: 12800,
            originalPrice: 19800,
            sales: 321,
          }),
          productSummary({
            id: 2,
            kind: 'course',
            title: '八字入门课',
            price: 9900,
            vipPrice: 7900,
            sales: 10,
          }),
          productSummary({ id: 3, kind: 'service', title: '一对一八字咨询', price: 5, sales: 9 }),
          productSummary({ id: 4, title: '新到的台历', price: 3900, sales: 0 }),
        ]),
      ),
    );
    renderPage(<ShopPage />, { path: paths.shop.path });
    expect(screen.getByRole('heading', { level: 1, name: '官方商城' })).toBeTruthy();
    expect(screen.getByRole('status', { name: '正在加载商品' })).toBeTruthy();

    const bracelet = await screen.findByRole('link', { name: /小叶紫檀手串/ });
    expect(bracelet.getAttribute('href')).toBe('/pages/shop/product?id=1');
    expect(textOf(bracelet)).toBe('小叶紫檀手串老料密度高¥128.00原价¥198.00已售 321');
    expect(within(bracelet).getByText('¥198.00', { exact: false }).tagName).toBe('DEL');

    // From ten sold on the count shows; below, the product reads 新品 (never 已售 0). The 会员价 beside.
    const course = screen.getByRole('link', { name: /八字入门课/ });
    expect(textOf(course)).toBe('课程八字入门课¥99.00会员价 ¥79.00已售 10');
    expect(textOf(screen.getByRole('link', { name: /一对一八字咨询/ }))).toBe('咨询一对一八字咨询¥0.05新品');
    expect(textOf(screen.getByRole('link', { name: /新到的台历/ }))).toBe('新到的台历¥39.00新品');
    expect(screen.queryByRole('status', { name: '正在加载商品' })).toBeNull();
  });

  it('marks a product whose SKUs differ in price as 起 the lowest', async () => {
    catalogue(() =>
      okAnswer(
        productPage([
          productSummary({
            id: 1,
            title: '文昌塔',
            price: 6800,
            skus: [
              { id: 1, price: 6800, vipPrice: null, stock: 2 },
              { id: 2, price: 8800, vipPrice: null, stock: 2 },
            ],
          }),
        ]),
      ),
    );
    renderPage(<ShopPage />, { path: paths.shop.path });
    expect(textOf(await screen.findByRole('link', { name: /文昌塔/ }))).toBe('文昌塔¥68.00起新品');
  });

  it('asks for the chosen category and the searched words, and keeps them in the address', async () => {
    const calls = catalogue(() => okAnswer(productPage([productSummary({ id: 1 })])));
    const { here } = renderPage(<ShopPage />, { path: paths.shop.path });
    const all = await screen.findByRole('button', { name: '全部' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('link', { name: /商品1/ });
    expect(productCalls(calls)).toEqual([{ page: '1', size: '20' }]);

    fireEvent.click(await screen.findByRole('button', { name: '手串' }));
    await waitFor(() => expect(productCalls(calls)).toHaveLength(2));
    expect(productCalls(calls)[1]).toEqual({ categoryId: '2', page: '1', size: '20' });
    expect(screen.getByRole('button', { name: '手串' }).getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');

    fireEvent.change(screen.getByRole('searchbox', { name: '搜索商品' }), { target: { value: ' 紫檀 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(productCalls(calls)).toHaveLength(3));
    expect(productCalls(calls)[2]).toEqual({ categoryId: '2', q: '紫檀', page: '1', size: '20' });
    expect(here()).toBe('/pages/index/shop?cat=2&q=紫檀');

    fireEvent.click(screen.getByRole('button', { name: '全部' }));
    await waitFor(() => expect(productCalls(calls)).toHaveLength(4));
    expect(productCalls(calls)[3]).toEqual({ q: '紫檀', page: '1', size: '20' });

    fireEvent.click(screen.getByRole('button', { name: '清空搜索' }));
    await waitFor(() => expect(here()).toBe('/pages/index/shop'));
    expect((screen.getByRole('searchbox', { name: '搜索商品' }) as HTMLInputElement).value).toBe('');
  });

  it('loads the next page as the reader reaches the end, until all are shown', async () => {
    const first = Array.from({ length: 20 }, (_, i) => productSummary({ id: i + 1 }));
    const second = Array.from({ length: 5 }, (_, i) => productSummary({ id: i + 21 }));
    const calls = catalogue((call) => okAnswer(productPage(call.query.page === '2' ? second : first, 25)));
    // jsdom lays nothing out; InfiniteScroll only looks at elements that are (it checks offsetParent).
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    renderPage(<ShopPage />, { path: paths.shop.path });
    expect(await screen.findByRole('link', { name: /商品25/ })).toBeTruthy();
    expect(productCalls(calls)).toEqual([
      { page: '1', size: '20' },
      { page: '2', size: '20' },
    ]);
    expect(within(screen.getByRole('region', { name: '商品列表' })).getAllByRole('link')).toHaveLength(25);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('says a failed load in Chinese and asks again on 重试', async () => {
    let fail = true;
    const calls = catalogue(() =>
      fail ? failureAnswer('Unavailable', 'db down') : okAnswer(productPage([productSummary({ id: 1 })])),
    );
    renderPage(<ShopPage />, { path: paths.shop.path });
    expect(await screen.findByText(`加载失败：${ERROR_MESSAGES_ZH.Unavailable}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '官方商城' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: /商品1/ })).toBeTruthy();
    expect(productCalls(calls)).toHaveLength(2);
  });

  it('says when nothing matches, and 查看全部商品 drops the filter', async () => {
    const calls = catalogue((call) =>
      okAnswer(productPage(call.query.q ? [] : [productSummary({ id: 1, title: '平安扣' })])),
    );
    const { here } = renderPage(<ShopPage />, {
      path: `${paths.shop.path}?q=${encodeURIComponent('不存在')}`,
    });
    expect(await screen.findByText('没有找到相关商品')).toBeTruthy();
    expect(productCalls(calls)[0]).toEqual({ q: '不存在', page: '1', size: '20' });
    fireEvent.click(screen.getByRole('button', { name: '查看全部商品' }));
    expect(await screen.findByRole('link', { name: /平安扣/ })).toBeTruthy();
    expect(here()).toBe('/pages/index/shop');
  });

  it('says so when the shop has nothing on its shelves', async () => {
    catalogue(() => okAnswer(productPage([])));
    renderPage(<ShopPage />, { path: paths.shop.path });
    expect(await screen.findByText('商城还没有上架商品')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看全部商品' })).toBeNull();
  });

  it('puts the cart with its pieces in the header for a logged-in buyer, over no price', async () => {
    loginAs();
    const calls = installFakeApi((call) => {
      if (call.path === '/shop/categories') return okAnswer(categories);
      if (call.path === '/shop/products') return okAnswer(productPage([productSummary({ id: 1 })]));
      if (call.path === '/shop/cart')
        return okAnswer(
          cart([cartItem({ skuId: 1, qty: 2 }), cartItem({ skuId: 2, qty: 3, available: false })], 25600, 2),
        );
      return undefined;
    });
    const { here } = renderPage(<ShopPage />, { path: paths.shop.path });
    const button = await within(screen.getByRole('banner')).findByRole('link', { name: '购物车，5 件商品' });
    expect(textOf(button)).toBe('5');
    // Not floating over the grid: the list holds no cart link.
    expect(
      within(screen.getByRole('region', { name: '商品列表' })).queryByRole('link', { name: /购物车/ }),
    ).toBeNull();
    expect(calls.find((c) => c.path === '/shop/cart')?.token).toBe('member-jwt');
    await act(async () => fireEvent.click(button));
    expect(here()).toBe('/pages/shop/cart');
  });

  it('shows a visitor no cart button and asks for no cart', async () => {
    const calls = catalogue(() => okAnswer(productPage([productSummary({ id: 1 })])));
    renderPage(<ShopPage />, { path: paths.shop.path });
    await screen.findByRole('link', { name: /商品1/ });
    expect(screen.queryByRole('link', { name: /购物车/ })).toBeNull();
    expect(calls.some((c) => c.path === '/shop/cart')).toBe(false);
  });
});
