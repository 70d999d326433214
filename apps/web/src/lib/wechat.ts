/**
 * Inside WeChat: telling WeChat's browser from others, and starting 网页授权 — a navigation to the
 * API's `/wechat/oauth`, which sends the browser to WeChat and back to an app route with a one-time
 * `wxticket` (or `wxerror`). The login page trades the ticket for a session. Tiny on purpose: the
 * calendar's pages import nothing of it, the pages that need it only this file.
 */
import { env } from '@/config/env';

/** Whether the page runs in WeChat's own browser (its user agent says MicroMessenger). */
export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** Whether this is a desktop browser: no phone or tablet in its user agent. */
export function isDesktopBrowser(userAgent: string = navigator.userAgent): boolean {
  return !/Mobi|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger/i.test(userAgent);
}

/** Where the browser goes to authorise: silent (`base`, openid only) or asking (`userinfo`). */
export function wechatOauthHref(to: string, scope: 'base' | 'userinfo' = 'base'): string {
  return `${env.apiBaseUrl}/wechat/oauth?to=${encodeURIComponent(to)}&scope=${scope}`;
}

/** Leaves the app for WeChat's authorisation, coming back to app route `to`. */
export function startWechatLogin(to: string, scope: 'base' | 'userinfo' = 'base'): void {
  window.location.assign(wechatOauthHref(to, scope));
}

/** What the reader is told for each `wxerror` an authorisation came back with. */
export const WECHAT_OAUTH_FAILURE_TEXT: Record<string, string> = {
  state: '微信登录已过期，请重新登录',
  denied: '您没有同意微信授权，也可以用手机号登录',
  expired: '微信授权已失效，请重新登录',
  snapshot: '请点击页面底部的「使用完整服务」后再登录',
  unavailable: '微信登录暂时不可用，请用手机号登录',
};
