import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { almanacDayBasics } from '@xuanli/almanac/dayBasics';
import type { HolidayTable } from '@xuanli/contracts/holidays';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/App';
import { FIRST_VIEW_OUTLET } from '@/app/first-view';
import { forgetHolidayRefresh, HOLIDAYS_STORAGE_KEY } from '@/lib/holidays';
import { renderFirstView, renderPage } from './entry-server';

/** 2026-11-28 (a Saturday, 农历十月二十) 10:00 in Beijing. */
const NOW = Date.UTC(2026, 10, 28, 2);
const TODAY = '2026-11-28';

/** TEST DATA, made up: an entered day off on 2026-11-28 that no notice ever declared. */
const ENTERED: HolidayTable = {
  version: 7,
  years: [
    {
      year: 2026,
      notices: ['测试用通知（虚构）'],
      updatedAt: '2026-11-01T00:00:00.000Z',
      days: [{ date: TODAY, name: '测试节', offDay: true }],
    },
  ],
};

const TEMPLATE = `<!doctype html><html lang="zh-CN"><head><title>t</title></head><body><div id="root">${FIRST_VIEW_OUTLET}</div></body></html>`;

describe('renderPage', () => {
  it("puts today's card — lunar date, 宜 and 忌 — into the page, with the day and table it used", async () => {
    const day = almanacDayBasics({ year: 2026, month: 11, day: 28 });
    const html = await renderPage(TEMPLATE, { today: TODAY, holidays: null });
    expect(html).toContain('<html data-day="2026-11-28" data-holidays="0" lang="zh-CN">');
    expect(html).toContain(`农历${day.lunar.monthName}${day.lunar.dayName}`);
    for (const word of [...day.yi, ...day.ji]) expect(html).toContain(`>${word}<`);
    expect(html).toContain('2026年11月28日 星期六');
    // No script React would need to finish the page (the CSP allows none), and no table without one.
    expect(html).not.toMatch(/<script/);
    expect(html).not.toContain(FIRST_VIEW_OUTLET);
  });

  it('marks the days of the entered holiday table and carries the table first in <head>', async () => {
    const html = await renderPage(TEMPLATE, { today: TODAY, holidays: ENTERED });
    expect(html).toContain('data-holidays="7"');
    expect(html.slice(html.indexOf('<div id="root">'))).toContain('测试节假期 休');
    const json = /<head><script type="application\/json" id="xl-holidays">(.*?)<\/script><title>/.exec(html);
    expect(JSON.parse(json?.[1] ?? 'null')).toEqual(ENTERED);
  });

  it('escapes < inside the table, so no text of it can end the element', async () => {
    const sneaky = structuredClone(ENTERED);
    sneaky.years[0]!.notices = ['</script><script>alert(1)</script>'];
    const html = await renderPage(TEMPLATE, { today: TODAY, holidays: sneaky });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
  });

  it('links as the hash router does, so a tap before the scripts run opens the right page', async () => {
    const markup = await renderFirstView({ today: TODAY, holidays: null });
    expect(markup).toContain('href="#/pages/suan/index"');
    expect(markup).toContain('href="#/pages/index/day?date=2026-11-28"');
    expect(markup).not.toMatch(/href="\/pages/);
  });

  it('refuses a template without its outlet and a day that is not YYYY-MM-DD', async () => {
    await expect(
      renderPage('<html><head></head><body></body></html>', { today: TODAY, holidays: null }),
    ).rejects.toThrow(/xl-first-view/);
    await expect(renderFirstView({ today: '2026-1-1', holidays: null })).rejects.toThrow(/YYYY-MM-DD/);
  });
});

describe('the browser takes the served calendar over', () => {
  let root: Root | undefined;
  let container: HTMLElement;

  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    localStorage.clear();
    sessionStorage.clear();
    forgetHolidayRefresh();
    // The idle holiday refresh must not answer during the test.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    window.location.hash = '#/pages/index/index';
    container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
    vi.unstubAllGlobals();
  });

  /**
   * Serves the page's #root as the server would, keeps its table as first-paint.js does (its own
   * test covers that), then hydrates as main.tsx does.
   */
  async function hydrateServed(holidays: HolidayTable | null) {
    container.innerHTML = await renderFirstView({ today: TODAY, holidays });
    // React's server renderer leaves the context values of its last task set when it finishes (it is
    // never meant to share a process with react-dom/client); an empty render sets them back.
    await prerender(<div />);
    if (holidays) localStorage.setItem(HOLIDAYS_STORAGE_KEY, JSON.stringify(holidays));
    const served = {
      card: container.querySelector('section[aria-label="当日信息"]'),
      today: container.querySelector('button[aria-current="date"]'),
    };
    expect(served.card).not.toBeNull();
    const recoverable = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });
    // The page's chunk has loaded and hydrated when its buttons answer.
    await waitFor(() => expect(screen.getByRole('button', { name: '下个月' })).toBeTruthy());
    return { served, recoverable };
  }

  it('hydrates the same markup in place: no mismatch, the served nodes stay', async () => {
    const { served, recoverable } = await hydrateServed(null);
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: '当日信息' })).toBe(served.card);
    // The app answers taps on the served markup.
    fireEvent.click(screen.getByRole('button', { name: /^11月30日 / }));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: '当日信息' })).getByRole('heading').textContent).toBe(
        '2026年11月30日 星期一',
      ),
    );
    expect(screen.getByRole('button', { name: /^11月28日 .*今天$/ })).toBe(served.today);
  });

  it('starts with the table the page carries, so an entered holiday hydrates without a mismatch', async () => {
    const { served, recoverable } = await hydrateServed(ENTERED);
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: '当日信息' })).toBe(served.card);
    expect(JSON.parse(localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? 'null')).toEqual(ENTERED);
    expect(screen.getByText(/测试节假期\s*休/)).toBeTruthy();
  });
});
