import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './build/first-paint.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { keepOffRoutes } from './build/keep-off-routes.ts';
import { offlinePrecache } from './build/offline-precache.ts';
import { precompress } from './build/precompress.ts';
import { preloadPage } from './build/preload-page.ts';
import { skipLoadedPreloads } from './build/skip-loaded-preloads.ts';

// React, its DOM renderer and the router change rarely and every page needs them, so they live in one
// long-cached vendor chunk. Everything else is left to automatic splitting: each lazy page pulls only
// what it uses (antd-mobile through src/lib/antd-mobile.ts, TanStack Query through
// src/app/server-state.tsx), which keeps the calendar route — entry, vendor, CalendarPage, the engine's
// day-card chunk and the idle-prefetched pickers — under 131 KB gzip. Check with
// `node scripts/route-bytes.mjs` after changing imports; `keepOffRoutes` below fails the build when
// antd-mobile or TanStack Query reaches the calendar or 老黄历 route.
const reactVendor = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

// The build-only plugins (build/, one file each, each with its test): what a phone downloads on its
// first visit, and when.

/**
 * Libraries the local pages (calendar and 老黄历, `localPages` in src/app/routes.tsx) must not load:
 * antd-mobile (its wrapper `src/lib/antd-mobile.ts` and the feedback helpers on top of it) and
 * TanStack Query. Those pages are what a phone opens first; their byte budget has no room for either.
 */
const OFF_LOCAL_ROUTES =
  /[\\/]node_modules[\\/](?:antd-mobile|antd-mobile-icons|@tanstack[\\/][^\\/]*query[^\\/]*)[\\/]|[\\/]src[\\/]lib[\\/](?:antd-mobile|feedback|query)\.tsx?$/;

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

const skipLoaded = skipLoadedPreloads();

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
