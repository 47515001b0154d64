import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer } from '../../server/start.js';
import { makeDataDir, quietServeOptions } from './server.js';

/**
 * The shell blocks of the README and docs/ as a reader runs them. A block's lines `API=...` and
 * `DATA=...` are the reader's to fill in: they are left out, and the test's server and data
 * directory come in their place. Markers in an HTML comment on the line before a block:
 * `<!-- command-block: setup -->` (run before every later block of the file) and
 * `<!-- command-block: continues -->` (runs after the block before it, on the same server).
 */
export const ROOT = join(import.meta.dirname, '../..');

/** A stated answer: the line `# → ANSWER` under a command says what that command prints. */
export interface StatedAnswer {
  command: string;
  answers: string[];
}

export interface CommandBlock {
  /** Where it is, for the test's name: `docs/http-api.md:120`. */
  place: string;
  /** The setup, the blocks it continues, then its own lines. */
  lines: string[];
  stated: StatedAnswer[];
}

const ANSWER = /^#\s*→\s?(.*)$/;
const FILLED_IN = /^(API|DATA)=/;

/** A command's lines: one line, or several joined by a trailing backslash or pipe. */
function continues(line: string): boolean {
  return /(\\|\|)\s*$/.test(line);
}

/** The stated answers of some lines, each with the command above it. */
function statedAnswers(lines: string[]): StatedAnswer[] {
  const stated: StatedAnswer[] = [];
  let command: string[] = [];
  let last: StatedAnswer | undefined;
  for (const line of lines) {
    const answer = ANSWER.exec(line.trim());
    if (answer) {
      if (last === undefined) throw new Error(`an answer with no command above it: ${line}`);
      last.answers.push(answer[1] ?? '');
      continue;
    }
    if (line.trim() === '' || line.trim().startsWith('#')) {
      if (command.length === 0) last = undefined;
      continue;
    }
    command.push(line);
    if (continues(line)) continue;
    last = { command: command.join('\n'), answers: [] };
    stated.push(last);
    command = [];
  }
  return stated.filter((entry) => entry.answers.length > 0);
}

/** The blocks of one markdown file that talk to the server (those with a curl in them). */
export function commandBlocks(file: string): CommandBlock[] {
  const text = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: CommandBlock[] = [];
  let setup: string[] = [];
  let previous: string[] = [];
  for (let index = 0; index < text.length; index++) {
    if (text[index] !== '```sh') continue;
    const end = text.indexOf('```', index + 1);
    const own = text.slice(index + 1, end);
    const marker = /<!-- command-block: (setup|continues) -->/.exec(text[index - 1] ?? '')?.[1];
    if (marker === 'setup') setup = own;
    else if (own.some((line) => /\bcurl\b/.test(line))) {
      const lines = [...(marker === 'continues' ? previous : setup), ...own];
      blocks.push({ place: `${file}:${index + 1}`, lines, stated: statedAnswers(lines) });
      previous = lines;
    }
    index = end;
  }
  return blocks;
}

/** The blocks of several markdown files, in order. */
export function allCommandBlocks(files: string[]): CommandBlock[] {
  return files.flatMap((file) => commandBlocks(file));
}

/** Where a command's output starts and ends in the script's output. */
const mark = (index: number, edge: 'start' | 'end'): string => `@@command-block ${index} ${edge}@@`;

/** The block as one bash script, with a mark printed on either side of each command that states an answer. */
export function blockScript(block: CommandBlock): string {
  const out: string[] = [];
  let pending: string[] = [];
  let answered = 0;
  for (const line of block.lines) {
    if (FILLED_IN.test(line)) continue;
    if (pending.length === 0 && (line.trim() === '' || line.trim().startsWith('#'))) {
      out.push(line);
      continue;
    }
    pending.push(line);
    if (continues(line)) continue;
    const command = pending.join('\n');
    pending = [];
    const stated = block.stated[answered];
    if (stated?.command === command) {
      out.push(`printf '\\n${mark(answered, 'start')}\\n'`, command, `printf '\\n${mark(answered, 'end')}\\n'`);
      answered++;
    } else out.push(command);
  }
  return [...out, ...pending].join('\n');
}

/** A JSON answer holds at least the stated fields with the stated values; arrays have the stated length. */
function differences(expected: unknown, actual: unknown, path: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, printed ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) return [`${path}: expected ${expected.length} items, printed ${actual.length}`];
    return expected.flatMap((item, index) => differences(item, actual[index], `${path}[${index}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, printed ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) => differences(value, (actual as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return Object.is(expected, actual) ? [] : [`${path}: stated ${JSON.stringify(expected)}, printed ${JSON.stringify(actual)}`];
}

const collapsed = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** What is wrong with one stated answer, or nothing. */
export function answerMismatch(printed: string, stated: string): string | undefined {
  if (stated.startsWith('…')) {
    const line = collapsed(stated.slice(1));
    return printed.split('\n').some((entry) => collapsed(entry) === line) ? undefined : `no printed line reads "${line}"; printed:\n${printed}`;
  }
  let expected: unknown;
  try {
    expected = JSON.parse(stated);
  } catch {
    return collapsed(printed) === collapsed(stated) ? undefined : `stated "${stated}", printed "${printed.trim()}"`;
  }
  let actual: unknown;
  try {
    actual = JSON.parse(printed);
  } catch {
    return `stated ${stated}, printed no JSON: ${printed.trim().slice(0, 300)}`;
  }
  const found = differences(expected, actual, '$');
  return found.length === 0 ? undefined : `${found.join('; ')}\nprinted: ${printed.trim().slice(0, 600)}`;
}

/** The demo store as `npm start` makes it on a first run: its users' passwords in DATA/first-run-credentials.txt. */
export function startDemoServer(dataDir: string): ReturnType<typeof startServer> {
  return startServer({ ...quietServeOptions(dataDir), demo: true });
}

/** Each stated answer's mismatch (empty when every answer holds), after running the block on a fresh demo store. */
export async function runCommandBlock(block: CommandBlock): Promise<string[]> {
  const dataDir = makeDataDir();
  const workDir = mkdtempSync(join(tmpdir(), 'tillbase-block-'));
  // `npx tillbase` as from the project folder; offline, so that it never asks a registry.
  symlinkSync(join(ROOT, 'node_modules'), join(workDir, 'node_modules'));
  const server = await startDemoServer(dataDir);
  try {
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', blockScript(block)], {
      cwd: workDir,
      env: { ...process.env, API: server.apiUrl, DATA: dataDir, npm_config_offline: 'true' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return block.stated.flatMap((stated, index) => {
      const start = stdout.indexOf(`\n${mark(index, 'start')}\n`);
      const end = stdout.indexOf(`\n${mark(index, 'end')}\n`);
      if (start === -1 || end === -1) return [`${stated.command}: the command did not run`];
      const printed = stdout.slice(start + mark(index, 'start').length + 2, end);
      return stated.answers.flatMap((answer) => {
        const mismatch = answerMismatch(printed, answer);
        return mismatch === undefined ? [] : [`${stated.command}\n  ${mismatch}`];
      });
    });
  } finally {
    await server.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
