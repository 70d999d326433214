import type { ComponentType } from 'react';
import { useLocation } from 'react-router';
import { type PathName, paths } from '@/config/paths';
import { type LazyPage, lazyPage } from '@/lib/lazy-page';

/** The routes whose pages read server state: every one but the calendar's and 老黄历's. */
export type ServerPathName = Exclude<PathName, 'calendar' | 'almanacDay'>;

/** The user-centre pages (pages/user/*), checkout and the order pages share one chunk; see `./member-pages`. */
const MemberPages = lazyPage(() => import('./member-pages'));

/** The shop's tab, product and cart pages share one chunk; see `ShopPages`. */
const ShopPages = lazyPage(() => import('@/features/shop/ShopPages'));

/** The classroom's pages (pages/ketang/*) share one chunk; the player loads from it. See `KetangPages`. */
const KetangPages = lazyPage(() => import('@/features/ketang/KetangPages'));

/**
 * The page of every route that reads server state, each loading lazily; a feature's pages that share
 * most of their code share one chunk.
 *
 * Why this table is a chunk of its own rather than part of the route tree: every lazy page's list of
 * chunks to preload is written into the module that imports it. Here, those lists load with the first
 * page that reads server state instead of with the entry script, which the calendar route downloads
 * and whose bytes are budgeted (scripts/route-bytes.mjs).
 */
export const SERVER_PAGES: Record<ServerPathName, LazyPage> = {
  suan: lazyPage(() => import('@/features/bazi/BaziPage')),
  zeri: lazyPage(() => import('@/features/zeri/ZeriPage')),
  dingzhi: lazyPage(() => import('@/features/dingzhi/DingzhiPage')),
  ketang: KetangPages,
  shop: ShopPages,
  user: MemberPages,
  article: lazyPage(() => import('@/features/article/ArticlePage')),
  label: lazyPage(() => import('@/features/article/LabelPage')),
  kejian: KetangPages,
  courseSearch: KetangPages,
  courseShow: KetangPages,
  coursePlayer: KetangPages,
  fengshui: KetangPages,
  login: MemberPages,
  profile: MemberPages,
  setting: MemberPages,
  myclass: MemberPages,
  theme: MemberPages,
  fuli: MemberPages,
  feedback: MemberPages,
  password: MemberPages,
  bindPhone: MemberPages,
  reminders: MemberPages,
  subscribe: MemberPages,
  webview: lazyPage(() => import('@/features/webview/WebviewPage')),
  product: ShopPages,
  cart: ShopPages,
  checkout: MemberPages,
  pay: MemberPages,
  qrpay: MemberPages,
  orders: MemberPages,
  order: MemberPages,
  address: MemberPages,
  addressEdit: MemberPages,
};

const nameByPath = new Map(
  (Object.entries(paths) as [PathName, { path: string }][]).map(([name, { path }]) => [path, name]),
);

/** The page of router path `pathname`, or undefined for a local page or an unknown path. */
function pageOf(pathname: string): LazyPage | undefined {
  const name = nameByPath.get(pathname);
  return name === undefined ? undefined : SERVER_PAGES[name as ServerPathName];
}

/** Starts loading the code of the page at `pathname` (the route tree calls it with this chunk's own load). */
export function preloadServerPage(pathname: string): void {
  void pageOf(pathname)?.preload();
}

/** The page of the current route among {@link SERVER_PAGES}. */
export default function ServerPages() {
  const { pathname } = useLocation();
  const Page: ComponentType | undefined = pageOf(pathname);
  return Page ? <Page /> : null;
}
