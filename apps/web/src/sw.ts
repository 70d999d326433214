/**
 * The service worker, served as /xuanli/sw.js with scope /xuanli/ (vite-plugin-pwa's injectManifest:
 * Vite builds this file, Workbox writes the precache list into `self.__WB_MANIFEST`; see
 * vite.config.ts for what the list holds). Registered by src/lib/pwa.ts.
 *
 * - Precache: the shell (index.html), the calendar, 老黄历 and 排盘 with their chunks and CSS, so the
 *   app opens and works with no network once it has been opened once.
 * - Navigations (always /xuanli/ under hash routing) are answered with the precached index.html at
 *   once. It carries the calendar the server rendered on the day it was fetched; the page's inline
 *   first-paint script hides it on any other day, and the app renders that day from the engine
 *   (src/app/first-view.ts). Meanwhile the worker asks the server for today's page (a 304 while it is
 *   unchanged) and keeps it in place of the old one when it is of this same build — every asset it
 *   names is precached here — so the next start shows today's calendar at once, offline too.
 * - Other chunks of the app (pages outside the precache) are kept once loaded: content-hashed, so a
 *   cached copy is never stale.
 * - Nothing else is touched: `/api` requests go to the network as if there were no worker, so no
 *   answer is ever stored here, and no reader can be shown another session's data.
 * - A new build installs and then waits: the page shows 有新版本，点击刷新 and, on the tap, posts
 *   SKIP_WAITING (workbox-window's `messageSkipWaiting`); the worker takes over and the page reloads.
 */
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
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
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
};

/** The worker's folder (`/xuanli/`), so no path below repeats the base. */
const BASE = new URL('./', self.location.href).pathname;

/** The app shell: every navigation is answered with it. */
const SHELL = `${BASE}index.html`;

/** Workbox writes the precache list here at build time (the name may appear only once in this file). */
const manifest = self.__WB_MANIFEST;

/** Paths of everything precached, e.g. `/xuanli/assets/CalendarPage-….js`. */
const precached = new Set(
  manifest.map(
    (entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname,
  ),
);

/** The app's scripts and stylesheets a page names (`/xuanli/assets/…js|css` in src or href). */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => new URL(match[1] ?? '', self.location.href).pathname,
  );
}

/**
 * Replaces the precached shell with the server's page of today when that page belongs to this build
 * (every asset it names is precached): the same scripts, newer calendar. A page of a newer build is
 * left for that build's worker, which precaches it with its own assets.
 */
async function refreshShell(): Promise<void> {
  const key = getCacheKeyForURL(SHELL);
  if (!key) return;
  const response = await fetch(SHELL, { cache: 'no-cache' });
  if (!response.ok || response.redirected) return;
  const assets = assetsOf(await response.clone().text());
  if (assets.length === 0 || !assets.every((path) => precached.has(path))) return;
  await (await caches.open(cacheNames.precache)).put(key, response);
}

// Every navigation of the app, however answered (the precache route takes /xuanli/ itself as its
// index.html, the navigation route below the other addresses): check the server's page of today
// meanwhile. Offline or a failed check: the shell kept stays. Registered before Workbox's routes:
// respondWith() stops the event's propagation, so no listener after the one that answers is called.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(BASE)
  )
    event.waitUntil(refreshShell().catch(() => {}));
});

// The first worker takes over the page that installed it, so a reader who goes offline right after
// the first visit can still open 老黄历 or 排盘 without a reload. (A later build waits, see below.)
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(manifest);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL(SHELL), {
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
