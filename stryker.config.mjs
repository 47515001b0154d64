// Mutation testing (README, "Mutation testing"): `npm run mutate`, not part of `npm test` or CI (it is slow).
// Narrow it with `npm run mutate -- --mutate 'server/http/middleware/**/*.ts'` (and `--testFiles 'test/http/**'`).

// STRYKER_CONCURRENCY: how many test runners at once; 1 by default, the machine's two cores are shared.
const concurrency = Number(process.env.STRYKER_CONCURRENCY ?? '1');
// STRYKER_TSCONFIG: the project the type checker drops mutants by; renderer/tsconfig.json for a slice of renderer/
// (the root project leaves renderer/ out, and the checker stops on a file that is not in its project).
const tsconfigFile = process.env.STRYKER_TSCONFIG ?? 'tsconfig.json';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  mutate: [
    'server/domain/**/*.ts',
    'server/http/middleware/**/*.ts',
    'server/data/**/*.ts',
    'server/sync/**/*.ts',
    // Migrations are frozen schema text (one per file, never edited once landed): a mutant in one is a
    // different database, not a different rule, and the fix for a survivor could not be made in the file.
    '!server/data/migrations/**',
  ],
  // dist/ is copied into the sandbox unmutated: the CLI tests spawn dist/server/tillbase.mjs and the
  // browser tests load dist/renderer, so build first (`npm run mutate` does). Mutants are only reached
  // by the in-process servers of test/helpers (useServer, startTestServer), which import server/ itself.
  // Not copied: build output of other kinds, and other runs' sandboxes (one given another --tempDirName).
  ignorePatterns: ['release', 'coverage', 'test-results', '.tillbase-data', '.stryker-tmp*'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts', related: true },
  coverageAnalysis: 'perTest',
  checkers: ['typescript'],
  tsconfigFile,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['html', 'clear-text', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  concurrency,
  // Each test file starts a real server on a real SQLite file: a mutant's run is seconds, not milliseconds.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 60,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: null },
};
