/**
 * The 公众号's settings (login by 网页授权, the JS-SDK), declared and validated here and gathered by
 * config.ts at start-up.
 */
import { ConfigError, httpsUrl, integer, parsePublicUrl, secretSetting } from '../../shared/settings.ts';
import { Secret } from '../../shared/storage.ts';

/**
 * The 公众号 whose users log in by 网页授权 and whose JS-SDK shares our pages. On when WECHAT_APP_ID is
 * set; it then needs WECHAT_APP_SECRET and PUBLIC_URL. The secret is a {@link Secret}, so printing the
 * config never shows it; the app id is public (every authorisation URL carries it).
 */
export interface WechatConfig {
  /** WECHAT_APP_ID: the 公众号's AppID (wx…). */
  appId: string;
  /** WECHAT_APP_SECRET(_FILE): its AppSecret. */
  appSecret: Secret;
  /** WECHAT_API_BASE, default https://api.weixin.qq.com (code exchange, user info, tokens, tickets). */
  apiBase: string;
  /** WECHAT_OPEN_BASE, default https://open.weixin.qq.com (the authorisation page the browser opens). */
  openBase: string;
  /** WECHAT_TIMEOUT_MS (default 5000): how long WeChat's API may take to answer one request. */
  timeoutMs: number;
}

/**
 * The 公众号 settings when WECHAT_APP_ID is set ({@link WechatConfig}), refusing a start without its
 * secret or without PUBLIC_URL (WeChat must be told where to send the user back), and one where WeChat
 * Pay is bound to another AppID (JSAPI pays with this 公众号's openids); undefined otherwise.
 */
export function parseWechatConfig(env: NodeJS.ProcessEnv): WechatConfig | undefined {
  const appId = env.WECHAT_APP_ID?.trim();
  if (!appId) return undefined;
  if (!/^wx[0-9a-zA-Z]{14,30}$/.test(appId)) {
    throw new ConfigError("WECHAT_APP_ID must be the 公众号's AppID (wx followed by letters and digits)");
  }
  const secret = secretSetting(env, 'WECHAT_APP_SECRET');
  const missing = [
    ['WECHAT_APP_SECRET', secret],
    ['PUBLIC_URL', parsePublicUrl(env)],
  ]
    .filter(([, value]) => !value)
    .map(([variable]) => variable);
  if (missing.length > 0)
    throw new ConfigError(`WECHAT_APP_ID is set, so WeChat needs ${missing.join(', ')}`);
  const payAppId = env.WECHATPAY_APP_ID?.trim();
  if (env.WECHATPAY_MCH_ID?.trim() && payAppId && payAppId !== appId) {
    throw new ConfigError(
      "WECHATPAY_APP_ID must be WECHAT_APP_ID: JSAPI pays with the openid the 公众号's 网页授权 gives",
    );
  }
  return {
    appId,
    appSecret: new Secret(secret as string),
    apiBase: httpsUrl(env, 'WECHAT_API_BASE', 'https://api.weixin.qq.com'),
    openBase: httpsUrl(env, 'WECHAT_OPEN_BASE', 'https://open.weixin.qq.com'),
    timeoutMs: integer(env, 'WECHAT_TIMEOUT_MS', 5000, 500, 60_000),
  };
}
