import { afterEach, describe, expect, it } from 'vitest';
import { preloadPage } from './preload-page.ts';
import { buildFixture, chunkOf, type FixtureBuild } from './testing/build-fixture.ts';

let built: FixtureBuild | undefined;
afterEach(() => built?.dispose());

describe('preloadPage', () => {
  it('links the page chunk and its static imports for preloading, dependencies first, and inlines its CSS', async () => {
    built = await buildFixture([preloadPage('src/page.js')]);
    const { html, output } = built;
    const page = chunkOf(output, 'src/page.js');
    const shared = output.output.find((f) => f.type === 'chunk' && f.name === 'shared');
    expect(shared).toBeDefined();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual([shared?.fileName, page]);
    // Not what the page loads lazily, nor the other page.
    expect(html).not.toContain(chunkOf(output, 'src/later.js'));
    expect(html).not.toContain(chunkOf(output, 'src/other.js'));
    // Its CSS inline, `</style` made harmless, and a disabled link for Vite's loader.
    expect(html).toMatch(/<style>\.page\{/);
    expect(html).toContain('content:"<\\/style>"');
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/page-[^"]+\.css" disabled>/);
  });

  it('fails the build when no chunk is the page', async () => {
    await expect(buildFixture([preloadPage('src/missing.js')])).rejects.toThrow(
      'preloadPage: no chunk for src/missing.js',
    );
  });
});
