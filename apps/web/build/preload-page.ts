import type { HtmlTagDescriptor, Plugin } from 'vite';
import { builtHtmlPlugin } from './built-html-plugin.ts';
import { cssText } from './css-text.ts';

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
export function preloadPage(pageModule: string): Plugin {
  return builtHtmlPlugin('xuanli:preload-page', (_html, { bundle, chunk: entry }, base) => {
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
      for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
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
  });
}
