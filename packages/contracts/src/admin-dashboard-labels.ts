/**
 * The console's 概览 beyond its number tiles — the daily trends, the VIPs about to lapse and the
 * 开店清单 (what an operator must set before opening) — their sizes and Chinese labels, without
 * TypeBox, so the console's pages import them from here and admin-dashboard.ts builds its schemas from
 * them.
 */

/** Beijing days the trend charts cover, today included. */
export const DASHBOARD_TREND_DAYS = 30;

/** A VIP whose membership ends within this many days from now is listed as expiring. */
export const EXPIRING_VIP_DAYS = 7;

/** Most expiring VIPs listed (the count covers them all). */
export const EXPIRING_VIP_LIST_MAX = 50;

/**
 * What an operator sets before opening: the customer-service card, a real payment channel, a real
 * SMS provider, the agreements (with the company's own details) and the masters.
 */
export const SETUP_ITEMS = ['customerService', 'payment', 'sms', 'agreements', 'masters'] as const;

/** A 开店清单 item. */
export type SetupItem = (typeof SETUP_ITEMS)[number];

/** Chinese names of the items. */
export const SETUP_ITEM_LABELS: Record<SetupItem, string> = {
  customerService: '客服微信',
  payment: '支付渠道',
  sms: '短信',
  agreements: '公司信息与协议',
  masters: '大师资料',
};

/** `demo`: still the seed's example or the development stand-in; `set`: an operator's own. */
export const SETUP_STATES = ['demo', 'set'] as const;

/** An item's state. */
export type SetupState = (typeof SETUP_STATES)[number];

/** How the console shows each state. */
export const SETUP_STATE_LABELS: Record<SetupState, string> = { demo: '示例', set: '已设置' };
