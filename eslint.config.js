import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The floors of the server, each importing only from the floors below it (README, "The code"):
 * model (records and pure rules) < data (repositories, the only SQL) < domain (services) < http
 * and cli. `main/` alone may import Electron; the renderer is a browser page and shares only `shared/`.
 */
const floor = (message, ...groups) => ({ group: groups, message });
const NOT_ELECTRON = { name: 'electron', message: 'server/ is plain Node: it runs headless and in tests; only main/ imports Electron.' };
const LAYERS = {
  model: [
    floor(
      'model/ is the floor: it imports only model/ and shared/.',
      '**/data/**',
      '**/domain/**',
      '**/http/**',
      '**/cli/**',
      '**/sync/**',
      '**/tills/**',
      '**/demo/**',
      '**/secrets/**',
      '**/config.js',
      '**/logging.js',
      '**/start.js',
      '**/version.js',
    ),
    floor('model/ holds no storage or transport.', 'better-sqlite3', 'express'),
  ],
  data: [
    floor(
      'data/ sits under the services: it imports model/ and shared/, never domain/, http/ or cli/.',
      '**/domain/**',
      '**/http/**',
      '**/cli/**',
      '**/sync/**',
      '**/tills/**',
      '**/demo/**',
      'express',
    ),
  ],
  domain: [
    floor('domain/ knows nothing of HTTP or the CLI: errors are values the HTTP layer renders.', '**/http/**', '**/cli/**', 'express'),
    floor('domain/ sits under the sync: the sync calls the services, never the other way round.', '**/sync/**'),
    floor('domain/ sits under the tills: their replication calls the services, never the other way round.', '**/tills/**'),
  ],
  sync: [
    floor('The sync is beside the domain: it knows nothing of HTTP or the CLI.', '**/http/**', '**/cli/**', 'express'),
    floor('The sync with WooCommerce knows nothing of the other tills.', '**/tills/**'),
  ],
  // The tills' network serves its own listener (the mutual-TLS one), so Express is allowed; the
  // API's routers and the CLI are not.
  tills: [floor('The tills sit beside the domain: they know nothing of the API routers or the CLI.', '**/http/**', '**/cli/**')],
  routers: [floor('A router calls the services of its AppContext: nothing of data/ (repositories, statements, transactions).', '**/data/**')],
};
const layerRule = (patterns, paths = [NOT_ELECTRON]) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });

const OPEN_TRANSACTION = {
  selector:
    "CallExpression[callee.property.name='transaction'][callee.object.property.name='db'], CallExpression[callee.property.name='transaction'][callee.object.name='db']",
  message: 'Open write transactions with writeTransaction() from server/data/write-transaction.ts, which takes the write lock up front.',
};
// Any `x.prepare` but `this.prepare` (a repository's own wrapper around prepared()), called or passed on.
const COMPILE_STATEMENT = {
  selector: "MemberExpression[property.name='prepare']:not([object.type='ThisExpression'])",
  message: 'Compile statements with prepared(db, sql) from server/data/statements.ts, which caches them per database.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/', 'reports/', '.stryker-tmp*/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs', 'bench/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  // Every write transaction takes the write lock up front (BEGIN IMMEDIATE): only
  // server/data/write-transaction.ts may open one, everything else calls writeTransaction().
  // Every statement is compiled once, through prepared() in server/data/statements.ts: compiling costs
  // more than running, and a `.prepare(` per request cost the sale path a seventh of its time.
  // Migrations run once and may compile their own.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/data/write-transaction.ts', 'server/data/statements.ts', 'server/data/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', OPEN_TRANSACTION, COMPILE_STATEMENT] },
  },
  {
    files: ['server/data/write-transaction.ts'],
    rules: { 'no-restricted-syntax': ['error', COMPILE_STATEMENT] },
  },
  {
    files: ['server/data/statements.ts', 'server/data/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', OPEN_TRANSACTION] },
  },
  // The floors (LAYERS above). `server/` never imports Electron; the renderer never imports server/.
  { files: ['server/**/*.ts'], rules: layerRule([]) },
  { files: ['server/model/**/*.ts'], rules: layerRule(LAYERS.model) },
  { files: ['server/data/**/*.ts'], rules: layerRule(LAYERS.data) },
  { files: ['server/domain/**/*.ts'], rules: layerRule(LAYERS.domain) },
  { files: ['server/sync/**/*.ts'], rules: layerRule(LAYERS.sync) },
  { files: ['server/tills/**/*.ts'], rules: layerRule(LAYERS.tills) },
  { files: ['server/http/routers/**/*.ts'], rules: layerRule(LAYERS.routers) },
  {
    // A migration is frozen once landed: it reads nothing that may change after it.
    files: ['server/data/migrations/**/*.ts'],
    rules: layerRule([floor('A migration is frozen: it imports only its neighbours in migrations/ (write out what it needs).', '../*')]),
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: layerRule(
      [floor('The renderer is a browser page: it talks to the server over HTTP and shares only shared/.', '**/server/**', '**/main/**', 'electron')],
      [],
    ),
  },
  {
    // A sandboxed preload script must be CommonJS; `import x = require()` is its typed import.
    files: ['**/*.cts'],
    rules: { '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }] },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['test/**/*.ts', 'bench/**', 'scripts/**'],
    // Tests read JSON answers whose shape is what they assert; typing every body would add nothing.
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
