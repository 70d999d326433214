import type { Plugin } from 'vite';

/**
 * Chooses what the service worker precaches: index.html, the web manifest, and from `assets/` only
 * what the entry and `pageModules` load — each module's chunk, its static and dynamic imports (the 排盘
 * page's offline chart engine, the calendar's idle-prefetched pickers), transitively, with their CSS
 * and other assets (fonts, images); and the chunks of `tableModules` with their static imports only.
 * Precaching every chunk would make a phone download pages it may
 * never open on its first visit. `manifestTransform` is Workbox's hook (vite.config's VitePWA options);
 * it runs after this plugin's `generateBundle` has read the bundle.
 */
export function offlinePrecache(
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
