import { defineRoutes } from '@xuanli/contracts/route';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { addRoute, routeSchema } from './contract-route.ts';
import { ok } from './envelope.ts';

// A small table of its own, so that what is checked is the registration, not a domain.
const ROUTES = defineRoutes({
  getGreeting: {
    method: 'GET',
    path: '/api/demo/greeting/:name',
    params: Type.Object({ name: Type.String({ maxLength: 8 }) }),
    answer: Type.Object({ text: Type.String() }),
  },
  getElsewhere: { method: 'GET', path: '/api/other/thing', answer: Type.Null() },
  getGone: { method: 'GET', path: '/api/demo/gone', redirect: true },
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('addRoute', () => {
  it('registers the entry below the prefix of its plugin, validating and serializing by its schemas', async () => {
    app = Fastify();
    // The app's error handler in small: a refusal in the envelope its failures declare.
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ code: 'ValidationError', msg: error.message }),
    );
    await app.register(
      async (scope) => {
        addRoute(scope, ROUTES.getGreeting, { tags: ['demo'], summary: 'A greeting' }, async (request) => {
          // A field the answer does not declare is not sent.
          return ok({ text: `你好，${request.params.name}`, secret: 'no' } as { text: string });
        });
      },
      { prefix: '/api/demo' },
    );
    const good = await app.inject({ method: 'GET', url: '/api/demo/greeting/xiaoming' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ code: 0, msg: 'ok', resData: { text: '你好，xiaoming' } });
    const tooLong = await app.inject({ method: 'GET', url: '/api/demo/greeting/abcdefghijk' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'ValidationError', msg: expect.stringContaining('name') });
    expect(app.hasRoute({ method: 'GET', url: '/api/demo/greeting/:name' })).toBe(true);
  });

  it('refuses an entry outside the prefix of the plugin registering it', async () => {
    app = Fastify();
    await expect(
      app.register(
        async (scope) => {
          addRoute(scope, ROUTES.getElsewhere, { tags: ['demo'], summary: 'Misplaced' }, () => ok(null));
        },
        { prefix: '/api/demo' },
      ),
    ).rejects.toThrow('route /api/other/thing is not below the prefix /api/demo');
  });

  it("leaves the entry in the route's config, and answers HEAD with the route's own handler when asked", async () => {
    app = Fastify();
    const seen: unknown[] = [];
    app.addHook('onRoute', (route) => {
      if (route.method === 'GET' || Array.isArray(route.method)) seen.push(route.config?.contract);
    });
    let heads = 0;
    await app.register(
      async (scope) => {
        addRoute(
          scope,
          ROUTES.getGreeting,
          { tags: ['demo'], summary: 'A greeting', ownHead: true },
          async (request, reply) => {
            if (request.method === 'HEAD') heads++;
            return reply.send(ok({ text: 'hi' }));
          },
        );
      },
      { prefix: '/api/demo' },
    );
    await app.ready();
    expect(seen).toEqual([ROUTES.getGreeting]);
    expect((await app.inject({ method: 'HEAD', url: '/api/demo/greeting/a' })).statusCode).toBe(200);
    expect(heads).toBe(1);
  });
});

describe('routeSchema', () => {
  it("documents a redirect's 302, and leaves out the words not given and an empty answer list", () => {
    const redirect = routeSchema(ROUTES.getGone, { tags: ['demo'], summary: 'Moved' }) as Record<
      string,
      unknown
    >;
    expect(Object.keys(redirect.response as object).sort()).toEqual(['302', '4xx', '5xx']);
    expect('description' in redirect).toBe(false);
    const raw = routeSchema(ROUTES.getGone, { tags: ['demo'], summary: 'Raw', failures: {} }) as Record<
      string,
      unknown
    >;
    expect(Object.keys(raw.response as object)).toEqual(['302']);
    const none = routeSchema(
      { method: 'POST', path: '/api/demo/callback' },
      { tags: ['demo'], summary: 'Provider format', failures: {} },
    );
    expect('response' in none).toBe(false);
  });
});
