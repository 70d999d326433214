/**
 * An audit row as one Chinese sentence that names the operator and the object: 赵客服 为用户
 * 138****0000 开通会员 30 天. One template per action the API writes (admin-labels.ts
 * `AUDIT_ACTION_LABELS`); the object's name comes from the server (`subject`: a user's masked phone, an
 * order's number, an article's title…), the details from the row's before/after. An action this
 * console does not know yet (a newer server) still reads as a sentence: 张三 执行了「动作」：对象.
 */
import type { AuditEntry } from '@xuanli/contracts/admin';
import { ADMIN_ROLE_LABELS, AUDIT_ACTION_LABELS, type AuditAction } from '@xuanli/contracts/admin-labels';
import { PAY_FINDING_KIND_LABELS } from '@xuanli/contracts/admin-pay-labels';
import { formatDate } from '@/lib/dates';
import { formatYuan } from '@/lib/money';

/** A template: the sentence after the operator's name. */
type Template = (row: AuditEntry) => string;

/** Field `field` of the row's `side` (before/after), when the side is an object. */
function field(side: unknown, name: string): unknown {
  return typeof side === 'object' && side !== null ? (side as Record<string, unknown>)[name] : undefined;
}

/** The object's name, else its target as recorded (e.g. `user:42`). */
const subject = (row: AuditEntry) => row.subject ?? row.target;

/** The id part of the target ('order:2026…' → '2026…'). */
const targetId = (row: AuditEntry) => row.target.slice(row.target.indexOf(':') + 1);

/** Whether the row's target is the operator who made the change (their own account). */
const ownAccount = (row: AuditEntry) =>
  row.operatorId !== null && row.target === `operator:${row.operatorId}`;

/** A role code as its Chinese name. */
function roleName(role: unknown): string {
  return typeof role === 'string' && role in ADMIN_ROLE_LABELS
    ? ADMIN_ROLE_LABELS[role as keyof typeof ADMIN_ROLE_LABELS]
    : String(role ?? '无');
}

/** `created` when the row made the object (nothing before), else `changed`. */
const createdOr = (row: AuditEntry, created: string, changed: string) =>
  row.before === null ? created : changed;

/** Whether the VIP granted in `row` was still running when it was granted (an extension). */
function extendsVip(row: AuditEntry): boolean {
  const before = field(row.before, 'vipExpire');
  return typeof before === 'string' && Date.parse(before) > Date.parse(row.at);
}

/** A Beijing date of an ISO instant in the row, or nothing. */
function dateOf(value: unknown): string {
  return typeof value === 'string' ? formatDate(value) : '';
}

/** The templates, one per action. */
export const AUDIT_SENTENCES: Record<AuditAction, Template> = {
  'operator.login': () => '登录了后台',
  'operator.logout': () => '退出了后台',
  'operator.add': (row) => `新增了后台账号 ${subject(row)}（${roleName(field(row.after, 'role'))}）`,
  'operator.disable': (row) => `停用了后台账号 ${subject(row)}`,
  'operator.role': (row) =>
    `将后台账号 ${subject(row)} 的角色从${roleName(field(row.before, 'role'))}改为${roleName(field(row.after, 'role'))}`,
  'operator.password': (row) =>
    ownAccount(row) ? '修改了自己的后台密码' : `重设了后台账号 ${subject(row)} 的密码`,
  'operator.totp.enable': (row) =>
    ownAccount(row) ? '开启了两步验证' : `为后台账号 ${subject(row)} 开启了两步验证`,
  'operator.totp.disable': (row) =>
    ownAccount(row) ? '关闭了两步验证' : `为后台账号 ${subject(row)} 关闭了两步验证`,
  'operator.totp.reset': (row) => `重置了后台账号 ${subject(row)} 的两步验证`,
  'vip.grant': (row) => {
    const until = dateOf(field(row.after, 'vipExpire'));
    const days = field(row.after, 'days');
    return `为用户 ${subject(row)} ${extendsVip(row) ? '延长' : '开通'}会员 ${days ?? '?'} 天${until ? `（到期 ${until}）` : ''}`;
  },
  'vip.revoke': (row) => `取消了用户 ${subject(row)} 的会员`,
  'user.sessions.revoke': (row) => {
    const ended = field(row.before, 'openSessions');
    return `让用户 ${subject(row)} 强制下线${typeof ended === 'number' ? `（结束 ${ended} 个登录）` : ''}`;
  },
  'user.ban': (row) => {
    const ended = field(row.after, 'sessionsEnded');
    return `封禁了用户 ${subject(row)}${row.reason ? `，原因：${row.reason}` : ''}${typeof ended === 'number' && ended > 0 ? `（结束 ${ended} 个登录）` : ''}`;
  },
  'user.unban': (row) => `解除了用户 ${subject(row)} 的封禁${row.reason ? `，原因：${row.reason}` : ''}`,
  'user.merge': (row) => {
    const merged = field(row.after, 'mergedUser');
    const how =
      row.reason === 'bind-phone' ? '绑定手机号时' : row.reason === 'wechat-login' ? '微信登录时' : '';
    return `${how}将账号 #${typeof merged === 'number' ? merged : '?'} 并入了 ${subject(row)}`;
  },
  'database.backup': (row) => {
    const file = field(row.after, 'file');
    return `备份了数据库${typeof file === 'string' ? `到 ${file}` : ''}`;
  },
  'database.restore': (row) => {
    const file = field(row.after, 'file');
    return `从备份${typeof file === 'string' ? ` ${file} ` : ''}恢复了数据库`;
  },
  'holiday.save': (row) => {
    const name = field(row.after, 'name');
    const kind = field(row.after, 'offDay') === false ? '调休上班' : '放假';
    return `将 ${targetId(row)} 设为${kind}${typeof name === 'string' && name ? `（${name}）` : ''}`;
  },
  'holiday.delete': (row) => `删除了 ${targetId(row)} 的节假日安排，恢复内置安排`,
  'course.create': (row) => `新建了课程《${subject(row)}》`,
  'course.update': (row) => `修改了课程《${subject(row)}》的信息`,
  'course.publish': (row) =>
    field(row.after, 'published') === false
      ? `下架了课程《${subject(row)}》`
      : `发布了课程《${subject(row)}》`,
  'lesson.save': (row) => createdOr(row, `添加了课时「${subject(row)}」`, `修改了课时「${subject(row)}」`),
  'lesson.reorder': (row) => `调整了课程《${subject(row)}》的课时顺序`,
  'lesson.delete': (row) => `删除了课时「${subject(row)}」`,
  'courseware.save': (row) => `添加了课件「${subject(row)}」`,
  'courseware.delete': (row) => `删除了课件「${subject(row)}」`,
  'article.create': (row) => `新建了文章《${subject(row)}》（草稿）`,
  'article.update': (row) => `修改了文章《${subject(row)}》`,
  'article.publish': (row) => `发布了文章《${subject(row)}》`,
  'article.unpublish': (row) => `下架了文章《${subject(row)}》`,
  'article.delete': (row) => `删除了文章《${subject(row)}》`,
  'reading.update': (row) => `修改了命书解读「${subject(row)}」`,
  'master.save': (row) => createdOr(row, `新增了大师 ${subject(row)}`, `修改了大师 ${subject(row)} 的资料`),
  'label.save': () => '修改了客服名片',
  'sku.stock': (row) =>
    `将 ${subject(row)} 的库存从 ${field(row.before, 'stock') ?? '?'} 件改为 ${field(row.after, 'stock') ?? '?'} 件`,
  'sku.save': (row) => createdOr(row, `新增了商品规格 ${subject(row)}`, `修改了商品规格 ${subject(row)}`),
  'product.save': (row) => createdOr(row, `新建了商品《${subject(row)}》`, `修改了商品《${subject(row)}》`),
  'product.shelf': (row) =>
    field(row.after, 'onShelf') === true ? `上架了商品《${subject(row)}》` : `下架了商品《${subject(row)}》`,
  'order.ship': (row) => {
    const tracking = field(row.after, 'tracking');
    return `将订单 ${targetId(row)} 标记为已发货${typeof tracking === 'string' && tracking ? `（${tracking}）` : ''}`;
  },
  'order.refund': (row) => {
    const amount = field(row.after, 'amount');
    return `为订单 ${targetId(row)} 退款${typeof amount === 'number' ? ` ${formatYuan(amount)}` : ''}`;
  },
  'order.refund-reject': (row) => `拒绝了订单 ${targetId(row)} 的退款申请`,
  'pay.finding.resolve': (row) => {
    const orderNo = field(row.after, 'orderNo');
    const kind = field(row.after, 'kind');
    const what =
      typeof kind === 'string' && kind in PAY_FINDING_KIND_LABELS
        ? `「${PAY_FINDING_KIND_LABELS[kind as keyof typeof PAY_FINDING_KIND_LABELS]}」`
        : '';
    return `将订单 ${typeof orderNo === 'string' ? orderNo : '?'} 的对账异常${what}标记为已处理${row.reason ? `：${row.reason}` : ''}`;
  },
};

/** Who made the change: the operator's name, or the command line with its OS user and host. */
export function actorOf(row: AuditEntry): string {
  // The user's own doing (two of their accounts merged): 'user:42'.
  if (row.operatorId === null && row.actor.startsWith('user:')) return '用户本人';
  // 'cli:ops@web-1', or 'root@vm (admin channel)' when the command went through the running server.
  if (row.operatorId === null)
    return `命令行（${row.actor.replace(/^cli:/, '').replace(/\s*\((.+)\)$/, '，$1')}）`;
  return row.operatorName ?? row.actor;
}

/** The Chinese of an action the console knows, else its code. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/** The row as a sentence: its operator, then what they did to what. */
export function auditSentence(row: AuditEntry): string {
  const template = (AUDIT_SENTENCES as Record<string, Template | undefined>)[row.action];
  const what = template ? template(row) : `执行了「${actionLabel(row.action)}」：${subject(row)}`;
  return `${actorOf(row)} ${what}`;
}
