/**
 * Every route of the app (PRODUCT.md#screens), in one place. Paths are router paths without the leading `#`:
 * the browser shows `/xuanli/#/pages/index/index`. Pages read their parameters from the query string,
 * so `getHref` takes an optional query object.
 */

/** Query parameters of a page; `undefined` values are left out of the URL. */
export type Query = Record<string, string | number | boolean | undefined>;

/** One route: its router path, its Chinese title and a builder for links to it. */
export interface AppPath {
  /** Router path with a leading slash, e.g. `/pages/index/index`. */
  readonly path: string;
  /** Chinese title shown in the page header and the document title. */
  readonly title: string;
  /** Builds the router location for this route, e.g. `/pages/ketang/show?id=3`. */
  readonly getHref: (query?: Query) => string;
}

function route(path: string, title: string): AppPath {
  return { path, title, getHref: (query) => `${path}${toSearch(query)}` };
}

/** Turns a query object into `?a=1&b=2` (empty string when there is nothing to add). */
export function toSearch(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** All routes of PRODUCT.md#screens, keyed by a short name. */
export const paths = {
  // The six tab pages, in tab-bar order.
  calendar: route('/pages/index/index', '中华玄历'),
  suan: route('/pages/suan/index', '排盘'),
  dingzhi: route('/pages/dingzhi/index', '私人定制'),
  ketang: route('/pages/ketang/index', '在线课堂'),
  shop: route('/pages/index/shop', '官方商城'),
  user: route('/pages/user/index', '用户中心'),
  // Other pages.
  almanacDay: route('/pages/index/day', '老黄历'),
  zeri: route('/pages/index/zeri', '择日'),
  article: route('/pages/index/article', '文章'),
  label: route('/pages/index/label', '标签'),
  kejian: route('/pages/ketang/kejian', '免费课件'),
  courseSearch: route('/pages/ketang/search', '课程列表'),
  courseShow: route('/pages/ketang/show', '课程详情'),
  coursePlayer: route('/pages/ketang/player', '课程播放'),
  fengshui: route('/pages/ketang/fengshui', '风水医院'),
  login: route('/pages/user/login', '用户登录'),
  profile: route('/pages/user/profile', '个人资料'),
  setting: route('/pages/user/setting', '系统设置'),
  myclass: route('/pages/user/myclass', '我的课程'),
  theme: route('/pages/user/theme', '主题设置'),
  fuli: route('/pages/user/fuli', 'VIP福利'),
  feedback: route('/pages/user/feedback', '意见反馈'),
  password: route('/pages/user/password', '设置密码'),
  bindPhone: route('/pages/user/bind-phone', '绑定手机号'),
  reminders: route('/pages/user/reminders', '我的提醒'),
  subscribe: route('/pages/user/subscribe', '日历订阅'),
  webview: route('/pages/webview/index', 'webview'),
  // The shop's own pages (PRODUCT.md#shop); the original app had only the tab.
  product: route('/pages/shop/product', '商品详情'),
  cart: route('/pages/shop/cart', '购物车'),
  checkout: route('/pages/shop/checkout', '确认订单'),
  pay: route('/pages/shop/pay', '收银台'),
  qrpay: route('/pages/shop/qrpay', '微信扫码支付'),
  orders: route('/pages/user/orders', '我的订单'),
  order: route('/pages/user/order', '订单详情'),
  address: route('/pages/user/address', '收货地址'),
  addressEdit: route('/pages/user/address-edit', '编辑地址'),
} as const satisfies Record<string, AppPath>;

/** Short name of a route, e.g. `'calendar'`. */
export type PathName = keyof typeof paths;

/** The route the app opens on; `/` is its alias (PRODUCT.md#screens). */
export const rootPath = paths.calendar;

/** One bottom tab: its route and its label. */
export interface TabItem {
  readonly name: PathName;
  readonly path: string;
  /** Chinese label under the icon. */
  readonly label: string;
}

/** The six bottom tabs in the order of PRODUCT.md#screens. */
export const tabs: readonly TabItem[] = [
  { name: 'calendar', path: paths.calendar.path, label: '日历' },
  { name: 'suan', path: paths.suan.path, label: '排盘' },
  { name: 'dingzhi', path: paths.dingzhi.path, label: '定制' },
  { name: 'ketang', path: paths.ketang.path, label: '课堂' },
  { name: 'shop', path: paths.shop.path, label: '商城' },
  { name: 'user', path: paths.user.path, label: '我的' },
];

const tabPathSet = new Set(tabs.map((tab) => tab.path));

/** Whether a router path (query ignored) is one of the six tab pages. */
export function isTabPath(path: string): boolean {
  return tabPathSet.has(stripQuery(path));
}

const titleByPath = new Map<string, string>(Object.values(paths).map((p) => [p.path, p.title]));

/** The Chinese title of a router path (query ignored); `/` counts as the calendar. */
export function titleOf(path: string): string | undefined {
  const bare = stripQuery(path);
  return bare === '/' ? rootPath.title : titleByPath.get(bare);
}

function stripQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}
