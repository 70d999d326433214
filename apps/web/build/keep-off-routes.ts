import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fails the build when a module matching `forbidden` is in what one of `pageModules`' routes loads:
 * the entry and its static imports, the page's chunk and its static imports (the modulepreloads of
 * {@link preloadPage}), and what the page prefetches once idle — its dynamic imports and theirs.
 * The same set `scripts/route-bytes.mjs` weighs. A lazily loaded library can slip into it through
 * one careless static import (a shared component that imports antd-mobile, say); this names it.
 */
export function keepOffRoutes(pageModules: string[], forbidden: RegExp): Plugin {
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
