/**
 * The WeChat routes, mounted under `/api`: the status the app asks before offering 微信登录, the two
 * navigations of 网页授权 (answered 302, never the envelope: a browser follows them, not the app's
 * code) and the JS-SDK signature. All public: the authorisation is what identifies the user, and the
 * ticket it ends with is traded for a session by `POST /api/crm/member/wechat` (member module). Every
 * route answers 404 while WeChat is not configured.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WECHAT_ROUTES } from '@xuanli/contracts/routes/wechat';
import type { FastifyReply } from 'fastify';
import { addRoute } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { finishAuthorization, startAuthorization } from './oauth.ts';
import { type WechatService, wechatOff } from './service.ts';

/** What the WeChat routes are built from. */
export interface WechatRoutesOptions {
  service: WechatService;
}

/** A step of 网页授权 as the browser takes it: 302 to `location`, setting `cookie`, never stored. */
function redirectSettingCookie(
  reply: FastifyReply,
  navigation: { location: string; cookie: string },
): FastifyReply {
  return reply
    .header('set-cookie', navigation.cookie)
    .header('cache-control', 'no-store')
    .redirect(navigation.location, 302);
}

/** The WeChat routes; dependencies arrive as plugin options. */
export const wechatRoutes: FastifyPluginAsyncTypebox<WechatRoutesOptions> = async (app, { service }) => {
  addRoute(
    app,
    WECHAT_ROUTES.getStatus,
    {
      tags: ['wechat'],
      summary: 'Whether WeChat login (网页授权) and the JS-SDK are configured',
    },
    async () => ok({ enabled: service.on !== undefined, appId: service.on?.config.appId ?? null }),
  );

  addRoute(
    app,
    WECHAT_ROUTES.getOauth,
    {
      tags: ['wechat'],
      summary: "Start 网页授权: 302 to WeChat's authorisation page, coming back to app route `to`",
      description:
        'A browser navigation. Sets the HttpOnly cookie xl_wx_state (10 minutes) that the callback checks. ' +
        '`scope` base is silent (openid only), userinfo asks the user (nickname, avatar). 404 when WeChat is off.',
    },
    async (request, reply) => {
      if (!service.on) throw wechatOff();
      const navigation = await startAuthorization(service.on.oauth, {
        route: request.query.to,
        scope: request.query.scope === 'userinfo' ? 'snsapi_userinfo' : 'snsapi_base',
        secure: request.protocol === 'https',
      });
      return redirectSettingCookie(reply, navigation);
    },
  );

  addRoute(
    app,
    WECHAT_ROUTES.getOauthCallback,
    {
      tags: ['wechat'],
      summary: "网页授权's return: exchanges the code, then 302 to the app route with wxticket (or wxerror)",
      description:
        'WeChat sends the browser here with `code` and `state`. The state must be unused, under 10 minutes ' +
        "old and this browser's (cookie). Success: /xuanli/#<route>?wxticket=<one-time ticket, 5 minutes>; " +
        "failure: …?wxerror=state|denied|expired|snapshot|unavailable. Never a 5xx for WeChat's refusals.",
    },
    async (request, reply) => {
      if (!service.on) throw wechatOff();
      const navigation = await finishAuthorization(service.on.oauth, {
        code: request.query.code,
        state: request.query.state,
        cookieHeader: request.headers.cookie,
        secure: request.protocol === 'https',
      });
      return redirectSettingCookie(reply, navigation);
    },
  );

  addRoute(
    app,
    WECHAT_ROUTES.getJssdk,
    {
      tags: ['wechat'],
      summary: "wx.config's signature for a page of this site (JS-SDK 附录1)",
      description:
        "ValidationError unless `url` is on PUBLIC_URL's origin; WechatUnavailable (502) when WeChat will not " +
        'give a ticket; 404 when WeChat is off.',
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await service.jssdkConfig(request.query.url));
    },
  );
};
