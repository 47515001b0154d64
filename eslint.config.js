import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const OPEN_TRANSACTION = {
  selector: "CallExpression[callee.property.name='transaction'][callee.object.property.name='db'], CallExpression[callee.property.name='transaction'][callee.object.name='db']",
  message: 'Open write transactions with writeTransaction() from server/data/write-transaction.ts, which takes the write lock up front.',
};
// Any `x.prepare` but `this.prepare` (a repository's own wrapper around prepared()), called or passed on.
const COMPILE_STATEMENT = {
  selector: "MemberExpression[property.name='prepare']:not([object.type='ThisExpression'])",
  message: 'Compile statements with prepared(db, sql) from server/data/sql.ts, which caches them per database.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-results/'] },
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
  // Every statement is compiled once, through prepared() in server/data/sql.ts: compiling costs
  // more than running, and a `.prepare(` per request cost the sale path a seventh of its time.
  // Migrations run once and may compile their own.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/data/write-transaction.ts', 'server/data/sql.ts', 'server/data/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', OPEN_TRANSACTION, COMPILE_STATEMENT] },
  },
  {
    files: ['server/data/write-transaction.ts'],
    rules: { 'no-restricted-syntax': ['error', COMPILE_STATEMENT] },
  },
  {
    files: ['server/data/sql.ts', 'server/data/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', OPEN_TRANSACTION] },
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
