import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BESIDE_THE_E2E_FILES,
  DATABASE_FREE_FILES,
  excludedFiles,
  includedFiles,
  PASS_ENV,
  PROCESS_FILES,
  UNTIMED_PROCESS_FILES,
} from './passes.ts';

const root = resolve(import.meta.dirname, '..');

/** What in a file (or a helper it imports from this package) makes it follow TEST_DATABASE_URL. */
const FOLLOWS_TEST_DATABASE =
  /\bbuildTestApp\(|TEST_DATABASE_URL|testDatabaseKind\(|\bsignIn\(|buildWechatApp\(/;

/**
 * The test helpers `file` imports (one level down), but the test app's builder and the run's setup:
 * they define what the pattern looks for, and importing a constant from them is no use of it.
 */
function helpersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)]
    .map((match) => resolve(dirname(file), match[1]))
    .filter((path) => path.startsWith(join(root, 'test')) && existsSync(path))
    .filter((path) => !/test\/(build|global-setup)\.ts$/.test(path));
}

describe('the API suite’s passes', () => {
  it.each(DATABASE_FREE_FILES)('%s does not follow TEST_DATABASE_URL (run on PGlite only)', (file) => {
    const path = join(root, file);
    expect(existsSync(path), `${file} is listed but missing`).toBe(true);
    for (const source of [path, ...helpersOf(path)]) {
      const helper = source === path ? '' : ` (through ${source.slice(root.length + 1)})`;
      expect(FOLLOWS_TEST_DATABASE.test(readFileSync(source, 'utf8')), `${file}${helper}`).toBe(false);
    }
  });

  it('lists files that exist', () => {
    for (const file of PROCESS_FILES) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('runs the untimed process files and the fuzz beside the e2e suite, off the PGlite pass, and no process file in the quick run', () => {
    expect(UNTIMED_PROCESS_FILES.length).toBeGreaterThan(0);
    for (const file of UNTIMED_PROCESS_FILES) expect(PROCESS_FILES, file).toContain(file);
    for (const file of BESIDE_THE_E2E_FILES) expect(existsSync(join(root, file)), file).toBe(true);
    expect(BESIDE_THE_E2E_FILES).toEqual(expect.arrayContaining([...UNTIMED_PROCESS_FILES]));
    expect(includedFiles({ [PASS_ENV]: 'beside-e2e' })).toEqual(BESIDE_THE_E2E_FILES);
    expect(excludedFiles({ [PASS_ENV]: 'pglite' })).toEqual(BESIDE_THE_E2E_FILES);
    for (const pass of [undefined, 'pglite', 'postgres', 'pglite-rest', 'quick'])
      expect(includedFiles({ [PASS_ENV]: pass }), String(pass)).toBeNull();
  });

  it('leaves files out only in the passes of npm test and the quick run', () => {
    expect(excludedFiles({})).toEqual([]);
    expect(excludedFiles({ [PASS_ENV]: 'postgres' })).toEqual(DATABASE_FREE_FILES);
    expect(excludedFiles({ [PASS_ENV]: 'pglite-rest' })).toEqual(DATABASE_FREE_FILES);
    expect(excludedFiles({ [PASS_ENV]: 'quick' })).toEqual(PROCESS_FILES);
  });
});
