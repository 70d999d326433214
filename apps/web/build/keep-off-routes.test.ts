import { afterEach, describe, expect, it } from 'vitest';
import { keepOffRoutes } from './keep-off-routes.ts';
import { buildFixture, type FixtureBuild } from './testing/build-fixture.ts';

let built: FixtureBuild | undefined;
afterEach(() => built?.dispose());

const HEAVY = /[\\/]src[\\/]lib[\\/]heavy\.js$/;
const heavy = { 'src/lib/heavy.js': "export const heavy = 'a large library';\n" };

describe('keepOffRoutes', () => {
  it('fails the build naming the import that brings a forbidden module into the route', async () => {
    await expect(
      buildFixture([keepOffRoutes(['src/page.js'], HEAVY)], {
        ...heavy,
        'src/shared.js': "import { heavy } from './lib/heavy.js';\nexport const shared = heavy;\n",
      }),
    ).rejects.toThrow(/src\/page\.js: src\/shared\.js imports src\/lib\/heavy\.js/);
  });

  it('counts what the page prefetches when idle as part of the route', async () => {
    await expect(
      buildFixture([keepOffRoutes(['src/page.js'], HEAVY)], {
        ...heavy,
        'src/later.js': "import { heavy } from './lib/heavy.js';\nexport const later = heavy;\n",
      }),
    ).rejects.toThrow(/src\/later\.js imports src\/lib\/heavy\.js/);
  });

  it('lets another page load it', async () => {
    built = await buildFixture([keepOffRoutes(['src/page.js'], HEAVY)], {
      ...heavy,
      'src/other.js':
        "import { shared } from './shared.js';\nimport { heavy } from './lib/heavy.js';\nexport default () => shared + heavy;\n",
    });
    expect(
      built.output.output.some((f) => f.type === 'chunk' && f.moduleIds.some((id) => HEAVY.test(id))),
    ).toBe(true);
  });
});
