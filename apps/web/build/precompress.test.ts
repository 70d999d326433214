import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress.ts';
import { hookOf } from './testing/hooks.ts';

let folder = '';
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

/** A build folder with text, small, image, hidden and incompressible files. */
function buildFolder(): string {
  folder = mkdtempSync(join(tmpdir(), 'xl-precompress-'));
  const text = 'export const day = "2026-01-15 宜 嫁娶 出行";\n'.repeat(100);
  mkdirSync(join(folder, 'assets'));
  mkdirSync(join(folder, '.vite'));
  writeFileSync(join(folder, 'index.html'), `<html>${text}</html>`);
  writeFileSync(join(folder, 'assets/page.js'), text);
  writeFileSync(join(folder, 'assets/small.css'), 'body{color:red}');
  writeFileSync(join(folder, 'assets/icon.png'), text);
  writeFileSync(join(folder, '.vite/manifest.json'), JSON.stringify({ text }));
  writeFileSync(join(folder, 'assets/noise.txt'), randomBytes(4096));
  return folder;
}

/** Runs the plugin as Vite would at the end of a build that wrote (or did not write) its bundle. */
async function run(outDir: string, written: boolean): Promise<void> {
  const plugin = precompress();
  hookOf<(config: unknown) => void>(plugin.configResolved)({ root: outDir, build: { outDir: '.' } });
  if (written) hookOf<() => void>(plugin.writeBundle)();
  await hookOf<() => Promise<void>>(plugin.closeBundle)();
}

describe('precompress', () => {
  it('writes .br and .gz beside each text file worth it, with the same content', async () => {
    const dir = buildFolder();
    await run(dir, true);
    for (const file of ['index.html', 'assets/page.js']) {
      const plain = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(plain);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(plain);
    }
    // Too small to gain, an image format, the hidden build manifest, and what does not come out smaller.
    for (const file of ['assets/small.css', 'assets/icon.png', '.vite/manifest.json', 'assets/noise.txt']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });

  it('does nothing after a build that wrote nothing', async () => {
    const dir = buildFolder();
    await run(dir, false);
    expect(existsSync(join(dir, 'assets/page.js.br'))).toBe(false);
  });
});
