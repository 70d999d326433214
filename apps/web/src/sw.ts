/**
 * The service worker, served as /xuanli/sw.js with scope /xuanli/ (vite-plugin-pwa's injectManifest:
 * Vite builds this file, Workbox writes the precache list into `self.__WB_MANIFEST`; see
 * vite.config.ts for what the list holds). Registered by src/lib/pwa.ts.
 *
 * - Precache: the shell (index.html), the calendar, 老黄历 and 排盘 with their chunks and CSS, so the
 *   app opens and works with no network once it has been opened once.
 * - Navigations (always /xuanli/ under hash routing) are answered with the precached index.html.
 * - Other chunks of the app (pages outside the precache) are kept once loaded: content-hashed, so a
 *   cached copy is never stale.
 * - Nothing else is touched: `/api` requests go to the network as if there were no worker, so no
 *   answer is ever stored here, and no reader can be shown another session's data.
 * - A new build installs and then waits: the page shows 有新版本，点击刷新 and, on the tap, posts
 *   SKIP_WAITING (workbox-window's `messageSkipWaiting`); the worker takes over and the page reloads.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/** What this file uses of the worker's global scope (the DOM lib the app compiles with lacks the type). */
declare const self: {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
};

/** The worker's folder (`/xuanli/`), so no path below repeats the base. */
const BASE = new URL('./', self.location.href).pathname;

// The first worker takes over the page that installed it, so a reader who goes offline right after
// the first visit can still open 老黄历 or 排盘 without a reload. (A later build waits, see below.)
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${BASE}index.html`), {
    allowlist: [new RegExp(`^${BASE}`)],
    denylist: [/^\/api\//],
  }),
);

registerRoute(
  ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith(`${BASE}assets/`),
  new CacheFirst({
    cacheName: 'xuanli-pages',
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
