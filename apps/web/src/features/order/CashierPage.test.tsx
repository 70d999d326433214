/**
 * The sandbox cashier (pages/shop/pay): marked as a simulation, the amount, the order number and the
 * time left, and the two answers it sends before opening the order page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { SandboxComplete } from '@xuanli/contracts/pay';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { installFakeApi, pageTests, renderPage } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import CashierPage from './CashierPage';
import { ORDER_NO, orderDetail } from './testing';

const CASHIER = paths.pay.getHref({ orderNo: ORDER_NO, outTradeNo: 'SBX0001' });

function server(status: SandboxComplete['status']) {
  return installFakeApi((call) => {
    if (call.method === 'GET' && call.path === `/shop/orders/${ORDER_NO}`)
      return okAnswer(
        orderDetail({ total: 29400, payDeadline: new Date(Date.now() + (14 * 60 + 5) * 1000).toISOString() }),
      );
    if (call.path === `/pay/sandbox/${ORDER_NO}/complete`)
      return okAnswer<SandboxComplete>({ orderNo: ORDER_NO, status });
    return undefined;
  });
}

pageTests({ loggedIn: true });

describe('CashierPage (pages/shop/pay)', () => {
  it('says it is a simulation and shows the amount, the order number and the time left', async () => {
    server('paid');
    renderPage(<CashierPage />, { path: CASHIER });
    expect(await screen.findByText('¥294.00')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('模拟支付（开发环境，不会扣款）');
    expect(screen.getByText(ORDER_NO)).toBeTruthy();
    expect(screen.getByText('剩余支付时间')).toBeTruthy();
    expect(screen.getByText(/^14:0[45]$/)).toBeTruthy();
  });

  it('确认支付 completes the sandbox payment with success, then opens the order', async () => {
    const calls = server('paid');
    const { here } = renderPage(<CashierPage />, { path: CASHIER });
    fireEvent.click(await screen.findByRole('button', { name: '确认支付' }));
    await waitFor(() => expect(here()).toBe(`${paths.order.path}?orderNo=${ORDER_NO}`));
    expect(calls.find((c) => c.path === `/pay/sandbox/${ORDER_NO}/complete`)?.body).toEqual({
      outTradeNo: 'SBX0001',
      result: 'success',
    });
  });

  it('支付失败 sends fail and leaves the order payable', async () => {
    const calls = server('pending');
    const { here } = renderPage(<CashierPage />, { path: CASHIER });
    fireEvent.click(await screen.findByRole('button', { name: '支付失败' }));
    await waitFor(() => expect(here()).toBe(`${paths.order.path}?orderNo=${ORDER_NO}`));
    expect(calls.find((c) => c.path === `/pay/sandbox/${ORDER_NO}/complete`)?.body).toEqual({
      outTradeNo: 'SBX0001',
      result: 'fail',
    });
    expect(await screen.findByText('支付未完成，订单仍可在有效期内继续支付')).toBeTruthy();
  });

  it('offers no payment for an order that is no longer pending', async () => {
    installFakeApi((call) =>
      call.path === `/shop/orders/${ORDER_NO}` ? okAnswer(orderDetail({ status: 'cancelled' })) : undefined,
    );
    renderPage(<CashierPage />, { path: CASHIER });
    expect(await screen.findByText('这个订单已不需要支付。')).toBeTruthy();
    expect(screen.getByText('已取消')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认支付' })).toBeNull();
  });
});
