/**
 * The lint rule that keeps Beijing-time arithmetic inside beijingTime.ts (lint/beijing-arithmetic.grit,
 * registered in the repository's biome.json): run through Biome on files written for the purpose, it
 * flags each way the offset used to be written across the apps, and leaves alone what only looks alike.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const biome = join(repo, 'node_modules/.bin/biome');
// Inside the repository, so that Biome reads its biome.json; removed after the run.
const probe = join('packages/almanac/lint', `.probe-${process.pid}`);

afterAll(() => rmSync(join(repo, probe), { recursive: true, force: true }));

/** The lines (1-based) the rule flags in `source`, written as `file` under the probe folder. */
function flaggedLines(file: string, source: string): number[] {
  const path = join(probe, file);
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), source);
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', path], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it reports an error; its JSON is on stdout all the same.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as {
    diagnostics: { category: string; message: string; location: { start: { line: number } } }[];
  };
  return report.diagnostics
    .filter((d) => d.category === 'plugin' && d.message.includes('@xuanli/almanac/beijingTime'))
    .map((d) => d.location.start.line);
}

const VIOLATIONS = [
  'export const a = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);',
  'export const b = (n: number) => Math.floor((n / 1000 + 8 * 3600) / 86400);',
  'export const c = Date.now() + 8 * 60 * 60 * 1000;',
  'export const d = (ms: number) => ms + 8 * 3_600_000;',
  'export const e = (s: number) => s - 28800;',
  "export const f = (raw: (s: string) => unknown) => raw('28800');",
  `export const g = (day: string) => new Date(\`\${day}T00:00:00+08:00\`);`,
  `export const h = (day: string) => Date.parse(\`\${day}T00:00:00+08:00\`) / 1000;`,
  'export const i = (t: { utcOffset(m: number): unknown }) => t.utcOffset(8 * 60);',
  'export const j = (t: { utcOffset(m: number): unknown }) => t.utcOffset(480);',
];

const LOOKALIKES = [
  'export const price = { price: 28800, stock: 30 };',
  'export const minutes = 8 * 60;',
  'export const other = 18 * 3600 + 128800;',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a file, not a template
  'export const wire = (text: string) => `${text}+08:00`;',
  "export const fixed = new Date('2024-02-10T12:00:00+08:00');",
];

describe('the Beijing-arithmetic lint rule', () => {
  it('flags every way the offset was written, one line each', () => {
    expect(flaggedLines('violating.ts', `${VIOLATIONS.join('\n')}\n`)).toEqual(
      VIOLATIONS.map((_, i) => i + 1),
    );
  });

  it('leaves prices, other durations, wire suffixes and fixed instants alone', () => {
    expect(flaggedLines('lookalikes.ts', `${LOOKALIKES.join('\n')}\n`)).toEqual([]);
  });

  it('allows the arithmetic in the engine’s beijingTime.ts and in tests', () => {
    const source = `${VIOLATIONS.join('\n')}\n`;
    expect(flaggedLines('packages/almanac/src/beijingTime.ts', source)).toEqual([]);
    expect(flaggedLines('clock.test.ts', source)).toEqual([]);
  });
});
