/**
 * The server's day, for the tests of the calendar rendered into index.html. The API runs on the real
 * clock while the harness fixes the phone's clock at 2024-02-10, so every other test sees a page from
 * "another day" and the app renders the calendar itself; these helpers let the phone agree with the
 * server, and read what the server says today is.
 */
import type { Page } from '@playwright/test';
import { addDays, beijingToday } from '@xuanli/almanac/beijingTime';
import { assert, eventually } from './expect.ts';
import type { TestContext } from './harness.ts';

/** The head of the engine's day JSON (`GET /api/calendar/day`), what the day card shows. */
export interface ServerDay {
  date: string;
  weekday: number;
  lunar: { monthName: string; dayName: string };
  yi: string[];
  ji: string[];
}

/** The day the API answers for `date`, or for today by its own clock when no date is given. */
export async function serverDay(t: TestContext, date?: string): Promise<ServerDay> {
  const url = `${t.server.origin}/api/calendar/day${date ? `?date=${date}` : ''}`;
  const response = await t.context.request.get(url);
  if (!response.ok()) throw new Error(`${url}: HTTP ${response.status()}`);
  return ((await response.json()) as { resData: ServerDay }).resData;
}

/** Sets the phone's clock to the real time, the server's (the harness fixed it at 2024-02-10). */
export async function phoneOnServerTime(t: TestContext, offsetMs = 0): Promise<void> {
  await t.context.clock.setFixedTime(new Date(Date.now() + offsetMs));
}

/** 'YYYY-MM-DD' of the Beijing day `offsetDays` after today by this machine's clock. */
export function beijingDate(offsetDays = 0): string {
  return addDays(beijingToday(Date.now()), offsetDays);
}

/** The card's first line for a day: '2026年11月28日 星期六'. */
export function solarLine(day: ServerDay): string {
  const [year, month, date] = day.date.split('-').map(Number);
  return `${year}年${month}月${date}日 星期${'日一二三四五六'[day.weekday]}`;
}

/** What the page looked like when its HTML had been parsed, before any module script ran. */
export interface ParsedState {
  /** The root class of first-paint.js: the served calendar is hidden, the boot skeleton shows. */
  boot: boolean;
  /** Whether #root (the served calendar) was displayed. */
  rootShown: boolean;
  /** `<html data-day>`: the day the page was rendered for. */
  servedDay: string | null;
}

/**
 * Records, for every page load of `page` from now on, the state at DOMContentLoaded — the inline
 * first-paint script has run, no module script has — and keeps the served day card element, so a test
 * can tell whether the app hydrated it (the same node) or drew its own.
 */
export async function recordParsedState(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      const state = {
        boot: document.documentElement.classList.contains('xl-boot'),
        rootShown: !!root && getComputedStyle(root).display !== 'none',
        servedDay: document.documentElement.getAttribute('data-day'),
      };
      Object.assign(window, {
        __parsed: state,
        __servedCard: document.querySelector('section[aria-label="当日信息"]'),
      });
    });
  });
}

/** The state {@link recordParsedState} recorded for the current page. */
export function parsedState(page: Page): Promise<ParsedState> {
  return eventually(
    'the page was parsed',
    () => page.evaluate(() => (window as unknown as { __parsed?: ParsedState }).__parsed ?? null),
    (state) => state !== null,
  ) as Promise<ParsedState>;
}

/**
 * Whether the day card on screen is the element the server sent, now with React attached to it
 * (hydrated in place), rather than one the app drew anew.
 */
export function servedCardHydrated(page: Page): Promise<{ same: boolean; hydrated: boolean }> {
  return page.evaluate(() => {
    const served = (window as unknown as { __servedCard?: Element | null }).__servedCard ?? null;
    const now = document.querySelector('section[aria-label="当日信息"]');
    return {
      same: served !== null && served === now,
      hydrated: !!now && Object.keys(now).some((key) => key.startsWith('__reactFiber')),
    };
  });
}

/** Waits until the day card on screen is the one the server sent, now hydrated in place by the app. */
export async function expectServedCardHydrated(page: Page): Promise<void> {
  await eventually(
    'the app hydrated the served card',
    () => servedCardHydrated(page),
    (s) => s.same && s.hydrated,
  );
}

/**
 * The page just loaded showed the calendar the server rendered into it (not the boot screen, nothing
 * hidden) and the app then took that calendar over in place.
 */
export async function expectServedCalendarTakenOver(page: Page): Promise<void> {
  const parsed = await parsedState(page);
  assert(!parsed.boot && parsed.rootShown, `the served calendar was hidden: ${JSON.stringify(parsed)}`);
  await expectServedCardHydrated(page);
}
