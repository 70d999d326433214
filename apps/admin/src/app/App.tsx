/**
 * The console's root: antd in Chinese (ConfigProvider with zhCN; ProComponents follow antd's locale),
 * antd's `App` context for messages and confirmations, and the hash router (the API serves one
 * index.html at /admin/, so every page is a `#/…` route of it).
 */
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import { consoleRoutes } from './routes';

/** The console's brand colour: the app's default theme colour (#672f0d, PRODUCT.md#appearance). */
const THEME = { token: { colorPrimary: '#672f0d', colorLink: '#8a4b1f', borderRadius: 6 } };

/** The whole console. */
export function App() {
  // One router per mounted App (tests mount several in a row).
  const [router] = useState(() => createHashRouter(consoleRoutes));
  return (
    // Buttons keep their text as written (antd would space out two-character labels: 登 录).
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>
  );
}
