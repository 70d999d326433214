import { useEffect } from 'react';
import { rootPath } from '@/config/paths';

/**
 * Sets the document title to `title · 中华玄历` while the page shows, for a page whose title depends on
 * its content (the webview's host, or 链接无效) rather than on its route alone.
 *
 * The root layout sets the route's title in its own effect, which React runs after the page's (parents'
 * effects run after their children's), so this one writes in a microtask queued behind it.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) document.title = title === rootPath.title ? title : `${title} · ${rootPath.title}`;
    });
    return () => {
      cancelled = true;
    };
  }, [title]);
}
