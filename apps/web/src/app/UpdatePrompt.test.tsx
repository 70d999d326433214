import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, setUpdateWaiting } from '@/lib/pwa';
import { reloadPage } from '@/lib/reload-page';
import { UpdatePrompt } from './UpdatePrompt';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

/** A service-worker container whose registration has a new build installed and waiting. */
function fakeServiceWorkers() {
  const waiting = { postMessage: vi.fn() };
  const listeners = new Map<string, () => void>();
  const registration = {
    waiting,
    installing: null,
    addEventListener: vi.fn(),
    update: vi.fn(async () => {}),
  };
  const container = {
    controller: {},
    register: vi.fn(async () => registration),
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, waiting, listeners };
}

afterEach(() => {
  setUpdateWaiting(false);
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('UpdatePrompt', () => {
  it('shows nothing until a new build waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('button')).toBeNull();
    act(() => setUpdateWaiting(true));
    expect(screen.getByRole('button', { name: '有新版本，点击刷新' })).toBeTruthy();
  });

  it('registers sw.js under the base, offers the waiting build, and on a tap activates it and reloads', async () => {
    const { container, waiting, listeners } = fakeServiceWorkers();
    render(<UpdatePrompt />);
    registerServiceWorker('/xuanli/');
    const button = await screen.findByRole('button', { name: '有新版本，点击刷新' }, { timeout: 3000 });
    expect(container.register).toHaveBeenCalledWith('/xuanli/sw.js', { scope: '/xuanli/' });

    await userEvent.setup().click(button);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(screen.queryByRole('button')).toBeNull();
    // The page reloads only once the new worker has taken over.
    expect(reloadPage).not.toHaveBeenCalled();
    listeners.get('controllerchange')?.();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
