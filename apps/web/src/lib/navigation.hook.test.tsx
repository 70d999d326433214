import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HashRouter, type Location, useLocation, useNavigationType } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useNavigation } from './navigation';

let location: Location | undefined;
let action = '';

function Buttons() {
  const nav = useNavigation();
  location = useLocation();
  action = useNavigationType();
  return (
    <>
      <button type="button" onClick={() => nav.navigate('pages/index/day')}>
        navigate
      </button>
      <button type="button" onClick={() => nav.navigate('pages/user/index')}>
        tab
      </button>
      <button type="button" onClick={() => nav.navigate('https://example.com')}>
        external
      </button>
      <button type="button" onClick={() => nav.back()}>
        back
      </button>
    </>
  );
}

function renderInHashRouter() {
  render(
    <HashRouter>
      <Buttons />
    </HashRouter>,
  );
}

describe('useNavigation in the hash router', () => {
  it('pushes pages, switches tabs by replacing, opens urls in the webview and goes back', async () => {
    window.history.replaceState(null, '', '/xuanli/#/pages/index/index');
    renderInHashRouter();
    const user = userEvent.setup();
    const current = () => `${location?.pathname}${location?.search}`;

    await user.click(screen.getByRole('button', { name: 'navigate' }));
    expect(window.location.hash).toBe('#/pages/index/day');
    expect(action).toBe('PUSH');

    await user.click(screen.getByRole('button', { name: 'tab' }));
    expect(current()).toBe('/pages/user/index');
    expect(action).toBe('REPLACE');

    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(current()).toBe('/pages/index/index'));

    await user.click(screen.getByRole('button', { name: 'external' }));
    expect(current()).toBe(`/pages/webview/index?url=${encodeURIComponent('https://example.com')}`);
  });

  it('goes to the root on back when the app was opened on this page', async () => {
    window.history.replaceState(null, '', '/xuanli/#/pages/ketang/show?id=3');
    renderInHashRouter();
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(location?.pathname).toBe('/pages/index/index');
    expect(window.location.hash).toBe('#/pages/index/index');
  });
});
