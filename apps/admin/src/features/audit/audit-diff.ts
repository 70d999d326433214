/**
 * An audit row's before/after JSON as lines a person reads: one line per changed field, with the
 * field's Chinese name and its values as the console shows them elsewhere (Beijing times, role names,
 * 放假/调休上班). Fields the console does not know keep their key and their JSON.
 */
import { ADMIN_ROLE_LABELS, type AdminRole } from '@xuanli/contracts/admin-labels';
import { formatDateTime } from '@/lib/dates';

/** One changed field: its label and the shown value before and after (null = the field was absent). */
export interface DiffLine {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** Chinese names of the fields audit rows carry (users, VIP, operators, sessions, holidays). */
const FIELD_LABELS: Record<string, string> = {
  vipExpire: 'VIP 到期',
  isVip: 'VIP',
  phone: '手机号',
  nickname: '昵称',
  days: '天数',
  revoked: '结束的会话数',
  sessions: '会话',
  username: '用户名',
  displayName: '显示名',
  role: '角色',
  disabledAt: '停用时间',
  totpEnabled: '两步验证',
  lastLoginAt: '最近登录',
  date: '日期',
  name: '名称',
  offDay: '类型',
  notice: '通知',
  updatedAt: '修改时间',
  updatedBy: '修改人',
  stock: '库存',
  status: '状态',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How the console shows `value` of field `field`. */
export function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '无';
  if (field === 'offDay' && typeof value === 'boolean') return value ? '放假' : '调休上班';
  if (field === 'role' && typeof value === 'string' && value in ADMIN_ROLE_LABELS)
    return ADMIN_ROLE_LABELS[value as AdminRole];
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function line(
  field: string,
  before: unknown,
  after: unknown,
  hasBefore: boolean,
  hasAfter: boolean,
): DiffLine {
  return {
    field,
    label: FIELD_LABELS[field] ?? field,
    before: hasBefore ? showValue(field, before) : null,
    after: hasAfter ? showValue(field, after) : null,
  };
}

/**
 * The changed fields between `before` and `after` (either may be null: a creation or a deletion,
 * whose every field is listed). Values that are not objects are one line named 值.
 */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const beforeIsRecord = isRecord(before);
  const afterIsRecord = isRecord(after);
  if ((beforeIsRecord || before == null) && (afterIsRecord || after == null)) {
    const old = beforeIsRecord ? before : {};
    const now = afterIsRecord ? after : {};
    const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
    return fields
      .filter(
        (field) =>
          !beforeIsRecord || !afterIsRecord || JSON.stringify(old[field]) !== JSON.stringify(now[field]),
      )
      .map((field) =>
        line(field, old[field], now[field], beforeIsRecord && field in old, afterIsRecord && field in now),
      );
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [line('值', before, after, before != null, after != null)];
}
