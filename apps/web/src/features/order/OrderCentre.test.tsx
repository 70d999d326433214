import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderPage, resetSession } from '@/testing/app-harness';
import OrderCentre, { ORDER_PAGES } from './OrderCentre';

afterEach(() => resetSession());

describe('OrderCentre', () => {
  it('has a page for each of the seven order routes', () => {
    expect(Object.keys(ORDER_PAGES).sort()).toEqual(
      [paths.checkout, paths.pay, paths.qrpay, paths.orders, paths.order, paths.address, paths.addressEdit]
        .map((p) => p.path)
        .sort(),
    );
  });

  it('shows the page of the current path, each asking a visitor to log in first', () => {
    renderPage(<OrderCentre />, { path: paths.address.path });
    expect(screen.getByText('登录后才能管理收货地址')).toBeTruthy();
  });
});
