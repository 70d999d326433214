/**
 * The server-side render of the calendar's first view, built by `vite build --ssr` into
 * dist/.ssr/entry-server.js (never served: dot-folders are not) and loaded by the API at run time
 * (apps/api/src/plugins/spa.ts), which caches each page until the Beijing day or the holiday table
 * changes. It renders the same components the browser renders first — the app on the calendar's route,
 * the engine's month and day card — so the page arrives with today's lunar date and 宜/忌 and the app
 * then hydrates it without drawing anything again (src/app/first-view.ts).
 */
import { holidayTable } from '@xuanli/almanac/holidayTable';
import type { HolidayTable as HolidayTableAnswer } from '@xuanli/contracts/holidays';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createPath, type Navigator, Router } from 'react-router';
import { App } from '@/app/App';
import {
  FIRST_VIEW_OUTLET,
  SERVED_DAY_ATTRIBUTE,
  SERVED_HOLIDAYS_ATTRIBUTE,
  SERVED_HOLIDAYS_ID,
} from '@/app/first-view';
import { paths } from '@/config/paths';
import { ServerViewContext } from '@/hooks/server-view';

/** What a page is rendered for. */
export interface FirstViewInput {
  /** Today in Beijing by the server's clock, 'YYYY-MM-DD'. */
  today: string;
  /** The entered holiday table as `GET /api/calendar/holidays` answers it; null when none is known. */
  holidays: HolidayTableAnswer | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Links as the browser's hash router writes them (`#/pages/suan/index`): hydration keeps the server's
 * attributes, and a tap before the scripts have run must already go to the right page.
 */
const hashNavigator: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go() {},
  push() {},
  replace() {},
};

/** The router of the render: fixed on the calendar's path, as the browser's hash router reads it there. */
function CalendarRouter({ children }: { children?: ReactNode }) {
  return (
    <Router location={paths.calendar.path} navigator={hashNavigator}>
      {children}
    </Router>
  );
}

/** The markup of `#root` for `input`: the app on the calendar route, waiting for its lazy page. */
export async function renderFirstView({ today, holidays }: FirstViewInput): Promise<string> {
  if (!DAY.test(today)) throw new Error(`renderFirstView: today must be YYYY-MM-DD, got ${today}`);
  const view = { today, holidays: holidays ? holidayTable(holidays.years) : undefined };
  const { prelude } = await prerender(
    <StrictMode>
      <ServerViewContext value={view}>
        <App Router={CalendarRouter} />
      </ServerViewContext>
    </StrictMode>,
    // Every boundary in place, however large: React would otherwise move a big one (the page) to the
    // end of the markup with a script to put it back, which the page's CSP does not allow.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/** JSON inside <script>: `<` escaped, so no text in it can end the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * index.html (`template`, as the web build wrote it) with today's calendar in `#root`, the day and the
 * holiday table's version on `<html>`, and the table itself in a JSON element at the start of <head>:
 * the inline first-paint script (src/app/first-paint.js), which runs before the body is parsed, keeps
 * it on the phone when it is newer than the one kept there, so the app's first render uses the table
 * the server rendered with. Throws when the template lacks one of the places.
 */
export async function renderPage(template: string, input: FirstViewInput): Promise<string> {
  if (!template.includes(FIRST_VIEW_OUTLET) || !/<html[\s>]/.test(template) || !template.includes('<head>'))
    throw new Error(`renderPage: the template lacks <html>, <head> or ${FIRST_VIEW_OUTLET} in #root`);
  const markup = await renderFirstView(input);
  const version = input.holidays?.version ?? 0;
  const data = input.holidays
    ? `<script type="application/json" id="${SERVED_HOLIDAYS_ID}">${scriptJson(input.holidays)}</script>`
    : '';
  return template
    .replace(
      /<html(?=[\s>])/,
      `<html ${SERVED_DAY_ATTRIBUTE}="${input.today}" ${SERVED_HOLIDAYS_ATTRIBUTE}="${version}"`,
    )
    .replace('<head>', () => `<head>${data}`)
    .replace(FIRST_VIEW_OUTLET, () => markup);
}
