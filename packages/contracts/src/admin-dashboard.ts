/**
 * The wire of the console's 概览 beyond `GET /api/admin/dashboard` (admin-shop.ts): orders, revenue and
 * new users per Beijing day for 30 days (every operator role), the VIPs whose membership ends within
 * 7 days (the roles of the users area) and the 开店清单 (role admin). Money in integer 分, instants in
 * ISO form, days as Beijing dates 'YYYY-MM-DD'.
 */
import { type Static, Type } from 'typebox';
import {
  DASHBOARD_TREND_DAYS,
  EXPIRING_VIP_DAYS,
  EXPIRING_VIP_LIST_MAX,
  SETUP_ITEMS,
  SETUP_STATES,
} from './admin-dashboard-labels.ts';
import { DateField, DateTime, Fen } from './common.ts';

export {
  DASHBOARD_TREND_DAYS,
  EXPIRING_VIP_DAYS,
  EXPIRING_VIP_LIST_MAX,
  SETUP_ITEM_LABELS,
  SETUP_ITEMS,
  SETUP_STATE_LABELS,
  SETUP_STATES,
  type SetupItem,
  type SetupState,
} from './admin-dashboard-labels.ts';

/** A day's sum of many orders may pass one column's end; it stays a safe integer. */
const DAY_SUM = { maximum: Number.MAX_SAFE_INTEGER };

// ——— Trends ———

/** One Beijing day's figures. */
export const DashboardDaySchema = Type.Object({
  date: DateField('The Beijing day, YYYY-MM-DD'),
  paidOrders: Type.Integer({ minimum: 0, description: 'Orders paid that day' }),
  paidAmount: Fen('What those orders took', DAY_SUM),
  refundedAmount: Fen("Refunds of buyers' orders the providers confirmed that day", DAY_SUM),
  revenue: Type.Integer({ description: 'paidAmount minus refundedAmount, in 分 (may be negative)' }),
  newUsers: Type.Integer({ minimum: 0, description: 'Accounts made that day' }),
});

/** A day of the trends. */
export type DashboardDay = Static<typeof DashboardDaySchema>;

/** `resData` of `GET /api/admin/dashboard/trends`. */
export const DashboardTrendsSchema = Type.Object({
  days: Type.Array(DashboardDaySchema, {
    minItems: DASHBOARD_TREND_DAYS,
    maxItems: DASHBOARD_TREND_DAYS,
    description: `The last ${DASHBOARD_TREND_DAYS} Beijing days, oldest first, today last; days without any are zeros`,
  }),
  asOf: DateTime('The server time the figures were taken at'),
});

/** The trends. */
export type DashboardTrends = Static<typeof DashboardTrendsSchema>;

// ——— Expiring VIPs ———

/** A VIP whose membership ends soon. */
export const ExpiringVipSchema = Type.Object({
  userId: Type.Integer(),
  phone: Type.String({ description: "Masked phone, e.g. '138****0000' ('' when the account has none)" }),
  nickname: Type.String(),
  vipExpire: DateTime('When the membership ends'),
});

/** An expiring VIP. */
export type ExpiringVip = Static<typeof ExpiringVipSchema>;

/** `resData` of `GET /api/admin/dashboard/expiring-vips`. */
export const ExpiringVipsSchema = Type.Object({
  count: Type.Integer({
    minimum: 0,
    description: `VIPs whose membership ends within ${EXPIRING_VIP_DAYS} days`,
  }),
  list: Type.Array(ExpiringVipSchema, {
    maxItems: EXPIRING_VIP_LIST_MAX,
    description: `The soonest first, at most ${EXPIRING_VIP_LIST_MAX}`,
  }),
  asOf: DateTime('The server time the list was taken at'),
});

/** The expiring VIPs. */
export type ExpiringVips = Static<typeof ExpiringVipsSchema>;

// ——— 开店清单 ———

/** One item of the checklist. */
export const SetupCheckSchema = Type.Object({
  item: Type.Enum([...SETUP_ITEMS]),
  state: Type.Enum([...SETUP_STATES], {
    description:
      "'demo' while the seed's example or the development stand-in is in use, 'set' once it is the operators' own",
  }),
  note: Type.String({ description: 'What the state rests on, in Chinese, e.g. 只有沙箱支付' }),
});

/** A checklist item and its state. */
export type SetupCheck = Static<typeof SetupCheckSchema>;

/** `resData` of `GET /api/admin/dashboard/setup`. */
export const SetupChecklistSchema = Type.Object({
  items: Type.Array(SetupCheckSchema, { description: 'Every item, in the order of SETUP_ITEMS' }),
});

/** The 开店清单. */
export type SetupChecklist = Static<typeof SetupChecklistSchema>;
