/**
 * Proves each zone rule of .dependency-cruiser.cjs: probe files that break one rule each (several
 * spellings of the same import: the `@/` alias, a relative path at another depth, a workspace package)
 * are written into the real tree, where they resolve exactly as the code does, the checker runs on
 * them with the repository's configuration, and every probe must break exactly the rules it is meant
 * to — no more (a rule that reaches too far fails too) and no fewer. Allowed imports are probed the
 * same way and must pass. Finally the real tree passes as it stands. The file-name rule (Biome's
 * useFilenamingConvention, one convention per kind of file) is proven the same way.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const biome = join(root, 'node_modules/.bin/biome');
const run = promisify(execFile);

/** The marker in every probe's name, unique per run so that two runs never meet. */
const MARK = `zz-zone-probe-${process.pid}`;

/** One file written for the check: where, what it imports, and the rules it must break. */
interface Probe {
  file: string;
  source: string;
  breaks: string[];
}

/** A real file of `dir` (relative to the root) other than tests, without its extension. */
function someFile(dir: string): string {
  const name = readdirSync(join(root, dir)).find((entry) => /^[^.]+\.tsx?$/.test(entry));
  if (!name) throw new Error(`no source file in ${dir}`);
  return `${dir}/${name.replace(/\.tsx?$/, '')}`;
}

/** `target` (relative to the root) as a relative import from `file`. */
function relativeImport(file: string, target: string): string {
  const path = relative(dirname(join(root, file)), join(root, target));
  return path.startsWith('.') ? path : `./${path}`;
}

/** Adds a probe: its file, its source and the rules it must break. */
type Add = (file: string, source: string, ...breaks: string[]) => void;

/** A probe file in the web's `src/<dir>`. */
const web = (dir: string, name = '') => `apps/web/src/${dir}/${MARK}${name}.ts`;
/** A probe file in the console's `src/<dir>`. */
const admin = (dir: string, name = '') => `apps/admin/src/${dir}/${MARK}${name}.ts`;
/** A web or console path as its `@/` import. */
const alias = (path: string) => path.replace(/^apps\/(web|admin)\/src\//, '@/');
/** A side-effect import of `target` from `file`, by a relative path. */
const importOf = (file: string, target: string) => `import '${relativeImport(file, target)}';\n`;

/** The web's and the console's layers, features and the apps apart. */
function appProbes(add: Add): void {
  const calendar = someFile('apps/web/src/features/calendar');
  const shop = someFile('apps/web/src/features/shop');
  const webApp = someFile('apps/web/src/app');
  const users = someFile('apps/admin/src/features/users');
  const orders = someFile('apps/admin/src/features/orders');
  const adminApp = someFile('apps/admin/src/app');
  // components/, lib/, hooks/, stores/ never import a feature (alias, relative, deeper folders).
  add(web('lib'), `import '${alias(calendar)}';\n`, 'shared-not-to-features');
  add(web('components'), importOf(web('components'), calendar), 'shared-not-to-features');
  add(web(`hooks/${MARK}/deep`), importOf(web(`hooks/${MARK}/deep`), shop), 'shared-not-to-features');
  add(web('stores'), `import '${alias(shop)}';\n`, 'shared-not-to-features');
  add(admin('lib'), `import '${alias(users)}';\n`, 'shared-not-to-features');
  add(admin(`components/${MARK}`), importOf(admin(`components/${MARK}`), orders), 'shared-not-to-features');

  // Features never import the app layer.
  add(web(`features/${MARK}`), `import '${alias(webApp)}';\n`, 'features-not-to-app');
  add(
    web(`features/${MARK}/deep/deeper`),
    importOf(web(`features/${MARK}/deep/deeper`), webApp),
    'features-not-to-app',
  );
  add(admin(`features/${MARK}`), `import '${alias(adminApp)}';\n`, 'features-not-to-app');

  // Features never import each other, in the web and in the console; their own files they may.
  add(web(`features/${MARK}-a`), `import '${alias(calendar)}';\n`, 'features-not-to-features');
  add(
    web(`features/${MARK}-b/deep`),
    importOf(web(`features/${MARK}-b/deep`), shop),
    'features-not-to-features',
  );
  add(admin(`features/${MARK}-a`), `import '${alias(users)}';\n`, 'features-not-to-features');
  add(
    admin(`features/${MARK}-b/deep`),
    importOf(admin(`features/${MARK}-b/deep`), orders),
    'features-not-to-features',
  );
  add(web(`features/${MARK}-own/deep`), `import '../${MARK}';\n`);
  add(web(`features/${MARK}-own`), "import '@/lib/api';\n");

  // The apps meet over HTTP only.
  add(web('lib', '-api'), importOf(web('lib', '-api'), 'apps/api/src/config.ts'), 'apps-apart');
  add(admin('lib', '-web'), importOf(admin('lib', '-web'), 'apps/web/src/lib/api.ts'), 'apps-apart');
  add(
    `apps/api/src/shared/${MARK}.ts`,
    importOf(`apps/api/src/shared/${MARK}.ts`, 'apps/web/src/lib/api.ts'),
    'apps-apart',
  );
}

/** The contracts, TypeBox in the browser apps and antd-mobile. */
function wireProbes(add: Add): void {
  // The contracts import no app and no Node built-in.
  const contracts = `packages/contracts/src/${MARK}.ts`;
  add(contracts, importOf(contracts, 'apps/api/src/config.ts'), 'contracts-not-to-apps');
  add(
    `packages/contracts/src/${MARK}-node.ts`,
    "import 'node:fs';\nimport 'path';\n",
    'contracts-no-node-builtins',
  );

  // No TypeBox values in the browser apps: directly, through a schema module, by any spelling.
  add(
    web('lib', '-tb1'),
    "import { Type } from 'typebox';\nexport const T = Type;\n",
    'no-typebox-values-in-browser-apps',
  );
  add(
    web('lib', '-tb2'),
    "export { RowId } from '@xuanli/contracts/common';\n",
    'no-typebox-values-in-browser-apps',
  );
  add(
    web(`features/${MARK}-tb`),
    `import { RowId } from '${relativeImport(web(`features/${MARK}-tb`), 'packages/contracts/src/common.ts')}';\nexport const R = RowId;\n`,
    'no-typebox-values-in-browser-apps',
  );
  // The route tables: their method-and-path half is TypeBox-free; the tables themselves only for the
  // test fakes, which no bundle carries.
  add(web('lib', '-paths'), "export { APP_ROUTES } from '@xuanli/contracts/routes/paths';\n");
  add(
    web('lib', '-tables'),
    "export { APP_ROUTE_TABLES } from '@xuanli/contracts/routes/index';\n",
    'no-typebox-values-in-browser-apps',
  );
  add(web('testing', '-tables'), "export { APP_ROUTE_TABLES } from '@xuanli/contracts/routes/index';\n");
  add(
    admin('lib', '-tb'),
    "import { AdminLoginSchema } from '@xuanli/contracts/admin';\nexport const S = AdminLoginSchema;\n",
    'no-typebox-values-in-browser-apps',
  );
  add(
    web('lib', '-tb-type'),
    "import type { RowId } from '@xuanli/contracts/common';\nexport type R = RowId;\n",
  );
  add(
    web('lib', '-tb-free'),
    "import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';\nexport const E = ERROR_MESSAGES_ZH;\n",
  );
  add(
    `packages/contracts/src/${MARK}-labels.ts`,
    "import { Type } from 'typebox';\nimport { RowId } from './common.ts';\nexport const X = [Type, RowId];\n",
    'typebox-free-contracts-stay-free',
  );

  // antd-mobile only through lib/antd-mobile.ts.
  add(
    web(`features/${MARK}-antd`),
    "import { Toast } from 'antd-mobile';\nexport const T = Toast;\n",
    'antd-mobile-through-lib',
  );
  add(web('lib', '-antd'), "import { Button } from '@/lib/antd-mobile';\nexport const B = Button;\n");
}

/** The API modules and their public entries. */
function apiProbes(add: Add): void {
  // API modules meet through index.ts; tests may also take a module's stand-ins; schemas its tables.
  const inShop = `apps/api/src/modules/shop/${MARK}.ts`;
  const deepInShop = `apps/api/src/modules/shop/${MARK}/deep.ts`;
  add(inShop, importOf(inShop, 'apps/api/src/modules/pay/service.ts'), 'api-modules-through-index');
  add(deepInShop, importOf(deepInShop, 'apps/api/src/modules/pay/schema.ts'), 'api-modules-through-index');
  add(`apps/api/src/modules/shop/${MARK}-ok.ts`, "import '../pay/index.ts';\nimport './buyer.ts';\n");
  const shared = `apps/api/src/shared/${MARK}-module.ts`;
  add(shared, importOf(shared, 'apps/api/src/modules/pay/service.ts'), 'api-outside-modules-through-index');
  const settingsReader = `apps/api/src/shared/${MARK}-settings-ok.ts`;
  add(settingsReader, importOf(settingsReader, 'apps/api/src/modules/pay/settings.ts'));
  add(
    `apps/api/scripts/${MARK}.ts`,
    importOf(`apps/api/scripts/${MARK}.ts`, 'apps/api/src/modules/pay/service.ts'),
    'api-outside-modules-through-index',
  );
  const moduleTest = `apps/api/src/modules/shop/${MARK}.test.ts`;
  add(
    moduleTest,
    importOf(moduleTest, 'apps/api/src/modules/pay/service.ts'),
    'api-module-tests-through-index-or-stand-ins',
  );
  add(`apps/api/src/modules/shop/${MARK}-ok.test.ts`, "import '../pay/testing.ts';\nimport './buyer.ts';\n");
  const apiTest = `apps/api/test/${MARK}.test.ts`;
  add(
    apiTest,
    importOf(apiTest, 'apps/api/src/modules/pay/service.ts'),
    'api-tests-through-index-or-stand-ins',
  );
  add(
    `apps/api/test/${MARK}-ok.test.ts`,
    "import '../src/modules/pay/testing.ts';\nimport '../src/modules/pay/index.ts';\n",
  );
  // A module's files for tests (stand-ins, its tables for tests) are for tests only: never the module's
  // own code, the rest of the API or the seed; test helpers may take them.
  add(
    `apps/api/src/modules/member/${MARK}-tables.ts`,
    "import './testing-tables.ts';\n",
    'api-testing-files-for-tests-only',
  );
  const sharedTesting = `apps/api/src/shared/${MARK}-testing.ts`;
  add(
    sharedTesting,
    importOf(sharedTesting, 'apps/api/src/modules/member/testing-tables.ts'),
    'api-outside-modules-through-index',
    'api-testing-files-for-tests-only',
  );
  add(
    `apps/api/seed/${MARK}.ts`,
    importOf(`apps/api/seed/${MARK}.ts`, 'apps/api/src/modules/pay/testing.ts'),
    'api-outside-modules-through-index',
    'api-testing-files-for-tests-only',
  );
  add(
    `apps/api/test/${MARK}-helper.ts`,
    "import '../src/modules/member/testing-tables.ts';\nimport '../src/modules/pay/testing.ts';\n",
  );
  add(`apps/api/src/modules/member/${MARK}-ok.test.ts`, "import './testing-tables.ts';\n");
  // Nothing under src/ imports the demo content of apps/api/seed/; its tests may.
  const inKetang = `apps/api/src/modules/ketang/${MARK}-seed.ts`;
  add(inKetang, importOf(inKetang, 'apps/api/seed/ketang/courses.ts'), 'api-src-not-to-seed');
  const inShared = `apps/api/src/shared/${MARK}/deep-seed.ts`;
  add(inShared, importOf(inShared, 'apps/api/seed/index.ts'), 'api-src-not-to-seed');
  add(
    `apps/api/src/${MARK}-seed.ts`,
    `export const load = () => import('${relativeImport(`apps/api/src/${MARK}-seed.ts`, 'apps/api/seed/index.ts')}');\n`,
    'api-src-not-to-seed',
  );
  const seedTest = `apps/api/src/modules/ketang/${MARK}-seed.test.ts`;
  add(seedTest, importOf(seedTest, 'apps/api/seed/ketang/index.ts'));
  const schema = `apps/api/src/modules/${MARK}/schema.ts`;
  add(schema, "import '../member/service.ts';\n", 'api-schemas-reference-schemas');
  add(
    `apps/api/src/modules/${MARK}-table/schema.ts`,
    "import '../member/schema.ts';\n",
    'api-schemas-reference-schemas',
  );
  add(`apps/api/src/modules/${MARK}-ok/schema.ts`, "import '../member/foreign-keys.ts';\n");
  const db = `apps/api/src/db/${MARK}.ts`;
  add(
    db,
    importOf(db, 'apps/api/src/modules/pay/service.ts'),
    'api-outside-modules-through-index',
    'db-schema-gathers-module-schemas',
  );
  // Every table at once is the database's (its client, backups, migrations) and the tests', no one else's.
  const tablesOfAll = `apps/api/src/modules/shop/${MARK}-all-tables.ts`;
  add(tablesOfAll, importOf(tablesOfAll, 'apps/api/src/db/schema.ts'), 'db-schema-for-the-database-only');
  const sharedTables = `apps/api/src/shared/${MARK}-all-tables.ts`;
  add(sharedTables, importOf(sharedTables, 'apps/api/src/db/schema.ts'), 'db-schema-for-the-database-only');
  add(`apps/api/src/db/${MARK}-ok.ts`, "import './schema.ts';\n");
  add(`apps/api/test/${MARK}-tables-ok.test.ts`, "import '../src/db/schema.ts';\n");
}

/** The engine, cycles and unresolvable imports. */
function engineAndGraphProbes(add: Add): void {
  // The engine: nothing outside itself, no Node built-ins outside cli/ and tests.
  const engine = `packages/almanac/src/${MARK}.ts`;
  add(engine, "import '@xuanli/contracts/errors';\n", 'engine-self-contained');
  add(
    `packages/almanac/src/bazi/${MARK}.ts`,
    importOf(`packages/almanac/src/bazi/${MARK}.ts`, 'packages/contracts/src/errors.ts'),
    'engine-self-contained',
  );
  add(
    `packages/almanac/${MARK}.ts`,
    importOf(`packages/almanac/${MARK}.ts`, 'apps/web/src/lib/api.ts'),
    'engine-self-contained',
  );
  add(
    `packages/almanac/src/${MARK}-node.ts`,
    "import 'node:fs';\nimport 'crypto';\n",
    'engine-no-node-builtins',
  );
  add(`packages/almanac/src/cli/${MARK}.ts`, "import 'node:fs';\n");

  // Cycles of imports that run; types-only and lazy ones do not count.
  add(web(`lib/${MARK}-cycle`), `import './a';\n`);
  add(`apps/web/src/lib/${MARK}-cycle/a.ts`, "import './b';\nexport const A = 1;\n", 'no-circular');
  add(
    `apps/web/src/lib/${MARK}-cycle/b.ts`,
    "import { A } from './a';\nexport const B = A;\n",
    'no-circular',
  );
  add(`apps/web/src/lib/${MARK}-types/a.ts`, "import type { B } from './b';\nexport type A = B | 1;\n");
  add(`apps/web/src/lib/${MARK}-types/b.ts`, "import type { A } from './a';\nexport type B = A | 2;\n");
  add(`apps/web/src/lib/${MARK}-lazy/a.ts`, "export const load = () => import('./b');\n");
  add(`apps/web/src/lib/${MARK}-lazy/b.ts`, "import { load } from './a';\nexport const again = load;\n");

  // An import the resolver cannot place is refused rather than waved through.
  add(web('lib', '-unresolved'), `import '@/lib/${MARK}-missing';\n`, 'not-to-unresolvable');
}

/** The probes: each names the rules it breaks ([] = an allowed import that must pass). */
function probes(): Probe[] {
  const list: Probe[] = [];
  const add: Add = (file, source, ...breaks) => {
    list.push({ file, source, breaks });
  };
  appProbes(add);
  wireProbes(add);
  apiProbes(add);
  engineAndGraphProbes(add);
  return list;
}

/** The checker's answer as JSON: every module it reached, with its dependencies and their rules. */
interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string; dependencyTypes: string[] }[] }[];
  summary: { violations: { rule: { name: string }; from: string; to: string }[] };
}

/**
 * Every cycle of imports that run as a module loads (neither type-only nor lazy), as the sorted files
 * of each strongly connected part of that graph. The checker's no-circular reports one cycle per
 * module, the first it meets, and lets it off when that one runs through a lazy or type-only import:
 * a cycle of value imports beside it then goes unreported, so the graph itself is read here too.
 */
function valueCycles(result: CruiseResult): string[][] {
  const runLater = new Set(['type-only', 'dynamic-import']);
  const edges = new Map(
    result.modules.map((module) => [
      module.source,
      module.dependencies
        .filter((dependency) => !dependency.dependencyTypes.some((type) => runLater.has(type)))
        .map((dependency) => dependency.resolved),
    ]),
  );
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      part.push(member);
    } while (member !== file);
    if (part.length > 1) cycles.push(part.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Runs the checker as `npm run lint:zones` does, on `paths`, and returns its JSON answer. */
async function cruise(paths: string[]): Promise<CruiseResult> {
  const args = ['--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...paths];
  const answer = await run(depcruise, args, { cwd: root, maxBuffer: 256 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      // The checker exits non-zero when it finds a violation; its JSON is on stdout all the same.
      if (!error.stdout) throw new Error(`depcruise failed: ${error.stderr}`);
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(answer.stdout) as CruiseResult;
}

describe('the zone rules', () => {
  const written = probes();
  let violations: Map<string, Set<string>>;
  let cycles: string[][];

  beforeAll(async () => {
    for (const probe of written) {
      mkdirSync(dirname(join(root, probe.file)), { recursive: true });
      writeFileSync(join(root, probe.file), probe.source);
    }
    try {
      const result = await cruise(written.map((probe) => probe.file));
      cycles = valueCycles(result);
      violations = new Map();
      for (const violation of result.summary.violations) {
        // A cycle is reported once, from whichever of its files the checker met first.
        const ends =
          violation.rule.name === 'no-circular' ? [violation.from, violation.to] : [violation.from];
        for (const end of ends) {
          const rules = violations.get(end) ?? new Set<string>();
          rules.add(violation.rule.name);
          violations.set(end, rules);
        }
      }
    } finally {
      removeProbes();
    }
  }, 180_000);

  afterAll(removeProbes);

  /** Deletes every probe file and the folders made for them. */
  function removeProbes(): void {
    for (const probe of written) {
      const madeFolder = probe.file.split('/').findIndex((part) => part.startsWith(MARK));
      const parts = probe.file.split('/');
      const path =
        madeFolder >= 0 && madeFolder < parts.length - 1
          ? parts.slice(0, madeFolder + 1).join('/')
          : probe.file;
      rmSync(join(root, path), { recursive: true, force: true });
    }
  }

  it.each(written.map((probe) => [probe.file.replace(MARK, '…'), probe] as const))(
    '%s breaks exactly the rules it is meant to',
    (_name, probe) => {
      expect([...(violations.get(probe.file) ?? [])].sort()).toEqual([...probe.breaks].sort());
    },
  );

  it('finds the cycle of value imports among the probes, and not the type-only or the lazy one', () => {
    expect(cycles.map((files) => files.map((file) => file.replace(MARK, '…')))).toEqual([
      ['apps/web/src/lib/…-cycle/a.ts', 'apps/web/src/lib/…-cycle/b.ts'],
    ]);
  });

  it('covers every rule of the configuration with a probe that breaks it', async () => {
    const { forbidden } = (await import(join(root, '.dependency-cruiser.cjs'))).default as {
      forbidden: { name: string }[];
    };
    const proven = new Set(written.flatMap((probe) => probe.breaks));
    expect(forbidden.map((rule) => rule.name).filter((name) => !proven.has(name))).toEqual([]);
  });
});

describe('the real tree', () => {
  it('passes every zone rule', async () => {
    const result = await cruise(['apps', 'packages', 'e2e', 'scripts']);
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
    expect(valueCycles(result)).toEqual([]);
  }, 180_000);
});

/** A file named for the file-name rule, and whether the rule refuses its name. */
interface NameProbe {
  file: string;
  refused: boolean;
}

/** Names of each kind: kebab-case, components PascalCase.tsx, hooks use*.ts, the engine camelCase. */
function nameProbes(): NameProbe[] {
  const id = process.pid;
  return [
    { file: `apps/web/src/lib/zzZoneProbe${id}.ts`, refused: true },
    { file: `apps/web/src/lib/zz-zone-probe-${id}-name.ts`, refused: false },
    { file: `apps/web/src/components/ZzZoneProbe${id}.tsx`, refused: false },
    { file: `apps/admin/src/features/zz_zone_probe_${id}.tsx`, refused: true },
    { file: `apps/web/src/hooks/useZzZoneProbe${id}.ts`, refused: false },
    { file: `apps/web/src/features/ZzZoneProbe${id}.ts`, refused: true },
    { file: `apps/api/src/shared/zzZoneProbe${id}.ts`, refused: true },
    { file: `packages/almanac/src/zzZoneProbe${id}.ts`, refused: false },
    { file: `packages/almanac/src/zz-zone-probe-${id}.ts`, refused: true },
  ];
}

describe('the file-name rule', () => {
  const named = nameProbes();
  let refused: Set<string>;

  beforeAll(async () => {
    for (const probe of named) writeFileSync(join(root, probe.file), 'export const probe = 1;\n');
    try {
      const args = ['lint', '--reporter=json', ...named.map((probe) => probe.file)];
      const answer = await run(biome, args, { cwd: root }).catch(
        (error: { stdout?: string; stderr?: string }) => {
          // Biome exits non-zero on a refused name; its JSON is on stdout all the same.
          if (!error.stdout) throw new Error(`biome failed: ${error.stderr}`);
          return { stdout: error.stdout };
        },
      );
      const report = JSON.parse(answer.stdout) as {
        diagnostics: { category: string; location: { path: string } }[];
      };
      refused = new Set(
        report.diagnostics
          .filter((diagnostic) => diagnostic.category === 'lint/style/useFilenamingConvention')
          .map((diagnostic) => diagnostic.location.path),
      );
    } finally {
      for (const probe of named) rmSync(join(root, probe.file), { force: true });
    }
  }, 120_000);

  it.each(named.map((probe) => [probe.file, probe] as const))('%s', (_name, probe) => {
    expect(refused.has(probe.file)).toBe(probe.refused);
  });
});
