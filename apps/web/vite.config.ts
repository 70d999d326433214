import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React, its DOM renderer and the router change rarely and every page needs them, so they live in one
// long-cached vendor chunk. Everything else is left to automatic splitting: each lazy page pulls only
// what it uses (antd-mobile, TanStack Query through src/app/server-state.tsx), which keeps the calendar
// route — entry, vendor, CalendarPage, the engine's day-card chunk and the idle-prefetched pickers —
// under 130 KB gzip. Check with `node scripts/route-bytes.mjs` after changing imports.
const reactVendor = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export default defineConfig({
  base: '/xuanli/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
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
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor-react', test: reactVendor }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
