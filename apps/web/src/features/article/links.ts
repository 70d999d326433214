/**
 * Where a link inside an article leads (PRODUCT.md#screens navigation). Articles link to app pages as
 * `#/pages/...` (the server's sanitiser keeps those) and to the web as http(s) addresses, which open
 * inside the webview page; `mailto:` and anything else are left to the browser.
 */
import { isExternalUrl } from '@/lib/navigation';

/** The app route of an in-app link (`#/pages/x`, `/pages/x`, or this app's own full address), else null. */
export function inAppTarget(href: string, here: Location | URL = window.location): string | null {
  const text = href.trim();
  if (/^#\/pages\//.test(text)) return text.slice(1);
  if (/^\/pages\//.test(text)) return text;
  if (isExternalUrl(text)) {
    try {
      const url = new URL(text);
      if (url.origin === here.origin && url.pathname === here.pathname && /^#\/pages\//.test(url.hash)) {
        return url.hash.slice(1);
      }
    } catch {
      return null;
    }
  }
  return null;
}

/** What tapping `href` does: open an app route, open a web address in the webview, or let the browser act. */
export function linkAction(href: string, here?: Location | URL): { kind: 'app' | 'web'; to: string } | null {
  const route = inAppTarget(href, here);
  if (route) return { kind: 'app', to: route };
  if (isExternalUrl(href)) return { kind: 'web', to: href.trim() };
  return null;
}
