/**
 * The operators' console: roles, which role may open which area, audit actions and the limits of the
 * console's forms, with their Chinese labels and without TypeBox — the console's pages import them
 * from here, the schemas of admin.ts are built from them, and the API checks roles against the same
 * table, so a menu never offers what the server would refuse.
 */
import { PAGE_SIZE, PAGE_SIZE_MAX } from './common-labels.ts';

/**
 * Operator roles: `admin` may do everything (operators and the audit log included); `editor` runs the
 * content, courses, catalogue and holidays; `support` runs users, VIP, orders and refunds.
 */
export const ADMIN_ROLES = ['admin', 'editor', 'support'] as const;

/** An operator role. */
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Chinese names of the roles, as the console shows them. */
export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  admin: '管理员',
  editor: '内容编辑',
  support: '客服',
};

/**
 * The console's areas and the roles that may use each; every `/api/admin/…` route of an area admits
 * exactly these roles (the server's guard reads this table), and the console shows an area's menu
 * entry only to them: the menu and the guard read the same table.
 */
export const ADMIN_AREA_ROLES = {
  dashboard: ['admin', 'editor', 'support'],
  users: ['admin', 'support'],
  orders: ['admin', 'support'],
  content: ['admin', 'editor'],
  courses: ['admin', 'editor'],
  catalogue: ['admin', 'editor'],
  holidays: ['admin', 'editor'],
  operators: ['admin'],
  audit: ['admin'],
} as const satisfies Record<string, readonly AdminRole[]>;

/** A console area. */
export type AdminArea = keyof typeof ADMIN_AREA_ROLES;

/** Chinese names of the areas (menu entries and page titles). */
export const ADMIN_AREA_LABELS: Record<AdminArea, string> = {
  dashboard: '概览',
  users: '用户与会员',
  orders: '订单',
  content: '文章与标签',
  courses: '课程',
  catalogue: '商品',
  holidays: '节假日',
  operators: '后台账号',
  audit: '操作日志',
};

/** True when `role` may use `area`. */
export function roleMayUse(role: AdminRole, area: AdminArea): boolean {
  return (ADMIN_AREA_ROLES[area] as readonly AdminRole[]).includes(role);
}

/**
 * What an audit row records (`action`), with the Chinese the audit page shows: every action the
 * console and the command line (`npm run admin`) write; the log's filter offers these.
 */
export const AUDIT_ACTION_LABELS = {
  'operator.login': '后台登录',
  'operator.logout': '后台退出',
  'operator.add': '新增后台账号',
  'operator.disable': '停用后台账号',
  'operator.role': '修改后台角色',
  'operator.password': '修改后台密码',
  'operator.totp.enable': '开启两步验证',
  'operator.totp.disable': '关闭两步验证',
  'operator.totp.reset': '重置两步验证',
  'vip.grant': '开通/延长 VIP',
  'vip.revoke': '取消 VIP',
  'user.sessions.revoke': '强制用户下线',
  'user.ban': '封禁用户',
  'user.unban': '解除封禁',
  'user.merge': '合并账号',
  'holiday.save': '保存节假日',
  'holiday.delete': '删除节假日',
  'course.create': '新建课程',
  'course.update': '修改课程',
  'course.publish': '发布/下架课程',
  'lesson.save': '保存课时',
  'lesson.reorder': '调整课时顺序',
  'lesson.delete': '删除课时',
  'courseware.save': '添加课件',
  'courseware.delete': '删除课件',
  'article.create': '新建文章',
  'article.update': '修改文章',
  'article.publish': '发布文章',
  'article.unpublish': '下架文章',
  'article.delete': '删除文章',
  'reading.update': '修改命书解读',
  'master.save': '保存大师',
  'label.save': '保存客服名片',
  'sku.stock': '修改库存',
  'sku.save': '保存商品规格',
  'product.save': '保存商品',
  'product.shelf': '商品上架/下架',
  'order.ship': '订单发货',
  'order.refund': '订单退款',
  'order.refund-reject': '拒绝退款',
  'database.backup': '数据备份',
  'database.restore': '数据恢复',
  'pay.finding.resolve': '对账异常标记已处理',
} as const;

/** An audit action code. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** An operator's login name: 3–32 of lower-case letters, digits, '_', '.', '-'. */
export const OPERATOR_USERNAME_PATTERN = '^[a-z0-9_.-]{3,32}$';

/** Shortest and longest operator password, in characters. */
export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 128;

/** Longest display name of an operator, in characters. */
export const OPERATOR_DISPLAY_NAME_MAX = 40;

/** Hours an operator's login lasts; after that the console asks to log in again. */
export const ADMIN_SESSION_HOURS = 12;

/** The issuer an authenticator app shows beside the operator's code. */
export const TOTP_ISSUER = '玄历后台';

/** Digits of a TOTP code and seconds each code lasts (RFC 6238 defaults, what authenticator apps use). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** Shortest and longest reason an operator gives for a change to a user (VIP, sessions, bans). */
export const ADMIN_REASON_MIN = 2;
export const ADMIN_REASON_MAX = 200;

/** Fewest and most days of VIP one grant may add (ten years at most). */
export const VIP_GRANT_DAYS_MIN = 1;
export const VIP_GRANT_DAYS_MAX = 3650;

/** Page size of the console's lists when the query names none, and the largest it may ask for (every list's). */
export const ADMIN_PAGE_SIZE = PAGE_SIZE;
export const ADMIN_PAGE_SIZE_MAX = PAGE_SIZE_MAX;

/** Recent orders shown on a user's page. */
export const ADMIN_USER_RECENT_ORDERS = 20;
