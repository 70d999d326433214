/**
 * index.html as the API sends it: with today's calendar already inside (the web build's server-side
 * render, `dist/.ssr/entry-server.js`, loaded here at run time — the API imports no web source), so a
 * phone shows the day's lunar date and 宜/忌 from the first response instead of after its scripts.
 *
 * - One render per Beijing day and holiday-table version, shared by every request and kept until
 *   either changes (the next Beijing midnight, or an operator's edit), compressed once (Brotli and
 *   gzip), with a weak ETag so a revalidation is a 304.
 * - The page's inline first-paint script is allowed by its SHA-256 in the Content-Security-Policy
 *   (read from the built index.html: whatever the build inlined is what is hashed).
 * - Without the render module (an older or development build) or when a render fails, the built
 *   index.html goes out as it is, and the app renders the calendar in the browser as before: a render
 *   is never worth a 500. The failure is logged once per day and version.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { HolidayTable } from '@xuanli/contracts/holidays';
import type { FastifyBaseLogger } from 'fastify';

/** What a page is rendered for; the same shape as apps/web/src/entry-server.tsx `FirstViewInput`. */
export interface FirstViewInput {
  /** Today in Beijing by the server's clock, 'YYYY-MM-DD'. */
  today: string;
  /** The entered holiday table (`GET /api/calendar/holidays`'s answer); null when none is known. */
  holidays: HolidayTable | null;
}

/** The render module's export the API calls (apps/web/src/entry-server.tsx `renderPage`). */
type RenderPage = (template: string, input: FirstViewInput) => Promise<string>;

/** The built render module, relative to the web build's folder. */
export const FIRST_VIEW_MODULE = '.ssr/entry-server.js';

/** One page, ready to send. */
export interface ShellPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak: the same page is sent in three encodings. */
  etag: string;
  /** Whether it carries a rendered calendar (false: the built index.html as it is). */
  rendered: boolean;
  /** `'sha256-…'` of each inline script of its build's index.html, for the CSP's script-src. */
  scriptHashes: string[];
}

/** The app shell: the page of the moment (with the script hashes its CSP must name). */
export interface Shell {
  page(): Promise<ShellPage>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Inline `<script>` elements that run (not `src=`, not JSON data), as the browser hashes them. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP sources of the inline scripts of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * `csp` with `sources` added to its script-src (a script-src is made from default-src, or 'self', when
 * the policy has none).
 */
export function withScriptSources(csp: string, sources: string[]): string {
  if (sources.length === 0) return csp;
  const directives = csp.split(';').map((part) => part.trim());
  const index = directives.findIndex((part) => /^script-src(?:\s|$)/.test(part));
  if (index >= 0) {
    directives[index] = `${directives[index]} ${sources.join(' ')}`;
    return directives.join(';');
  }
  const fallback = directives.find((part) => /^default-src(?:\s|$)/.test(part))?.slice('default-src'.length);
  directives.push(`script-src${fallback ?? " 'self'"} ${sources.join(' ')}`.replace(/\s+/g, ' '));
  return directives.filter(Boolean).join(';');
}

async function shellPage(html: string, rendered: boolean, scriptHashes: string[]): Promise<ShellPage> {
  const identity = Buffer.from(html);
  const [br, gz] = await Promise.all([
    // Quality 9, not 11: about as small on a page this size, and a render at midnight waits for it.
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { identity, br, gzip: gz, etag, rendered, scriptHashes };
}

/**
 * Loads the render module of `webDist`, or null when the build has none (logged). `version` makes a
 * rebuilt module load afresh (Node keeps a module per URL).
 */
async function loadRenderer(
  webDist: string,
  version: number,
  log: FastifyBaseLogger,
): Promise<RenderPage | null> {
  const file = join(webDist, FIRST_VIEW_MODULE);
  if (!existsSync(file)) {
    log.warn({ file }, 'no server render of the calendar in this web build; index.html is sent as built');
    return null;
  }
  try {
    const module = (await import(`${pathToFileURL(file).href}?v=${version}`)) as { renderPage?: unknown };
    if (typeof module.renderPage === 'function') return module.renderPage as RenderPage;
    log.error({ file }, 'the web build’s render module has no renderPage; index.html is sent as built');
  } catch (error) {
    log.error(
      { err: error, file },
      'the web build’s render module failed to load; index.html is sent as built',
    );
  }
  return null;
}

/** Options of {@link createShell}. */
export interface ShellOptions {
  /** The built web app (index.html, and `.ssr/entry-server.js` when the build has one). */
  webDist: string;
  /** Today and the holiday table, asked per request (the answer decides which cached page fits). */
  firstView: () => Promise<FirstViewInput>;
  log: FastifyBaseLogger;
}

/** One build of the web app as the shell uses it. */
interface Build {
  /** index.html's modification time: a new one means a new build. */
  mtimeMs: number;
  template: string;
  renderPage: RenderPage | null;
  asBuilt: ShellPage;
  /** The page of the current day and table version; the previous one goes when either changes. */
  current: { key: string; page: Promise<ShellPage> } | null;
}

async function loadBuild(webDist: string, mtimeMs: number, log: FastifyBaseLogger): Promise<Build> {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  return {
    mtimeMs,
    template,
    renderPage: await loadRenderer(webDist, mtimeMs, log),
    asBuilt: await shellPage(template, false, inlineScriptHashes(template)),
    current: null,
  };
}

/** index.html's modification time, or null while it is missing (a build in progress). */
function templateTime(webDist: string): number | null {
  try {
    return statSync(join(webDist, 'index.html')).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * The shell of `webDist`: reads index.html and loads the render module, then answers each request with
 * the page of its day and table version, rendering it when the first request for them comes. A rebuilt
 * web app (a newer index.html; one stat a request) is read again, as the static files are, so its page
 * never names the assets of the build before; while a build is in progress the last one is served.
 */
export async function createShell({ webDist, firstView, log }: ShellOptions): Promise<Shell> {
  let build = loadBuild(webDist, templateTime(webDist) ?? 0, log);

  async function render(current: Build, input: FirstViewInput): Promise<ShellPage> {
    if (!current.renderPage) return current.asBuilt;
    try {
      return await shellPage(
        await current.renderPage(current.template, input),
        true,
        current.asBuilt.scriptHashes,
      );
    } catch (error) {
      log.error({ err: error, today: input.today }, 'calendar render failed; index.html is sent as built');
      return current.asBuilt;
    }
  }

  async function currentBuild(): Promise<Build> {
    const seen = await build;
    const mtimeMs = templateTime(webDist);
    if (mtimeMs !== null && mtimeMs !== seen.mtimeMs) {
      const next = loadBuild(webDist, mtimeMs, log);
      // A failed read (the build half written) keeps the last build until the next request.
      build = next.catch(() => seen);
      return build;
    }
    return seen;
  }

  await build;
  return {
    async page() {
      const current = await currentBuild();
      if (!current.renderPage) return current.asBuilt;
      const input = await firstView();
      const key = `${input.today}|${input.holidays?.version ?? 0}`;
      if (current.current?.key !== key) current.current = { key, page: render(current, input) };
      return current.current.page;
    },
  };
}
