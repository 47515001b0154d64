import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (npm test builds before it runs the tests). */
export const CLI = fileURLToPath(new URL('../../dist/server/tillbase.mjs', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tillbase ARGS` to completion, feeding `input` on standard input. */
export function runCli(args: string[], input = '', env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

export interface ServeProcess {
  child: ChildProcess;
  apiUrl: string;
  stdout: () => string;
  stderr: () => string;
  /** Sends a signal and waits for the exit: the code, or the signal's name if one ended the process. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Starts `tillbase serve ARGS` and waits (at most 20 s) for its listening line. */
export function serve(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | string>((resolveExit) =>
      child.on('exit', (code, signal) => {
        resolveExit(code ?? signal ?? 'unknown');
      }),
    );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no listening line within 20 s; stderr: ${stderr}`));
    }, 20_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^Tillbase listening on (https?:\/\/\S+\/pos\/v1)$/m.exec(stdout);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          child,
          apiUrl: match[1],
          stdout: () => stdout,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`tillbase serve exited with ${String(code)} before listening; stderr: ${stderr}`));
    });
  });
}
