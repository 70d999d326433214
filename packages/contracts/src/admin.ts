/**
 * The operators' console wire (`/api/admin/…`): operator login with password and optional TOTP, the
 * operator's own account, the audit log, users with their sessions, orders and VIP, and the operator
 * accounts. Answers use the usual envelopes (envelope.ts).
 *
 * Operators are not app users: every route except `login` needs `Authorization: Bearer <jwt>` with a
 * console token (an app token in header `token` or as a bearer is refused, 401). A route answers 401
 * when the token is missing, bad, expired or its session ended, and 403 `Forbidden` when the
 * operator's role may not use the route's area (admin-labels.ts `ADMIN_AREA_ROLES`).
 */
import { type Static, Type } from 'typebox';
import {
  ADMIN_REASON_MAX,
  ADMIN_REASON_MIN,
  ADMIN_ROLES,
  OPERATOR_DISPLAY_NAME_MAX,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME_PATTERN,
  TOTP_DIGITS,
  VIP_GRANT_DAYS_MAX,
  VIP_GRANT_DAYS_MIN,
} from './admin-labels.ts';
import { DateTime, NullableDateTime, PHONE_PATTERN, pageOf, pageQuery, RowId } from './common.ts';
import { ORDER_STATUSES, PRODUCT_KINDS } from './shop-labels.ts';

export {
  ADMIN_AREA_LABELS,
  ADMIN_AREA_ROLES,
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  type AdminArea,
  type AdminRole,
  AUDIT_ACTION_LABELS,
  type AuditAction,
  roleMayUse,
} from './admin-labels.ts';

const RoleField = Type.Enum([...ADMIN_ROLES], { description: 'admin, editor or support' });

const UsernameField = Type.String({
  pattern: OPERATOR_USERNAME_PATTERN,
  description: "Login name: 3–32 of a–z, 0–9, '_', '.', '-'",
  examples: ['wang.li'],
});

const NewPasswordField = Type.String({
  minLength: OPERATOR_PASSWORD_MIN,
  maxLength: OPERATOR_PASSWORD_MAX,
  description: `New password, ${OPERATOR_PASSWORD_MIN}–${OPERATOR_PASSWORD_MAX} characters`,
});

const TotpCodeField = Type.String({
  pattern: `^\\d{${TOTP_DIGITS}}$`,
  description: 'The 6-digit code the authenticator app shows now',
  examples: ['123456'],
});

/** The reason an operator gives for a change to a user; stored in the audit row. */
const ReasonField = Type.String({
  minLength: ADMIN_REASON_MIN,
  maxLength: ADMIN_REASON_MAX,
  description: `Why (${ADMIN_REASON_MIN}–${ADMIN_REASON_MAX} characters), kept in the audit log`,
  examples: ['客服会话 2027-01-05，补偿活动'],
});

const PhoneField = Type.String({
  pattern: PHONE_PATTERN,
  description: 'The full 11-digit mainland mobile number of the account',
  examples: ['13800138000'],
});

// ——— Operators and login ———

/** An operator account as the console shows it (never its password hash or TOTP secret). */
export const OperatorSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    displayName: Type.String(),
    role: RoleField,
    totpEnabled: Type.Boolean({ description: 'Two-step verification is on: login needs a TOTP code' }),
    disabledAt: NullableDateTime('When the account was disabled; null while it may log in'),
    createdAt: DateTime('When the account was added'),
    lastLoginAt: NullableDateTime('Last successful login; null when never'),
  },
  { description: 'An operator of the console' },
);

/** An operator. */
export type Operator = Static<typeof OperatorSchema>;

/**
 * Body of `POST /api/admin/login`. A wrong password, an unknown username and a disabled account get the
 * same 401 `OperatorLoginFailed`; with two-step verification on, a missing code is 401 `TotpRequired`
 * (the console then asks for it) and a wrong or already used one 400 `TotpInvalid`. Limited per IP and
 * per username (429 `TooManyRequests` with `retryAfter`).
 */
export const AdminLoginBodySchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: OPERATOR_PASSWORD_MAX }),
    totp: Type.Optional(TotpCodeField),
  },
  { additionalProperties: false },
);

/** A console login request. */
export type AdminLoginBody = Static<typeof AdminLoginBodySchema>;

/** `resData` of `POST /api/admin/login`. */
export const AdminLoginResultSchema = Type.Object({
  jwt: Type.String({ description: 'Send as `Authorization: Bearer <jwt>` on every console call' }),
  expiresAt: DateTime('When this login ends (12 hours after it); log in again after that'),
  operator: OperatorSchema,
});

/** A console login answer. */
export type AdminLoginResult = Static<typeof AdminLoginResultSchema>;

/** `resData` of `GET /api/admin/me`: the operator of the token and when the login ends. */
export const AdminMeSchema = Type.Object({
  operator: OperatorSchema,
  expiresAt: DateTime('When this login ends'),
});

/** Who is logged in to the console. */
export type AdminMe = Static<typeof AdminMeSchema>;

/** `resData` of `POST /api/admin/logout`. */
export const AdminLogoutResultSchema = Type.Object({
  revokedAt: DateTime('When the login was ended; its token is refused from then on'),
});

/** A console logout answer. */
export type AdminLogoutResult = Static<typeof AdminLogoutResultSchema>;

/**
 * Body of `POST /api/admin/me/password`: the operator changes their own password (400
 * `WrongOldPassword` when `oldPassword` is not the current one). Every other login of the operator
 * ends; the one that made the change stays.
 */
export const AdminPasswordBodySchema = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: OPERATOR_PASSWORD_MAX }),
    password: NewPasswordField,
  },
  { additionalProperties: false },
);

/** An own-password change. */
export type AdminPasswordBody = Static<typeof AdminPasswordBodySchema>;

/**
 * `resData` of `POST /api/admin/me/totp/enrol`: a new secret to put into an authenticator app (as a QR
 * code of `otpauthUrl`, or typed as `secret`). Two-step verification is not on until
 * `POST /api/admin/me/totp/confirm` with a code from the app; enrolling again replaces an unconfirmed
 * secret. 409 `Conflict` while it is already on.
 */
export const TotpEnrolResultSchema = Type.Object({
  secret: Type.String({ description: 'Base32 secret (RFC 4648, no padding)' }),
  otpauthUrl: Type.String({
    description: "otpauth://totp/… URL with issuer '玄历后台', SHA1, 6 digits, 30 s; show it as a QR code",
  }),
});

/** A TOTP enrolment. */
export type TotpEnrolResult = Static<typeof TotpEnrolResultSchema>;

/**
 * Body of `POST /api/admin/me/totp/confirm` (turns two-step verification on) and
 * `POST /api/admin/me/totp/disable` (turns it off): a current code; a wrong one is 400 `TotpInvalid`.
 */
export const TotpCodeBodySchema = Type.Object({ code: TotpCodeField }, { additionalProperties: false });

/** A TOTP code. */
export type TotpCodeBody = Static<typeof TotpCodeBodySchema>;

/** `resData` of the TOTP confirm and disable routes: the operator afterwards. */
export const TotpStateSchema = Type.Object({ operator: OperatorSchema });

/** The operator after a TOTP change. */
export type TotpState = Static<typeof TotpStateSchema>;

// ——— Audit log ———

/** Query of `GET /api/admin/audit` (role admin): every filter optional; newest first. */
export const AuditQuerySchema = Type.Object(
  {
    operatorId: Type.Optional(RowId('Rows of this operator')),
    action: Type.Optional(
      Type.String({ maxLength: 64, description: "Exact action, e.g. 'vip.grant' (AUDIT_ACTION_LABELS)" }),
    ),
    target: Type.Optional(
      Type.String({
        maxLength: 128,
        description: "Exact target ('user:42'), or a kind followed by ':' ('user:') for all of that kind",
      }),
    ),
    from: Type.Optional(DateTime('Rows at or after this instant')),
    to: Type.Optional(DateTime('Rows before this instant')),
    ...pageQuery(),
  },
  { additionalProperties: false },
);

/** An audit query. */
export type AuditQuery = Static<typeof AuditQuerySchema>;

/** One audit row: who changed what, from what to what, why and when. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  at: DateTime('When the change was made'),
  operatorId: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The console operator; null for a change made with the command line',
  }),
  actor: Type.String({ description: "Operator username, or 'cli:<os user>@<host>' for the command line" }),
  operatorName: Type.Union([Type.String(), Type.Null()], {
    description: "The console operator's display name now; null for the command line",
  }),
  action: Type.String({ description: "e.g. 'vip.grant' (AUDIT_ACTION_LABELS gives the Chinese)" }),
  target: Type.String({
    description: "What was changed, e.g. 'user:42', 'operator:3', 'holiday:2027-10-01'",
  }),
  subject: Type.Union([Type.String(), Type.Null()], {
    description:
      "The changed object as people name it: a user's masked phone ('138****0000', 已注销用户), an " +
      "order's number, a holiday's date, an operator's display name, an article's, product's or course's " +
      'title as the row recorded it (else as it is now); null when unknown',
  }),
  before: Type.Unknown({ description: 'The changed fields before (JSON), null when created' }),
  after: Type.Unknown({ description: 'The changed fields after (JSON), null when deleted' }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: "The operator's reason, if one was asked",
  }),
});

/** An audit row. */
export type AuditEntry = Static<typeof AuditEntrySchema>;

/** `resData` of `GET /api/admin/audit`. */
export const AuditListSchema = Type.Object({ ...pageOf(AuditEntrySchema) });

/** A page of the audit log. */
export type AuditList = Static<typeof AuditListSchema>;

// ——— Users ———

/** Query of `GET /api/admin/users` (roles admin, support); newest accounts first. */
export const AdminUserQuerySchema = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Digits of the phone (any part) or words of the nickname; all users when absent',
      }),
    ),
    ...pageQuery(),
  },
  { additionalProperties: false },
);

/** A user search. */
export type AdminUserQuery = Static<typeof AdminUserQuerySchema>;

/** A user in the console's list. Operators see the full phone: customer service works by it. */
export const AdminUserSummarySchema = Type.Object({
  id: Type.Integer(),
  phone: Type.Union([Type.String(), Type.Null()], {
    description: 'Full phone; null once the account was deleted',
  }),
  nickname: Type.String(),
  avatar: Type.String({ description: "Avatar URL or ''" }),
  vipExpire: NullableDateTime('End of VIP; null when never VIP'),
  isVip: Type.Boolean({ description: 'VIP now by the server clock' }),
  createdAt: DateTime('When the account was made (first login)'),
  deletedAt: NullableDateTime('When the user deleted the account'),
  bannedAt: NullableDateTime('Since when an operator has banned the account; null when not banned'),
  banReason: Type.Union([Type.String(), Type.Null()], { description: "The banning operator's reason" }),
  orderCount: Type.Integer({ minimum: 0, description: 'Orders of the user, any status' }),
  activeSessionCount: Type.Integer({ minimum: 0, description: 'Logins not ended and not expired' }),
});

/** A listed user. */
export type AdminUserSummary = Static<typeof AdminUserSummarySchema>;

/** `resData` of `GET /api/admin/users`. */
export const AdminUserListSchema = Type.Object({ ...pageOf(AdminUserSummarySchema) });

/** A page of users. */
export type AdminUserList = Static<typeof AdminUserListSchema>;

/** A login (app session) of a user. */
export const AdminUserSessionSchema = Type.Object({
  id: Type.String(),
  deviceId: Type.Union([Type.Integer(), Type.Null()], { description: "The app's device id" }),
  createdAt: DateTime('When the session began'),
  lastSeenAt: DateTime('Its last token refresh'),
  expiresAt: DateTime('When its current token expires unless refreshed'),
  revokedAt: NullableDateTime('When it was ended (logout, operator); null while live'),
  active: Type.Boolean({ description: 'Neither ended nor expired' }),
});

/** A user's session. */
export type AdminUserSession = Static<typeof AdminUserSessionSchema>;

/** A recent order of a user, as the user's page lists it. */
export const AdminUserOrderSchema = Type.Object({
  orderNo: Type.String(),
  status: Type.Enum([...ORDER_STATUSES]),
  kind: Type.Enum([...PRODUCT_KINDS]),
  total: Type.Integer({ minimum: 0, description: 'Amount payable, in 分 (1/100 元)' }),
  title: Type.String({ description: "The first line's product title" }),
  itemCount: Type.Integer({ minimum: 1, description: 'Pieces in the order' }),
  createdAt: DateTime('When the order was placed'),
  paidAt: NullableDateTime('When it was paid'),
});

/** A user's order. */
export type AdminUserOrder = Static<typeof AdminUserOrderSchema>;

/** `resData` of `GET /api/admin/users/{id}`: the user, their sessions and their recent orders. */
export const AdminUserDetailSchema = Type.Object({
  user: Type.Object({
    ...AdminUserSummarySchema.properties,
    hasPassword: Type.Boolean({ description: 'A password is set (phone + password login works)' }),
  }),
  sessions: Type.Array(AdminUserSessionSchema, {
    description: 'Newest first; ended ones of the last 30 days too',
  }),
  orders: Type.Array(AdminUserOrderSchema, { description: 'The 20 newest orders' }),
});

/** A user's page. */
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

/** Params of `GET /api/admin/users/{id}`. */
export const AdminUserParamsSchema = Type.Object({ id: RowId() });

/** User id params. */
export type AdminUserParams = Static<typeof AdminUserParamsSchema>;

/**
 * Body of `POST /api/admin/users/vip` (roles admin, support): grant or extend VIP by `days`, counted
 * from the later of now and the current expiry. The phone must have an account (404 otherwise).
 */
export const VipGrantBodySchema = Type.Object(
  {
    phone: PhoneField,
    days: Type.Integer({
      minimum: VIP_GRANT_DAYS_MIN,
      maximum: VIP_GRANT_DAYS_MAX,
      description: 'Days to add',
    }),
    reason: ReasonField,
  },
  { additionalProperties: false },
);

/** A VIP grant. */
export type VipGrantBody = Static<typeof VipGrantBodySchema>;

/** Body of `POST /api/admin/users/vip/revoke` (roles admin, support): VIP ends now. */
export const VipRevokeBodySchema = Type.Object(
  { phone: PhoneField, reason: ReasonField },
  { additionalProperties: false },
);

/** A VIP revocation. */
export type VipRevokeBody = Static<typeof VipRevokeBodySchema>;

/** `resData` of the VIP routes: the user's VIP afterwards. */
export const VipStateSchema = Type.Object({
  userId: Type.Integer(),
  phone: Type.String({ description: 'Masked phone' }),
  nickname: Type.String(),
  vipExpire: NullableDateTime('End of VIP; null when none'),
  isVip: Type.Boolean(),
});

/** A user's VIP state. */
export type VipState = Static<typeof VipStateSchema>;

/**
 * Body of `POST /api/admin/users/sessions/revoke` (roles admin, support): every app login of the user
 * ends (other API processes stop accepting them within their session cache time, seconds).
 */
export const UserSessionsRevokeBodySchema = Type.Object(
  { userId: RowId(), reason: ReasonField },
  { additionalProperties: false },
);

/** A session revocation. */
export type UserSessionsRevokeBody = Static<typeof UserSessionsRevokeBodySchema>;

/** `resData` of `POST /api/admin/users/sessions/revoke`. */
export const UserSessionsRevokeResultSchema = Type.Object({
  revoked: Type.Integer({ minimum: 0, description: 'Sessions ended by this call' }),
});

/** A session revocation answer. */
export type UserSessionsRevokeResult = Static<typeof UserSessionsRevokeResultSchema>;

/**
 * Body of `POST /api/admin/users/ban` and `…/unban` (roles admin, support). A ban ends every app
 * session of the user at once (other API processes within their session cache time, seconds) and
 * refuses every login and SMS code for the phone until the ban is lifted. Conflict when the account is
 * already in the asked state or was deleted; NotFound when there is no such user.
 */
export const UserBanBodySchema = Type.Object(
  { userId: RowId(), reason: ReasonField },
  { additionalProperties: false },
);

/** A ban or its lifting. */
export type UserBanBody = Static<typeof UserBanBodySchema>;

/** `resData` of the ban routes: the user's ban afterwards. */
export const UserBanStateSchema = Type.Object({
  userId: Type.Integer(),
  bannedAt: NullableDateTime('Since when the account is banned; null once lifted'),
  banReason: Type.Union([Type.String(), Type.Null()]),
  sessionsEnded: Type.Integer({ minimum: 0, description: 'App sessions the ban ended (0 when lifting)' }),
});

/** A user's ban state. */
export type UserBanState = Static<typeof UserBanStateSchema>;

// ——— Operator accounts (role admin) ———

/** `resData` of `GET /api/admin/operators`: every operator, disabled ones included, by username. */
export const OperatorListSchema = Type.Object({ list: Type.Array(OperatorSchema) });

/** The operators. */
export type OperatorList = Static<typeof OperatorListSchema>;

/** Body of `POST /api/admin/operators`: a new operator (409 `Conflict` when the username is taken). */
export const OperatorAddBodySchema = Type.Object(
  {
    username: UsernameField,
    displayName: Type.String({ minLength: 1, maxLength: OPERATOR_DISPLAY_NAME_MAX }),
    role: RoleField,
    password: NewPasswordField,
  },
  { additionalProperties: false },
);

/** A new operator. */
export type OperatorAddBody = Static<typeof OperatorAddBodySchema>;

/** Params of `POST /api/admin/operators/{id}/…`. */
export const OperatorParamsSchema = Type.Object({ id: RowId() });

/** Operator id params. */
export type OperatorParams = Static<typeof OperatorParamsSchema>;

/**
 * Body of `POST /api/admin/operators/{id}/disable`: the operator can no longer log in and every login
 * of theirs ends now. An operator cannot disable themselves (400), and the last active admin stays (409).
 */
export const OperatorDisableBodySchema = Type.Object(
  { reason: Type.Optional(ReasonField) },
  { additionalProperties: false },
);

/** An operator disabling. */
export type OperatorDisableBody = Static<typeof OperatorDisableBodySchema>;

/** Body of `POST /api/admin/operators/{id}/role` (the last active admin keeps the role: 409). */
export const OperatorRoleBodySchema = Type.Object(
  { role: RoleField, reason: Type.Optional(ReasonField) },
  { additionalProperties: false },
);

/** A role change. */
export type OperatorRoleBody = Static<typeof OperatorRoleBodySchema>;

/** `resData` of `POST /api/admin/operators` and of its disable and role routes: the operator afterwards. */
export const OperatorResultSchema = Type.Object({ operator: OperatorSchema });

/** An operator answer. */
export type OperatorResult = Static<typeof OperatorResultSchema>;
