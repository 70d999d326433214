import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, which the API sends by
 * `Accept-Encoding` (@fastify/static `preCompressed`, apps/api/src/plugins/admin-console.ts): the
 * console's antd bundle is a few megabytes raw and compresses to about a fifth, once, at build time.
 * A copy that does not come out smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'xuanli-admin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const jobs: Promise<void>[] = [];
      for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        jobs.push(
          (async () => {
            if ((await stat(path)).size < 1024) return;
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
  };
}

/**
 * Fails the build when TypeBox reaches the bundle. The console imports the wire's types only
 * (`import type` from @xuanli/contracts, erased at build) and its TypeBox-free `*-labels.ts` files;
 * a value import of a schema module would ship every schema of that module to the browser.
 */
function noSchemasInBundle(): Plugin {
  return {
    name: 'xuanli-admin:no-schemas-in-bundle',
    apply: 'build',
    generateBundle(_options, bundle) {
      const offenders = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? output.moduleIds.filter((id) => /[\\/]node_modules[\\/]typebox[\\/]/.test(id))
          : [],
      );
      if (offenders.length > 0)
        this.error(
          `TypeBox reached the console bundle (${offenders[0]}): import contract types with \`import type\`, values only from *-labels.ts.`,
        );
    },
  };
}

// React and its router change rarely: a long-cached chunk of their own. antd, ProComponents and
// their rc-* parts (the layout and the login form already use most of them): another one, so a new
// console build re-downloads only its own few small page chunks.
const reactVendor = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
const antdVendor =
  /node_modules[\\/](antd|@ant-design[\\/](?!charts|plots|graphs)[^\\/]+|@rc-component|rc-[^\\/]+|dayjs)[\\/]/;
// The charts of 概览 (@ant-design/charts over AntV G2, a few hundred KB) only on the page that draws them.
const chartsVendor = /node_modules[\\/](@ant-design[\\/](charts|plots|graphs)[^\\/]*|@antv|d3-[^\\/]+)[\\/]/;

export default defineConfig({
  // Served by the API at /admin/ (apps/api/src/plugins/admin-console.ts), never under the app's /xuanli/.
  base: '/admin/',
  plugins: [react(), noSchemasInBundle(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Operators use current desktop browsers; the bundle is not on any phone's route.
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: reactVendor },
            // Vite's helper of lazy imports, which every page uses: with the entry, not in the chart
            // library's chunk (whose own lazy imports would otherwise take it along).
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            { name: 'vendor-antd', test: antdVendor },
            { name: 'vendor-charts', test: chartsVendor },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
