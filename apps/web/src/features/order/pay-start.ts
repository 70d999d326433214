/**
 * Following a PayStart (pay wire) in the browser:
 * - `redirect` to a page of this app (the sandbox cashier, `/xuanli/#/pages/shop/pay?…`) goes through
 *   the router; any other address (WeChat H5's `h5_url`, Alipay's cashier) replaces the page;
 * - `jsapi` (inside WeChat) calls `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, waiting briefly
 *   for the bridge when the page was opened before WeChat injected it.
 * Whatever the provider's page or sheet says, the order's state comes from the server (its callback),
 * so every path ends on the order page, which asks the server.
 */
import type { PayStart } from '@xuanli/contracts/pay';

/** The parameters of `getBrandWCPayRequest`. */
export type WechatPayParams = NonNullable<PayStart['jsapi']>;

/** The part of WeChat's in-page bridge that pays. */
interface WeixinJSBridge {
  invoke(
    api: 'getBrandWCPayRequest',
    params: WechatPayParams,
    callback: (result: { err_msg?: string }) => void,
  ): void;
}

/**
 * The bridge WeChat injects into its pages, if it has yet. Read through this type rather than declared
 * on `Window`: weixin-js-sdk (the share cards) already declares `window.WeixinJSBridge` as `any`.
 */
function bridgeOf(): WeixinJSBridge | undefined {
  return (window as unknown as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
}

/** Whether the page runs in WeChat's own browser, where WeChat Pay uses JSAPI instead of H5. */
export { isWechatBrowser } from '@/lib/wechat';

/**
 * The router location of `url` when it is a page of this app (same origin, hash route), else null.
 * Both `/xuanli/#/pages/shop/pay?…` and the absolute form count.
 */
export function appRouteOf(
  url: string,
  here: Pick<Location, 'href' | 'origin'> = window.location,
): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, here.href);
  } catch {
    return null;
  }
  if (parsed.origin !== here.origin || !parsed.hash.startsWith('#/')) return null;
  return parsed.hash.slice(1);
}

/**
 * The address of the app route `href` on this site (`/xuanli/#/pages/user/order?orderNo=…`), for a
 * provider to come back to: a path, which the server accepts as a page of its own site and turns into
 * an absolute address on its configured public origin.
 */
export function returnPathOf(href: string, here: Pick<Location, 'pathname'> = window.location): string {
  return `${here.pathname}#${href}`;
}

/** How a WeChat JSAPI payment ended, as the bridge reports it (`unavailable`: no bridge came). */
export type WechatPayOutcome = 'ok' | 'cancel' | 'fail' | 'unavailable';

/** Milliseconds to wait for `WeixinJSBridgeReady` when the bridge is not there yet. */
const BRIDGE_WAIT_MS = 3000;

/** Opens WeChat's pay sheet with `params` and resolves with how it ended. */
export function invokeWechatPay(params: WechatPayParams): Promise<WechatPayOutcome> {
  return new Promise((resolve) => {
    const call = () => {
      const bridge = bridgeOf();
      if (!bridge) {
        resolve('unavailable');
        return;
      }
      bridge.invoke('getBrandWCPayRequest', params, ({ err_msg: message = '' }) => {
        if (message.endsWith(':ok')) resolve('ok');
        else if (message.endsWith(':cancel')) resolve('cancel');
        else resolve('fail');
      });
    };
    if (bridgeOf()) {
      call();
      return;
    }
    const timer = setTimeout(() => {
      document.removeEventListener('WeixinJSBridgeReady', ready);
      resolve('unavailable');
    }, BRIDGE_WAIT_MS);
    function ready() {
      clearTimeout(timer);
      call();
    }
    document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  });
}
