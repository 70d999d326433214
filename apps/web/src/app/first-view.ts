/**
 * The calendar the server renders into the page (src/entry-server.tsx, served by the API at /xuanli/)
 * and how the browser takes it over. The server fills index.html's `#root` with today's calendar — the
 * same markup and class names the app renders — and marks the page with the day and holiday table it
 * used. first-paint.js (inline in <head>, before anything is painted) hides that view when the app would
 * show something else: another Beijing day (a service worker's copy of an older page), another route,
 * or settings the server cannot know (week starting on Sunday, the folded grid, another selected day, a
 * newer holiday table). Otherwise the app hydrates it: React attaches to the markup as it stands.
 */
import { paths } from '@/config/paths';

/** Where index.html's `#root` receives the server's markup. */
export const FIRST_VIEW_OUTLET = '<!--xl-first-view-->';

/** The `id` of the JSON element with the holiday table (`{version, years}`) the server rendered with. */
export const SERVED_HOLIDAYS_ID = 'xl-holidays';

/** `<html data-day>`: the Beijing day the server rendered. */
export const SERVED_DAY_ATTRIBUTE = 'data-day';

/** `<html data-holidays>`: the version of the holiday table the server rendered with (0: none entered). */
export const SERVED_HOLIDAYS_ATTRIBUTE = 'data-holidays';

/** The root class first-paint.js sets when the served view must not show; the boot skeleton shows instead. */
export const BOOT_CLASS = 'xl-boot';

/** The only address the server renders: the calendar tab. */
export const CALENDAR_HASH = `#${paths.calendar.path}`;

/**
 * Whether `#root` holds the server's calendar and it is on screen as the app would render it now:
 * first-paint.js let it show and no tap on a link has moved the address since.
 */
export function servedViewShows(container: HTMLElement): boolean {
  return (
    container.firstElementChild !== null &&
    !document.documentElement.classList.contains(BOOT_CLASS) &&
    window.location.hash === CALENDAR_HASH
  );
}
