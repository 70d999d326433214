/**
 * The built web app at /xuanli/ on the API's own origin (no CORS, one deployable). Hashed assets are
 * cached for a year; index.html is revalidated every time so a deploy is picked up at once. Text files
 * are sent as the Brotli or gzip copies the web build writes next to them (`file.br`, `file.gz`).
 *
 * Only what the build wrote is served: never a dotfile or dot-folder (`.env`, `.git/`, editor files a
 * deploy copied along) and never anything reached through a symlink, wherever it points (a link to
 * /etc/passwd, or one into the folder that would give a file a second, unchecked name). Both answer
 * the 404 envelope, as a missing file does.
 */
import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The SPA's base path (SPEC §2). */
export const SPA_BASE = '/xuanli/';

/** A path segment starting with a dot: `/.env`, `/.git/config`, `/assets/.hidden`. */
const DOT_SEGMENT = /(?:^|\/)\./;

/** True when `file` exists and its real path differs from it, i.e. a symlink is on its way. */
function reachedThroughSymlink(file: string): boolean {
  try {
    return realpathSync.native(file) !== file;
  } catch {
    // Missing (or unreadable): nothing to serve under this name; @fastify/static answers 404.
    return false;
  }
}

/**
 * Whether the URL path `pathname` (decoded and normalised by @fastify/static, relative to `root`)
 * may be served from `root`, which must be a real path itself. Checks the file and the compressed
 * copies @fastify/static may pick instead (`.br`, `.gz`), so a symlinked copy is refused too. A few
 * syscalls per static request, at request time, so a rebuilt or edited folder is checked as it is.
 */
export function servablePath(root: string, pathname: string): boolean {
  if (DOT_SEGMENT.test(pathname)) return false;
  const file = resolve(root, `.${pathname}`);
  return ![file, `${file}.br`, `${file}.gz`].some(reachedThroughSymlink);
}

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
  // The folder itself may be a symlink (a deploy's `current -> releases/42`): resolved once here.
  const root = realpathSync.native(webDist);
  await app.register(fastifyStatic, {
    root,
    prefix: SPA_BASE,
    // Refused dotfiles become send's 404, which @fastify/static hands to our not-found handler.
    dotfiles: 'ignore',
    // Called with the requested path and again with the file actually chosen (index.html).
    allowedPath: (pathname) => servablePath(root, pathname),
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
      // The service worker and the manifest decide which build a phone runs: a cache between us and
      // the phone (a CDN) must not hold an old one, so they are revalidated like index.html.
      if (/\.html$|\/sw\.js$|\.webmanifest$/.test(filePath)) reply.header('cache-control', 'no-cache');
      else if (filePath.includes('/assets/'))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}
