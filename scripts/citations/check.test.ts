import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CITATION_RULES,
  citationsIn,
  citationsInRepository,
  missingProductSections,
  productAnchors,
  scannedFiles,
} from './check.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('the outside-citation check', () => {
  it('reports every rule on the violating fixture, each on its own line', () => {
    const found = citationsIn(fixture('violating.ts'), 'violating.ts');
    expect(found.map(({ line, rule }) => [line, rule])).toEqual([
      [3, CITATION_RULES[0]?.name],
      [6, CITATION_RULES[1]?.name],
      [9, CITATION_RULES[2]?.name],
      [12, CITATION_RULES[3]?.name],
      [15, CITATION_RULES[0]?.name],
      [17, CITATION_RULES[1]?.name],
      [20, CITATION_RULES[0]?.name],
    ]);
    // Every rule fires at least once, so none of them can be dropped unnoticed.
    expect(new Set(found.map((citation) => citation.rule)).size).toBe(CITATION_RULES.length);
  });

  it('passes identifiers, hashes and words that only look like citations', () => {
    expect(citationsIn(fixture('clean.ts'), 'clean.ts')).toEqual([]);
  });

  it('reports a cited section of docs/PRODUCT.md that does not exist, each anchor on its own', () => {
    const anchors = productAnchors('<a id="shop"></a>\n## The shop\n<a id="refunds"></a>\n### Refunds');
    expect([...anchors]).toEqual(['shop', 'refunds']);
    // Written in pieces, so that this file itself cites nothing that is missing.
    const cite = (anchors: string) => `PRODUCT.md#${anchors}`;
    const text = [
      `/** Money in 分 (${cite('shop, #refunds')}). */`,
      `/** The cart (${cite('cart')}). */`,
      `// See ${cite('shop, #basket, #refunds')}; the colour #672f0d is no section.`,
    ].join('\n');
    expect(missingProductSections(text, 'a.ts', anchors).map(({ line, rule }) => [line, rule])).toEqual([
      [2, 'a missing section of docs/PRODUCT.md (#cart)'],
      [3, 'a missing section of docs/PRODUCT.md (#basket)'],
    ]);
  });

  it('reads the code, tests and docs of the whole repository, but not its own fixtures', () => {
    const files = scannedFiles(root);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/PRODUCT.md');
    expect(files).toContain('apps/api/src/app.ts');
    expect(files).toContain('apps/web/src/app/global.css');
    expect(files).toContain('packages/almanac/src/bazi/chart.ts');
    expect(files).toContain('e2e/lib/harness.ts');
    expect(files.some((file) => file.includes('node_modules'))).toBe(false);
    expect(files.some((file) => file.startsWith('scripts/citations/fixtures/'))).toBe(false);
  });

  it('finds no outside citation and no missing product section in the repository', () => {
    expect(citationsInRepository(root)).toEqual([]);
  });
});
