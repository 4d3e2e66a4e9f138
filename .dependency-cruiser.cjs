// The workspace's boundaries, checked by `npm run lint` (docs/ARCHITECTURE.md says why each exists).
// Every rule names folders by pattern: a new package, feature or engine folder is covered the day it is
// made. Tests (`*.test.ts`, test support, fixtures, packages/*/test) are not cruised: a test may drive
// its subject through any entry point.

/** A folder directly under `src/` of the web app that is a feature: anything but the shell and the shared parts. */
const WEB_FEATURE = '^packages/web/src/(?!(?:app|lib|components)/)([^/]+)/';
/** A folder directly under `src/` of the server that is a feature: anything but the platform and the database. */
const SERVER_FEATURE = '^packages/server/src/(?!(?:platform|db)/)([^/]+)/';
/** A repository: the only files that write SQL. */
const REPOSITORY = '/(?:repository|[^/]+[.]repository)[.]ts$';
/** The database drivers and the query builder. */
const DATABASE_PACKAGES = '^node_modules/(?:drizzle-orm|pg|@electric-sql/pglite)/';
/** The server's composition roots: they build repositories and services and hand the database handle over. */
const COMPOSITION_ROOT = '^packages/server/src/(?:app|main|services|[^/]+/module)[.]ts$';
/** What every module is built from (platform/module-context.ts): it names the database handle it carries. */
const MODULE_CONTEXT = '^packages/server/src/platform/module-context[.]ts$';

/**
 * The engine's layers, lowest first (docs/ARCHITECTURE.md names what each holds). A module imports its own
 * layer or lower ones. The definitions at the top of `src/` (errors, options, byte sources, header paths,
 * the formula guard, the spool) are beside the layers: every layer may use them.
 */
const ENGINE_LAYERS = [
  ['utf8', 'infer'],
  ['json', 'json-out', 'unflatten'],
  ['csv', 'flatten'],
  ['analysis'],
  ['plan'],
  ['table'],
  ['json-to-csv.ts', 'csv-to-json.ts'],
  ['relational'],
  ['round-trip'],
  ['node', 'index.ts'],
];
const ENGINE = 'packages/engine/src/';
const layerPattern = (names) =>
  `^${ENGINE}(?:${names.map((name) => (name.endsWith('.ts') ? `${name.replace('.', '[.]')}$` : `${name}/`)).join('|')})`;
const engineLayerRules = ENGINE_LAYERS.slice(0, -1).map((layer, index) => ({
  name: `engine-layer-${index + 1}-imports-no-higher-layer`,
  comment: `The engine's layer ${layer.join(', ')} imports only its own and lower layers (docs/ARCHITECTURE.md).`,
  severity: 'error',
  from: { path: layerPattern(layer) },
  to: { path: layerPattern(ENGINE_LAYERS.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    // Packages
    {
      name: 'no-cycle',
      comment: 'No module imports itself through others, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment:
        'No folder imports itself through others (package, feature or layer). Move what the loop needs to the folder where it belongs.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-import-engine-and-contracts-only',
      comment: 'A package imports another only when it is the engine or the contracts.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/', pathNot: '^packages/(?:$1|engine|contracts)/' },
    },
    {
      name: 'engine-and-contracts-import-no-package',
      comment: 'The engine and the contracts import nothing of the workspace.',
      severity: 'error',
      from: { path: '^packages/(engine|contracts)/' },
      to: { path: '^packages/', pathNot: '^packages/$1/' },
    },
    {
      name: 'cli-imports-only-the-engine',
      comment: 'The CLI imports the engine only.',
      severity: 'error',
      from: { path: '^packages/cli/' },
      to: { path: '^packages/contracts/' },
    },
    {
      name: 'engine-core-runs-in-the-browser',
      comment: 'The engine outside src/node/ imports no Node built-in: it runs in the browser.',
      severity: 'error',
      from: { path: `^${ENGINE}`, pathNot: `^${ENGINE}node/` },
      to: { dependencyTypes: ['core'] },
    },
    // Engine
    ...engineLayerRules,
    {
      name: 'engine-folder-in-a-layer',
      comment: 'Every engine folder belongs to a layer: add a new one to ENGINE_LAYERS (and to docs/ARCHITECTURE.md).',
      severity: 'error',
      from: { path: `^${ENGINE}[^/]+/`, pathNot: layerPattern(ENGINE_LAYERS.flat()) },
      to: {},
    },
    // Web
    {
      name: 'web-feature-imports-no-other-feature',
      comment:
        'A web feature imports no other feature and not the app shell: pages in app/ compose features; what several need lives in components/ or lib/.',
      severity: 'error',
      from: { path: WEB_FEATURE },
      to: { path: '^packages/web/src/[^/]+/', pathNot: '^packages/web/src/(?:$1|components|lib)/' },
    },
    {
      name: 'web-shared-parts-import-no-feature',
      comment: 'components/ and lib/ import no feature and nothing of the app shell.',
      severity: 'error',
      from: { path: '^packages/web/src/(?:components|lib)/' },
      to: { path: '^packages/web/src/[^/]+/', pathNot: '^packages/web/src/(?:components|lib)/' },
    },
    // Server
    {
      name: 'server-platform-and-db-import-no-feature',
      comment: 'platform/ and db/ serve every feature: they import none, nor the composition root.',
      severity: 'error',
      from: { path: '^packages/server/src/(?:platform|db)/' },
      to: { path: [SERVER_FEATURE, COMPOSITION_ROOT] },
    },
    {
      name: 'server-feature-reaches-no-other-repository',
      comment: "A feature calls another feature's service, never its repository.",
      severity: 'error',
      from: { path: SERVER_FEATURE, pathNot: COMPOSITION_ROOT },
      to: { path: REPOSITORY, pathNot: '^packages/server/src/$1/' },
    },
    {
      name: 'server-feature-uses-another-through-its-service',
      comment:
        'A feature uses another through its service.ts, never its internals; what several need lives in platform/ or @unnest/contracts.',
      severity: 'error',
      from: { path: SERVER_FEATURE, pathNot: COMPOSITION_ROOT },
      to: { path: SERVER_FEATURE, pathNot: ['^packages/server/src/$1/', '/service[.]ts$'] },
    },
    {
      name: 'server-routes-import-no-other-feature',
      comment:
        'A routes file translates HTTP for its own feature: its service and helpers, the platform, the contracts.',
      severity: 'error',
      from: { path: `${SERVER_FEATURE}(?:routes|[^/]+[.]routes)[.]ts$` },
      to: { path: SERVER_FEATURE, pathNot: '^packages/server/src/$1/' },
    },
    {
      name: 'server-routes-reach-no-database',
      comment: 'Routes translate HTTP: they call their service, never a repository, db/, Drizzle, pg or PGlite.',
      severity: 'error',
      from: { path: '^packages/server/src/.*(?:/|[.])routes[.]ts$' },
      to: { path: [REPOSITORY, '^packages/server/src/db/', DATABASE_PACKAGES] },
    },
    {
      name: 'server-only-repositories-reach-the-database',
      comment:
        'Only repositories and db/ talk to the database; the composition roots and the module context hand its handle over.',
      severity: 'error',
      from: {
        path: '^packages/server/src/',
        pathNot: [REPOSITORY, '^packages/server/src/db/', COMPOSITION_ROOT, MODULE_CONTEXT],
      },
      to: { path: ['^packages/server/src/db/', DATABASE_PACKAGES] },
    },
    {
      name: 'server-module-context-names-only-the-handle',
      comment:
        'The module context carries the database handle (db/database.ts) to the modules; it imports nothing else of db/ and no driver.',
      severity: 'error',
      from: { path: MODULE_CONTEXT },
      to: { path: ['^packages/server/src/db/(?!database[.]ts$)', DATABASE_PACKAGES] },
    },
    {
      name: 'server-composition-roots-import-no-driver',
      comment: 'The composition roots hand the database handle over (db/); only repositories and db/ use the drivers.',
      severity: 'error',
      from: { path: COMPOSITION_ROOT },
      to: { path: DATABASE_PACKAGES },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['(^|/)(?:dist|fixtures)/', '(?:[.]test|[.-]test-support)[.]tsx?$', '^packages/[^/]+/test/'],
    },
    // TypeScript 7 has no JavaScript compiler API: Babel strips the types (see the file for how type-only
    // imports still count).
    babelConfig: { fileName: '.dependency-cruiser-babel.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // `source` points a workspace import (`@unnest/engine`) at the package's TypeScript, not its build.
      conditionNames: ['source', 'import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
