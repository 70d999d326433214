/**
 * The service worker (src/sw.ts, built by vite-plugin-pwa with Workbox; see vite.config.ts): it
 * precaches the app shell, the calendar, 老黄历 and 排盘 so they open without a network, and it never
 * answers `/api`.
 *
 * Registered only in production builds and only once the page has loaded and the browser is idle, so
 * it costs the first paint nothing. A new build waits (vite-plugin-pwa's `registerType: 'prompt'`) until
 * the reader taps the banner of `src/app/UpdatePrompt.tsx`, which calls {@link applyUpdate}: the new
 * worker takes over and the page reloads once, so a reader never runs half old, half new code.
 *
 * These few lines do what vite-plugin-pwa's `virtual:pwa-register` does with workbox-window, which
 * would add 2.7 KB (gzip) to the calendar route's 131 KB budget for the same three events.
 */
import { env } from '@/config/env';
import { whenIdleAfterLoad } from '@/lib/idle';
import { reloadPage } from '@/lib/reload-page';

/** How often an open app asks the server for a new sw.js (an installed app can stay open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let needRefresh = false;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<() => void>();

/** Whether a new build is installed and waiting for the reader's go-ahead. */
export function updateWaiting(): boolean {
  return needRefresh;
}

/** Calls `listener` when {@link updateWaiting} changes; returns the unsubscribe function. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks a new build as waiting or not (tests call it directly). */
export function setUpdateWaiting(waiting: boolean): void {
  needRefresh = waiting;
  for (const listener of listeners) listener();
}

/**
 * Activates the waiting build (the worker's SKIP_WAITING message) and reloads the page once the new
 * worker controls it; with nothing waiting, just reloads.
 */
export function applyUpdate(): void {
  setUpdateWaiting(false);
  const waiting = registration?.waiting;
  if (!waiting) {
    reloadPage();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => reloadPage(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Offers the waiting worker of `reg`, if any. Only when a worker already controls the page: the very
 * first install is no update (it takes over silently and the app simply works offline from then on).
 */
function offerWaiting(reg: ServiceWorkerRegistration): void {
  if (reg.waiting && navigator.serviceWorker.controller) setUpdateWaiting(true);
}

/** Registers `${base}sw.js` with scope `base` after load; call once at start-up, in production only. */
export function registerServiceWorker(base: string = env.baseUrl): void {
  if (!('serviceWorker' in navigator)) return;
  whenIdleAfterLoad(() => {
    navigator.serviceWorker
      .register(`${base}sw.js`, { scope: base })
      .then((reg) => {
        registration = reg;
        // A build installed during an earlier visit, still waiting.
        offerWaiting(reg);
        reg.addEventListener('updatefound', () => {
          const worker = reg.installing;
          worker?.addEventListener('statechange', () => {
            if (worker.state === 'installed') offerWaiting(reg);
          });
        });
        setInterval(() => {
          if (document.visibilityState === 'visible' && navigator.onLine) reg.update().catch(() => {});
        }, UPDATE_CHECK_MS);
      })
      // No worker means no offline use, nothing worse: the app itself works as before.
      .catch(() => {});
  });
}
