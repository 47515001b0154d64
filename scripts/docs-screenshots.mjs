// Takes the docs' screenshots again (docs/screenshots/): runs the browser tests that take them with
// docsScreenshot() (test/helpers/till-page.ts), which then write them into docs/ as well.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const TESTS_DIR = 'test/renderer';
const tests = readdirSync(TESTS_DIR)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => join(TESTS_DIR, name))
  .filter((file) => readFileSync(file, 'utf8').includes('docsScreenshot('));

if (process.argv.includes('--help')) {
  console.log(
    'Usage: npm run docs:screenshots\n\nBuilds, then runs the browser tests that take the docs\u2019 screenshots and writes them into docs/screenshots/:',
  );
  for (const file of tests) console.log(`  ${file}`);
  process.exit(0);
}

const run = spawnSync('npx', ['vitest', 'run', ...tests], {
  stdio: 'inherit',
  env: { ...process.env, TILLBASE_DOCS_SCREENSHOTS: '1' },
  shell: process.platform === 'win32',
});
process.exit(run.status ?? 1);
