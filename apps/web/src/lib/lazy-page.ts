import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { pageLoad } from '@/config/theme';

/** A module whose default export is a page component, as `import('./SomePage')` returns. */
export type PageModule = { default: ComponentType };

/** Thrown when a page's code has not arrived within the time-out (60 s, PRODUCT.md#screens). */
class PageLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`页面加载超时（${Math.round(timeoutMs / 1000)} 秒）`);
    this.name = 'PageLoadTimeoutError';
  }
}

/** Settles like `promise`, or rejects with {@link PageLoadTimeoutError} after `timeoutMs`. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A lazy page component that can also start loading its code before it renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the page's code (once); rendering the page later uses the same load. */
  preload: () => Promise<PageModule>;
};

/**
 * A page component whose code loads on first render (or on `preload()`), failing after `timeoutMs`
 * (60 s by default). Render it inside `PageBoundary`, which shows the page's header over a skeleton
 * after 200 ms and the tap-to-reload error view.
 *
 * @example const ShopPage = lazyPage(() => import('@/features/shop/ShopPage'));
 */
export function lazyPage(load: () => Promise<PageModule>, timeoutMs: number = pageLoad.timeout): LazyPage {
  let loading: Promise<PageModule> | undefined;
  const preload = () => {
    loading ??= withTimeout(load(), timeoutMs);
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
