import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPEARANCE_STORAGE_KEY,
  DEFAULT_THEME_COLOR,
  ELDER_MODE_STORAGE_KEY,
  THEME_STORAGE_KEY,
} from '@/config/theme';
import { SELECTED_KEY } from '@/features/calendar/CalendarPage';
import { GRID_MODE_KEY, SHORT_SCREEN } from '@/features/calendar/grid-mode';
import { WEEK_START_KEY } from '@/features/calendar/week-start';
import { HOLIDAYS_STORAGE_KEY } from '@/lib/holidays';
import {
  BOOT_CLASS,
  CALENDAR_HASH,
  SERVED_DAY_ATTRIBUTE,
  SERVED_HOLIDAYS_ATTRIBUTE,
  SERVED_HOLIDAYS_ID,
} from './first-view';

/** The script as index.html inlines it (minified there; the same statements). */
const SCRIPT = readFileSync(join(import.meta.dirname, 'first-paint.js'), 'utf8');

/** 2026-11-28 23:30 in Beijing (15:30 UTC): late on the served day, still the same day. */
const NOW = Date.UTC(2026, 10, 28, 15, 30);
const SERVED_DAY = '2026-11-28';

const root = document.documentElement;
const set = (key: string, value: unknown, storage: Storage = localStorage) =>
  storage.setItem(key, JSON.stringify(value));

/**
 * Runs the script on a page the server rendered for `day` with holiday table `version`; `table` is
 * the JSON the page carries in <head> (the server puts it there with every entered table).
 */
function firstPaint({ day = SERVED_DAY as string | null, version = 0, table = null as string | null } = {}) {
  if (day) root.setAttribute(SERVED_DAY_ATTRIBUTE, day);
  root.setAttribute(SERVED_HOLIDAYS_ATTRIBUTE, String(version));
  document.getElementById(SERVED_HOLIDAYS_ID)?.remove();
  if (table !== null) {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = SERVED_HOLIDAYS_ID;
    data.textContent = table;
    document.head.append(data);
  }
  new Function(SCRIPT)();
  return { shows: !root.classList.contains(BOOT_CLASS) };
}

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW);
  history.replaceState(null, '', `/xuanli/${CALENDAR_HASH}`);
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 812 });
});

afterEach(() => {
  document.getElementById(SERVED_HOLIDAYS_ID)?.remove();
  for (const name of root.getAttributeNames()) if (name !== 'lang') root.removeAttribute(name);
  root.className = '';
  localStorage.clear();
  sessionStorage.clear();
});

describe('the served calendar', () => {
  it("shows on the calendar's address on the day it was rendered, with the default settings", () => {
    expect(firstPaint().shows).toBe(true);
  });

  it('is hidden when the page is from another Beijing day, e.g. kept by the service worker', () => {
    expect(firstPaint({ day: '2026-11-27' }).shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    // 16:00 UTC is already the 29th in Beijing.
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 28, 16));
    expect(firstPaint().shows).toBe(false);
  });

  it('is hidden when the page came without a rendered calendar', () => {
    expect(firstPaint({ day: null }).shows).toBe(false);
  });

  it('is hidden on another address; the bare address becomes the calendar and shows', () => {
    history.replaceState(null, '', '/xuanli/#/pages/user/index');
    expect(firstPaint().shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    history.replaceState(null, '', `/xuanli/${CALENDAR_HASH}?date=2026-12-01`);
    expect(firstPaint().shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    history.replaceState(null, '', '/xuanli/?from=wx');
    expect(firstPaint().shows).toBe(true);
    expect(location.pathname + location.search + location.hash).toBe(`/xuanli/?from=wx${CALENDAR_HASH}`);
  });

  it('is hidden when the week starts on Sunday', () => {
    set(WEEK_START_KEY, 0);
    expect(firstPaint().shows).toBe(false);
  });

  it('is hidden when the grid is folded to one week, chosen or by a short screen', () => {
    set(GRID_MODE_KEY, 'week');
    expect(firstPaint().shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    localStorage.clear();
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: SHORT_SCREEN - 1 });
    expect(firstPaint().shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    set(GRID_MODE_KEY, 'month');
    expect(firstPaint().shows).toBe(true);
  });

  it('is hidden when another day was selected today; a selection of an earlier day is forgotten', () => {
    set(SELECTED_KEY, { date: '2026-11-30', savedOn: SERVED_DAY }, sessionStorage);
    expect(firstPaint().shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    set(SELECTED_KEY, { date: '2026-11-30', savedOn: '2026-11-27' }, sessionStorage);
    expect(firstPaint().shows).toBe(true);
    set(SELECTED_KEY, { date: SERVED_DAY, savedOn: SERVED_DAY }, sessionStorage);
    expect(firstPaint().shows).toBe(true);
  });

  it('is hidden when the phone keeps a newer holiday table than the page carries', () => {
    set(HOLIDAYS_STORAGE_KEY, { version: 9, years: [] });
    expect(firstPaint({ version: 8 }).shows).toBe(false);
    root.classList.remove(BOOT_CLASS);
    expect(firstPaint({ version: 9 }).shows).toBe(true);
    expect(firstPaint({ version: 10 }).shows).toBe(true);
  });

  it("keeps the page's holiday table when it is newer than the phone's, never an older one", () => {
    const page = (version: number) => ({
      version,
      years: [{ year: 2026, notices: [], updatedAt: '', days: [] }],
    });
    const kept = () => JSON.parse(localStorage.getItem(HOLIDAYS_STORAGE_KEY) ?? 'null');
    expect(firstPaint({ version: 4, table: JSON.stringify(page(4)) }).shows).toBe(true);
    expect(kept()).toEqual(page(4));
    set(HOLIDAYS_STORAGE_KEY, { version: 6, years: [] });
    firstPaint({ version: 5, table: JSON.stringify(page(5)) });
    expect(kept()).toEqual({ version: 6, years: [] });
    // A damaged kept table gives way; a damaged page table changes nothing.
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, '{"version":"x"}');
    firstPaint({ version: 5, table: JSON.stringify(page(5)) });
    expect(kept()).toEqual(page(5));
    firstPaint({ version: 9, table: '{broken' });
    expect(kept()).toEqual(page(5));
  });

  it('does not fail on unreadable storage', () => {
    localStorage.setItem(WEEK_START_KEY, '{broken');
    localStorage.setItem(HOLIDAYS_STORAGE_KEY, 'null');
    expect(firstPaint().shows).toBe(true);
  });
});

describe("the reader's look before the first paint", () => {
  it('applies 长辈模式, the dark appearance and the theme colour as lib/theme.ts does', () => {
    set(ELDER_MODE_STORAGE_KEY, true);
    set(APPEARANCE_STORAGE_KEY, 'dark');
    set(THEME_STORAGE_KEY, '#1d4e89');
    firstPaint();
    expect(root.classList.contains('xl-elder')).toBe(true);
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(root.style.getPropertyValue('--xl-theme')).toBe('#1d4e89');
  });

  it('applies the defaults for missing or invalid settings, the default colour included', () => {
    set(THEME_STORAGE_KEY, 'red; background: url(x)');
    firstPaint();
    expect(root.classList.contains('xl-elder')).toBe(false);
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.style.getPropertyValue('--xl-theme')).toBe(DEFAULT_THEME_COLOR);
    expect(root.style.getPropertyValue('--adm-color-primary')).toBe(DEFAULT_THEME_COLOR);
  });
});
