/**
 * The WeChat module assembled for one app: the 公众号's settings (absent = everything off), the API
 * client, the shared credentials, and the functions the routes and the other modules (member's login
 * glue, pay's JSAPI) use.
 */
import type { JssdkConfig } from '@xuanli/contracts/wechat';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../shared/clock.ts';
import { AppError } from '../../shared/errors.ts';
import type { WechatAccounts } from '../member/index.ts';
import { WechatApiError, wechatClient } from './client.ts';
import { type Credentials, credentialStore } from './credentials.ts';
import {
  accountOfWechat,
  bindWechat,
  moveWechat,
  openidOfUser,
  unbindWechat,
  wechatOfUser,
} from './identities.ts';
import { jssdkSignature, nonceStr, signablePageUrl } from './jssdk.ts';
import { type OauthDeps, takeTicket } from './oauth.ts';
import type { WechatConfig } from './settings.ts';

/** What {@link createWechatService} is built from. */
export interface WechatServiceOptions {
  db: Db;
  clock: Clock;
  config: WechatConfig | undefined;
  /** PUBLIC_URL: required with `config`. */
  publicUrl: string | undefined;
  log: { warn(object: object, message: string): void };
  /** Tests hand the stand-in's `fetch`; default the global one. */
  fetch?: typeof fetch;
}

/** The assembled module. */
export interface WechatService {
  /** Settings and parts, present only when the 公众号 is configured. */
  readonly on: { config: WechatConfig; oauth: OauthDeps; credentials: Credentials } | undefined;
  readonly accounts: WechatAccounts;
  /** The JSAPI payer: the openid of account `userId` under the 公众号's AppID, never the browser's word. */
  payerOpenid(userId: number): Promise<string | null>;
  /** `GET /api/wechat/jssdk`: `wx.config`'s signature for page `url`. */
  jssdkConfig(url: string): Promise<JssdkConfig>;
}

/** The refusal of every WeChat route while WeChat is not configured. */
export function wechatOff(): AppError {
  return new AppError('NotFound', '微信登录未开启');
}

/** Builds the module; without `config` every function answers as "off". */
export function createWechatService(options: WechatServiceOptions): WechatService {
  const { db, clock, config, publicUrl } = options;
  let on: WechatService['on'];
  if (config && publicUrl) {
    const client = wechatClient({ config, fetch: options.fetch });
    on = {
      config,
      oauth: {
        db,
        clock,
        appId: config.appId,
        openBase: config.openBase,
        publicUrl,
        client,
        log: options.log,
      },
      credentials: credentialStore({ db, clock, config, client }),
    };
  }
  const appId = on?.config.appId ?? '';
  return {
    on,
    accounts: {
      enabled: on !== undefined,
      takeTicket: (ticket) => (on ? takeTicket(on.oauth, ticket) : Promise.resolve(null)),
      accountOf: accountOfWechat,
      bind: bindWechat,
      boundOf: (tx, userId) => (on ? wechatOfUser(tx, appId, userId) : Promise.resolve(null)),
      unbind: unbindWechat,
      move: moveWechat,
    },
    payerOpenid: (userId) => (on ? openidOfUser(db, appId, userId) : Promise.resolve(null)),
    async jssdkConfig(url) {
      if (!on || !publicUrl) throw wechatOff();
      const page = signablePageUrl(url, publicUrl);
      let ticket: string;
      try {
        ticket = await on.credentials.jsapiTicket();
      } catch (error) {
        if (!(error instanceof WechatApiError)) throw error;
        options.log.warn({ errcode: error.errcode, err: error.message }, 'wechat jsapi ticket unavailable');
        throw new AppError('WechatUnavailable', '微信服务暂时连接不上');
      }
      const timestamp = Math.floor(clock.now() / 1000);
      const nonce = nonceStr();
      return {
        appId,
        timestamp,
        nonceStr: nonce,
        signature: jssdkSignature({ ticket, nonceStr: nonce, timestamp, url: page }),
      };
    },
  };
}
