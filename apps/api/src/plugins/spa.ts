/**
 * The built web app at /xuanli/ on the API's own origin (no CORS, one deployable). Hashed assets are
 * cached for a year; index.html is revalidated every time so a deploy is picked up at once. Text files
 * are sent as the Brotli or gzip copies the web build writes next to them (`file.br`, `file.gz`).
 * index.html itself (at /xuanli/ and /xuanli/index.html) comes with today's calendar rendered into it
 * (./first-view.ts), and its Content-Security-Policy names the page's inline first-paint script.
 *
 * Only what the build wrote is served: never a dotfile or dot-folder (`.env`, `.git/`, editor files a
 * deploy copied along) and never anything reached through a symlink, wherever it points (a link to
 * /etc/passwd, or one into the folder that would give a file a second, unchecked name). Both answer
 * the 404 envelope, as a missing file does.
 */
import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createShell, type FirstViewInput, type Shell, withScriptSources } from './first-view.ts';

/** The SPA's base path (PRODUCT.md#screens). */
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

/**
 * The encoding to send the rendered page in, by the request's Accept-Encoding: Brotli, gzip, or null
 * for the page as is. Chosen by the negotiator @fastify/static uses for the build's precompressed
 * copies, so the page and its files are sent in the same encoding for the same request (q-values
 * weighed, `q=0` refusing one, Brotli first among equals).
 */
function pageEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' ? negotiate(header, ['br', 'gzip']) : null;
}

/**
 * The @fastify/static options of a built front end below `root` (the app here, the operators' console
 * in admin-console.ts), so both follow the same rules: only what the build wrote, never a dotfile or a
 * file reached through a symlink, index.html for a folder, the build's compressed copies; the caller
 * adds its own cache headers.
 */
export function builtFilesOptions(root: string, prefix: string) {
  return {
    root,
    prefix,
    // Refused dotfiles become send's 404, which @fastify/static hands to our not-found handler.
    dotfiles: 'ignore',
    // Called with the requested path and again with the file actually chosen (index.html).
    allowedPath: (pathname: string) => servablePath(root, pathname),
    index: ['index.html'],
    cacheControl: false,
    // Compressed once at build time (the apps' vite.config.ts) at the slowest, smallest settings, so
    // no CPU per request; picked by Accept-Encoding, with `Vary: accept-encoding` set on every response
    // and the original file sent when no compressed copy exists or is accepted.
    preCompressed: true,
  } satisfies FastifyStaticOptions;
}

/**
 * Answers `base` and every path below it 503 with `text` (uncached plain text saying how to build):
 * the app's or the console's build was missing at start-up, and the API serves on without it.
 */
export function answerNotBuilt(app: FastifyInstance, base: string, text: string): void {
  const notBuilt = (_request: unknown, reply: FastifyReply) =>
    reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
  app.get(base, { schema: { hide: true } }, notBuilt);
  app.get(`${base}/*`, { schema: { hide: true } }, notBuilt);
}

/** True when the request's If-None-Match names `etag` (weakly compared, as for GET). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const tags = request.headers['if-none-match'];
  if (typeof tags !== 'string') return false;
  const opaque = etag.replace(/^W\//, '');
  return tags.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '') === opaque;
  });
}

/** Sends the shell's page of the moment: revalidated every time, in the encoding the client takes. */
async function sendShell(shell: Shell, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const page = await shell.page();
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', withScriptSources(csp, page.scriptHashes));
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (notModified(request, page.etag)) return reply.code(304).send();
  const encoding = pageEncoding(request);
  if (encoding === null) return reply.send(page.identity);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

/**
 * Serves `webDist` at /xuanli/ and redirects / there; answers 503 text when the build is missing.
 * `firstView` says which day and holiday table index.html's calendar is rendered for.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  firstView: () => Promise<FirstViewInput>,
): Promise<void> {
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(SPA_BASE));
  if (!existsSync(join(webDist, 'index.html'))) {
    // Checked once at start-up: the API still serves, and the page says what to do instead of a 404.
    app.log.warn({ webDist }, 'web app not built; /xuanli/ answers 503');
    answerNotBuilt(app, '/xuanli', NOT_BUILT);
    return;
  }
  app.get('/xuanli', { schema: { hide: true } }, (_request, reply) => reply.redirect(SPA_BASE));
  // The folder itself may be a symlink (a deploy's `current -> releases/42`): resolved once here.
  const root = realpathSync.native(webDist);
  // index.html by both its names (the service worker precaches it as index.html); exact routes win
  // over @fastify/static's wildcard.
  const shell = await createShell({ webDist: root, firstView, log: app.log });
  // Today's page rendered before the first reader asks for it (the first render also loads the page's
  // code into the render module: about 0.2 s); a failure is the shell's to log.
  app.addHook('onReady', async () => {
    void shell.page().catch(() => {});
  });
  for (const url of [SPA_BASE, `${SPA_BASE}index.html`])
    app.get(url, { schema: { hide: true } }, (request, reply) => sendShell(shell, request, reply));
  await app.register(fastifyStatic, {
    ...builtFilesOptions(root, SPA_BASE),
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
