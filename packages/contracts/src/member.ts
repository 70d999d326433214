/**
 * The member wire (PRODUCT.md#account, #roles; the original app's `crm/member/profile` and
 * `crm/ketang/myorder`): sign-in by phone and SMS code or password, the profile, the password, logout and
 * account deletion.
 *
 * Every route here needs a logged-in session in header `token`: a visitor (session without a user) or
 * a revoked/expired token is answered 401 `Unauthorized` — except `sms` and `login`, which a visitor
 * calls to become a user (they still need a session token).
 */
import { type Static, Type } from 'typebox';
import { DateTime } from './common.ts';

/** Mainland mobile numbers: 1, then 3–9, then nine digits (11 digits in all). */
export { PHONE_PATTERN } from './common-labels.ts';

/** Seconds a client waits before asking for another code for the same phone. */
export const SMS_RESEND_SECONDS = 60;

/** A password: 8–64 characters with at least one letter and one digit. */
export const PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d).{8,64}$';

/** The phone of a request. Its pattern is checked by the service (answering `InvalidPhone`, not a validation error). */
const PhoneField = Type.String({
  maxLength: 32,
  description: 'Mainland mobile number, 11 digits matching /^1[3-9]\\d{9}$/ (else InvalidPhone)',
  examples: ['13800138000'],
});

/**
 * A user as the wire shows it (with `vip_expire` and `isVip`, PRODUCT.md#vip). The phone is masked; the
 * full number never leaves the server.
 */
export const ProfileSchema = Type.Object(
  {
    id: Type.Integer({ description: 'User id' }),
    phone: Type.String({ description: "Masked phone, e.g. '138****0000'" }),
    nickname: Type.String({
      description: "Shown name; '玄历用户' plus the phone's last 4 digits by default",
    }),
    avatar: Type.String({ description: "Avatar URL (`/api/files/…`) or '' for the default picture" }),
    vip_expire: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'End of VIP membership, ISO 8601 UTC; null when never VIP',
    }),
    isVip: Type.Boolean({
      description: 'VIP now by the server clock (vip_expire later than now; PRODUCT.md#vip)',
    }),
    hasPassword: Type.Boolean({ description: 'A password is set, so phone + password login works' }),
  },
  { description: 'The signed-in user (PRODUCT.md#account, #roles)' },
);

/** A profile. */
export type Profile = Static<typeof ProfileSchema>;

/** Body of `POST /api/crm/member/sms`. */
export const SmsBodySchema = Type.Object(
  { phone: PhoneField },
  {
    description:
      'Ask for a 6-digit login code by SMS; the answer is the same whether or not the phone has an account',
  },
);

/** An SMS request. */
export type SmsBody = Static<typeof SmsBodySchema>;

/** `resData` of `POST /api/crm/member/sms`. */
export const SmsResultSchema = Type.Object({
  resendAfter: Type.Integer({
    minimum: 0,
    description: 'Seconds until another code may be asked for this phone (60)',
  }),
});

/** An SMS answer. */
export type SmsResult = Static<typeof SmsResultSchema>;

/**
 * Body of `POST /api/crm/member/login`: `{phone, code}` (SMS code) or `{phone, password}`. One object
 * with both optional rather than a union, so that validation errors name the field; a body with neither
 * or both is a ValidationError.
 */
export const LoginBodySchema = Type.Object(
  {
    phone: PhoneField,
    code: Type.Optional(
      Type.String({
        maxLength: 16,
        description:
          'The 6-digit code sent by SMS (valid 5 minutes, burnt after 5 wrong tries); the first login creates the user',
      }),
    ),
    password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'The password set after an SMS login (LoginFailed when wrong or none is set)',
      }),
    ),
  },
  { description: 'Login by `{phone, code}` or by `{phone, password}`' },
);

/** A login request. */
export type LoginBody = Static<typeof LoginBodySchema>;

/**
 * A 429 of `sms` and `login`: the failure envelope plus, when known, how many seconds until the limit
 * that refused the request lets it through (also in the `retry-after` header).
 */
export const TooManyRequestsEnvelopeSchema = Type.Object(
  {
    code: Type.Literal('TooManyRequests'),
    msg: Type.String(),
    retryAfter: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Seconds to wait before trying again' }),
    ),
  },
  { description: 'Too many requests; `retryAfter` seconds when known' },
);

/** A 429 envelope with its wait. */
export type TooManyRequestsEnvelope = Static<typeof TooManyRequestsEnvelopeSchema>;

/**
 * `resData` of `POST /api/crm/member/login`: the new token object (PRODUCT.md#screens `jw-token`) plus the
 * user. The answered jwt is a new session's; the caller's old one is refused from then on, at once.
 */
export const LoginResultSchema = Type.Object({
  jwt: Type.String({ description: 'The new session token; send it as header `token` from now on' }),
  iat: Type.Integer({ description: 'Issue time, epoch seconds' }),
  user: ProfileSchema,
});

/** A login answer. */
export type LoginResult = Static<typeof LoginResultSchema>;

/** `resData` of `POST /api/crm/member/logout`. */
export const MemberLogoutResultSchema = Type.Object({
  revokedAt: DateTime('When the session was ended; its tokens are refused from then on'),
});

/** A logout answer. */
export type MemberLogoutResult = Static<typeof MemberLogoutResultSchema>;

/** Body of `POST /api/crm/member/profile`: only the fields present change. */
export const ProfileUpdateSchema = Type.Object(
  {
    nickname: Type.Optional(
      Type.String({ maxLength: 64, description: '1–20 characters after trimming spaces' }),
    ),
    avatar: Type.Optional(
      Type.String({
        maxLength: 512,
        description:
          "A URL answered by `POST /api/base/upload` (starting '/api/files/'), or '' for the default",
      }),
    ),
  },
  { additionalProperties: false },
);

/** A profile update. */
export type ProfileUpdate = Static<typeof ProfileUpdateSchema>;

/** Body of `POST /api/crm/member/password`. */
export const PasswordBodySchema = Type.Object(
  {
    password: Type.String({
      minLength: 8,
      maxLength: 64,
      pattern: PASSWORD_PATTERN,
      description: 'New password: 8–64 characters with a letter and a digit',
    }),
    oldPassword: Type.Optional(
      Type.String({
        maxLength: 128,
        description: 'The current password; required when one is set (else LoginFailed)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A password change. */
export type PasswordBody = Static<typeof PasswordBodySchema>;

/** `resData` of `POST /api/crm/member/password`. */
export const PasswordResultSchema = Type.Object({ ok: Type.Literal(true) });

/** A password answer. */
export type PasswordResult = Static<typeof PasswordResultSchema>;

/** Body of `POST /api/crm/member/delete`: empty (the session says who). */
export const DeleteBodySchema = Type.Object({}, { additionalProperties: false });

/** `resData` of `POST /api/crm/member/delete`. */
export const DeleteResultSchema = Type.Object({
  deletedAt: DateTime(
    'When the account was anonymised and all its sessions ended; the phone may sign up afresh',
  ),
});

/** A deletion answer. */
export type DeleteResult = Static<typeof DeleteResultSchema>;

/**
 * A purchased course (`crm/ketang/myorder`, PRODUCT.md#paths; 我的课程 on the phone): granted when its shop order
 * was paid, gone again if that order is refunded.
 */
export const MyOrderItemSchema = Type.Object(
  {
    courseId: Type.String({ description: "The course's id, as the classroom names it" }),
    title: Type.String(),
    cover: Type.String({ description: 'Cover image URL' }),
    orderNo: Type.String({ description: 'The shop order that bought it' }),
    grantedAt: Type.String({ format: 'date-time' }),
    lessonsDone: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Lessons of the course watched to 90 % (classroom progress)' }),
    ),
    lessonsTotal: Type.Optional(Type.Integer({ minimum: 0, description: 'Lessons the course has now' })),
    lastLesson: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description: 'The lesson watched last (继续学习 opens it), or null before the first',
      }),
    ),
    lastPosition: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: 'Saved position in that lesson, in seconds, or null',
      }),
    ),
  },
  { description: 'A purchased course' },
);

/** `resData` of `GET /api/crm/ketang/myorder`. */
export const MyOrderListSchema = Type.Object({
  list: Type.Array(MyOrderItemSchema),
  total: Type.Integer({ minimum: 0 }),
});

/** A list of purchased courses. */
export type MyOrderList = Static<typeof MyOrderListSchema>;
