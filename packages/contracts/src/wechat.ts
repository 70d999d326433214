/**
 * The WeChat web channel's wire: whether the 公众号 is set up, 网页授权 (`GET /api/wechat/oauth` and its
 * callback, both browser navigations answered 302), the JS-SDK's `wx.config` signature, and the member
 * routes that sign in with the ticket an authorisation brought back, link a phone (merging accounts
 * when the phone has one) and unbind WeChat.
 */
import { type Static, Type } from 'typebox';
import { Phone } from './common.ts';
import { ProfileSchema } from './member.ts';

/**
 * An app route the browser may come back to after 网页授权: a hash route of the app (`/pages/…`, its
 * query allowed), never an address of its own, so the authorisation cannot be used as an open redirect.
 */
export const APP_ROUTE_PATTERN = '^/pages/[A-Za-z0-9/_-]+(\\?[^#\\s\\\\]*)?$';

/** `resData` of `GET /api/wechat/status`: whether WeChat login and the JS-SDK are on. */
export const WechatStatusSchema = Type.Object({
  enabled: Type.Boolean({ description: 'WECHAT_APP_ID is configured' }),
  appId: Type.Union([Type.String(), Type.Null()], { description: "The 公众号's AppID, null when off" }),
});

/** The WeChat status. */
export type WechatStatus = Static<typeof WechatStatusSchema>;

/** Query of `GET /api/wechat/oauth`. */
export const WechatOauthQuerySchema = Type.Object({
  to: Type.String({
    pattern: APP_ROUTE_PATTERN,
    maxLength: 512,
    description: 'The app route to come back to, e.g. /pages/user/login?redirect=…',
  }),
  scope: Type.Optional(
    Type.Union([Type.Literal('base'), Type.Literal('userinfo')], {
      description: 'base: silent, openid only (default); userinfo: asks the user, adds nickname and avatar',
    }),
  ),
});

/** An authorisation request. */
export type WechatOauthQuery = Static<typeof WechatOauthQuerySchema>;

/** Query of `GET /api/wechat/oauth/callback`, as WeChat sends the browser back. */
export const WechatCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 256 })),
});

/** Why an authorisation ended without a ticket (`wxerror` in the app route's query). */
export const WECHAT_OAUTH_FAILURES = ['state', 'denied', 'expired', 'snapshot', 'unavailable'] as const;

/** Query of `GET /api/wechat/jssdk`. */
export const JssdkQuerySchema = Type.Object({
  url: Type.String({
    minLength: 1,
    maxLength: 2048,
    description: "The page's full URL without its #part, on the site's origin (PUBLIC_URL)",
  }),
});

/** `resData` of `GET /api/wechat/jssdk`: what `wx.config` takes besides `jsApiList`. */
export const JssdkConfigSchema = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer({ description: 'Epoch seconds' }),
  nonceStr: Type.String(),
  signature: Type.String({ description: 'SHA-1 of jsapi_ticket=…&noncestr=…&timestamp=…&url=…, hex' }),
});

/** A JS-SDK configuration. */
export type JssdkConfig = Static<typeof JssdkConfigSchema>;

/** Body of `POST /api/crm/member/wechat`. */
export const WechatLoginBodySchema = Type.Object({
  ticket: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'The `wxticket` the authorisation brought back',
  }),
});

/** A WeChat login request. */
export type WechatLoginBody = Static<typeof WechatLoginBodySchema>;

/** `resData` of `POST /api/crm/member/wechat`: a new session, like every login. */
export const WechatLoginResultSchema = Type.Object({
  jwt: Type.String({ description: 'The new session token; send it as header `token` from now on' }),
  iat: Type.Integer({ description: 'Issue time, epoch seconds' }),
  user: ProfileSchema,
  bound: Type.Boolean({ description: 'A phone is linked to the account' }),
});

/** A WeChat login answer. */
export type WechatLoginResult = Static<typeof WechatLoginResultSchema>;

/** Body of `POST /api/crm/member/bind-phone`. */
export const BindPhoneBodySchema = Type.Object({
  phone: Phone('The phone to link'),
  code: Type.String({ maxLength: 16, description: 'The 6-digit code sent to it by `crm/member/sms`' }),
});

/** A phone binding. */
export type BindPhoneBody = Static<typeof BindPhoneBodySchema>;

/**
 * `resData` of `POST /api/crm/member/bind-phone`: a new session for the account that now has the phone —
 * the caller's, or, when the phone already had an account, that one, into which the caller's was merged.
 */
export const BindPhoneResultSchema = Type.Object({
  jwt: Type.String(),
  iat: Type.Integer(),
  user: ProfileSchema,
  merged: Type.Boolean({ description: "The phone's existing account now holds the caller's" }),
});

/** A phone binding's answer. */
export type BindPhoneResult = Static<typeof BindPhoneResultSchema>;

/** `resData` of `GET /api/crm/member/wechat`: the WeChat binding of the caller's account. */
export const WechatBindingSchema = Type.Object({
  enabled: Type.Boolean({ description: 'WeChat login is on' }),
  bound: Type.Boolean({ description: 'A WeChat user is bound to the account' }),
  nickname: Type.Union([Type.String(), Type.Null()], {
    description: "The WeChat user's nickname, when known",
  }),
});

/** A WeChat binding. */
export type WechatBinding = Static<typeof WechatBindingSchema>;

/** Body of `POST /api/crm/member/wechat/unbind`: none (an empty object, or no body). */
export const WechatUnbindBodySchema = Type.Object({}, { additionalProperties: false });

/** `resData` of `POST /api/crm/member/wechat/unbind`. */
export const WechatUnbindResultSchema = Type.Object({
  unbound: Type.Boolean({ description: 'A binding was removed' }),
});

/** An unbinding's answer. */
export type WechatUnbindResult = Static<typeof WechatUnbindResultSchema>;
