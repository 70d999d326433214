import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CITATION_RULES, citationsIn, citationsInRepository, scannedFiles } from './check.ts';

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

  it('finds no outside citation in the repository', () => {
    expect(citationsInRepository(root)).toEqual([]);
  });
});
