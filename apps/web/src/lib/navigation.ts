/**
 * Page navigation with the modes of PRODUCT.md#screens (navigate, redirect, switch tab, relaunch, back,
 * exit), mapped onto the hash router. The decisions are pure functions so they can be tested without a
 * browser; `useNavigation` applies them with React Router.
 *
 * Browser history cannot be cleared, so "switch tab" and "relaunch" replace the current entry instead
 * of closing pages: tab switches then never pile up history, and the phone's back gesture still leaves
 * the app from a tab page, as in a native app.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { isTabPath, paths, rootPath } from '@/config/paths';

/** How to open a page. `back` and `exit` ignore the target. */
export type NavMode = 'navigate' | 'redirect' | 'switchTab' | 'reLaunch' | 'back' | 'exit';

/** What the router has to do: push or replace a location, or move through history. */
export type NavAction = { type: 'push' | 'replace'; to: string } | { type: 'go'; delta: number };

const EXTERNAL_URL = /^https?:\/\//i;

/** Whether `target` is an external web address (http or https). */
export function isExternalUrl(target: string): boolean {
  return EXTERNAL_URL.test(target.trim());
}

/**
 * Turns the forms a page path is written in (`pages/x/y`, `/pages/x/y`, `#/pages/x/y`, with or
 * without a query) into a router location with a leading slash.
 */
export function normalizeTarget(target: string): string {
  const trimmed = target.trim().replace(/^#/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The router location of the webview page showing `url`. */
export function webviewHref(url: string): string {
  return paths.webview.getHref({ url: url.trim() });
}

/**
 * Decides how to open `target` in `mode`. A tab page is always opened as a tab switch; an external
 * url opens inside the webview page; `back` goes one page back and `exit` returns to the root (a web
 * page cannot close itself). `historyIndex` is the position in this tab's history, 0 for the first page.
 */
export function resolveNavigation(target: string, mode: NavMode = 'navigate', historyIndex = 0): NavAction {
  if (mode === 'back') return resolveBack(historyIndex);
  if (mode === 'exit') return { type: 'replace', to: rootPath.path };
  const to = isExternalUrl(target) ? webviewHref(target) : normalizeTarget(target);
  if (isTabPath(to)) return { type: 'replace', to };
  if (mode === 'redirect' || mode === 'reLaunch') return { type: 'replace', to };
  // `switchTab` to a page that is not a tab cannot switch anything; open it normally.
  return { type: 'push', to };
}

/**
 * Going back `delta` pages. When the history holds fewer pages than that (the app was opened directly
 * on this page, e.g. from a shared link) it goes to the root instead of leaving the app.
 */
export function resolveBack(historyIndex: number, delta = 1): NavAction {
  const steps = Math.max(1, Math.floor(delta));
  if (historyIndex < steps) return { type: 'replace', to: rootPath.path };
  return { type: 'go', delta: -steps };
}

/** Position of the current entry in this tab's history, as React Router records it (0 when unknown). */
function currentHistoryIndex(): number {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number') return state.idx;
  return 0;
}

/** Navigation functions bound to the router, one per mode. */
export interface Navigation {
  /** Opens `target` in `mode` (default `navigate`). */
  go(target: string, mode?: NavMode): void;
  /** Opens a page on top of the current one (a tab target switches tabs instead). */
  navigate(target: string): void;
  /** Replaces the current page. */
  redirect(target: string): void;
  /** Switches to a tab page. */
  switchTab(target: string): void;
  /** Restarts on `target`. */
  reLaunch(target: string): void;
  /** Goes back `delta` pages, or to the root when there is no such history. */
  back(delta?: number): void;
  /** Returns to the root page (a web page cannot close itself). */
  exit(): void;
}

/** React hook giving the navigation functions of PRODUCT.md#screens for the current router. */
export function useNavigation(): Navigation {
  const navigateTo = useNavigate();
  return useMemo(() => {
    const run = (action: NavAction) => {
      if (action.type === 'go') void navigateTo(action.delta);
      else void navigateTo(action.to, { replace: action.type === 'replace' });
    };
    const go = (target: string, mode: NavMode = 'navigate') =>
      run(resolveNavigation(target, mode, currentHistoryIndex()));
    return {
      go,
      navigate: (target) => go(target, 'navigate'),
      redirect: (target) => go(target, 'redirect'),
      switchTab: (target) => go(target, 'switchTab'),
      reLaunch: (target) => go(target, 'reLaunch'),
      back: (delta = 1) => run(resolveBack(currentHistoryIndex(), delta)),
      exit: () => go('', 'exit'),
    };
  }, [navigateTo]);
}
