import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';
import { type MyClassItem, useSession } from '@/stores/session';
import { loginAs, renderPage, resetSession } from '@/testing/app-harness';
import UserPage from './UserPage';
import { beijingDate, vipStatus } from './vip';

/** A purchased course of `crm/ketang/myorder`. */
function purchasedCourse(courseId: string): MyClassItem {
  return {
    courseId,
    title: `课程${courseId}`,
    cover: '',
    orderNo: '20260501103000123456',
    grantedAt: '2026-05-01T02:30:00Z',
  };
}

beforeEach(() => {
  resetSession();
  useDialogs.setState({ name: null, params: {}, used: false });
});
afterEach(() => resetSession());

describe('UserPage (pages/user/index)', () => {
  it('shows a visitor the 登录/注册 card and sends entries that need an account to login, then back', () => {
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    expect(screen.getByRole('region', { name: '未登录' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '我的账号' })).toBeNull();

    fireEvent.click(screen.getByText('我的课程'));
    expect(here()).toBe(`${paths.login.path}?redirect=${paths.myclass.path}`);
  });

  it('opens the login page from the visitor card', () => {
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    fireEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(here()).toBe(paths.login.path);
  });

  it('lets a visitor reach the pages that need no account', () => {
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    fireEvent.click(screen.getByText('主题设置'));
    expect(here()).toBe(paths.theme.path);
  });

  it('shows the member card with the masked phone and the VIP end date in Beijing time', () => {
    loginAs({ nickname: '张三', vip_expire: '2027-01-14T16:30:00.000Z', isVip: true });
    renderPage(<UserPage />, { path: paths.user.path });
    const card = screen.getByRole('region', { name: '我的账号' });
    expect(within(card).getByText('张三')).toBeTruthy();
    expect(within(card).getByText('138****0000')).toBeTruthy();
    expect(within(card).getByText('VIP 至 2027-01-15')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: '开通VIP' })).toBeNull();
    // The avatar falls back to the default picture when there is none (PRODUCT.md#errors).
    expect(within(card).getByRole('img', { name: '头像' }).getAttribute('data-fallback')).toBe('true');
  });

  it('offers 开通VIP to a member without VIP, leading to the benefits', () => {
    loginAs();
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    fireEvent.click(screen.getByRole('button', { name: '开通VIP' }));
    expect(here()).toBe(paths.fuli.path);
  });

  it('opens the entries directly for a member, and the customer-service card through the dialog flag', () => {
    loginAs();
    useSession.getState().setMyclass([purchasedCourse('a'), purchasedCourse('b')]);
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    expect(screen.getByText('2 门')).toBeTruthy();
    fireEvent.click(screen.getByText('意见反馈'));
    expect(here()).toBe(paths.feedback.path);
    fireEvent.click(screen.getByText('在线客服'));
    expect(useDialogs.getState().name).toBe('kefu');
  });
});

describe('UserPage: 我的订单, 购物车 and 收货地址', () => {
  it('opens my orders on the tab of each shortcut, and all of them from 查看全部', () => {
    loginAs();
    const { here } = renderPage(<UserPage />, { path: paths.user.path });
    const shortcuts = screen.getByRole('navigation', { name: '订单状态' });
    for (const [label, status] of [
      ['待支付', 'pending'],
      ['待发货', 'paid'],
      ['待收货', 'shipped'],
      ['退款', 'refunding'],
    ] as const) {
      fireEvent.click(within(shortcuts).getByRole('button', { name: label }));
      expect(here()).toBe(paths.orders.getHref({ status }));
    }
    fireEvent.click(screen.getByText('查看全部'));
    expect(here()).toBe(paths.orders.path);
    fireEvent.click(screen.getByText('收货地址'));
    expect(here()).toBe(paths.address.path);
    fireEvent.click(screen.getByText('购物车'));
    expect(here()).toBe(paths.cart.path);
  });

  it('sends a visitor to login first, then on to the orders of the shortcut', () => {
    const { location } = renderPage(<UserPage />, { path: paths.user.path });
    fireEvent.click(
      within(screen.getByRole('navigation', { name: '订单状态' })).getByRole('button', { name: '待收货' }),
    );
    expect(location()?.pathname).toBe(paths.login.path);
    expect(new URLSearchParams(location()?.search).get('redirect')).toBe(
      paths.orders.getHref({ status: 'shipped' }),
    );
  });
});

describe('vip wording', () => {
  it('is active only while vip_expire is later than now, and names an ended membership', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(vipStatus({ vip_expire: '2027-01-15T00:00:00Z' }, now)).toEqual({
      active: true,
      until: '2027-01-15',
    });
    expect(vipStatus({ vip_expire: '2026-01-15T00:00:00Z' }, now)).toEqual({ active: false, expired: true });
    expect(vipStatus({ vip_expire: null }, now)).toEqual({ active: false, expired: false });
    expect(beijingDate('2026-12-31T16:00:00Z')).toBe('2027-01-01');
    expect(beijingDate('garbage')).toBeNull();
  });
});
