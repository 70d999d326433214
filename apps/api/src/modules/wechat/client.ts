/**
 * The few calls of WeChat's server API the 公众号 web channel makes, over `fetch`, as the 公众号 documents
 * them: 网页授权's code exchange (`/sns/oauth2/access_token`) and user info (`/sns/userinfo`), the
 * stable access token (`POST /cgi-bin/stable_token`) and the JS-SDK ticket (`/cgi-bin/ticket/getticket`).
 * WeChat answers HTTP 200 with `{errcode, errmsg}` when it refuses; each refusal becomes a
 * {@link WechatApiError} with that code, as does a network failure or an answer that is not JSON.
 */
import type { WechatConfig } from './settings.ts';

/** WeChat refused (`errcode`), or did not answer usefully (`errcode` null). */
export class WechatApiError extends Error {
  override name = 'WechatApiError';
  readonly errcode: number | null;
  constructor(errcode: number | null, message: string) {
    super(message);
    this.errcode = errcode;
  }
}

/** Refusals of a stale or replaced access token: the token is fetched again once, then the call repeated. */
export const STALE_TOKEN_ERRCODES: readonly number[] = [40001, 40014, 42001];

/** What the client is built from. */
export interface WechatClientDeps {
  config: WechatConfig;
  /** Tests hand the stand-in's fetch; default the global one. */
  fetch?: typeof fetch;
}

/** A fresh credential WeChat handed out and how many seconds it lives. */
export interface FetchedCredential {
  value: string;
  expiresIn: number;
}

/** What the code exchange of 网页授权 says about the user. */
export interface AuthorizedUser {
  openid: string;
  unionid: string | null;
  /** The user's 网页授权 access token, good for `/sns/userinfo` only. */
  accessToken: string;
  /** A 朋友圈 snapshot page's stand-in account (is_snapshotuser=1), which must not become an account. */
  snapshot: boolean;
}

/** The profile snsapi_userinfo may read. */
export interface WechatProfile {
  nickname: string;
  headimgurl: string;
  unionid: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The WeChat API client of one 公众号. */
export interface WechatClient {
  exchangeCode(code: string): Promise<AuthorizedUser>;
  userInfo(accessToken: string, openid: string): Promise<WechatProfile>;
  stableToken(): Promise<FetchedCredential>;
  jsapiTicket(accessToken: string): Promise<FetchedCredential>;
}

/** Builds the client; nothing is sent until a method is called. */
export function wechatClient({ config, fetch: fetchImpl = fetch }: WechatClientDeps): WechatClient {
  /** One call; the parsed answer once it carries no errcode (or errcode 0). */
  async function call(path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    let data: unknown;
    try {
      const response = await fetchImpl(`${config.apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      data = JSON.parse(await response.text());
    } catch (error) {
      // The message names the path only: its query holds the AppSecret or a token.
      throw new WechatApiError(null, `wechat ${path.split('?')[0]} did not answer: ${(error as Error).name}`);
    }
    if (!isRecord(data)) throw new WechatApiError(null, `wechat ${path.split('?')[0]} answered no object`);
    const errcode = typeof data.errcode === 'number' ? data.errcode : 0;
    if (errcode !== 0) {
      throw new WechatApiError(
        errcode,
        `wechat ${path.split('?')[0]} refused: ${errcode} ${text(data.errmsg)}`,
      );
    }
    return data;
  }

  const appid = encodeURIComponent(config.appId);
  const secret = () => encodeURIComponent(config.appSecret.reveal());

  /** A credential answer's value and lifetime, or a refusal naming what was missing. */
  function credential(data: Record<string, unknown>, field: string): FetchedCredential {
    const value = text(data[field]);
    const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : 0;
    if (!value || expiresIn <= 0) throw new WechatApiError(null, `wechat answered no ${field}`);
    return { value, expiresIn };
  }

  return {
    async exchangeCode(code) {
      const data = await call(
        `/sns/oauth2/access_token?appid=${appid}&secret=${secret()}&code=${encodeURIComponent(code)}` +
          '&grant_type=authorization_code',
      );
      const openid = text(data.openid);
      if (!openid) throw new WechatApiError(null, 'wechat answered no openid');
      return {
        openid,
        unionid: text(data.unionid) || null,
        accessToken: text(data.access_token),
        snapshot: data.is_snapshotuser === 1,
      };
    },
    async userInfo(accessToken, openid) {
      const data = await call(
        `/sns/userinfo?access_token=${encodeURIComponent(accessToken)}&openid=${encodeURIComponent(openid)}&lang=zh_CN`,
      );
      if (text(data.openid) !== openid) throw new WechatApiError(null, 'wechat answered about another user');
      return {
        nickname: text(data.nickname),
        headimgurl: text(data.headimgurl),
        unionid: text(data.unionid) || null,
      };
    },
    async stableToken() {
      const data = await call('/cgi-bin/stable_token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'client_credential',
          appid: config.appId,
          secret: config.appSecret.reveal(),
          force_refresh: false,
        }),
      });
      return credential(data, 'access_token');
    },
    async jsapiTicket(accessToken) {
      const data = await call(
        `/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(accessToken)}&type=jsapi`,
      );
      return credential(data, 'ticket');
    },
  };
}
