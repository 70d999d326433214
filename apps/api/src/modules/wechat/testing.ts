/**
 * A stand-in 公众号 platform for the tests: real HTTP on 127.0.0.1 answering the endpoints the WeChat
 * web channel uses as WeChat documents them — the authorisation page `/connect/oauth2/authorize`
 * (silent for snsapi_base, consent for snsapi_userinfo, then 302 to `redirect_uri?code&state`), the code
 * exchange `/sns/oauth2/access_token`, `/sns/userinfo`, `POST /cgi-bin/stable_token` and
 * `/cgi-bin/ticket/getticket` — with their error codes (40029 invalid code, 40163 code been used, 41008
 * missing code, 40013 invalid appid, 40125 invalid appsecret, 40001/42001 for a replaced or expired
 * access token, 48001 for userinfo under snsapi_base), recording every request. The same object serves
 * the API base and the open base. Nothing here is used by the app itself.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../shared/clock.ts';

/** A WeChat user of the stand-in: who is "holding the phone" when an authorisation page opens. */
export interface StandInWechatUser {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl: string;
  /** A 朋友圈 snapshot page's stand-in account (is_snapshotuser=1). */
  snapshot?: boolean;
}

/** A request the stand-in received: method, path with query, body, and the body it answered. */
export interface StandInRequest {
  method: string;
  url: string;
  body: string;
  answer?: string;
}

interface IssuedCode {
  openid: string;
  scope: string;
  issuedAt: number;
  used: boolean;
}

/** A credential the stand-in handed out and until when it holds (ms, the stand-in's clock). */
interface Credential {
  value: string;
  expiresAt: number;
}

/** The official JS-SDK document's example ticket (附录1), handed out when a test asks for it. */
export const JSSDK_EXAMPLE_TICKET =
  'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg';

const TOKEN_SECONDS = 7200;
const CODE_MS = 5 * 60_000;

const json = (status: number, body: object) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const refusal = (errcode: number, errmsg: string) => json(200, { errcode, errmsg });

/** The 公众号 platform stand-in. */
export class StandInWechat {
  /** The 公众号's AppID (the one WeChat Pay is bound to, when a test pays too). */
  readonly appId: string;
  readonly appSecret = randomBytes(16).toString('hex');
  /** Every request, in order. */
  readonly requests: StandInRequest[] = [];
  /** The WeChat user whose phone opens the next authorisation page. */
  current: StandInWechatUser = StandInWechat.user('张阿姨');
  /** The user declines snsapi_userinfo's consent. */
  declineConsent = false;
  /** The ticket getticket hands out; default a fresh random one per expiry. */
  fixedTicket: string | undefined;
  private readonly codes = new Map<string, IssuedCode>();
  private readonly users = new Map<string, StandInWechatUser>();
  private readonly snsTokens = new Map<string, { openid: string; scope: string }>();
  private accessToken: Credential | null = null;
  private ticket: Credential | null = null;
  private server: Server | undefined;
  private readonly clock: Clock;
  /** The stand-in's origin once {@link listen}ed (`http://127.0.0.1:PORT`). */
  url = '';

  constructor(clock: Clock, appId = 'wx520c15f417810387') {
    this.clock = clock;
    this.appId = appId;
  }

  /** A WeChat user with a fresh openid (28 characters, as WeChat's are). */
  static user(nickname: string, extra: Partial<StandInWechatUser> = {}): StandInWechatUser {
    return {
      openid: `o${randomBytes(20).toString('base64url').slice(0, 27)}`,
      nickname,
      headimgurl: `https://thirdwx.qlogo.cn/mmopen/vi_32/${randomBytes(8).toString('hex')}/132`,
      ...extra,
    };
  }

  /** The environment that points the API at this stand-in. */
  env(publicUrl: string): NodeJS.ProcessEnv {
    return {
      WECHAT_APP_ID: this.appId,
      WECHAT_APP_SECRET: this.appSecret,
      WECHAT_API_BASE: this.url,
      WECHAT_OPEN_BASE: this.url,
      PUBLIC_URL: publicUrl,
    };
  }

  /** Requests to `path` (query ignored) so far. */
  calls(path: string): StandInRequest[] {
    return this.requests.filter((request) => request.url.split('?')[0] === path);
  }

  /** The access token is replaced elsewhere (another tool forced a refresh): the one handed out no longer works. */
  replaceAccessToken(): void {
    if (this.accessToken)
      this.accessToken = { value: this.newValue('TOKEN'), expiresAt: this.accessToken.expiresAt };
  }

  /** A code for `user` as the authorisation page would give, without a browser. */
  issueCode(user: StandInWechatUser = this.current, scope = 'snsapi_base'): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { openid: user.openid, scope, issuedAt: this.clock.now(), used: false });
    this.users.set(user.openid, user);
    return code;
  }

  private newValue(kind: string): string {
    return `${kind}_${randomBytes(24).toString('base64url')}`;
  }

  /** Answers one request as WeChat would, and records it. */
  handle(
    method: string,
    url: string,
    body: string,
  ): { status: number; headers: Record<string, string>; body: string } {
    const request: StandInRequest = { method, url, body };
    this.requests.push(request);
    const reply = this.route(method, url, body);
    request.answer = reply.body;
    return reply;
  }

  private route(_method: string, url: string, body: string) {
    const parsed = new URL(url, 'http://stand-in');
    const query = parsed.searchParams;
    switch (parsed.pathname) {
      case '/connect/oauth2/authorize':
        return this.authorize(query);
      case '/sns/oauth2/access_token':
        return this.exchange(query);
      case '/sns/userinfo':
        return this.userinfo(query);
      case '/cgi-bin/stable_token':
        return this.stableToken(body);
      case '/cgi-bin/ticket/getticket':
        return this.getticket(query);
      default:
        return json(404, { errcode: 404, errmsg: 'no such api' });
    }
  }

  /**
   * The authorisation page: WeChat checks the appid and scope, then (silently for snsapi_base, after the
   * user's consent for snsapi_userinfo) sends the browser to `redirect_uri?code=CODE&state=STATE`.
   */
  private authorize(query: URLSearchParams) {
    const page = (text: string) => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: text,
    });
    if (query.get('appid') !== this.appId) return page('<p>10016 不支持的appid</p>');
    const scope = query.get('scope') ?? '';
    if (!['snsapi_base', 'snsapi_userinfo'].includes(scope))
      return page('<p>10005 此公众号并没有这些scope的权限</p>');
    if (query.get('response_type') !== 'code') return page('<p>请求参数错误</p>');
    const redirect = query.get('redirect_uri');
    if (!redirect) return page('<p>10011 redirect_uri不能为空</p>');
    const state = query.get('state') ?? '';
    const back = new URL(redirect);
    if (scope === 'snsapi_userinfo' && this.declineConsent) {
      back.searchParams.set('state', state);
    } else {
      back.searchParams.set('code', this.issueCode(this.current, scope));
      back.searchParams.set('state', state);
    }
    return { status: 302, headers: { location: back.toString() }, body: '' };
  }

  private checkApp(query: URLSearchParams) {
    if (query.get('appid') !== this.appId) return refusal(40013, 'invalid appid');
    if (query.get('secret') !== this.appSecret) return refusal(40125, 'invalid appsecret');
    return null;
  }

  /** `/sns/oauth2/access_token`: a code works once, within 5 minutes. */
  private exchange(query: URLSearchParams) {
    const wrong = this.checkApp(query);
    if (wrong) return wrong;
    if (query.get('grant_type') !== 'authorization_code') return refusal(40002, 'invalid grant_type');
    const code = query.get('code');
    if (!code) return refusal(41008, 'missing code');
    const issued = this.codes.get(code);
    if (!issued || this.clock.now() - issued.issuedAt > CODE_MS) return refusal(40029, 'invalid code');
    if (issued.used) return refusal(40163, 'code been used');
    issued.used = true;
    const user = this.users.get(issued.openid) as StandInWechatUser;
    const token = this.newValue('SNS');
    this.snsTokens.set(token, { openid: user.openid, scope: issued.scope });
    return json(200, {
      access_token: token,
      expires_in: TOKEN_SECONDS,
      refresh_token: this.newValue('REFRESH'),
      openid: user.openid,
      scope: issued.scope,
      ...(issued.scope === 'snsapi_userinfo' && user.unionid ? { unionid: user.unionid } : {}),
      ...(user.snapshot ? { is_snapshotuser: 1 } : {}),
    });
  }

  /** `/sns/userinfo`: the profile, for a token of snsapi_userinfo only. */
  private userinfo(query: URLSearchParams) {
    const token = this.snsTokens.get(query.get('access_token') ?? '');
    if (!token || token.openid !== query.get('openid')) return refusal(40001, 'invalid credential');
    if (token.scope !== 'snsapi_userinfo') return refusal(48001, 'api unauthorized');
    const user = this.users.get(token.openid) as StandInWechatUser;
    return json(200, {
      openid: user.openid,
      nickname: user.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: user.headimgurl,
      privilege: [],
      ...(user.unionid ? { unionid: user.unionid } : {}),
    });
  }

  /** `POST /cgi-bin/stable_token`: the same token while it holds, a new one in its last 5 minutes. */
  private stableToken(body: string) {
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body);
    } catch {
      return refusal(47001, 'data format error');
    }
    if (request.grant_type !== 'client_credential') return refusal(40002, 'invalid grant_type');
    const wrong = this.checkApp(
      new URLSearchParams({ appid: String(request.appid), secret: String(request.secret) }),
    );
    if (wrong) return wrong;
    const now = this.clock.now();
    if (
      request.force_refresh === true ||
      !this.accessToken ||
      this.accessToken.expiresAt - now <= 5 * 60_000
    ) {
      this.accessToken = { value: this.newValue('TOKEN'), expiresAt: now + TOKEN_SECONDS * 1000 };
    }
    return json(200, {
      access_token: this.accessToken.value,
      expires_in: Math.round((this.accessToken.expiresAt - now) / 1000),
    });
  }

  /** `/cgi-bin/ticket/getticket?type=jsapi`: the current ticket for a live access token. */
  private getticket(query: URLSearchParams) {
    const now = this.clock.now();
    const token = query.get('access_token');
    if (!token || token !== this.accessToken?.value) {
      return refusal(40001, 'invalid credential, access_token is invalid or not latest');
    }
    if (this.accessToken.expiresAt <= now) return refusal(42001, 'access_token expired');
    if (query.get('type') !== 'jsapi') return refusal(40097, 'invalid args');
    if (!this.ticket || this.ticket.expiresAt <= now) {
      this.ticket = {
        value: this.fixedTicket ?? this.newValue('TICKET'),
        expiresAt: now + TOKEN_SECONDS * 1000,
      };
    }
    return json(200, {
      errcode: 0,
      errmsg: 'ok',
      ticket: this.ticket.value,
      expires_in: Math.round((this.ticket.expiresAt - now) / 1000),
    });
  }

  /** Starts serving on a free loopback port; {@link url} is then its origin. */
  async listen(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const reply = this.handle(
          request.method ?? 'GET',
          request.url ?? '/',
          Buffer.concat(chunks).toString('utf8'),
        );
        response.writeHead(reply.status, reply.headers);
        response.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Stops serving. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
