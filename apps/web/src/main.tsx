import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { initTheme } from '@/lib/theme';
import '@/app/global.css';

// Before the first render: theme tokens (no flash of the default colour). antd-mobile's React 19
// renderer is registered by src/lib/feedback.ts, the module that uses its imperative APIs.
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('缺少 #root 容器');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
