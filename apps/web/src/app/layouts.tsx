import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TabBar } from '@/components/TabBar';
import { rootPath, titleOf } from '@/config/paths';
import styles from './layouts.module.css';

/** The document title for a router path: `中华玄历` on the root, `老黄历 · 中华玄历` elsewhere. */
function documentTitleOf(pathname: string): string {
  const title = titleOf(pathname);
  return !title || title === rootPath.title ? rootPath.title : `${title} · ${rootPath.title}`;
}

/** Outermost layout: the phone-width column and the document title of the current route. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitleOf(pathname);
  }, [pathname]);
  return (
    <div className={styles.app}>
      <Outlet />
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
