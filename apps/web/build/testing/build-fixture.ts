/**
 * A small app built by Vite with the plugins under test, for the tests of build/: an entry with its
 * stylesheet that loads two pages lazily; both pages share a module (so it becomes a chunk of its own),
 * the first has a stylesheet and loads one more module lazily. Files can be replaced or added per test.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type PluginOption, type Rollup } from 'vite';

/** The fixture's files by path under its root. */
export const FIXTURE_FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/src/main.js"></script></body></html>',
  'src/main.js':
    "import './main.css';\nfor (const load of [() => import('./page.js'), () => import('./other.js')])\n  load().then((m) => m.default()).then((text) => console.log(text));\n",
  'src/main.css': 'body { color: red; }\n',
  'src/page.js':
    "import { shared } from './shared.js';\nimport './page.css';\nexport default () => import('./later.js').then((m) => m.later + shared);\n",
  'src/page.css': '.page { color: blue; }\n.page::after { content: "</style>"; }\n',
  'src/other.js': "import { shared } from './shared.js';\nexport default () => shared;\n",
  'src/shared.js': "export const shared = 'shared';\n",
  'src/later.js': "export const later = 'later';\n",
};

/** What a fixture build left: its root, output folder, the bundle and the written index.html. */
export interface FixtureBuild {
  root: string;
  outDir: string;
  output: Rollup.RollupOutput;
  html: string;
  /** Removes the fixture's folder. */
  dispose: () => void;
}

/** Builds the fixture (with `files` over {@link FIXTURE_FILES}) with `plugins`, into a temporary folder. */
export async function buildFixture(
  plugins: PluginOption[],
  files: Record<string, string> = {},
): Promise<FixtureBuild> {
  const root = mkdtempSync(join(tmpdir(), 'xl-build-'));
  for (const [path, text] of Object.entries({ ...FIXTURE_FILES, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const outDir = join(root, 'dist');
  const dispose = () => rmSync(root, { recursive: true, force: true });
  try {
    const result = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins,
      build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
    });
    const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
    return { root, outDir, output, html: readFileSync(join(outDir, 'index.html'), 'utf8'), dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** The file name of the chunk whose own module is `module` (e.g. 'src/page.js'). */
export function chunkOf(output: Rollup.RollupOutput, module: string): string {
  const chunk = output.output.find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(module));
  if (!chunk) throw new Error(`no chunk for ${module}`);
  return chunk.fileName;
}
