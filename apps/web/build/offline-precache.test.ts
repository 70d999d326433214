import { describe, expect, it } from 'vitest';
import { offlinePrecache } from './offline-precache.ts';
import { hookOf } from './testing/hooks.ts';

/** A chunk as the plugin reads it. */
function chunk(fileName: string, fields: Record<string, unknown> = {}) {
  return {
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    dynamicImports: [],
    code: '',
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...fields,
  };
}

const BUNDLE = Object.fromEntries(
  [
    chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/vendor.js'],
      dynamicImports: ['assets/page.js', 'assets/other.js', 'assets/table.js'],
    }),
    chunk('assets/vendor.js'),
    chunk('assets/page.js', {
      facadeModuleId: '/app/src/page.tsx',
      imports: ['assets/shared.js'],
      dynamicImports: ['assets/later.js'],
      viteMetadata: {
        importedCss: new Set(['assets/page.css']),
        importedAssets: new Set(['assets/font.woff2']),
      },
    }),
    chunk('assets/shared.js'),
    chunk('assets/later.js', { code: 'new Worker(new URL("chart.worker-1a2b.js", import.meta.url))' }),
    chunk('assets/other.js', { facadeModuleId: '/app/src/other.tsx', imports: ['assets/shared.js'] }),
    chunk('assets/table.js', {
      facadeModuleId: '/app/src/table.tsx',
      dynamicImports: ['assets/table-page.js'],
    }),
    chunk('assets/table-page.js', { facadeModuleId: '/app/src/table-page.tsx' }),
    { type: 'asset', fileName: 'assets/chart.worker-1a2b.js' },
  ].map((output) => [output.fileName, output]),
);

const ENTRIES = [
  'index.html',
  'manifest.webmanifest',
  ...Object.keys(BUNDLE),
  'assets/page.css',
  'assets/font.woff2',
  'assets/other.css',
].map((url) => ({ url, revision: null }));

/** What the error hook of Rollup's plugin context does: stops the build with the message. */
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('offlinePrecache', () => {
  it('precaches the entry, the pages’ chunks with everything they load, and the tables’ own chunks', () => {
    const plugin = offlinePrecache(['src/page.tsx'], ['src/table.tsx']);
    hookOf<(options: unknown, bundle: unknown) => void>(plugin.generateBundle).call(
      context as never,
      {},
      BUNDLE,
    );
    const { manifest } = plugin.manifestTransform(ENTRIES);
    expect(manifest.map((e) => e.url).sort()).toEqual(
      [
        'index.html',
        'manifest.webmanifest',
        'assets/index.js',
        'assets/vendor.js',
        'assets/page.js',
        'assets/shared.js',
        'assets/later.js',
        'assets/page.css',
        'assets/font.woff2',
        'assets/chart.worker-1a2b.js',
        'assets/table.js',
      ].sort(),
    );
  });

  it('stops the build for a listed module without a chunk, and refuses a list before the bundle', () => {
    const plugin = offlinePrecache(['src/gone.tsx'], []);
    expect(() => plugin.manifestTransform(ENTRIES)).toThrow('the bundle was not read');
    expect(() =>
      hookOf<(options: unknown, bundle: unknown) => void>(plugin.generateBundle).call(
        context as never,
        {},
        BUNDLE,
      ),
    ).toThrow('offlinePrecache: no chunk for src/gone.tsx');
  });
});
