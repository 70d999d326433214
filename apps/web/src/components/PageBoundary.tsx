import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useInRouterContext, useLocation } from 'react-router';
import { isTabPath } from '@/config/paths';
import { pageLoad } from '@/config/theme';
import { reloadPage } from '@/lib/reload-page';
import styles from './PageBoundary.module.css';
import { PageHeader } from './PageHeader';
import { Skeleton, SkeletonBlock } from './Skeleton';

/**
 * Wraps a lazy page: when loading takes longer than 200 ms (so fast loads do not flash) it shows the
 * page's header — its title, and a way back off the tab bar — over a grey skeleton of the content;
 * the error view '页面加载失败，点击重试' when the page's code fails to load, times out, or the page
 * throws while rendering. A page whose code never reached the phone (a tab first opened offline: only
 * the reading pages are kept for offline use) says so instead, and opens by itself once the network
 * is back — a reader without a network cannot be helped by a retry button.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<DelayedSkeleton />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

/**
 * The loading view, shown only after `delay` ms (200 by default, the skeleton's delay in PRODUCT.md#screens).
 */
function DelayedSkeleton({ delay = pageLoad.spinnerDelay }: { delay?: number }) {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!isVisible) return null;
  return (
    <>
      <RouteHeader />
      <Skeleton className={styles.skeleton}>
        <SkeletonBlock height={120} radius={14} />
        <SkeletonBlock height={18} width="70%" />
        <SkeletonBlock height={18} />
        <SkeletonBlock height={18} width="85%" />
        <SkeletonBlock height={96} radius={14} />
        <span className={styles.hint}>加载中…</span>
      </Skeleton>
    </>
  );
}

/** The failed-load view; tapping anywhere on it calls `onRetry` (a full reload by default). */
function PageLoadError({ onRetry = reloadPage }: { onRetry?: () => void }) {
  return (
    <div className={styles.center}>
      <button type="button" className={styles.retry} onClick={onRetry}>
        <svg className={styles.retryIcon} viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35Z"
          />
        </svg>
        页面加载失败，点击重试
      </button>
    </div>
  );
}

/**
 * The view of a page whose code could not load because the phone is offline: it reloads the app as
 * soon as the network returns, so the page opens without a tap.
 */
function PageOffline() {
  useEffect(() => {
    // The network may have come back between the failed load and this view's first paint.
    if (navigator.onLine) {
      reloadPage();
      return;
    }
    const back = () => reloadPage();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  return (
    <div className={styles.center} role="status">
      <strong className={styles.offlineTitle}>网络未连接</strong>
      <span className={styles.offlineText}>
        <span className={styles.clause}>这一页还没有存到手机上，</span>
        <span className={styles.clause}>联网后会自动打开</span>
      </span>
    </div>
  );
}

interface PageErrorBoundaryState {
  error: unknown;
  /** The phone was offline when the page failed: its code could not have arrived. */
  offline: boolean;
}

class PageErrorBoundary extends Component<{ children: ReactNode }, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null, offline: false };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error, offline: typeof navigator !== 'undefined' && navigator.onLine === false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('页面加载失败', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) {
      return (
        <>
          <RouteHeader />
          {this.state.offline ? <PageOffline /> : <PageLoadError />}
        </>
      );
    }
    return this.props.children;
  }
}

/**
 * The loading or failed page's header: its title from the route, and a way back when the page is not a
 * tab (offline readers need one). Outside a router (a bare test render) there is no route to name.
 */
function RouteHeader() {
  return useInRouterContext() ? <RouteHeaderInRouter /> : null;
}

function RouteHeaderInRouter() {
  const { pathname } = useLocation();
  return <PageHeader back={!isTabPath(pathname)} />;
}
