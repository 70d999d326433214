/**
 * The built web app at /xuanli/ on the API's own origin (no CORS, one deployable). Hashed assets are
 * cached for a year; index.html is revalidated every time so a deploy is picked up at once. Text files
 * are sent as the Brotli or gzip copies the web build writes next to them (`file.br`, `file.gz`).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The SPA's base path (SPEC §2). */
export const SPA_BASE = '/xuanli/';

const NOT_BUILT =
  'The 玄历 web app is not built yet.\nRun `npm run build -w @xuanli/web` (or `npm start` at the repository root), then reload.\n';

/** Serves `webDist` at /xuanli/ and redirects / there; answers 503 text when the build is missing. */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(SPA_BASE));
  if (!existsSync(join(webDist, 'index.html'))) {
    // Checked once at start-up: the API still serves, and the page says what to do instead of a 404.
    app.log.warn({ webDist }, 'web app not built; /xuanli/ answers 503');
    const notBuilt = (_request: unknown, reply: FastifyReply) =>
      reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
    app.get('/xuanli', { schema: { hide: true } }, notBuilt);
    app.get('/xuanli/*', { schema: { hide: true } }, notBuilt);
    return;
  }
  app.get('/xuanli', { schema: { hide: true } }, (_request, reply) => reply.redirect(SPA_BASE));
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: SPA_BASE,
    index: ['index.html'],
    cacheControl: false,
    // Compressed once at build time (apps/web/vite.config.ts) at the slowest, smallest
    // settings, so no CPU per request; picked by Accept-Encoding, with `Vary: accept-encoding` set on
    // every response and the original file sent when no compressed copy exists or is accepted.
    preCompressed: true,
    setHeaders(reply, sentPath) {
      // The path of the file actually sent: `index.html.br` must be treated as `index.html`.
      const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
      // Vite puts content-hashed files under assets/; their names change with their content.
      if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else if (filePath.includes('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}
