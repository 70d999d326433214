import { StrictMode, startTransition } from 'react';
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
// As a transition the first render is time-sliced: React yields to the browser every few milliseconds
// instead of building the whole tab page in one task, so a phone stays responsive to the first tap while
// the app starts (and the boot screen keeps animating). Nothing is on screen to keep, so it commits as
// soon as it is ready, the lazy page's Suspense fallback included.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker (offline use, the update banner) registers once the page has loaded and the
// browser is idle; development builds have none, so Vite's dev server is never shadowed by a cache.
if (import.meta.env.PROD) registerServiceWorker();
