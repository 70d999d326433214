import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

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
export function precompress(): Plugin {
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
