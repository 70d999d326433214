import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, type PageModule } from '@/lib/lazy-page';
import { reloadPage } from '@/lib/reload-page';
import { PageBoundary } from './PageBoundary';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

/** A page module whose loading the test settles by hand. */
function deferredPage() {
  let resolve!: (module: PageModule) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<PageModule>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The error view shows the page's header, which reads the route: render inside a router at 老黄历. */
function renderAtAlmanac(ui: ReactNode) {
  return render(<MemoryRouter initialEntries={['/pages/index/day']}>{ui}</MemoryRouter>);
}

/** Opens 老黄历 as a lazy page inside the boundary; the test settles its loading with what this returns. */
function openLoadingAlmanac() {
  const load = deferredPage();
  const Page = lazyPage(() => load.promise);
  renderAtAlmanac(
    <PageBoundary>
      <Page />
    </PageBoundary>,
  );
  return load;
}

/** Opens 老黄历 as a lazy page inside the boundary whose code fails to load, as a dropped network does. */
function openFailingAlmanac() {
  const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
  renderAtAlmanac(
    <PageBoundary>
      <Page />
    </PageBoundary>,
  );
}

describe('PageBoundary with a lazy page', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(reloadPage).mockClear();
  });

  it('shows nothing for the first 200 ms, then the page header over a skeleton, then the page', async () => {
    vi.useFakeTimers();
    const load = openLoadingAlmanac();
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    // The reader already sees where they are going, and a way back (not a bare spinner).
    expect(screen.getByRole('heading', { level: 1, name: '老黄历' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    await act(async () => load.resolve({ default: () => <p>页面内容</p> }));
    expect(screen.getByText('页面内容')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives a loading tab page its title and no back button', async () => {
    vi.useFakeTimers();
    const Page = lazyPage(() => deferredPage().promise);
    render(
      <MemoryRouter initialEntries={['/pages/index/index']}>
        <PageBoundary>
          <Page />
        </PageBoundary>
      </MemoryRouter>,
    );
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('heading', { level: 1, name: '中华玄历' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
  });

  it('shows the error view when the chunk fails to load, and reloads the page when tapped', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openFailingAlmanac();
    const retry = await screen.findByRole('button', { name: '页面加载失败，点击重试' });
    // Off the tab bar the error view keeps the header, so an offline reader can still go back.
    expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
    await userEvent.click(retry);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('says a page first opened offline is not on the phone yet, and opens it once the network returns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      openFailingAlmanac();
      expect(await screen.findByText('网络未连接')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe(
        '网络未连接这一页还没有存到手机上，联网后会自动打开',
      );
      expect(screen.queryByText('页面加载失败，点击重试')).toBeNull();
      expect(screen.getByRole('button', { name: '返回' })).toBeTruthy();
      expect(reloadPage).not.toHaveBeenCalled();
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      // The view listens from its effect, which a busy machine may run only after the event: then
      // the effect itself finds the network back.
      await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    } finally {
      onLine.mockRestore();
    }
  });

  it('opens a page that failed offline at once when the network is back before the view shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Offline when the load fails, online again the moment the offline view is in the page — before
    // its effect runs (a mutation observer's callback comes before React's effects).
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('网络未连接')) onLine.mockReturnValue(true);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      openFailingAlmanac();
      expect(await screen.findByText('网络未连接')).toBeTruthy();
      await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    } finally {
      observer.disconnect();
      onLine.mockRestore();
    }
  });

  it('gives up with the error view when loading takes longer than 60 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    openLoadingAlmanac();
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(screen.queryByRole('button', { name: '页面加载失败，点击重试' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: '页面加载失败，点击重试' })).toBeTruthy();
  });
});
