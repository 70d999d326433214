import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { registerServiceWorker } from '@/lib/pwa';
import { initTheme } from '@/lib/theme';
import '@/app/global.css';

// Before the first render: theme tokens (no flash of the default colour). antd-mobile's React 19
// renderer is registered by src/lib/antd-mobile.ts, which loads with the first page that uses the kit.
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('缺少 #root 容器');
const root = createRoot(container);
// One synchronous first render. Time-sliced as a transition it cost more than it saved: on a phone the
// boot screen was painted first and the app then arrived in a score of short tasks that each held up a
// tap (Lighthouse mobile on the bench machine: 77–94 sliced, 96–99 in one render). The boot screen still
// shows while the scripts download on a slow network.
root.render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (offline use, the update banner) registers once the page has loaded and the
// browser is idle; development builds have none, so Vite's dev server is never shadowed by a cache.
if (import.meta.env.PROD) registerServiceWorker();
