import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_OUTLET, firstPaint } from './first-paint.ts';
import { hookOf } from './testing/hooks.ts';

type Transform = (html: string) => Promise<string>;

let folder = '';
afterEach(() => folder && rmSync(folder, { recursive: true, force: true }));

/** The plugin's index.html transform over a script with `source` as its text. */
function transformWith(source: string): Transform {
  folder = mkdtempSync(join(tmpdir(), 'xl-first-paint-'));
  const file = join(folder, 'first-paint.js');
  writeFileSync(file, source);
  return hookOf<Transform>(firstPaint(file).transformIndexHtml);
}

describe('firstPaint', () => {
  it('puts the script, minified, inline in place of the outlet', async () => {
    const transform = transformWith(
      '(() => {\n  const colour = "#672f0d";\n  document.title = colour + colour;\n})();\n',
    );
    const html = await transform(`<head><title>t</title>${FIRST_PAINT_OUTLET}</head>`);
    expect(html).not.toContain(FIRST_PAINT_OUTLET);
    expect(html).toMatch(/^<head><title>t<\/title><script>[^<]*#672f0d[^<]*<\/script><\/head>$/);
    expect(html).not.toContain('colour');
  });

  it('reads the app’s own src/app/first-paint.js by default', async () => {
    const html = await hookOf<Transform>(firstPaint().transformIndexHtml)(
      `<head>${FIRST_PAINT_OUTLET}</head>`,
    );
    expect(html).toContain('xuanli-calendar-grid');
  });

  it('refuses an index.html without the outlet, and a script that does not parse', async () => {
    await expect(transformWith('document.title = "x";')('<head></head>')).rejects.toThrow(
      `index.html has no ${FIRST_PAINT_OUTLET}`,
    );
    await expect(transformWith('const = ;')(`<head>${FIRST_PAINT_OUTLET}</head>`)).rejects.toThrow(
      /^first-paint\.js: /,
    );
  });
});
