import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { registerAntdRender } from '@/lib/antd-render';
import { initTheme } from '@/lib/theme';
import '@/app/global.css';

// Before the first render: theme tokens (no flash of the default colour) and antd-mobile's renderer.
initTheme();
registerAntdRender();

const container = document.getElementById('root');
if (!container) throw new Error('缺少 #root 容器');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
