import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { servedViewShows } from '@/app/first-view';
import { registerServiceWorker } from '@/lib/pwa';
import '@/app/global.css';

// The reader's theme (colour, appearance, 长辈模式) is on the page already: the inline first-paint
// script (src/app/first-paint.js) applied it before the first paint. antd-mobile's React 19 renderer is
// registered by src/lib/antd-mobile.ts, which loads with the first page that uses the kit.

const container = document.getElementById('root');
if (!container) throw new Error('缺少 #root 容器');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (servedViewShows(container)) {
  // Today's calendar as the server rendered it, already on screen: React attaches to it in place (the
  // page's chunk arrives meanwhile; taps before then are replayed), so nothing is drawn twice.
  hydrateRoot(container, app);
} else {
  // One synchronous first render (the boot skeleton gives way at its commit, see App). Time-sliced as
  // a transition it cost more than it saved: on a phone the boot screen was painted first and the app
  // then arrived in a score of short tasks that each held up a tap (Lighthouse mobile on the bench
  // machine: 77–94 sliced, 96–99 in one render).
  container.textContent = '';
  createRoot(container).render(app);
}

// The service worker (offline use, the update banner) registers once the page has loaded and the
// browser is idle; development builds have none, so Vite's dev server is never shadowed by a cache.
if (import.meta.env.PROD) registerServiceWorker();
