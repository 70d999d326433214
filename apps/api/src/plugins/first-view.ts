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
import { existsSync, readFileSync } from 'node:fs';
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
}

/** The app shell: the page of the moment and the script hashes its CSP must name. */
export interface Shell {
  page(): Promise<ShellPage>;
  /** `'sha256-…'` of each inline script of index.html. */
  scriptHashes: string[];
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

async function shellPage(html: string, rendered: boolean): Promise<ShellPage> {
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
  return { identity, br, gzip: gz, etag, rendered };
}

/** Loads the render module of `webDist`, or null when the build has none (logged). */
async function loadRenderer(webDist: string, log: FastifyBaseLogger): Promise<RenderPage | null> {
  const file = join(webDist, FIRST_VIEW_MODULE);
  if (!existsSync(file)) {
    log.warn({ file }, 'no server render of the calendar in this web build; index.html is sent as built');
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
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

/**
 * The shell of `webDist`: reads index.html and loads the render module once, then answers each request
 * with the page of its day and table version, rendering it when the first request for them comes.
 */
export async function createShell({ webDist, firstView, log }: ShellOptions): Promise<Shell> {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const scriptHashes = inlineScriptHashes(template);
  const renderPage = await loadRenderer(webDist, log);
  const asBuilt = await shellPage(template, false);
  // The page of the current day and version; the previous one goes when either changes.
  let current: { key: string; page: Promise<ShellPage> } | null = null;

  async function render(input: FirstViewInput): Promise<ShellPage> {
    if (!renderPage) return asBuilt;
    try {
      return await shellPage(await renderPage(template, input), true);
    } catch (error) {
      log.error({ err: error, today: input.today }, 'calendar render failed; index.html is sent as built');
      return asBuilt;
    }
  }

  return {
    scriptHashes,
    async page() {
      if (!renderPage) return asBuilt;
      const input = await firstView();
      const key = `${input.today}|${input.holidays?.version ?? 0}`;
      if (current?.key !== key) current = { key, page: render(input) };
      return current.page;
    },
  };
}
