/**
 * `POST /api/app/bln.suan/mingshu`: the printable 命书 of a chart, a PDF of several pages (the chart
 * table, 五行 and 喜用神, 大运 and the next ten 流年 with their readings, the 命书 texts, when it was made
 * and the 口径). A VIP benefit: the session and membership are checked at `onRequest`, before the body is
 * read (visitor 401, user or lapsed VIP 403), as 定制 does. It has a rate budget of its own
 * (`mingshu`, RATE_LIMIT_MINGSHU_*), because each 命书 costs half a second of a worker thread.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MINGSHU_FILE_SUFFIX } from '@xuanli/contracts/bazi';
import { BAZI_ROUTES } from '@xuanli/contracts/routes/bazi';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { routeRateLimit } from '../../plugins/rate-limit.ts';
import type { Clock } from '../../shared/clock.ts';
import { addRoute } from '../../shared/contract-route.ts';
import { createRequireSession, type SessionDeps, sessionOf } from '../sessions/index.ts';
import { assertVip } from './dingzhi.service.ts';
import { mingshuDocument } from './mingshu.service.ts';
import { createMingshuRenderer } from './mingshu-renderer.ts';
import { chartErrors } from './routes.ts';

/** What the 命书 route needs. */
export interface MingshuRouteDeps {
  db: Db;
  config: SessionDeps['config'] & Pick<Config, 'rateBudgets'>;
  clock: Clock;
}

/**
 * `Content-Disposition` of a 命书 named after the profile: the UTF-8 name for browsers (RFC 6266 /
 * 5987 `filename*`), an ASCII one for the rest. Quotes, slashes and control characters are dropped so
 * the name can neither break the header nor name a folder.
 */
export function mingshuDisposition(name: string | undefined): string {
  const clean = (name ?? '').replace(/[\p{Cc}\p{Cf}"\\/:*?<>|]/gu, '').trim();
  const file = `${clean}${MINGSHU_FILE_SUFFIX}`;
  return `attachment; filename="mingshu.pdf"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

/** Registers `POST /mingshu`; mount with prefix `/api/app/bln.suan` (lower case). */
export const mingshuRoutes: FastifyPluginAsyncTypebox<MingshuRouteDeps> = async (app, deps) => {
  const requireSession = createRequireSession(deps);
  const requireVip = async (request: FastifyRequest) => assertVip(deps, sessionOf(request).userId);
  const renderer = createMingshuRenderer();
  app.addHook('onClose', () => renderer.close());

  addRoute(
    app,
    BAZI_ROUTES.postMingshu,
    {
      tags: ['bazi'],
      summary:
        "A VIP's printable 命书 of the chart body: a PDF (chart, 五行 and 喜用神, 大运 and ten 流年 with readings, 命书 texts, 口径)",
      security: [{ token: [] }],
      onRequest: [requireSession, requireVip],
      schemaErrorFormatter: chartErrors,
      config: routeRateLimit(deps.config, 'mingshu'),
    },
    async (request, reply) => {
      const doc = await mingshuDocument(deps, request.body);
      const pdf = await renderer.render(doc);
      reply
        .type('application/pdf')
        .header('content-disposition', mingshuDisposition(request.body.name))
        // Someone's birth and readings: never kept by a proxy or the browser's cache.
        .header('cache-control', 'no-store');
      // Sent as is; the type provider reads the 200 schema (a binary string) as the payload's type.
      return reply.send(pdf as unknown as string);
    },
  );
};
