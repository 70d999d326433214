import { describe, expect, it } from 'vitest';
import { skipLoadedPreloads } from './skip-loaded-preloads.ts';
import { hookOf } from './testing/hooks.ts';

/** A bundle as the plugin reads it: chunks with the chunks they import statically. */
const BUNDLE = {
  'assets/index.js': { type: 'chunk', imports: ['assets/vendor.js'] },
  'assets/vendor.js': { type: 'chunk', imports: [] },
  'assets/page.js': { type: 'chunk', imports: ['assets/vendor.js', 'assets/lunar.js'] },
  'assets/lunar.js': { type: 'chunk', imports: [] },
  'assets/sheet.js': { type: 'chunk', imports: ['assets/lunar.js', 'assets/bottom.js'] },
  'assets/bottom.js': { type: 'chunk', imports: [] },
  'assets/page.css': { type: 'asset' },
};

describe('skipLoadedPreloads', () => {
  it('leaves out of a lazy import’s preloads the chunks its importer has loaded already', () => {
    const plugin = skipLoadedPreloads();
    hookOf<(options: unknown, bundle: unknown) => void>(plugin.generateBundle)({}, BUNDLE);
    const deps = ['assets/lunar.js', 'assets/bottom.js', 'assets/vendor.js', 'assets/sheet.css'];
    // The page loaded vendor and lunar with itself: only the sheet's own chunk and its CSS remain.
    expect(plugin.resolveDependencies('assets/sheet.js', deps, { hostId: 'assets/page.js' })).toEqual([
      'assets/bottom.js',
      'assets/sheet.css',
    ]);
    // The entry loaded only vendor.
    expect(plugin.resolveDependencies('assets/sheet.js', deps, { hostId: 'assets/index.js' })).toEqual([
      'assets/lunar.js',
      'assets/bottom.js',
      'assets/sheet.css',
    ]);
  });

  it('changes nothing for an importer it does not know (index.html) or before the bundle is read', () => {
    const plugin = skipLoadedPreloads();
    const deps = ['assets/vendor.js', 'assets/lunar.js'];
    expect(plugin.resolveDependencies('assets/page.js', deps, { hostId: 'assets/page.js' })).toEqual(deps);
    hookOf<(options: unknown, bundle: unknown) => void>(plugin.generateBundle)({}, BUNDLE);
    expect(plugin.resolveDependencies('assets/page.js', deps, { hostId: 'index.html' })).toEqual(deps);
  });
});
