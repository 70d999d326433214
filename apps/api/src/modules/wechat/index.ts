/**
 * The WeChat module's public entry: the 公众号 web channel — 网页授权 (login tickets), which account a
 * WeChat user is, the JS-SDK signature with the access token and ticket shared by every process, and
 * the buyer's openid for JSAPI payments. app.ts hands its `accounts` to the member module and its
 * `payerOpenid` to the pay module.
 */
export { unbindWechat as eraseWechatOf } from './identities.ts';
export { purgeOauthLeftovers } from './oauth.ts';
export { type WechatRoutesOptions, wechatRoutes } from './routes.ts';
export { createWechatService, type WechatService, type WechatServiceOptions } from './service.ts';
export { parseWechatConfig, type WechatConfig } from './settings.ts';
