import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, minify, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// React, its DOM renderer and the router change rarely and every page needs them, so they live in one
// long-cached vendor chunk. Everything else is left to automatic splitting: each lazy page pulls only
// what it uses (antd-mobile through src/lib/antd-mobile.ts, TanStack Query through
// src/app/server-state.tsx), which keeps the calendar route — entry, vendor, CalendarPage, the engine's
// day-card chunk and the idle-prefetched pickers — under 130 KB gzip. Check with
// `node scripts/route-bytes.mjs` after changing imports; `keepOffRoutes` below fails the build when
// antd-mobile or TanStack Query reaches the calendar or 老黄历 route.
const reactVendor = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

// Build-only plugins below: what a phone downloads on its first visit, and when.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; fonts and images are already compressed formats. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a response fits one TCP packet anyway, and the encoding header eats the saving. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, read by scripts, never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * Writes `file.br` (Brotli, best quality) and `file.gz` (gzip -9) next to every text file of the build,
 * which the API serves by `Accept-Encoding` (@fastify/static `preCompressed`, apps/api/src/plugins/spa.ts).
 * Compressing once at build time lets the slowest settings be used and costs the server nothing per
 * request; on the calendar route it cuts what a phone downloads to about a third. A variant that does
 * not come out smaller is not written, so the server falls back to the original.
 */
function precompress(): Plugin {
  let outDir = '';
  // closeBundle runs after a failed build too, when there is nothing (or only part) to compress and
  // the build's own error is the one to report.
  let written = false;
  return {
    name: 'xuanli:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    // Last and alone: vite-plugin-pwa writes sw.js in its own closeBundle, which must be finished
    // (and compressed here too) before this walks the folder. The service worker's precache list names
    // the plain files only (its globs match no .br/.gz), with revisions of the plain content.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!written) return;
        const jobs: Promise<void>[] = [];
        for await (const path of filesUnder(outDir)) {
          jobs.push(
            (async () => {
              if ((await stat(path)).size < MIN_BYTES) return;
              const source = await readFile(path);
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                    [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
              ]);
              if (br.length < source.length) await writeFile(`${path}.br`, br);
              if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
            })(),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}

/** A CSS asset's text, made safe to sit inside <style>: `</style` in a string or comment would end it. */
function cssText(source: string | Uint8Array): string {
  const css = typeof source === 'string' ? source : new TextDecoder().decode(source);
  return css.replaceAll('</style', '<\\/style');
}

/** Where index.html takes the inline first-paint script. */
const FIRST_PAINT_OUTLET = '<!--xl-first-paint-->';

/**
 * Puts src/app/first-paint.js, minified, inline into index.html's <head> in place of
 * `<!--xl-first-paint-->`: it must run before the first paint (theme, and whether the server's
 * calendar may show), which an external script would delay by a round trip. The API allows it in its
 * Content-Security-Policy by the SHA-256 of the text (apps/api/src/plugins/spa.ts), read from the
 * built index.html, so nothing else has to know the hash. Development pages get it too.
 */
function firstPaint(): Plugin {
  const source = fileURLToPath(new URL('./src/app/first-paint.js', import.meta.url));
  return {
    name: 'xuanli:first-paint',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(FIRST_PAINT_OUTLET)) throw new Error(`index.html has no ${FIRST_PAINT_OUTLET}`);
        const { code, errors } = await minify('first-paint.js', await readFile(source, 'utf8'), {
          compress: true,
          mangle: true,
        });
        if (errors.length > 0) throw new Error(`first-paint.js: ${errors.map((e) => e.message).join('; ')}`);
        return html.replace(FIRST_PAINT_OUTLET, () => `<script>${code.trim()}</script>`);
      },
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` for the chunks of the page at `pageModule` (its own chunk and every
 * chunk it imports statically) to index.html, and the CSS of those chunks itself, inline.
 *
 * The page is still imported lazily in code; without these hints its chunk is requested only once the
 * entry and vendor chunks have arrived and run, and the engine chunk only once the page chunk has —
 * three round trips in a row before the first real paint. With them every chunk of the landing page
 * downloads in parallel with the entry. The CSS travels inside the page because the server renders the
 * calendar into it (src/entry-server.tsx): the first paint, before any script has run, must draw that
 * markup styled, and a stylesheet link would block it for one more round trip. The CSS keeps its
 * cascade position (after the entry's, where Vite's loader would append it), and a disabled
 * stylesheet link per file stops that loader from fetching the file again. Other routes carry these
 * bytes too (about 2.5 KB compressed), and the chunks download in parallel without delay to their own.
 */
function preloadPage(pageModule: string): Plugin {
  let base = '/';
  return {
    name: 'xuanli:preload-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const page = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(pageModule),
        );
        if (page?.type !== 'chunk') throw new Error(`preloadPage: no chunk for ${pageModule}`);
        // What the entry loads already (Vite links it), and so needs no hint.
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const scripts: string[] = [];
        const styles: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') return;
          for (const next of chunk.imports) visit(next);
          scripts.push(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? [])
            if (!styles.includes(css)) styles.push(css);
        };
        visit(page.fileName);
        return [
          // Dependencies first (visit is post-order), so they are requested first.
          ...scripts.map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
              injectTo: 'head',
            }),
          ),
          ...styles.flatMap((file): HtmlTagDescriptor[] => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') throw new Error(`preloadPage: no CSS asset ${file}`);
            return [
              { tag: 'style', children: cssText(asset.source), injectTo: 'head' },
              // As Vite's loader looks for it: rel=stylesheet, crossorigin, the same href.
              {
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: base + file, disabled: true },
                injectTo: 'head',
              },
            ];
          }),
        ];
      },
    },
  };
}

/**
 * Libraries the local pages (calendar and 老黄历, `localPages` in src/app/routes.tsx) must not load:
 * antd-mobile (its wrapper `src/lib/antd-mobile.ts` and the feedback helpers on top of it) and
 * TanStack Query. Those pages are what a phone opens first; their byte budget has no room for either.
 */
const OFF_LOCAL_ROUTES =
  /[\\/]node_modules[\\/](?:antd-mobile|antd-mobile-icons|@tanstack[\\/][^\\/]*query[^\\/]*)[\\/]|[\\/]src[\\/]lib[\\/](?:antd-mobile|feedback|query)\.tsx?$/;

/**
 * Fails the build when a module matching `forbidden` is in what one of `pageModules`' routes loads:
 * the entry and its static imports, the page's chunk and its static imports (the modulepreloads of
 * {@link preloadPage}), and what the page prefetches once idle — its dynamic imports and theirs.
 * The same set `scripts/route-bytes.mjs` weighs. A lazily loaded library can slip into it through
 * one careless static import (a shared component that imports antd-mobile, say); this names it.
 */
function keepOffRoutes(pageModules: string[], forbidden: RegExp): Plugin {
  let root = '';
  return {
    name: 'xuanli:keep-off-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const short = (id: string) => relative(root, id).replace(/^(?:\.\.\/)+node_modules\//, '');
      const problems: string[] = [];
      for (const pageModule of pageModules) {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(pageModule));
        if (!page) this.error(`keepOffRoutes: no chunk for ${pageModule}`);
        const route = new Set<string>();
        const withStaticImports = (fileName: string) => {
          const chunk = bundle[fileName];
          if (route.has(fileName) || chunk?.type !== 'chunk') return;
          route.add(fileName);
          for (const next of chunk.imports) withStaticImports(next);
        };
        withStaticImports(entry.fileName);
        withStaticImports(page.fileName);
        // The entry's dynamic imports are the other pages; everything else's are idle prefetches.
        for (const fileName of [...route]) {
          const chunk = bundle[fileName];
          if (fileName !== entry.fileName && chunk?.type === 'chunk')
            for (const next of chunk.dynamicImports) withStaticImports(next);
        }
        const routeModules = new Set<string>();
        for (const fileName of route) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const id of chunk.moduleIds) routeModules.add(id);
        }
        const inRoute = [...routeModules].filter((id) => forbidden.test(id));
        // Name the way in: where a module of the route that is not forbidden imports one that is.
        const waysIn = new Set<string>();
        for (const id of inRoute) {
          const info = this.getModuleInfo(id);
          for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])])
            if (routeModules.has(importer) && !forbidden.test(importer))
              waysIn.add(`  ${pageModule}: ${short(importer)} imports ${short(id)}`);
        }
        if (inRoute.length > 0 && waysIn.size === 0)
          waysIn.add(`  ${pageModule}: ${inRoute.map(short).join(', ')}`);
        problems.push(...waysIn);
      }
      if (problems.length > 0)
        this.error(
          `antd-mobile or TanStack Query reached a local route, whose byte budget has no room for them:\n${problems.join('\n')}\nLoad them only from the pages that use them (lazily, through their own chunk).`,
        );
    },
  };
}

/**
 * The modules whose routes work offline once the app has been opened: the calendar, 老黄历, 排盘, 择日
 * and the TanStack Query provider 排盘 and 择日 render in (src/app/routes.tsx). Their chunks are
 * precached by the service worker — with the workers they start, 排盘's chart and 择日's days and
 * calendar file, which an online visit never loads —; every other page loads on demand, as before, and
 * is kept once loaded.
 */
const OFFLINE_MODULES = [
  'src/features/calendar/CalendarPage.tsx',
  'src/features/almanac/AlmanacDayPage.tsx',
  'src/features/bazi/BaziPage.tsx',
  'src/features/zeri/ZeriPage.tsx',
  'src/app/server-state.tsx',
];

/**
 * Modules precached without the chunks they import lazily: the table of the pages that read server
 * state (src/app/server-pages.tsx), which 排盘 loads through but whose other pages load on demand.
 */
const OFFLINE_TABLES = ['src/app/server-pages.tsx'];

/**
 * Chooses what the service worker precaches: index.html, the web manifest, and from `assets/` only
 * what the entry and `pageModules` load — each module's chunk, its static and dynamic imports (the 排盘
 * page's offline chart engine, the calendar's idle-prefetched pickers), transitively, with their CSS
 * and other assets (fonts, images); and the chunks of `tableModules` with their static imports only.
 * Precaching every chunk would make a phone download pages it may
 * never open on its first visit. `manifestTransform` is Workbox's hook (vite.config's VitePWA options);
 * it runs after this plugin's `generateBundle` has read the bundle.
 */
function offlinePrecache(
  pageModules: string[],
  tableModules: string[],
): Plugin & {
  manifestTransform: <E extends { url: string }>(entries: E[]) => { manifest: E[]; warnings: string[] };
} {
  let keep: Set<string> | null = null;
  return {
    name: 'xuanli:offline-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const files = new Set<string>();
      const add = (fileName: string, followDynamic: boolean) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || chunk?.type !== 'chunk') return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const next of chunk.imports) add(next, followDynamic);
        if (followDynamic) for (const next of chunk.dynamicImports) add(next, true);
      };
      // The entry's dynamic imports are every lazy page: only the listed ones are followed.
      add(entry.fileName, false);
      for (const [modules, followDynamic] of [
        [pageModules, true],
        [tableModules, false],
      ] as const) {
        for (const pageModule of modules) {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(pageModule));
          if (!page) this.error(`offlinePrecache: no chunk for ${pageModule}`);
          add(page.fileName, followDynamic);
        }
      }
      // Workers (`new Worker(new URL('./x.worker.ts', import.meta.url))`, bundled apart, e.g. the
      // 排盘 page's offline chart engine) are assets named in the code of the chunk that starts them.
      const workers = Object.values(bundle).filter(
        (output) => output.type === 'asset' && output.fileName.endsWith('.js'),
      );
      for (const fileName of [...files]) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        for (const worker of workers)
          if (chunk.code.includes(worker.fileName.slice(worker.fileName.lastIndexOf('/') + 1)))
            files.add(worker.fileName);
      }
      keep = files;
    },
    manifestTransform(entries) {
      if (!keep) throw new Error('offlinePrecache: the bundle was not read before the precache list');
      const chosen = keep;
      return {
        manifest: entries.filter((e) => !e.url.startsWith('assets/') || chosen.has(e.url)),
        warnings: [],
      };
    },
  };
}

/**
 * Leaves out of each lazy import's preload list the script chunks its importing chunk has already
 * loaded — everything that chunk imports statically, the entry's and its own —, which Vite lists anyway
 * (its loader skips them at run time, but every name is bytes in the importing chunk). On the calendar
 * route, with its byte budget, the pickers' and the 拼假 sheet's lists lose the React, engine and entry
 * chunks. `resolveDependencies` is Vite's hook for the list (CSS stays as Vite decides); it does not see
 * the bundle, which this plugin's `generateBundle` keeps for it, running before Vite's own.
 */
function skipLoadedPreloads(): Plugin & {
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let bundle: Record<string, { type: string; imports?: string[] }> = {};
  const loadedBy = (host: string, into = new Set<string>()): Set<string> => {
    if (into.has(host)) return into;
    into.add(host);
    for (const next of bundle[host]?.imports ?? []) loadedBy(next, into);
    return into;
  };
  return {
    name: 'xuanli:skip-loaded-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output as typeof bundle;
      },
    },
    resolveDependencies(_file, deps, { hostId }) {
      if (!bundle[hostId]) return deps;
      const loaded = loadedBy(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}

const skipLoaded = skipLoadedPreloads();

/** Larger entry CSS stays a cached file: inlined, it would be downloaded again with every index.html. */
const INLINE_CSS_MAX_BYTES = 16 * 1024;

/**
 * Replaces the entry's `<link rel="stylesheet">` in index.html with the stylesheet itself.
 *
 * An external stylesheet in the head blocks the first paint until it has arrived: one more round trip
 * on a phone before even the boot screen shows. The entry CSS is small (the page frame, tab bar and
 * header, ~1.3 KB compressed), so it travels inside the compressed index.html instead, at the same
 * cascade position. The CSS file stays in the build (the manifest lists it) but nothing loads it.
 */
function inlineEntryCss(): Plugin {
  let base = '/';
  return {
    name: 'xuanli:inline-entry-css',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="([^"]+\.css)">/g,
          (link, href: string) => {
            const asset = href.startsWith(base) ? bundle[href.slice(base.length)] : undefined;
            if (asset?.type !== 'asset') return link;
            const css = cssText(asset.source);
            if (css.length > INLINE_CSS_MAX_BYTES) return link;
            // The disabled link is never fetched nor applied; it is there for Vite's lazy-chunk loader,
            // which adds every stylesheet a chunk depends on — the entry's included — unless a <link
            // rel="stylesheet"> with that href is already in the document. Without it the entry CSS would
            // be fetched again with the first lazy chunk and appended after the chunks' CSS, changing the
            // cascade.
            return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`;
          },
        );
      },
    },
  };
}

const offline = offlinePrecache(OFFLINE_MODULES, OFFLINE_TABLES);

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * `vite build --ssr src/entry-server.tsx` (the second half of `npm run build`): src/entry-server.tsx as one self-contained
 * ES module in dist/.ssr/ — React, the router and the engine bundled in (`noExternal`), so the API
 * loads it from wherever the build is deployed without the web app's node_modules, and React's
 * production build chosen at build time. CSS modules give the same class names as in the browser
 * build (the same files and options); no CSS file is written. The folder starts with a dot: the API
 * never serves it, and neither the precompression nor the service worker's precache list looks in it.
 */
const ssrConfig: UserConfig = {
  base: '/xuanli/',
  plugins: [react()],
  resolve: { alias },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node24',
    minify: true,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js', chunkFileNames: '[name]-[hash].js' } },
  },
};

/** The browser build (and the development server). */
const clientConfig: UserConfig = {
  base: '/xuanli/',
  // The calendar is the landing page (`/` redirects to it): its chunks are preloaded by index.html.
  plugins: [
    react(),
    firstPaint(),
    preloadPage('src/features/calendar/CalendarPage.tsx'),
    keepOffRoutes(
      ['src/features/calendar/CalendarPage.tsx', 'src/features/almanac/AlmanacDayPage.tsx'],
      OFF_LOCAL_ROUTES,
    ),
    inlineEntryCss(),
    skipLoaded,
    offline,
    // The installable app: manifest.webmanifest and sw.js at /xuanli/ (scope /xuanli/), registered by
    // src/lib/pwa.ts. Public files (icons) are not precached: the browser fetches them when installing.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        id: '/xuanli/',
        name: '玄历',
        short_name: '玄历',
        description: '中华玄历：万年历、老黄历、节气节日、八字排盘',
        lang: 'zh-CN',
        dir: 'ltr',
        start_url: '/xuanli/#/pages/index/index',
        scope: '/xuanli/',
        display: 'standalone',
        orientation: 'portrait',
        // The default theme colour (PRODUCT.md#appearance); the paper of the boot screen behind the splash.
        theme_color: '#672f0d',
        background_color: '#f7f3ee',
        categories: ['lifestyle', 'utilities'],
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own worker (src/sw.ts), built by Vite in about a second; Workbox's generateSW would bundle
      // one with Babel and Terser for 5–12 s on every build. Workbox fills in the precache list.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: {
        // Only the built app: no public files (icons are fetched by the browser when installing), and
        // never the .br/.gz copies — the list names plain files, with revisions of their plain content.
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,woff,ttf,svg,png,webp,jpg}'],
        globIgnores: ['**/*.br', '**/*.gz'],
        manifestTransforms: [offline.manifestTransform],
      },
      integration: {
        // The worker is one file. vite-plugin-pwa 2.0 asks for it with Rollup's `inlineDynamicImports`,
        // which Vite 8 (Rolldown) still honours but warns about on every build; this is its new name.
        configureCustomSWViteBuild(inlineConfig) {
          const output = inlineConfig.build?.rollupOptions?.output;
          if (output && !Array.isArray(output)) {
            delete output.inlineDynamicImports;
            output.codeSplitting = false;
          }
        },
      },
    }),
    precompress(),
  ],
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // ES2022 syntax as written (class fields, `??=`): 0.5 KB less than es2020 on the calendar route;
    // at worst Chrome/Android WebView 94+, Safari 16.4+ (today it emits nothing newer than Safari 15).
    target: 'es2022',
    // The route-bytes script (scripts/route-bytes.mjs) reads what each route loads from the manifest.
    manifest: true,
    // No modulepreload polyfill in the entry: browsers without <link rel="modulepreload"> (Safari < 17)
    // still load each chunk through its import, only without the early fetch.
    modulePreload: { polyfill: false, resolveDependencies: skipLoaded.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: reactVendor },
            // The engine's lunar calendar and solar-term times, used by the calendar, 排盘, 定制, 择日 and
            // the birth picker alike, and the app's date helpers over them: one chunk instead of the
            // several small ones the bundler would cut for each combination of importers (every extra
            // chunk is a request and a preload entry on the calendar route). Files named whole, so that
            // a module merely starting with those words (lunarEvents.ts) does not ride along.
            {
              name: 'lunar',
              test: /(packages[\\/]almanac[\\/]src[\\/](lunar|solarTerm|solarTermTime)|apps[\\/]web[\\/]src[\\/]lib[\\/]dates)\.ts$/,
            },
            // TanStack Query (the provider, queries, mutations, infinite lists; never on the calendar
            // route): one chunk for every page that reads server state, instead of a chunk per
            // combination of pages, each one more name in the entry's preload lists.
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : clientConfig));
