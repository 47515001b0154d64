#!/usr/bin/env node
import { tuneHeapForLongRunningServer } from '../heap-tuning.js';

// The server's heap limits are set before the rest of Tillbase loads: loading it is what first grows
// V8's young generation, which then stays grown (14 MiB more resident, measured). startServer sets
// them again for the desktop app.
if (process.argv[2] === 'serve') tuneHeapForLongRunningServer();
const { runCli } = await import('./run.js');

process.exitCode = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
