import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, DATABASE_FILE, defaultServeOptions } from '../config.js';

export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** Exit codes: 0 done, 1 the command was refused (a user exists...), 2 bad usage or an unusable setup. */
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

/** Bad usage of a command: printed on one line with a pointer to that command's help, exit 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help explains the right usage: `users add`, `serve`, or '' for the whole CLI. */
    readonly command = '',
  ) {
    super(message);
    this.name = 'UsageError';
  }

  get hint(): string {
    return `see tillbase ${this.command === '' ? '' : `${this.command} `}--help`;
  }
}

/** Parses a command's flags (plus --data-dir) strictly; `positionals` is how many arguments it takes. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: T, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...options, 'data-dir': { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), command);
  }
  if (parsed.positionals.length !== positionals) {
    const message =
      positionals === 0 ? `unexpected argument "${parsed.positionals[0] ?? ''}"` : `expected ${positionals} argument(s), got ${parsed.positionals.length}`;
    throw new UsageError(message, command);
  }
  return parsed;
}

/** --data-dir, else TILLBASE_DATA_DIR, else the OS user's data directory; absolute. */
export function dataDirOf(values: { 'data-dir'?: string | boolean | undefined }, env: NodeJS.ProcessEnv): string {
  const dir = values['data-dir'];
  return resolve(typeof dir === 'string' ? dir : defaultServeOptions({ ...env, TILLBASE_PORT: undefined }).dataDir);
}

/**
 * The data directory of a command that works on an existing database. Only `serve` creates one: a
 * mistyped --data-dir must not leave an empty store behind and report success on it.
 */
export function existingDataDir(dataDir: string): string {
  if (!existsSync(join(dataDir, DATABASE_FILE))) {
    throw new ConfigError(
      `there is no Tillbase database in ${dataDir}: check --data-dir (or TILLBASE_DATA_DIR), or create one with tillbase serve --data-dir ${dataDir}`,
    );
  }
  return dataDir;
}

/** `--data-dir` as a command would read it, without judging its other flags (for commands that parse their own). */
export function dataDirIn(args: string[], env: NodeJS.ProcessEnv): string {
  const { values } = parseArgs({ args, options: { 'data-dir': { type: 'string' } }, allowPositionals: true, strict: false });
  return dataDirOf(values, env);
}
