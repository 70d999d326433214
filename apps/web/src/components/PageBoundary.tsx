import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { pageLoad } from '@/config/theme';
import { reloadPage } from '@/lib/reload-page';
import styles from './PageBoundary.module.css';

/**
 * Wraps a lazy page: shows a spinner only when loading takes longer than 200 ms (so fast loads do not
 * flash), and the error view '页面加载失败，点击重试' when the page's code fails to load, times out,
 * or the page throws while rendering.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

/** A spinner that appears only after `delay` ms (200 by default, SPEC §2). */
export function DelayedSpinner({ delay = pageLoad.spinnerDelay }: { delay?: number }) {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  if (!isVisible) return null;
  return (
    <div className={styles.center} role="status" aria-label="加载中">
      <span className={styles.spinner} />
      <span className={styles.hint}>加载中…</span>
    </div>
  );
}

/** The failed-load view; tapping anywhere on it calls `onRetry` (a full reload by default). */
export function PageLoadError({ onRetry = reloadPage }: { onRetry?: () => void }) {
  return (
    <div className={styles.center}>
      <button type="button" className={styles.retry} onClick={onRetry}>
        <svg className={styles.retryIcon} viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 4a8 8 0 0 1 7.75 6h-2.1A6 6 0 1 0 18 14h2.05A8 8 0 1 1 12 4Zm8-1v6h-6l2.2-2.2A7.9 7.9 0 0 1 20 3Z"
          />
        </svg>
        页面加载失败，点击重试
      </button>
    </div>
  );
}

interface PageErrorBoundaryState {
  error: unknown;
}

class PageErrorBoundary extends Component<{ children: ReactNode }, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('页面加载失败', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) return <PageLoadError />;
    return this.props.children;
  }
}
