/**
 * Share cards. Inside WeChat the card a reader forwards (to a chat or to 朋友圈) is set through the
 * JS-SDK: `wx.config` with the server's signature of this page's address (`GET /api/wechat/jssdk`),
 * then `updateAppMessageShareData` / `updateTimelineShareData`. The SDK file (`weixin-js-sdk`, WeChat's
 * own script as an npm copy) is imported only inside WeChat, as its own chunk, so other browsers never
 * download it. Elsewhere a share button uses the system share sheet, else copies the link.
 */

import { useEffect } from 'react';
import { env } from '@/config/env';
import { APP_ROUTES, api } from '@/lib/api';
import { isWechatBrowser } from '@/lib/wechat';

/** What a shared page shows: title, one line under it, its address and a square picture. */
export interface ShareCard {
  title: string;
  desc: string;
  /** The address the card opens; the current page when absent. Relative addresses are made absolute. */
  link?: string;
  /** The card's picture; the app's icon when absent. */
  imgUrl?: string;
}

/** The JS-SDK calls the cards need; `wx.config` must name every call the page will make. */
const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;

type Wx = typeof import('weixin-js-sdk')['default'];

/**
 * The configured SDK, once per page load: the hash router never changes the part of the address
 * WeChat signs, so one signature serves every route. A failed configuration (WeChat off, a domain
 * not registered) is kept too, so the pages do not ask the server again and again.
 */
let configured: Promise<Wx | null> | null = null;

async function configure(): Promise<Wx | null> {
  const url = window.location.href.split('#')[0] ?? '';
  const [{ default: wx }, config] = await Promise.all([
    import('weixin-js-sdk'),
    api.call(APP_ROUTES.wechat.getJssdk, { query: { url } }),
  ]);
  await new Promise<void>((resolve, reject) => {
    wx.config({ debug: false, ...config, jsApiList: [...SHARE_APIS] });
    wx.ready(resolve);
    wx.error((failure) => reject(new Error(failure.errMsg)));
  });
  return wx;
}

/** The SDK ready for the share calls, or null outside WeChat or when WeChat refused the signature. */
function wechatSdk(): Promise<Wx | null> {
  if (!isWechatBrowser()) return Promise.resolve(null);
  configured ??= configure().catch(() => null);
  return configured;
}

/** The address of app route `route` (`/pages/…`) on this site, for a card that opens another page. */
export function appLink(route: string): string {
  return `${env.baseUrl}#${route}`;
}

/** `card` with absolute addresses, as WeChat and the share sheet need them. */
export function absoluteCard(card: ShareCard, here: string = window.location.href): Required<ShareCard> {
  return {
    title: card.title,
    desc: card.desc,
    link: new URL(card.link ?? here, here).href,
    imgUrl: new URL(card.imgUrl ?? `${env.baseUrl}icon-192.png`, here).href,
  };
}

/** Sets the card WeChat forwards for this page; resolves false outside WeChat or when the SDK failed. */
export async function setWechatShareCard(card: ShareCard): Promise<boolean> {
  const wx = await wechatSdk();
  if (!wx) return false;
  const { title, desc, link, imgUrl } = absoluteCard(card);
  // The SDK's types ask for `success`; nothing is to be done once WeChat has taken the card.
  const done = () => {};
  wx.updateAppMessageShareData({ title, desc, link, imgUrl, success: done });
  wx.updateTimelineShareData({ title, link, imgUrl, success: done });
  return true;
}

/** Keeps this page's WeChat share card at `card` (nothing while it is null, e.g. still loading). */
export function useShareCard(card: ShareCard | null): void {
  const { title, desc, link, imgUrl } = card ?? { title: '', desc: '' };
  useEffect(() => {
    if (title) void setWechatShareCard({ title, desc, link, imgUrl });
  }, [title, desc, link, imgUrl]);
}

/** How a share button ended: the sheet was used, the link copied, or neither was possible. */
export type ShareOutcome = 'shared' | 'copied' | 'failed';

/** Outside WeChat: the system share sheet where there is one, else the link copied. */
export async function shareOrCopy(card: ShareCard): Promise<ShareOutcome> {
  const { title, desc, link } = absoluteCard(card);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: desc, url: link });
      return 'shared';
    } catch (error) {
      // The reader closing the sheet is their answer, not a failure to fall back from.
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
    }
  }
  try {
    await navigator.clipboard.writeText(link);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** Forgets the configured SDK (tests start each case on a fresh page). */
export function resetShareForTests(): void {
  configured = null;
}
