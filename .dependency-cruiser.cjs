/**
 * The zones of the code, checked on resolved paths (`npm run lint`; proven rule by rule by
 * scripts/lint/zones.test.ts). A rule names files by where the import lands after resolution, so
 * `@/features/x`, `../../features/x` and `@xuanli/contracts/x` are the same import to it, at any
 * folder depth.
 *
 * Paths are relative to the repository root. `$1`, `$2` in a `to` refer to the groups of `from`.
 */

/** Test files and test helpers: they may compose the app the way `src/app` does. */
const TESTS = '(\\.test\\.tsx?$|\\.test-helpers\\.ts$|/testing/)';

/**
 * The wire files the web and the console may take values from: they hold labels, limits and error
 * sentences and never import TypeBox, so a value import of them adds no schema code to a bundle.
 */
const TYPEBOX_FREE_CONTRACTS =
  '^packages/contracts/src/([a-z0-9-]+-labels|errors|popularity|routes/paths)\\.ts$';

/**
 * Any file of an API module; a module's public entry, its tables and its files for tests only (its
 * stand-ins, testing.ts and testing-*.ts, and its tables for tests, testing-tables.ts).
 */
const MODULE_FILE = '^apps/api/src/modules/[^/]+/';
const MODULE_INDEX = '^apps/api/src/modules/[^/]+/index\\.ts$';
/**
 * A module's settings (settings.ts): read by config.ts at start-up before any of the app's code is
 * loaded, so that a refused setting and the operator's commands cost no more than they need.
 */
const MODULE_SETTINGS = '^apps/api/src/modules/[^/]+/settings\\.ts$';
const MODULE_SCHEMA = '^apps/api/src/modules/[^/]+/schema\\.ts$';
/** A module's narrow export of the columns other modules' foreign keys reference. */
const MODULE_FOREIGN_KEYS = '^apps/api/src/modules/[^/]+/foreign-keys\\.ts$';
const MODULE_TESTING = '^apps/api/src/modules/[^/]+/testing[-a-z]*\\.ts$';
const DB_SCHEMA = '^apps/api/src/db/schema\\.ts$';

/** The API's tests and their helpers. */
const API_TESTS = '(\\.test\\.ts$|^apps/api/test/)';

/** Imports that do not run while the importing module loads. */
const RUN_LATER = ['type-only', 'dynamic-import'];

/** TypeBox itself, wherever npm put it. */
const TYPEBOX = '(^|/)node_modules/typebox/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A cycle of imports that run as a module loads leaves one module half-initialised when the ' +
        'other reads it. Imports of types only (erased at build) and lazy `import()` (run after both ' +
        'modules loaded; how the dialogs stay off the calendar route) do not count.',
      severity: 'error',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: RUN_LATER,
        viaOnly: { dependencyTypesNot: RUN_LATER },
      },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file or a package; otherwise no zone rule could judge it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'shared-not-to-features',
      comment:
        'components/, lib/, hooks/ and stores/ of the web and the console serve every feature; ' +
        'they never reach into one (what two features share moves down into them instead).',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/(components|lib|hooks|stores)/', pathNot: TESTS },
      to: { path: '^apps/$1/src/features/' },
    },
    {
      name: 'features-not-to-app',
      comment: 'src/app composes the features; a feature never imports the app layer.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/', pathNot: TESTS },
      to: { path: '^apps/$1/src/app/' },
    },
    {
      name: 'features-not-to-features',
      comment:
        'Features of the web and pages of the console never import each other: only src/app ' +
        'composes them, and what two of them share lives in components/, lib/, hooks/ or stores/.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'apps-apart',
      comment:
        'The web, the console and the API meet over HTTP only: none imports another app ' +
        '(wire types come from packages/contracts; the API serves the built files of the other two).',
      severity: 'error',
      from: { path: '^apps/(web|admin|api)/' },
      to: { path: '^apps/(web|admin|api)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'contracts-not-to-apps',
      comment: 'packages/contracts describes the wire for every app and imports none of them.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|e2e|scripts)/' },
    },
    {
      name: 'contracts-no-node-builtins',
      comment: 'packages/contracts is loaded by the browser apps too: no Node built-ins.',
      severity: 'error',
      from: { path: '^packages/contracts/src/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-typebox-values-in-browser-apps',
      comment:
        'The web and the console take the wire types with `import type` (erased at build) and values ' +
        'only from the TypeBox-free contracts files (*-labels.ts, errors.ts, popularity.ts, the route ' +
        "tables' method-and-path half routes/paths.ts), so no schema code reaches a phone. The test " +
        'fakes (src/testing/, never bundled) check answers against the tables themselves.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/', pathNot: '^apps/(web|admin)/src/testing/' },
      to: {
        path: [TYPEBOX, '^packages/contracts/'],
        pathNot: TYPEBOX_FREE_CONTRACTS,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'typebox-free-contracts-stay-free',
      comment:
        'The contracts files the browser apps take values from import TypeBox, or another contracts ' +
        'file that does, with `import type` only.',
      severity: 'error',
      from: { path: TYPEBOX_FREE_CONTRACTS },
      to: {
        path: [TYPEBOX, '^packages/contracts/'],
        pathNot: TYPEBOX_FREE_CONTRACTS,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'antd-mobile-through-lib',
      comment:
        "The web imports antd-mobile from '@/lib/antd-mobile' only: that module registers the React 19 " +
        'renderer its Toast, Dialog and other imperative APIs need.',
      severity: 'error',
      from: { path: '^apps/web/', pathNot: '^apps/web/src/lib/antd-mobile\\.ts$' },
      to: { path: '(^|/)node_modules/antd-mobile/' },
    },
    {
      name: 'api-modules-through-index',
      comment:
        'API modules meet only through their public entry: a file of modules/<a>/ imports ' +
        "modules/<b>/index.ts, never module b's routes, service or schema file.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: [API_TESTS, MODULE_SCHEMA] },
      to: { path: MODULE_FILE, pathNot: ['^apps/api/src/modules/$1/', MODULE_INDEX] },
    },
    {
      name: 'api-outside-modules-through-index',
      comment:
        'Outside apps/api/src/modules (app.ts, shared/, db/, plugins/, scripts) a module is imported ' +
        'through modules/<name>/index.ts only, or its settings through modules/<name>/settings.ts.',
      severity: 'error',
      from: { path: '^apps/api/', pathNot: ['^apps/api/src/modules/', DB_SCHEMA, API_TESTS] },
      to: { path: MODULE_FILE, pathNot: [MODULE_INDEX, MODULE_SETTINGS] },
    },
    {
      name: 'api-module-tests-through-index-or-stand-ins',
      comment:
        "A module's tests import another module through its index.ts or its stand-ins for tests " +
        '(modules/<name>/testing*.ts: fake providers, app builders), nothing else of it.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/.*\\.test\\.ts$' },
      to: { path: MODULE_FILE, pathNot: ['^apps/api/src/modules/$1/', MODULE_INDEX, MODULE_TESTING] },
    },
    {
      name: 'api-tests-through-index-or-stand-ins',
      comment:
        'Tests outside the modules (apps/api/test, src/*.test.ts) import a module through its index.ts ' +
        'or its stand-ins for tests (modules/<name>/testing*.ts), nothing else of it.',
      severity: 'error',
      from: { path: API_TESTS, pathNot: '^apps/api/src/modules/' },
      to: { path: MODULE_FILE, pathNot: [MODULE_INDEX, MODULE_TESTING] },
    },
    {
      name: 'api-testing-files-for-tests-only',
      comment:
        "A module's testing*.ts files (stand-ins for tests, and testing-tables.ts: its tables for tests " +
        'that check the database) are imported by tests, their helpers and each other only; other code ' +
        "reaches a module's rows through the functions of its index.ts.",
      severity: 'error',
      from: { pathNot: [TESTS, API_TESTS, MODULE_TESTING, '^e2e/'] },
      to: { path: MODULE_TESTING },
    },
    {
      name: 'api-src-not-to-seed',
      comment:
        "The demo content lives in apps/api/seed/, which hands it to the modules' seed functions: " +
        'nothing under apps/api/src imports it, except the entry points that run the seed (server.ts, ' +
        'db/migrate-cli.ts) and tests.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: [API_TESTS, '^apps/api/src/server\\.ts$', '^apps/api/src/db/migrate-cli\\.ts$'],
      },
      to: { path: '^apps/api/seed/' },
    },
    {
      name: 'api-schemas-reference-schemas',
      comment:
        "A module's schema.ts names another module's table for a foreign key only through that module's " +
        'narrow export for it (modules/<b>/foreign-keys.ts; drizzle-kit loads schema files alone, so not ' +
        "index.ts), never the other module's schema.ts itself.",
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/schema\\.ts$' },
      to: { path: MODULE_FILE, pathNot: ['^apps/api/src/modules/$1/', MODULE_INDEX, MODULE_FOREIGN_KEYS] },
    },
    {
      name: 'db-schema-gathers-module-schemas',
      comment:
        "db/schema.ts gathers the modules' tables: it may import modules/<name>/schema.ts (or " +
        'index.ts), nothing else of a module (the rest of db/ meets the modules through index.ts).',
      severity: 'error',
      from: { path: '^apps/api/src/db/' },
      to: { path: MODULE_FILE, pathNot: [MODULE_INDEX, MODULE_SCHEMA] },
    },
    {
      name: 'db-schema-for-the-database-only',
      comment:
        "db/schema.ts gathers every module's tables for the database client, backups and migrations: " +
        'only db/ and tests import it, so no other code reaches a table around its module.',
      severity: 'error',
      from: { pathNot: ['^apps/api/src/db/', TESTS, API_TESTS] },
      to: { path: DB_SCHEMA },
    },
    {
      name: 'engine-self-contained',
      comment:
        'packages/almanac is the pure engine: it imports nothing from the apps, packages/contracts or ' +
        'any other folder of the repository.',
      severity: 'error',
      from: { path: '^packages/almanac/' },
      to: { path: '^(apps|packages|e2e|scripts)/', pathNot: '^packages/almanac/' },
    },
    {
      name: 'engine-no-node-builtins',
      comment:
        'packages/almanac/src runs in browsers too: no Node built-ins outside src/cli/ and tests ' +
        '(take the data as an argument instead).',
      severity: 'error',
      from: { path: '^packages/almanac/src/', pathNot: ['^packages/almanac/src/cli/', TESTS] },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    // Built output and data folders are not code. What npm installed is a leaf: an import of it is
    // judged (TypeBox, antd-mobile, Node built-ins), its own imports are not followed.
    exclude: { path: '(^|/)(dist|\\.data|\\.tmp|coverage)/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    // swc parses TypeScript here: dependency-cruiser's TypeScript parser needs typescript < 7, and
    // the repository type-checks with TypeScript 7. swc keeps imports of types only, marked
    // `type-only`, so a rule can tell them from value imports.
    parser: 'swc',
    // The web and the console each map `@/` to their own src/: dependency-cruiser reads one
    // tsconfig, so the resolver gets tsconfig-paths with both apps' tsconfigs as references.
    webpackConfig: { fileName: 'scripts/lint/resolve-paths.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
