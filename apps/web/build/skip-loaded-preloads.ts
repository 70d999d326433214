import type { Plugin } from 'vite';

/**
 * Leaves out of each lazy import's preload list the script chunks its importing chunk has already
 * loaded — everything that chunk imports statically, the entry's and its own —, which Vite lists anyway
 * (its loader skips them at run time, but every name is bytes in the importing chunk). On the calendar
 * route, with its byte budget, the pickers' and the 拼假 sheet's lists lose the React, engine and entry
 * chunks. `resolveDependencies` is Vite's hook for the list (CSS stays as Vite decides); it does not see
 * the bundle, which this plugin's `generateBundle` keeps for it, running before Vite's own.
 */
export function skipLoadedPreloads(): Plugin & {
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
