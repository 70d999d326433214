/**
 * The order page (pages/user/order) in each state: the countdown and 去支付 / 取消订单 of an unpaid
 * order, tracking and 确认收货, the refund request, the master's card of a consultation, 去学习 of a
 * course, the order's facts and history, and an order that cannot be found.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Master } from '@xuanli/contracts/content';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { OrderDetail } from '@xuanli/contracts/shop';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { type ApiCall, answerDialog, installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import OrderPage from './OrderPage';
import { ORDER_NO, orderDetail, orderItem, sandboxChannels, sandboxStart } from './testing';

const PAGE = paths.order.getHref({ orderNo: ORDER_NO });

/** Serves `order` and answers each action with `after` (the order in its next state). */
function server(
  order: OrderDetail,
  after: Partial<Record<'cancel' | 'confirm' | 'refund', OrderDetail>> = {},
) {
  return installFakeApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === `/shop/orders/${ORDER_NO}`) return okAnswer(order);
    for (const action of ['cancel', 'confirm', 'refund'] as const) {
      if (call.path === `/shop/orders/${ORDER_NO}/${action}`) {
        const next = after[action];
        return next ? okAnswer(next) : failureAnswer('OrderStateConflict', 'order is not in that state');
      }
    }
    if (call.path === '/pay/channels') return okAnswer(sandboxChannels());
    if (call.path === `/shop/orders/${ORDER_NO}/pay`) return okAnswer(sandboxStart());
    return undefined;
  });
}

const banner = () => screen.getByRole('region', { name: '订单状态' });

pageTests({ loggedIn: true });
afterEach(() => vi.useRealTimers());

describe('OrderPage (pages/user/order): an unpaid order', () => {
  it('counts down the time left to pay, second by second', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-01T02:30:00Z'));
    server(orderDetail({ payDeadline: '2026-05-01T02:44:59Z' }));
    renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByText('14:59')).toBeTruthy();
    expect(within(banner()).getByRole('heading', { name: '待支付' })).toBeTruthy();
    expect(within(banner()).getByRole('timer').textContent).toBe('剩余支付时间 14:59');
    await act(async () => vi.advanceTimersByTime(61_000));
    expect(within(banner()).getByRole('timer').textContent).toBe('剩余支付时间 13:58');
  });

  it('says the time is up at the deadline and asks the server again', async () => {
    const calls = server(orderDetail({ payDeadline: new Date(Date.now() - 1000).toISOString() }));
    renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByText('支付已超时，订单将自动取消')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === `/shop/orders/${ORDER_NO}`).length).toBe(2));
  });

  it('cancels only after the buyer confirms, and shows the cancelled order', async () => {
    const cancelled = orderDetail({
      status: 'cancelled',
      timeline: [
        { status: 'pending', at: '2026-05-01T02:30:00Z', note: '' },
        { status: 'cancelled', at: '2026-05-01T02:35:00Z', note: '买家取消' },
      ],
    });
    const calls = server(orderDetail(), { cancel: cancelled });
    renderPage(<OrderPage />, { path: PAGE });
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    expect(await screen.findByText('确定要取消这个订单吗？取消后商品将不再为您保留。')).toBeTruthy();
    await answerDialog('取消订单');
    await waitFor(() => expect(within(banner()).getByRole('heading', { name: '已取消' })).toBeTruthy());
    expect(calls.filter((c) => c.path.endsWith('/cancel'))).toHaveLength(1);
    expect(within(banner()).getByText('买家取消')).toBeTruthy();
    // A cancelled order can be bought again, not paid.
    expect(screen.queryByRole('button', { name: '去支付' })).toBeNull();
    expect(screen.getByRole('button', { name: '再次购买' })).toBeTruthy();
  });

  it('pays through the channel sheet and opens the sandbox cashier', async () => {
    const calls = server(orderDetail({ total: 12800 }));
    const { here } = renderPage(<OrderPage />, { path: PAGE });
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    const sheet = await screen.findByRole('dialog', { name: '选择支付方式' });
    await waitFor(() =>
      expect(within(sheet).getByRole('radio', { name: '模拟支付（开发环境）' })).toBeTruthy(),
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(here()).toBe(`${paths.pay.path}?orderNo=${ORDER_NO}&outTradeNo=SBX0001`));
    expect(calls.find((c) => c.path.endsWith('/pay'))?.body).toMatchObject({
      channel: 'sandbox',
      scene: 'desktop',
    });
  });

  it('keeps a refused payment start in the sheet with its reason, for another try', async () => {
    installFakeApi((call) => {
      if (call.path === `/shop/orders/${ORDER_NO}`) return okAnswer(orderDetail());
      if (call.path === '/pay/channels') return okAnswer(sandboxChannels());
      if (call.path.endsWith('/pay')) return failureAnswer('PaymentChannelError', 'provider down');
      return undefined;
    });
    renderPage(<OrderPage />, { path: PAGE });
    fireEvent.click(await screen.findByRole('button', { name: '去支付' }));
    const sheet = await screen.findByRole('dialog', { name: '选择支付方式' });
    await waitFor(() =>
      expect(within(sheet).getByRole('button', { name: '确认支付' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '确认支付' }));
    expect(await within(sheet).findByRole('alert')).toHaveProperty(
      'textContent',
      ERROR_MESSAGES_ZH.PaymentChannelError,
    );
  });
});

describe('OrderPage (pages/user/order): after payment', () => {
  it('shows a shipped order with its tracking number to copy, and confirms receipt after asking', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const shipped = orderDetail({
      status: 'shipped',
      tracking: '顺丰 SF1234567890',
      paidAt: '2026-05-01T02:31:00Z',
    });
    const calls = server(shipped, { confirm: orderDetail({ status: 'done' }) });
    renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByText('顺丰 SF1234567890')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制物流单号' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('SF1234567890'));
    expect(screen.queryByRole('button', { name: '申请退款' })).toBeNull();

    const bar = screen.getByRole('contentinfo');
    fireEvent.click(within(bar).getByRole('button', { name: '确认收货' }));
    await answerDialog('还没收到');
    expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);
    fireEvent.click(within(bar).getByRole('button', { name: '确认收货' }));
    await answerDialog('确认收货');
    await waitFor(() => expect(within(banner()).getByRole('heading', { name: '已完成' })).toBeTruthy());
    expect(calls.filter((c) => c.path.endsWith('/confirm'))).toHaveLength(1);
  });

  it('sends a refund request with the picked reason and the buyer’s words', async () => {
    const paid = orderDetail({ status: 'paid', paidAt: '2026-05-01T02:31:00Z', payChannel: 'sandbox' });
    const calls = server(paid, {
      refund: orderDetail({ status: 'refunding', refundReason: '拍错了或多拍了：颜色选错了' }),
    });
    renderPage(<OrderPage />, { path: PAGE });
    fireEvent.click(await screen.findByRole('button', { name: '申请退款' }));
    const sheet = await screen.findByRole('dialog', { name: '申请退款' });
    fireEvent.click(within(sheet).getByRole('button', { name: '提交申请' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('请选择退款原因');
    expect(calls.some((c) => c.path.endsWith('/refund'))).toBe(false);

    fireEvent.click(within(sheet).getByRole('radio', { name: '拍错了或多拍了' }));
    fireEvent.change(within(sheet).getByLabelText('补充说明（选填）'), { target: { value: ' 颜色选错了 ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(within(banner()).getByRole('heading', { name: '退款中' })).toBeTruthy());
    expect(calls.find((c) => c.path === `/shop/orders/${ORDER_NO}/refund`)?.body).toEqual({
      reason: '拍错了或多拍了：颜色选错了',
    });
    expect(within(banner()).getByText('退款审核中，审核通过后款项将原路退回')).toBeTruthy();
    expect(screen.getByText('拍错了或多拍了：颜色选错了')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请退款' })).toBeNull();
  });

  it('shows a partly refunded order as 部分退款 with what came back, the line given back, and its tracking', async () => {
    server(
      orderDetail({
        status: 'partially_refunded',
        items: [orderItem({ refunded: true }), orderItem({ skuId: 13, title: '五帝钱挂件', price: 3800 })],
        goodsTotal: 16600,
        shipping: 0,
        total: 16600,
        refundedAmount: 12800,
        paidAt: '2026-05-01T02:31:00Z',
        tracking: '顺丰 SF1234567890',
      }),
    );
    renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByRole('heading', { name: '部分退款' })).toBeTruthy();
    expect(within(banner()).getByText('已退款 ¥128.00，部分款项已原路退回')).toBeTruthy();
    expect(within(banner()).getByText('顺丰 SF1234567890')).toBeTruthy();
    const lines = screen.getByRole('list', { name: '商品' });
    const [given, kept] = within(lines).getAllByRole('listitem');
    expect(within(given!).getByText('已退款')).toBeTruthy();
    expect(within(kept!).queryByText('已退款')).toBeNull();
    const amounts = screen.getByLabelText('金额');
    expect(within(amounts).getByText('已退款').nextElementSibling?.textContent).toBe('¥128.00');
    // The buyer's own request is for a paid order only; the rest is the shop's to refund.
    expect(screen.queryByRole('button', { name: '申请退款' })).toBeNull();
  });

  it('still opens a course a partial refund did not give back', async () => {
    installFakeApi((call) =>
      call.path === `/shop/orders/${ORDER_NO}`
        ? okAnswer(
            orderDetail({
              status: 'partially_refunded',
              address: null,
              refundedAmount: 9900,
              items: [
                orderItem({ kind: 'course', title: '风水入门', courseId: 'fengshui-1', refunded: true }),
                orderItem({ skuId: 13, kind: 'course', title: '八字入门十二讲', courseId: 'bazi-101' }),
              ],
            }),
          )
        : undefined,
    );
    renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByRole('button', { name: '去学习' })).toBeTruthy();
  });

  it('shows the master’s card for a paid consultation, fetched by the line’s sellid', async () => {
    const master: Master = {
      sellid: 3,
      avatar: '',
      nickname: '玄清师傅',
      intro: '擅长八字与择日',
      wx: 'xuanqing88',
      qrcode: '',
    };
    useSession.setState({ dashi: null });
    const calls = installFakeApi((call) => {
      if (call.path === `/shop/orders/${ORDER_NO}`)
        return okAnswer(
          orderDetail({
            status: 'done',
            address: null,
            items: [orderItem({ kind: 'service', title: '八字详批', sellid: '3' })],
          }),
        );
      if (call.path === '/crm/dashi') return okAnswer(master);
      return undefined;
    });
    renderPage(<OrderPage />, { path: PAGE });
    const card = await screen.findByRole('article', { name: '玄清师傅' });
    expect(within(card).getByText('xuanqing88')).toBeTruthy();
    expect(calls.find((c) => c.path === '/crm/dashi')?.query).toEqual({ sellid: '3' });
    expect(screen.queryByRole('region', { name: '收货地址' })).toBeNull();
    expect(screen.getByText('无需配送')).toBeTruthy();
  });

  it('leads a paid course to its page with 去学习 instead of 再次购买', async () => {
    installFakeApi((call) =>
      call.path === `/shop/orders/${ORDER_NO}`
        ? okAnswer(
            orderDetail({
              status: 'done',
              address: null,
              items: [orderItem({ kind: 'course', title: '八字入门十二讲', courseId: 'bazi-101' })],
            }),
          )
        : undefined,
    );
    const { here } = renderPage(<OrderPage />, { path: PAGE });
    fireEvent.click(await screen.findByRole('button', { name: '去学习' }));
    expect(screen.queryByRole('button', { name: '再次购买' })).toBeNull();
    expect(here()).toBe(paths.courseShow.getHref({ id: 'bazi-101' }));
  });

  it('leads an order of several courses to 我的课程, and a refunded course order to 再次购买', async () => {
    const order = orderDetail({
      status: 'paid',
      address: null,
      items: [
        orderItem({ kind: 'course', title: '八字入门十二讲', courseId: 'bazi-101' }),
        orderItem({ skuId: 13, kind: 'course', title: '风水入门', courseId: 'fengshui-1' }),
      ],
    });
    installFakeApi((call) => (call.path === `/shop/orders/${ORDER_NO}` ? okAnswer(order) : undefined));
    const { here, unmount } = renderPage(<OrderPage />, { path: PAGE });
    fireEvent.click(await screen.findByRole('button', { name: '去学习' }));
    expect(here()).toBe(paths.myclass.path);
    unmount();

    installFakeApi((call) =>
      call.path === `/shop/orders/${ORDER_NO}`
        ? okAnswer({
            ...order,
            status: 'refunded',
            items: order.items.map((line) => ({ ...line, refunded: true })),
          })
        : undefined,
    );
    renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByRole('button', { name: '再次购买' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去学习' })).toBeNull();
  });

  it('lists the order’s facts, its history latest first, and buys the same lines again', async () => {
    server(
      orderDetail({
        status: 'done',
        items: [orderItem({ qty: 2 }), orderItem({ skuId: 13, title: '五帝钱挂件', price: 3800 })],
        goodsTotal: 29400,
        shipping: 0,
        total: 29400,
        createdAt: '2026-05-01T02:30:00Z',
        paidAt: '2026-05-01T02:31:05Z',
        payChannel: 'wechat',
        remark: '请用礼盒包装',
        timeline: [
          { status: 'pending', at: '2026-05-01T02:30:00Z', note: '' },
          { status: 'paid', at: '2026-05-01T02:31:05Z', note: '' },
          { status: 'shipped', at: '2026-05-02T01:00:00Z', note: '顺丰 SF1234567890' },
          { status: 'done', at: '2026-05-04T01:00:00Z', note: '' },
        ],
      }),
    );
    const { here } = renderPage(<OrderPage />, { path: PAGE });
    const info = await screen.findByRole('region', { name: '订单信息' });
    expect(within(info).getByText(ORDER_NO)).toBeTruthy();
    expect(within(info).getByText('2026-05-01 10:30:00')).toBeTruthy();
    expect(within(info).getByText('微信支付')).toBeTruthy();
    expect(within(info).getByText('2026-05-01 10:31:05')).toBeTruthy();
    expect(within(info).getByText('请用礼盒包装')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '收货地址' })).getByText('138****8000')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: '订单进度' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '已完成2026-05-04 09:00:00',
      '已发货顺丰 SF12345678902026-05-02 09:00:00',
      '已支付2026-05-01 10:31:05',
      '待支付2026-05-01 10:30:00',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    fireEvent.click(screen.getByRole('button', { name: '再次购买' }));
    expect(here()).toBe(paths.checkout.getHref({ items: '12x2,13x1' }).replace('%2C', ','));
  });

  it('says clearly when the order cannot be found', async () => {
    installFakeApi(() => failureAnswer('NotFound', 'order not found'));
    const { here } = renderPage(<OrderPage />, { path: PAGE });
    expect(await screen.findByText('没有找到这个订单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看我的订单' }));
    expect(here()).toBe(paths.orders.path);
  });
});
