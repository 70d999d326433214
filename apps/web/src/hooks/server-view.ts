import type { HolidayTable } from '@xuanli/almanac/holidayTable';
import { createContext } from 'react';

/**
 * What the server renders the calendar's first view with (src/entry-server.tsx): its own Beijing day
 * (the API's clock, not this process's) and the holiday table operators entered. In the browser there
 * is no provider and the hooks read the phone's clock and the kept table, which the page's first
 * paint check (src/app/first-paint.js) has found equal to these before the app takes the view over.
 */
export interface ServerView {
  today: string;
  holidays: HolidayTable | undefined;
}

/** Provided only by the server-side render; null in the browser. */
export const ServerViewContext = createContext<ServerView | null>(null);
