/**
 * Checkout (pages/shop/checkout) against a fake API: the server's figures, the address rule for goods,
 * the idempotency key across taps and reloads, and following the payment start.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { OrderCreated } from '@xuanli/contracts/shop';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { type ApiCall, installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import CheckoutPage from './CheckoutPage';
import { address, ORDER_NO, orderLine, preview, sandboxChannels, sandboxStart } from './testing';

const CHECKOUT = paths.checkout.getHref({ items: '12x2,13x1', from: 'cart' });

/** The usual server: one default address, the preview, the sandbox channel, orders and pay starts. */
function server(overrides: (call: ApiCall) => Response | undefined = () => undefined) {
  return installFakeApi((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/shop/addresses') return okAnswer({ list: [address()] });
    if (call.path === '/shop/orders/preview') return okAnswer(preview());
    if (call.path === '/pay/channels') return okAnswer(sandboxChannels());
    if (call.method === 'POST' && call.path === '/shop/orders')
      return okAnswer<OrderCreated>({ orderNo: ORDER_NO, status: 'pending', total: 29400 });
    if (call.path === `/shop/orders/${ORDER_NO}/pay`) return okAnswer(sandboxStart());
    return undefined;
  });
}

const creates = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/shop/orders');

pageTests({ loggedIn: true });
beforeEach(() => sessionStorage.clear());

describe('CheckoutPage (pages/shop/checkout)', () => {
  it('shows the lines and the totals the server computed, never a sum of its own', async () => {
    // 2 × 128 + 38 would be 294 元; the server says otherwise, and the page must say what it says.
    const calls = server((call) =>
      call.path === '/shop/orders/preview'
        ? okAnswer(preview({ goodsTotal: 31000, shipping: 800, total: 31800 }))
        : undefined,
    );
    renderPage(<CheckoutPage />, { path: CHECKOUT });
    const amounts = await screen.findByRole('region', { name: '订单金额' });
    expect(within(amounts).getByText('¥310.00')).toBeTruthy();
    expect(within(amounts).getByText('¥8.00')).toBeTruthy();
    expect(within(amounts).getByText('¥318.00')).toBeTruthy();
    expect(within(amounts).queryByText('¥294.00')).toBeNull();
    expect(within(screen.getByRole('contentinfo')).getByText('¥318.00')).toBeTruthy();
    const lines = screen.getByRole('list', { name: '商品' });
    expect(within(lines).getByText('小叶紫檀手串')).toBeTruthy();
    expect(within(lines).getByText('×2')).toBeTruthy();
    // The default address, its phone half hidden; the preview is asked with it.
    expect(screen.getByText('138****8000')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/shop/orders/preview');
    expect(asked?.body).toEqual({
      items: [
        { skuId: 12, qty: 2 },
        { skuId: 13, qty: 1 },
      ],
      addressId: 1,
    });
    expect(screen.getByRole('radio', { name: '模拟支付（开发环境）' })).toHaveProperty('checked', true);
  });

  it('hides the address for courses and services, which need no shipping', async () => {
    server((call) =>
      call.path === '/shop/orders/preview'
        ? okAnswer(
            preview({
              items: [orderLine({ kind: 'course', title: '八字入门十二讲', courseId: 'bazi-101' })],
              goodsTotal: 19900,
              shipping: 0,
              total: 19900,
              needsAddress: false,
            }),
          )
        : undefined,
    );
    renderPage(<CheckoutPage />, { path: paths.checkout.getHref({ items: '12x1' }) });
    expect(await screen.findByText('无需配送')).toBeTruthy();
    expect(screen.queryByText('收货地址')).toBeNull();
    expect(screen.queryByText('＋ 添加收货地址')).toBeNull();
  });

  it('shows a VIP what 会员价 took off, as the server says', async () => {
    server((call) =>
      call.path === '/shop/orders/preview'
        ? okAnswer(
            preview({
              items: [
                orderLine({ kind: 'course', title: '八字入门二十讲', courseId: 'bazi-rumen', price: 3900 }),
              ],
              goodsTotal: 3900,
              shipping: 0,
              total: 3900,
              vipSaving: 1000,
              needsAddress: false,
            }),
          )
        : undefined,
    );
    renderPage(<CheckoutPage />, { path: paths.checkout.getHref({ items: '12x1' }) });
    const amounts = await screen.findByRole('region', { name: '订单金额' });
    expect(await within(amounts).findByText('会员价已省')).toBeTruthy();
    expect(within(amounts).getByText('¥10.00')).toBeTruthy();
  });

  it('needs an address for goods: the order is not sent, and 添加收货地址 opens the form that comes back', async () => {
    const calls = server((call) =>
      call.method === 'GET' && call.path === '/shop/addresses' ? okAnswer({ list: [] }) : undefined,
    );
    const { location } = renderPage(<CheckoutPage />, { path: CHECKOUT });
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请先添加收货地址');
    expect(creates(calls)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '＋ 添加收货地址' }));
    expect(location()?.pathname).toBe(paths.addressEdit.path);
    expect(new URLSearchParams(location()?.search).get('back')).toBe(CHECKOUT);
  });

  it('sends the items with one idempotency key across a second tap and a reload, then opens the sandbox cashier', async () => {
    let attempts = 0;
    const calls = server((call) => {
      if (call.method === 'POST' && call.path === '/shop/orders' && attempts++ < 2)
        return failureAnswer('Unavailable', 'database unavailable');
      return undefined;
    });
    const first = renderPage(<CheckoutPage />, { path: CHECKOUT });
    const submit = await screen.findByRole('button', { name: '提交订单' });
    fireEvent.change(screen.getByLabelText('买家留言'), { target: { value: '  请用礼盒包装 ' } });
    // Two quick taps send one request.
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(ERROR_MESSAGES_ZH.Unavailable)).toBeTruthy();
    expect(creates(calls)).toHaveLength(1);
    const sent = creates(calls)[0]!.body;
    expect(sent).toMatchObject({
      items: [
        { skuId: 12, qty: 2 },
        { skuId: 13, qty: 1 },
      ],
      addressId: 1,
      remark: '请用礼盒包装',
      fromCart: true,
    });
    expect(sent).not.toHaveProperty('total');
    const key = sent.idempotencyKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // Tapping again after the failure: the same key.
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(creates(calls)).toHaveLength(2));
    expect(creates(calls)[1]!.body.idempotencyKey).toBe(key);

    // A reload of the page: still the same key; this time the order is made and paid in the sandbox.
    first.unmount();
    cleanup();
    const second = renderPage(<CheckoutPage />, { path: CHECKOUT });
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    await waitFor(() =>
      expect(second.here()).toBe(`${paths.pay.path}?orderNo=${ORDER_NO}&outTradeNo=SBX0001`),
    );
    expect(creates(calls)[2]!.body.idempotencyKey).toBe(key);
    const pay = calls.find((c) => c.path === `/shop/orders/${ORDER_NO}/pay`);
    expect(pay?.body).toMatchObject({ channel: 'sandbox', scene: 'desktop' });
    expect(pay?.body.returnUrl).toBe(`${window.location.pathname}#/pages/user/order?orderNo=${ORDER_NO}`);
    // The order exists: the next checkout of these lines is a new order with a new key.
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('checkout-key:'))).toEqual([]);
  });

  it('says 库存不足 beside the button when stock ran out, and asks the figures again', async () => {
    const calls = server((call) =>
      call.method === 'POST' && call.path === '/shop/orders'
        ? failureAnswer('OutOfStock', 'sku 12 out of stock')
        : undefined,
    );
    renderPage(<CheckoutPage />, { path: CHECKOUT });
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', ERROR_MESSAGES_ZH.OutOfStock);
    await waitFor(() => expect(calls.filter((c) => c.path === '/shop/orders/preview')).toHaveLength(2));
  });

  it('says which limit on unpaid orders the buyer reached, in the server’s words', async () => {
    server((call) =>
      call.method === 'POST' && call.path === '/shop/orders'
        ? failureAnswer('UnpaidLimit', '您有 5 笔待支付订单，请先支付或取消后再下单')
        : undefined,
    );
    renderPage(<CheckoutPage />, { path: CHECKOUT });
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      '您有 5 笔待支付订单，请先支付或取消后再下单',
    );
  });

  it('sends the buyer back to the cart when the order is above the shop’s maximum', async () => {
    server((call) =>
      call.path === '/shop/orders/preview'
        ? failureAnswer('OrderTooLarge', '订单金额超过 500000.00 元 的上限，请减少数量或分开下单')
        : undefined,
    );
    const { here } = renderPage(<CheckoutPage />, { path: CHECKOUT });
    expect(await screen.findByText('订单金额超出上限')).toBeTruthy();
    expect(screen.getByText('订单金额超过 500000.00 元 的上限，请减少数量或分开下单')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交订单' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去购物车' }));
    expect(here()).toBe(paths.cart.path);
  });

  it('leaves the order and opens its page when the payment cannot start', async () => {
    server((call) =>
      call.path === `/shop/orders/${ORDER_NO}/pay`
        ? failureAnswer('PaymentChannelError', 'alipay down')
        : undefined,
    );
    const { here } = renderPage(<CheckoutPage />, { path: CHECKOUT });
    fireEvent.click(await screen.findByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(here()).toBe(`${paths.order.path}?orderNo=${ORDER_NO}`));
    expect(await screen.findByText(`订单已提交，${ERROR_MESSAGES_ZH.PaymentChannelError}`)).toBeTruthy();
  });

  it('ships to the address chosen in the address book, and 更换 opens it in select mode', async () => {
    const calls = server((call) =>
      call.method === 'GET' && call.path === '/shop/addresses'
        ? okAnswer({
            list: [address(), address({ id: 2, name: '李四', phone: '13900139000', isDefault: false })],
          })
        : undefined,
    );
    const { location } = renderPage(<CheckoutPage />, { path: `${CHECKOUT}&addressId=2` });
    const card = await screen.findByRole('button', { name: /李四/ });
    expect(within(card).getByText('139****9000')).toBeTruthy();
    // Goods with free shipping.
    expect(within(screen.getByRole('region', { name: '订单金额' })).getByText('包邮')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.path === '/shop/orders/preview')?.body.addressId).toBe(2));
    fireEvent.click(card);
    expect(location()?.pathname).toBe(paths.address.path);
    const query = new URLSearchParams(location()?.search);
    expect(query.get('select')).toBe('1');
    expect(query.get('back')).toBe(CHECKOUT);
  });

  it('sends the buyer back to the cart when a line is off the shelf', async () => {
    server((call) =>
      call.path === '/shop/orders/preview' ? failureAnswer('OutOfStock', 'off shelf') : undefined,
    );
    const { here } = renderPage(<CheckoutPage />, { path: CHECKOUT });
    expect(await screen.findByText('部分商品已下架或库存不足')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交订单' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去购物车' }));
    expect(here()).toBe(paths.cart.path);
  });

  it('refuses a malformed items link with a way back to the cart', () => {
    server();
    const { here } = renderPage(<CheckoutPage />, { path: paths.checkout.getHref({ items: '12x0' }) });
    expect(screen.getByText('没有要结算的商品')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去购物车' }));
    expect(here()).toBe(paths.cart.path);
  });
});
