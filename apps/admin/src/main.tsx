// First: lets antd 5 render through React 19's createRoot (its static message/modal APIs and wave
// effects otherwise use the removed ReactDOM.render).
import '@ant-design/v5-patch-for-react-19';
import './lib/dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('缺少 #root 容器');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
