/**
 * My orders (pages/user/orders): the tabs kept in the query string and sent as `status`, each card's
 * facts and the actions of its state, paging and the empty state of a tab.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderList } from '@xuanli/contracts/shop';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { answerDialog, installFakeApi, pageTests, renderPage, resetSession } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import OrdersPage from './OrdersPage';
import { ORDER_NO, orderDetail, orderItem, orderSummary, sandboxChannels, sandboxStart } from './testing';

/** Answers `GET shop/orders` with `list` (whatever the status asked) and the order actions. */
function server(list: OrderList['list'], total = list.length) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/shop/orders') return okAnswer<OrderList>({ list, total });
    if (call.path === '/pay/channels') return okAnswer(sandboxChannels());
    if (call.path === `/shop/orders/${ORDER_NO}/pay`) return okAnswer(sandboxStart());
    if (call.path === `/shop/orders/${ORDER_NO}/cancel`)
      return okAnswer(orderDetail({ status: 'cancelled' }));
    if (call.path === `/shop/orders/${ORDER_NO}/confirm`) return okAnswer(orderDetail({ status: 'done' }));
    return undefined;
  });
}

pageTests({ loggedIn: true });

describe('OrdersPage (pages/user/orders)', () => {
  it('opens on the tab of the query string and asks the server for that status', async () => {
    const calls = server([]);
    const { here } = renderPage(<OrdersPage />, { path: paths.orders.getHref({ status: 'paid' }) });
    expect(screen.getByRole('tab', { name: '待发货' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('没有待发货的订单')).toBeTruthy();
    expect(calls[0]?.query).toEqual({ status: 'paid', page: '1', size: '10' });

    fireEvent.click(screen.getByRole('tab', { name: '待收货' }));
    expect(here()).toBe(paths.orders.getHref({ status: 'shipped' }));
    expect(await screen.findByText('没有待收货的订单')).toBeTruthy();
    expect(calls.at(-1)?.query).toEqual({ status: 'shipped', page: '1', size: '10' });

    fireEvent.click(screen.getByRole('tab', { name: '退款' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ status: 'refunding', page: '1', size: '10' }));

    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(here()).toBe(paths.orders.path);
    expect(await screen.findByText('还没有订单')).toBeTruthy();
    expect(calls.at(-1)?.query).toEqual({ page: '1', size: '10' });
  });

  it('shows each order with its number, status, lines and 实付, and opens its page', async () => {
    server([
      orderSummary({
        orderNo: '20260501090000000001',
        status: 'paid',
        items: [orderItem({ qty: 2 }), orderItem({ skuId: 13, title: '五帝钱挂件', skuTitle: '默认' })],
        total: 31800,
      }),
    ]);
    const { here } = renderPage(<OrdersPage />, { path: paths.orders.path });
    const card = await screen.findByRole('article', { name: '订单 20260501090000000001' });
    expect(within(card).getByText('已支付')).toBeTruthy();
    expect(within(card).getByText('订单号 20260501090000000001')).toBeTruthy();
    expect(within(card).getByText('五帝钱挂件')).toBeTruthy();
    expect(within(card).getByText('8mm / 108颗')).toBeTruthy();
    expect(within(card).getByText('共 3 件')).toBeTruthy();
    expect(within(card).getByText('¥318.00')).toBeTruthy();
    // A paid order has nothing to pay or confirm.
    expect(within(card).queryByRole('button', { name: '去支付' })).toBeNull();
    expect(within(card).queryByRole('button', { name: '确认收货' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '查看详情' }));
    expect(here()).toBe(paths.order.getHref({ orderNo: '20260501090000000001' }));
  });

  it('shows a partly refunded order as 部分退款 with what came back', async () => {
    server([
      orderSummary({
        orderNo: '20260501090000000002',
        status: 'partially_refunded',
        items: [orderItem({ refunded: true }), orderItem({ skuId: 13, title: '五帝钱挂件', price: 3800 })],
        total: 16600,
        refundedAmount: 12800,
      }),
    ]);
    renderPage(<OrdersPage />, { path: paths.orders.path });
    const card = await screen.findByRole('article', { name: '订单 20260501090000000002' });
    expect(within(card).getByText('部分退款')).toBeTruthy();
    expect(within(card).getByText('已退款 ¥128.00')).toBeTruthy();
    expect(within(card).getAllByText('已退款')).toHaveLength(1);
  });

  it('cancels a pending order only after the buyer confirms', async () => {
    const calls = server([orderSummary()]);
    renderPage(<OrdersPage />, { path: paths.orders.path });
    const card = await screen.findByRole('article', { name: `订单 ${ORDER_NO}` });
    fireEvent.click(within(card).getByRole('button', { name: '取消订单' }));
    await answerDialog('再想想');
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: '取消订单' }));
    await answerDialog('取消订单');
    await waitFor(() => expect(calls.some((c) => c.path === `/shop/orders/${ORDER_NO}/cancel`)).toBe(true));
    expect(await screen.findByText('订单已取消')).toBeTruthy();
  });

  it('pays a pending order through the channel sheet, then opens the cashier on top of the list', async () => {
    const calls = server([orderSummary({ total: 12800 })]);
    const { here } = renderPage(<OrdersPage />, { path: paths.orders.path });
    const card = await screen.findByRole('article', { name: `订单 ${ORDER_NO}` });
    fireEvent.click(within(card).getByRole('button', { name: '去支付' }));
    const sheet = await screen.findByRole('dialog', { name: '选择支付方式' });
    expect(within(sheet).getByText('¥128.00')).toBeTruthy();
    await waitFor(() =>
      expect(within(sheet).getByRole('radio', { name: '模拟支付（开发环境）' })).toHaveProperty(
        'checked',
        true,
      ),
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(here()).toBe(`${paths.pay.path}?orderNo=${ORDER_NO}&outTradeNo=SBX0001`));
    expect(calls.find((c) => c.path.endsWith('/pay'))?.body).toMatchObject({ channel: 'sandbox' });
  });

  it('confirms receipt of a shipped order after asking', async () => {
    const calls = server([orderSummary({ status: 'shipped' })]);
    renderPage(<OrdersPage />, { path: paths.orders.getHref({ status: 'shipped' }) });
    const card = await screen.findByRole('article', { name: `订单 ${ORDER_NO}` });
    expect(within(card).queryByRole('button', { name: '去支付' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: '确认收货' }));
    await answerDialog('确认收货');
    await waitFor(() => expect(calls.some((c) => c.path === `/shop/orders/${ORDER_NO}/confirm`)).toBe(true));
  });

  it('loads the next page while fewer orders show than the total', async () => {
    const page1 = Array.from({ length: 10 }, (_, i) =>
      orderSummary({ orderNo: `2026050109000000${String(i).padStart(4, '0')}` }),
    );
    const page2 = [orderSummary({ orderNo: '20260501080000009999' })];
    const calls = installFakeApi((call) =>
      call.path === '/shop/orders'
        ? okAnswer<OrderList>({ list: call.query.page === '2' ? page2 : page1, total: 11 })
        : undefined,
    );
    // jsdom lays nothing out; InfiniteScroll only looks at elements that are (it checks offsetParent).
    vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    renderPage(<OrdersPage />, { path: paths.orders.path });
    expect(await screen.findByRole('article', { name: '订单 20260501080000009999' })).toBeTruthy();
    expect(calls.map((c) => c.query.page)).toEqual(['1', '2']);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('asks a visitor to log in and asks the server nothing', () => {
    resetSession();
    const calls = server([]);
    renderPage(<OrdersPage />, { path: paths.orders.path });
    expect(screen.getByText('登录后才能查看我的订单')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
