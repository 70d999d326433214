/**
 * The cart page: lines and totals as the server answers them, ticking, the stepper, deleting (swipe
 * and 编辑), refusals in Chinese with the server's cart back, unavailable lines and 结算.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { Cart } from '@xuanli/contracts/shop';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import {
  type ApiCall,
  installFakeApi,
  pageTests,
  renderPage,
  resetSession,
  textOf,
} from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import CartPage from './CartPage';
import { cart, cartItem } from './testing';

/**
 * A cart server: `GET shop/cart` answers `state.cart`; a change answers what `change` returns (and
 * keeps it as the cart when it is one).
 */
function cartServer(start: Cart, change: (call: ApiCall) => Cart | Response = () => start) {
  const state = { cart: start };
  const calls = installFakeApi((call) => {
    if (call.path === '/shop/cart' && call.method === 'GET') return okAnswer(state.cart);
    if (call.path.startsWith('/shop/cart/items/')) {
      const answer = change(call);
      if (answer instanceof Response) return answer;
      state.cart = answer;
      return okAnswer(answer);
    }
    return undefined;
  });
  return { calls, state, changes: () => calls.filter((c) => c.method !== 'GET') };
}

const bracelet = cartItem({
  skuId: 11,
  title: '小叶紫檀手串',
  skuTitle: '8mm / 108颗',
  price: 12800,
  qty: 2,
});
const incense = cartItem({ skuId: 21, title: '沉香线香', price: 3900, qty: 1, stock: 8 });

const line = (title: string) => screen.getByRole('listitem', { name: title });
const tickOf = (title: string) => within(line(title)).getByRole('checkbox') as HTMLInputElement;
const total = () => screen.getByRole('status', { name: '合计金额' }).textContent;

pageTests({ loggedIn: true });

describe('CartPage (pages/shop/cart)', () => {
  it('asks a visitor to log in and asks nothing', () => {
    resetSession();
    const { calls } = cartServer(cart([], 0, 0));
    const { here } = renderPage(<CartPage />, { path: paths.cart.path });
    expect(screen.getByText('登录后才能查看购物车')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(here()).toBe(`${paths.login.path}?redirect=${paths.cart.path}`);
    expect(calls).toEqual([]);
  });

  it('shows the lines and the server’s total and count', async () => {
    // The server's figures on purpose differ from any sum the page could make itself.
    cartServer(cart([bracelet, incense], 29501, 3));
    renderPage(<CartPage />, { path: paths.cart.path });
    expect(screen.getByRole('status', { name: '正在加载购物车' })).toBeTruthy();
    await screen.findByRole('listitem', { name: '小叶紫檀手串' });
    expect(within(line('小叶紫檀手串')).getByText('8mm / 108颗')).toBeTruthy();
    expect(within(line('小叶紫檀手串')).getByRole('spinbutton').getAttribute('aria-valuenow')).toBe('2');
    expect(within(line('沉香线香')).getByText('仅剩 8 件')).toBeTruthy();
    expect(total()).toBe('¥295.01');
    expect(screen.getByRole('button', { name: '结算(3)' })).toBeTruthy();
    expect(tickOf('小叶紫檀手串').checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows a VIP’s line at its 会员价 beside the price, and the server’s total of it', async () => {
    const course = cartItem({
      skuId: 31,
      kind: 'course',
      title: '八字入门二十讲',
      price: 3900,
      listPrice: 4900,
      qty: 1,
    });
    cartServer(cart([course], 3900, 1));
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '八字入门二十讲' });
    expect(textOf(line('八字入门二十讲'))).toContain('¥49.00会员价 ¥39.00');
    expect(total()).toBe('¥39.00');
  });

  it('unticks a line on the server and shows the total it answers', async () => {
    const { changes } = cartServer(cart([bracelet, incense], 29500, 3), () =>
      cart([{ ...bracelet, selected: false }, incense], 3900, 1),
    );
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '小叶紫檀手串' });
    await act(async () => fireEvent.click(tickOf('小叶紫檀手串')));
    await waitFor(() => expect(total()).toBe('¥39.00'));
    expect(changes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/shop/cart/items/11', { selected: false }],
    ]);
    expect(tickOf('小叶紫檀手串').checked).toBe(false);
    expect(screen.getByRole('button', { name: '结算(1)' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement).checked).toBe(false);
  });

  it('全选 ticks every available line that is not ticked', async () => {
    const start = cart(
      [
        { ...bracelet, selected: false },
        { ...incense, selected: false },
      ],
      0,
      0,
    );
    const { changes, state } = cartServer(start, (call) => {
      const skuId = Number(call.path.split('/').pop());
      const items = state.cart.items.map((item) =>
        item.skuId === skuId ? { ...item, selected: true } : item,
      );
      return cart(items, skuId === 11 ? 25600 : 29500, skuId === 11 ? 2 : 3);
    });
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '小叶紫檀手串' });
    expect((screen.getByRole('button', { name: '结算(0)' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: '全选' })));
    await waitFor(() => expect(total()).toBe('¥295.00'));
    expect(changes().map((c) => [c.path, c.body])).toEqual([
      ['/shop/cart/items/11', { selected: true }],
      ['/shop/cart/items/21', { selected: true }],
    ]);
  });

  it('changes the pieces with the stepper, bounded by the stock', async () => {
    const { changes } = cartServer(cart([bracelet, incense], 29500, 3), (call) =>
      cart([bracelet, { ...incense, qty: Number(call.body.qty) }], 33400, 4),
    );
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '沉香线香' });
    const stepper = within(line('沉香线香'));
    expect(stepper.getByRole('spinbutton').getAttribute('aria-valuemax')).toBe('8');
    await act(async () => fireEvent.click(stepper.getByRole('button', { name: '增加' })));
    await waitFor(() => expect(total()).toBe('¥334.00'));
    expect(changes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['PATCH', '/shop/cart/items/21', { qty: 2 }],
    ]);
    expect(stepper.getByRole('spinbutton').getAttribute('aria-valuenow')).toBe('2');
    expect((stepper.getByRole('button', { name: '减少' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says 库存不足 in Chinese when the server refuses more pieces, and shows the server’s cart', async () => {
    const { calls } = cartServer(cart([bracelet], 25600, 2), () => failureAnswer('OutOfStock', 'stock 2'));
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '小叶紫檀手串' });
    await act(async () =>
      fireEvent.click(within(line('小叶紫檀手串')).getByRole('button', { name: '增加' })),
    );
    expect(await screen.findByText(ERROR_MESSAGES_ZH.OutOfStock)).toBeTruthy();
    // The cart is read again and the stepper is back at what the server holds.
    await waitFor(() => expect(calls.filter((c) => c.path === '/shop/cart')).toHaveLength(2));
    expect(within(line('小叶紫檀手串')).getByRole('spinbutton').getAttribute('aria-valuenow')).toBe('2');
    expect(total()).toBe('¥256.00');
  });

  it('deletes a line from its swipe action', async () => {
    const { changes } = cartServer(cart([bracelet, incense], 29500, 3), () => cart([incense], 3900, 1));
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '小叶紫檀手串' });
    await act(async () =>
      fireEvent.click(within(line('小叶紫檀手串')).getByRole('button', { name: '删除' })),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '小叶紫檀手串' })).toBeNull());
    expect(changes().map((c) => [c.method, c.path])).toEqual([['DELETE', '/shop/cart/items/11']]);
    expect(total()).toBe('¥39.00');
  });

  it('deletes the lines marked in 编辑 mode after asking', async () => {
    const gone = cartItem({ skuId: 31, title: '文昌塔', available: false, stock: 0, selected: false });
    const { changes, state } = cartServer(cart([bracelet, incense, gone], 29500, 3), (call) => {
      const skuId = Number(call.path.split('/').pop());
      return cart(
        state.cart.items.filter((item) => item.skuId !== skuId),
        3900,
        1,
      );
    });
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '文昌塔' });
    // Unavailable: not tickable for checkout.
    expect(tickOf('文昌塔').disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '编辑' })));
    expect(screen.queryByRole('button', { name: /结算/ })).toBeNull();
    expect(tickOf('文昌塔').disabled).toBe(false);
    expect(tickOf('小叶紫檀手串').checked).toBe(false);
    await act(async () => fireEvent.click(tickOf('文昌塔')));
    await act(async () => fireEvent.click(tickOf('小叶紫檀手串')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除(2)' })));
    expect(await screen.findByText('确定从购物车删除这 2 种商品吗？')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '文昌塔' })).toBeNull());
    expect(changes().map((c) => [c.method, c.path])).toEqual([
      ['DELETE', '/shop/cart/items/11'],
      ['DELETE', '/shop/cart/items/31'],
    ]);
    expect(screen.getByRole('listitem', { name: '沉香线香' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: '小叶紫檀手串' })).toBeNull();
  });

  it('greys lines that cannot be checked out and says why', async () => {
    const offShelf = cartItem({
      skuId: 41,
      title: '旧款台历',
      available: false,
      stock: 30,
      qty: 1,
      selected: true,
    });
    const short = cartItem({ skuId: 42, title: '平安扣', available: false, stock: 2, qty: 5 });
    const { changes } = cartServer(cart([offShelf, short, incense], 3900, 1), () =>
      cart([offShelf, { ...short, qty: 2, available: true }, incense], 11700, 3),
    );
    renderPage(<CartPage />, { path: paths.cart.path });
    await screen.findByRole('listitem', { name: '旧款台历' });
    expect(within(line('旧款台历')).getByText('已失效')).toBeTruthy();
    expect(tickOf('旧款台历').checked).toBe(false);
    expect(tickOf('旧款台历').disabled).toBe(true);
    expect(within(line('旧款台历')).queryByRole('spinbutton')).toBeNull();
    expect(within(line('平安扣')).getByText('库存不足，仅剩 2 件')).toBeTruthy();
    expect(tickOf('平安扣').disabled).toBe(true);

    await act(async () => fireEvent.click(within(line('平安扣')).getByRole('button', { name: '改为 2 件' })));
    await waitFor(() => expect(total()).toBe('¥117.00'));
    expect(changes().map((c) => [c.path, c.body])).toEqual([['/shop/cart/items/42', { qty: 2 }]]);
    expect(tickOf('平安扣').disabled).toBe(false);
  });

  it('结算 opens checkout with the ticked, available lines', async () => {
    const unticked = cartItem({ skuId: 51, title: '八卦镜', selected: false });
    const offShelf = cartItem({ skuId: 52, title: '旧款台历', available: false, selected: true });
    cartServer(cart([bracelet, unticked, offShelf, incense], 29500, 3));
    const { here } = renderPage(<CartPage />, { path: paths.cart.path });
    const checkout = await screen.findByRole('button', { name: '结算(3)' });
    await act(async () => fireEvent.click(checkout));
    expect(here()).toBe(`${paths.checkout.path}?items=11x2,21x1&from=cart`);
  });

  it('says an empty cart is empty and 去逛逛 opens the shop', async () => {
    cartServer(cart([], 0, 0));
    const { here } = renderPage(<CartPage />, { path: paths.cart.path });
    expect(await screen.findByText('购物车是空的')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去逛逛' }));
    expect(here()).toBe(paths.shop.path);
  });
});
