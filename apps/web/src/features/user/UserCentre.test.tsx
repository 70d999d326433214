import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderPage, resetSession } from '@/testing/app-harness';
import UserCentre, { USER_CENTRE_PAGES } from './UserCentre';

afterEach(() => resetSession());

describe('UserCentre', () => {
  it('has a page for each of the ten user-centre routes', () => {
    expect(Object.keys(USER_CENTRE_PAGES).sort()).toEqual(
      [
        paths.user,
        paths.login,
        paths.profile,
        paths.setting,
        paths.myclass,
        paths.theme,
        paths.fuli,
        paths.feedback,
        paths.password,
        paths.bindPhone,
      ]
        .map((p) => p.path)
        .sort(),
    );
  });

  it('shows the page of the current path', () => {
    renderPage(<UserCentre />, { path: paths.theme.path });
    expect(screen.getByRole('heading', { name: '主题颜色' })).toBeTruthy();
  });

  it('shows the login page at pages/user/login', () => {
    renderPage(<UserCentre />, { path: paths.login.path });
    expect(screen.getByRole('heading', { name: '欢迎来到中华玄历' })).toBeTruthy();
  });
});
