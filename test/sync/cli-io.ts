import { PassThrough } from 'node:stream';
import type { CliIo } from '../../server/cli/args.js';

/** A CLI command's streams in the test's own process: what it writes is kept as text, read after it returns. */
export function captureIo(): { io: CliIo; stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  const sink = (append: (text: string) => void) =>
    ({
      write: (chunk: string | Uint8Array) => {
        append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  return {
    io: {
      stdin: new PassThrough(),
      stdout: sink((text) => (out += text)),
      stderr: sink((text) => (err += text)),
      env: { ...process.env, TILLBASE_DATA_DIR: undefined },
    },
    stdout: () => out,
    stderr: () => err,
  };
}
