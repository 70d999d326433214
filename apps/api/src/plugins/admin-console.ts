/**
 * The operators' console (apps/admin, built into apps/admin/dist) at /admin/ on the API's own origin,
 * like the app at /xuanli/ (spa.ts): same-origin calls to /api/admin/… need no CORS, and the app's
 * pages never reference these files. index.html is revalidated on every load so a deploy reaches
 * operators at once; content-hashed assets are cached for a year; text files go out as the Brotli or
 * gzip copies the console's build writes beside them. Search engines are told to stay away.
 *
 * The same rules as the app's files: only what the build wrote is served, never a dotfile or a file
 * reached through a symlink (spa.ts `builtFilesOptions`).
 */
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerNotBuilt, builtFilesOptions } from './spa.ts';

/** Where the console is served. */
export const ADMIN_CONSOLE_BASE = '/admin/';

const NOT_BUILT =
  'The 玄历 operators console is not built yet.\nRun `npm run build -w @xuanli/admin` (or `npm start` at the repository root), then reload.\n';

/** Serves `adminDist` at /admin/; answers 503 text when the build is missing. */
export async function registerAdminConsole(app: FastifyInstance, adminDist: string): Promise<void> {
  const toBase = (_request: unknown, reply: FastifyReply) => reply.redirect(ADMIN_CONSOLE_BASE);
  if (!existsSync(join(adminDist, 'index.html'))) {
    // Checked once at start-up: the API and the app still serve; the page says what to do.
    app.log.warn({ adminDist }, 'operators console not built; /admin/ answers 503');
    answerNotBuilt(app, '/admin', NOT_BUILT);
    return;
  }
  app.get('/admin', { schema: { hide: true } }, toBase);
  const root = realpathSync.native(adminDist);
  await app.register(fastifyStatic, {
    ...builtFilesOptions(root, ADMIN_CONSOLE_BASE),
    // The app's registration (spa.ts) already put reply.sendFile in place; a second one may not.
    decorateReply: false,
    setHeaders(reply, sentPath) {
      const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
      reply.header('x-robots-tag', 'noindex, nofollow');
      if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else if (filePath.includes('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}
