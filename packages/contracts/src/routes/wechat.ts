/**
 * The WeChat routes (`/api/wechat/…`): whether WeChat login is on, the 网页授权 redirects and the JS-SDK signature.
 * Each route once: method, path, and the schemas the API registers (route.ts).
 */
import { defineRoutes } from '../route.ts';
import {
  JssdkConfigSchema,
  JssdkQuerySchema,
  WechatCallbackQuerySchema,
  WechatOauthQuerySchema,
  WechatStatusSchema,
} from '../wechat.ts';

/** The app's wechat routes. */
export const WECHAT_ROUTES = defineRoutes({
  getStatus: { method: 'GET', path: '/api/wechat/status', answer: WechatStatusSchema },
  getOauth: { method: 'GET', path: '/api/wechat/oauth', query: WechatOauthQuerySchema, redirect: true },
  getOauthCallback: {
    method: 'GET',
    path: '/api/wechat/oauth/callback',
    query: WechatCallbackQuerySchema,
    redirect: true,
  },
  getJssdk: { method: 'GET', path: '/api/wechat/jssdk', query: JssdkQuerySchema, answer: JssdkConfigSchema },
});
