/**
 * The pay routes, mounted under `/api`: the open channels (public), starting a payment and the
 * sandbox's completion (logged-in buyers: a visitor is 401 before the body is read, another buyer's
 * order 404), and the providers' callbacks `POST /api/pay/notify/{channel}` (no token: the signature
 * is the credential). Callbacks are parsed in a scope of their own that keeps the body's exact bytes
 * (JSON for WeChat and the sandbox, form posts for Alipay), since the signature covers the bytes as
 * sent, and are answered in each provider's own format, not the envelope. They are counted in a
 * per-IP budget of their own (`payNotify`) instead of the general one: a busy shop's callbacks come
 * from a few provider servers, and must not be refused because the same addresses sent many.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PAY_ROUTES } from '@xuanli/contracts/routes/pay';
import { PAY_CHANNEL_LABELS } from '@xuanli/contracts/shop';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import { noteRefusal } from '../../plugins/request-log.ts';
import { addRoute, signedInFailures } from '../../shared/contract-route.ts';
import { ok } from '../../shared/envelope.ts';
import { AppError } from '../../shared/errors.ts';
import type { SessionDeps } from '../sessions/index.ts';
// The buyer guard is the shop's (the same login rule and 401s as every order route).
import type { RawNotification } from './channel.ts';
import { handleNotify } from './notify.ts';
import { completeSandboxPayment } from './sandbox-complete.ts';
import type { PayService } from './service.ts';
import { startPayment } from './start.ts';

/** What the pay routes are built from. */
export interface PayRoutesOptions {
  service: PayService;
  /** For the buyer guard: the session check and the user lookup. */
  sessions: SessionDeps;
  /** The callbacks' per-IP budget (`rateBudgets.payNotify`). */
  config: Pick<Config, 'rateBudgets'>;
}

/** The content types providers post callbacks in. */
const CALLBACK_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

/** Lower-cased single-valued headers of a callback. */
function headersOf(raw: Record<string, string | string[] | undefined>): RawNotification['headers'] {
  const headers: RawNotification['headers'] = {};
  for (const [name, value] of Object.entries(raw)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

/** `POST /pay/notify/:channel` in a scope whose only body parser keeps the raw bytes. */
async function notifyRoutes(
  app: FastifyInstance,
  { service, config }: Pick<PayRoutesOptions, 'service' | 'config'>,
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(CALLBACK_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  addRoute(
    app,
    PAY_ROUTES.postNotifyByChannel,
    {
      tags: ['pay'],
      summary: "A payment provider's callback (payment or refund result), in the provider's own format",
      description:
        'No token: the provider signs the body. `wechat`: WeChat Pay API v3 JSON with Wechatpay-Timestamp/' +
        'Nonce/Signature/Serial headers, answered 204 (or 4xx/5xx {code: FAIL, message}). `alipay`: the ' +
        "form post of 手机网站支付's asynchronous notification, answered 'success' or 'fail'. `sandbox`: JSON " +
        'signed with the sandbox key (Sandbox-Timestamp/Nonce/Signature), answered {code: SUCCESS|FAIL}. ' +
        'A channel that is not open is 404. A verified callback is kept in full; a refused one is only ' +
        'counted (channel, reason, source network). Per-IP budget RATE_LIMIT_PAY_NOTIFY_* (429 beyond it).',
      // Every answer, a refusal too, is in the provider's own format: none goes through the envelope.
      failures: {},
      config: routeRateLimit(config, 'payNotify'),
    },
    async (request, reply) => {
      const channel = service.channels.get(request.params.channel);
      if (!channel) throw new AppError('NotFound', 'no such pay channel');
      const raw: RawNotification = {
        headers: headersOf(request.headers),
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        sourceIp: request.ip,
      };
      let answer: Awaited<ReturnType<typeof handleNotify>>;
      try {
        answer = await handleNotify(service.deps, channel, raw);
      } catch (error) {
        // The database failed before the callback was recorded: the provider must send it again.
        request.log.error({ err: error, channel: channel.name }, 'pay callback not recorded');
        answer = channel.answer('retry', 'internal error');
      }
      if (answer.status >= 400)
        noteRefusal(request, { code: 'BadRequest', msg: 'pay callback not accepted' });
      reply.code(answer.status);
      if (answer.contentType) reply.type(answer.contentType);
      return reply.send(answer.body);
    },
  );
}

/** The pay routes; dependencies arrive as plugin options. */
export const payRoutes: FastifyPluginAsyncTypebox<PayRoutesOptions> = async (
  app,
  { service, sessions, config },
) => {
  // Loaded as the routes register: the shop builds on payments, so a load-time import back would close
  // a cycle.
  const { buyerGuard, buyerOf } = await import('../shop/index.ts');
  const requireBuyer = buyerGuard(app, sessions);
  const secured = [{ token: [] }];

  addRoute(
    app,
    PAY_ROUTES.getChannels,
    {
      tags: ['pay'],
      summary: 'The payment channels this server is configured for, in display order',
    },
    async () =>
      ok({
        list: service.channels.list().map((channel) => ({
          channel: channel.name,
          name: PAY_CHANNEL_LABELS[channel.name],
        })),
      }),
  );

  addRoute(
    app,
    PAY_ROUTES.postShopOrdersByOrderNoPay,
    {
      tags: ['pay'],
      summary: "Start paying a pending order of the buyer's: a new payment attempt with the provider",
      description:
        "The amount is the order's total (never the client's). Each call is a new attempt (the order's " +
        "unpaid earlier attempts are closed at their providers first). In WeChat's browser (user agent " +
        'MicroMessenger, or `inWechat`) WeChat Pay is JSAPI with the openid the server knows for the buyer ' +
        '(WechatLoginRequired, 403, until the buyer went through 网页授权); `scene` desktop picks WeChat ' +
        'Native (mode qrcode) and Alipay page.pay, else WeChat H5 and Alipay wap.pay. Errors: NotFound (not ' +
        'your order); OrderStateConflict unless pending, or when an earlier attempt turns out paid (then ' +
        'applied) or is being paid right now; ValidationError (channel not open, returnUrl not of this ' +
        'site); PaymentChannelError when the ' +
        'provider refuses or does not answer, or cannot confirm an earlier attempt.',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) =>
      ok(
        await startPayment(service.deps, {
          orderNo: request.params.orderNo,
          userId: buyerOf(request),
          body: request.body,
          clientIp: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );

  addRoute(
    app,
    PAY_ROUTES.postSandboxByOrderNoComplete,
    {
      tags: ['pay'],
      summary: "The sandbox pay page's result: pays (or fails) the attempt through a signed sandbox callback",
      description:
        'Goes through the same verification and order update as a real callback. `fail` records a failed ' +
        'attempt and leaves the order pending. Errors: NotFound (sandbox off, not your order, unknown ' +
        'attempt); OrderStateConflict when the attempt was replaced by a newer one.',
      security: secured,
      failures: signedInFailures,
      onRequest: requireBuyer,
    },
    async (request) =>
      ok(
        await completeSandboxPayment(service.deps, service.channels.sandbox, {
          orderNo: request.params.orderNo,
          userId: buyerOf(request),
          body: request.body,
        }),
      ),
  );

  await app.register(notifyRoutes, { service, config });
};
