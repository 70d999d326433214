/** Records as the console API sends them (typed by packages/contracts/src/admin.ts), for fakes. */
import type {
  AdminLoginResult,
  AdminUserDetail,
  AdminUserSummary,
  AuditEntry,
  Operator,
} from '@xuanli/contracts/admin';
import type { AdminRole } from '@xuanli/contracts/admin-labels';

/** 2026-01-15 12:00 Beijing, the fixtures' "now"-ish instant. */
export const FIXTURE_NOW = '2026-01-15T04:00:00.000Z';

const USERNAMES: Record<AdminRole, string> = { admin: 'chief', editor: 'wenbian', support: 'kefu01' };
const NAMES: Record<AdminRole, string> = { admin: '王主管', editor: '李编辑', support: '赵客服' };

/** An active operator of `role`. */
export function anOperator(role: AdminRole, overrides: Partial<Operator> = {}): Operator {
  return {
    id: role === 'admin' ? 1 : role === 'editor' ? 2 : 3,
    username: USERNAMES[role],
    displayName: NAMES[role],
    role,
    totpEnabled: false,
    disabledAt: null,
    createdAt: '2025-12-01T02:00:00.000Z',
    lastLoginAt: FIXTURE_NOW,
    ...overrides,
  };
}

/** A login answer for an operator of `role`, valid for 12 hours from now. */
export function aLogin(role: AdminRole, overrides: Partial<Operator> = {}): AdminLoginResult {
  return {
    jwt: `jwt-${role}`,
    expiresAt: new Date(Date.now() + 12 * 3600_000).toISOString(),
    operator: anOperator(role, overrides),
  };
}

/** A listed user. */
export function aUser(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id: 42,
    phone: '13800138000',
    nickname: '玄历用户8000',
    avatar: '',
    vipExpire: null,
    isVip: false,
    createdAt: '2025-11-02T03:04:05.000Z',
    deletedAt: null,
    bannedAt: null,
    banReason: null,
    orderCount: 1,
    activeSessionCount: 1,
    ...overrides,
  };
}

/** The user page of {@link aUser}: one live session, one paid order. */
export function aUserDetail(overrides: Partial<AdminUserSummary> = {}): AdminUserDetail {
  return {
    user: { ...aUser(overrides), hasPassword: false },
    sessions: [
      {
        id: 'sess-1',
        deviceId: 1736900000000123,
        createdAt: '2026-01-10T01:00:00.000Z',
        lastSeenAt: '2026-01-15T03:00:00.000Z',
        expiresAt: '2026-01-22T03:00:00.000Z',
        revokedAt: null,
        active: true,
      },
    ],
    orders: [
      {
        orderNo: 'XL202601150001',
        status: 'paid',
        kind: 'goods',
        total: 12800,
        title: '开运手串',
        itemCount: 1,
        createdAt: '2026-01-14T06:00:00.000Z',
        paidAt: '2026-01-14T06:01:00.000Z',
      },
    ],
  };
}

/** An audit row of the console operator 赵客服 (id 3), changed by the fields given. */
export function anAuditEntry(fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: FIXTURE_NOW,
    operatorId: 3,
    actor: 'kefu01',
    operatorName: '赵客服',
    action: 'vip.grant',
    target: 'user:42',
    subject: '138****0000',
    before: null,
    after: null,
    reason: null,
    ...fields,
  };
}
