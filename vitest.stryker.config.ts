import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

// The suite as Stryker runs it (stryker.config.mjs). The files of test/cli/ only spawn the built CLI
// (dist/server/tillbase.mjs), which Stryker does not mutate: they can kill no mutant, yet they made
// the initial run minutes longer, and one of them (two servers started at once on one directory)
// failed there under the sandbox's load, which stops the whole run.
export default mergeConfig(base, defineConfig({ test: { exclude: ['test/cli/**', 'node_modules/**'] } }));
