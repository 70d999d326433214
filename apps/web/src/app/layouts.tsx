import { type ComponentType, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TabBar } from '@/components/TabBar';
import { rootPath, titleOf } from '@/config/paths';
import { DIALOG_LAYER_EVENT } from '@/stores/dialog-event';
import styles from './layouts.module.css';
import { SessionSync } from './SessionSync';

/** The document title for a router path: `中华玄历` on the root, `老黄历 · 中华玄历` elsewhere. */
function documentTitleOf(pathname: string): string {
  const title = titleOf(pathname);
  return !title || title === rootPath.title ? rootPath.title : `${title} · ${rootPath.title}`;
}

/**
 * The app dialogs (PRODUCT.md#screens: VIP, master, customer service), mounted once a page first opens one:
 * the dialog store loads them and sends them here in `DIALOG_LAYER_EVENT`. Nothing of them — not even the
 * names of their chunks — ships with the calendar route.
 */
function Dialogs() {
  const [layer, setLayer] = useState<{ Layer: ComponentType } | null>(null);
  useEffect(() => {
    const show = (event: Event) => {
      const Layer = (event as CustomEvent<ComponentType>).detail;
      setLayer((current) => (current?.Layer === Layer ? current : { Layer }));
    };
    window.addEventListener(DIALOG_LAYER_EVENT, show);
    return () => window.removeEventListener(DIALOG_LAYER_EVENT, show);
  }, []);
  return layer ? <layer.Layer /> : null;
}

/**
 * Outermost layout: the phone-width column, the document title of the current route, the session
 * sync (profile and courses of a logged-in user, PRODUCT.md#account) and the app dialogs.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleOf(pathname);
  }, [pathname]);
  return (
    <div className={styles.app}>
      <SessionSync />
      <Outlet />
      <Dialogs />
    </div>
  );
}

/** Layout of the six tab pages: the page above, the fixed tab bar below (with room left for it). */
export function TabLayout() {
  return (
    <>
      <main className={styles.tabMain}>
        <Outlet />
      </main>
      <TabBar />
    </>
  );
}

/** Layout of pages off the tab bar. */
export function PageLayout() {
  return (
    <main className={styles.pageMain}>
      <Outlet />
    </main>
  );
}
