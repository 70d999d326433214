import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify, type Plugin } from 'vite';

/** Where index.html takes the inline first-paint script. */
export const FIRST_PAINT_OUTLET = '<!--xl-first-paint-->';

/**
 * Puts src/app/first-paint.js, minified, inline into index.html's <head> in place of
 * `<!--xl-first-paint-->`: it must run before the first paint (theme, and whether the server's
 * calendar may show), which an external script would delay by a round trip. The API allows it in its
 * Content-Security-Policy by the SHA-256 of the text (apps/api/src/plugins/spa.ts), read from the
 * built index.html, so nothing else has to know the hash. Development pages get it too.
 */
export function firstPaint(
  source: string = join(dirname(fileURLToPath(import.meta.url)), '../src/app/first-paint.js'),
): Plugin {
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
