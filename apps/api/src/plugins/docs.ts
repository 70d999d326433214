/**
 * OpenAPI document generated from the route schemas, at /api/docs/json, and swagger-ui at /api/docs.
 * Must be registered before the routes it documents.
 *
 * In production the document is for operators only: it maps every route, the console's included, and
 * hands an attacker the shape of each request, so every answer under /api/docs (the page, its
 * scripts, the JSON and YAML) asks for a console login first. Elsewhere it stays open for developers.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';

/** Where the docs are served. */
export const DOCS_PREFIX = '/api/docs';

/** How the docs are guarded. */
export interface DocsOptions {
  /**
   * Runs before every answer under {@link DOCS_PREFIX} and throws to refuse it (the console's
   * operator check in production); absent, the docs are open.
   */
  guard?: onRequestAsyncHookHandler;
}

/** Registers @fastify/swagger and @fastify/swagger-ui, behind `options.guard` when given. */
export async function registerDocs(app: FastifyInstance, options: DocsOptions = {}): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '玄历 Xuanli API',
        version: '0.1.0',
        description:
          'Success: `{code: 0, msg, resData}` (token: `data`). Failure: HTTP 4xx/5xx with `{code, msg}`, code one of BadRequest, ValidationError, Unauthorized, Forbidden, NotFound, TooManyRequests, InternalError, Unavailable.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          // The operators' console: `Authorization: Bearer <jwt>` from POST /api/admin/login.
          adminBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      tags: [
        { name: 'base', description: 'Session tokens and content labels (base/*)' },
        { name: 'calendar', description: 'The almanac engine over HTTP' },
        {
          name: 'bazi',
          description: 'Bazi charts, readings and branch compatibility (app/bln.suan/*; any letter case)',
        },
        {
          name: 'shop',
          description: 'The official shop: catalogue, cart, 收货地址 and orders (money in integer 分)',
        },
        {
          name: 'pay',
          description:
            'Payments: channels, starting a payment, provider callbacks (WeChat Pay v3, Alipay) and the sandbox',
        },
        {
          name: 'ketang',
          description:
            'The classroom: courses, Chinese search, lessons behind signed expiring media URLs (HTTP Range), progress, ratings, courseware',
        },
        {
          name: 'admin',
          description:
            "The operators' console: operator login (password + TOTP), users and VIP, operators, the audit log; " +
            'roles admin / editor / support checked on every route',
        },
        { name: 'ops', description: 'Health check for load balancers and probes' },
      ],
    },
  });
  // In a scope of its own, so that the guard covers swagger-ui's routes and static files and nothing else.
  await app.register(async (scope) => {
    if (options.guard) scope.addHook('onRequest', options.guard);
    await scope.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false });
  });
}
