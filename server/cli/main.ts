#!/usr/bin/env node
import { keepHeapSmall } from '../heap-tuning.js';

// The heap limits are set before the rest of Tillbase loads: loading it is what first grows V8's
// young generation, which then stays grown (14 MiB more resident for the server, measured). Every
// command gets them: the server runs all day, and an import of 50,000 products peaked at 441 MiB
// resident without them and 262 MiB with them, in the same time. startServer sets them again for
// the desktop app.
keepHeapSmall();
const { runCli } = await import('./run.js');

process.exitCode = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
