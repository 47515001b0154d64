import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../server/cli/run.js';
import { runCli } from '../helpers/cli.js';
import { makeDataDir } from '../helpers/server.js';

/**
 * The command line never surprises: help is printed and nothing else happens, whatever else is on
 * the line; a command other than serve never creates a data directory or a database.
 */
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Where the description column of the command list starts: two spaces, the usage column, two spaces. */
const COMMAND_COLUMN_START = 34;

const COMMANDS = [
  [],
  ['serve'],
  ['users'],
  ['users', 'add'],
  ['users', 'list'],
  ['users', 'passwd'],
  ['users', 'remove'],
  ['roles'],
  ['roles', 'list'],
  ['roles', 'grant'],
  ['roles', 'revoke'],
  ['import'],
  ['import', 'products'],
  ['import', 'taxes'],
  ['journal'],
  ['journal', 'verify'],
  ['backup'],
  ['restore'],
  ['sync'],
  ['sync', 'connect'],
  ['sync', 'disconnect'],
  ['sync', 'resume'],
  ['sync', 'pull'],
  ['sync', 'status'],
  ['sync', 'verify'],
];

/** A data directory that does not exist, named by both --data-dir and TILLBASE_DATA_DIR. */
function absentDataDir(): string {
  return join(makeDataDir(), 'not-yet');
}

describe('help', () => {
  it.concurrent.each(COMMANDS.map((words) => [words.join(' ') || '(tillbase)', words] as const))(
    '%s: --help, -h and tillbase help print the usage, options and an example, exit 0, and touch nothing',
    async (_name, words) => {
      const dataDir = absentDataDir();
      const env = { TILLBASE_DATA_DIR: dataDir };
      // Flags the command would act on come along, so that help demonstrably wins over them.
      const actionFlags = words[0] === 'serve' ? ['--port', '0', '--demo', '--secret-store', 'memory'] : [];
      const runs = [
        await runCli([...words, ...actionFlags, '--help', '--data-dir', dataDir], '', env),
        await runCli([...words, '-h'], '', env),
        await runCli(['help', ...words], '', env),
      ];
      for (const result of runs) {
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(result.stdout).toBe(runs[0]!.stdout);
      }
      const help = runs[0]!.stdout;
      expect(help).toMatch(new RegExp(`^Usage: tillbase ${words.length === 0 ? 'COMMAND' : words.join(' ')}`));
      expect(help).toMatch(/^Options:$/m);
      expect(help).toMatch(/^ {2}-h, --help/m);
      expect(help).toMatch(/^Environment:$/m);
      expect(help).toContain('TILLBASE_DATA_DIR');
      expect(help).toMatch(/^Examples?:\n {2}.*tillbase /m);
      expect(existsSync(dataDir)).toBe(false);
    },
  );

  it('serve --help names every serve flag and its environment variable', async () => {
    const { stdout } = await runCli(['serve', '--help']);
    for (const flag of [
      '--host',
      '--port',
      '--access-ttl',
      '--refresh-ttl',
      '--allowed-origin',
      '--allowed-host',
      '--secret-store',
      '--demo',
      '--no-demo',
      '--log-level',
      '--data-dir',
    ])
      expect(stdout).toContain(flag);
    for (const name of [
      'TILLBASE_HOST',
      'TILLBASE_PORT',
      'TILLBASE_ACCESS_TTL',
      'TILLBASE_REFRESH_TTL',
      'TILLBASE_ALLOWED_ORIGINS',
      'TILLBASE_ALLOWED_HOSTS',
      'TILLBASE_SECRET_STORE',
      'TILLBASE_DEMO',
      'TILLBASE_LOG_LEVEL',
      'TILLBASE_DATA_DIR',
    ])
      expect(stdout).toContain(name);
  });

  it('tillbase --help lists every command, backup and restore included', async () => {
    const { stdout, code } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const line of [
      'serve [options]',
      'users add --username U',
      'users list',
      'users passwd USERNAME',
      'users remove USERNAME',
      'roles list',
      'roles grant ROLE CAPABILITY',
      'roles revoke ROLE CAPABILITY',
      'import products FILE.csv',
      'import taxes FILE.csv',
      'journal verify',
      'backup FILE [--force]',
      'restore FILE',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${line.replace(/[[\]]/g, '\\$&')}`, 'm'));
    }
  });

  it('tillbase --help gives every command of the dispatcher one line of what it does, in two columns that never touch', async () => {
    const { stdout } = await runCli(['--help']);
    const list = stdout.slice(stdout.indexOf('Commands:\n'), stdout.indexOf('\n\n', stdout.indexOf('Commands:\n')));
    // A command's row: its name at the indent, then its usage; the description starts at the second column.
    const rows = list.split('\n').slice(1);
    const paths = [...COMMAND_NAMES.filter((name) => !COMMANDS.some((words) => words.length === 2 && words[0] === name)).map((name) => [name])];
    paths.push(...COMMANDS.filter((words) => words.length === 2));
    expect(new Set(paths.map((words) => words[0]))).toEqual(new Set(COMMAND_NAMES));
    for (const words of paths) {
      const row = rows.find((line) => line.startsWith(`  ${words.join(' ')}`));
      expect(row, words.join(' ')).toBeDefined();
      const [, left = '', right = ''] = /^( {2}\S.*?)( {2,}\S.*)?$/.exec(row ?? '') ?? [];
      expect(right.trim(), `${words.join(' ')} has a description`).not.toBe('');
      expect((left + right).indexOf(right.trim()), `${words.join(' ')}: the description starts in the second column`).toBe(COMMAND_COLUMN_START);
    }
    for (const line of rows.filter((row) => row.length > COMMAND_COLUMN_START))
      expect(line.slice(COMMAND_COLUMN_START - 2, COMMAND_COLUMN_START), line).toBe('  ');
    expect(stdout).toContain('sync connect --url URL');
    for (const command of ['connect', 'disconnect', 'resume', 'pull']) {
      const start = rows.findIndex((line) => line.startsWith(`  sync ${command}`));
      const next = rows.findIndex((line, index) => index > start && /^ {2}\S/.test(line));
      expect(rows.slice(start, next === -1 ? undefined : next).join(' '), command).toContain('[--secret-store STORE]');
    }
  });

  it.concurrent.each(COMMANDS.map((words) => [words.join(' ') || '(tillbase)', words] as const))('%s --help fits 80 columns', async (_name, words) => {
    const { stdout } = await runCli([...words, '--help']);
    for (const line of stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
  });

  it('tillbase alone prints the usage on standard error and exits 2', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Usage: tillbase COMMAND/);
  });
});

describe('--version', () => {
  it.each([['--version'], ['-v']])('%s prints the version of package.json', async (flag) => {
    const result = await runCli([flag]);
    expect(result).toEqual({ code: 0, stdout: `tillbase ${VERSION}\n`, stderr: '' });
  });
});

describe('mistakes', () => {
  it.each([
    [['wat'], 'unknown command "wat"', 'see tillbase --help'],
    [['--bogus'], 'unknown option "--bogus"', 'see tillbase --help'],
    [['help', 'wat'], 'unknown command "wat"', 'see tillbase --help'],
    [['users'], 'users needs a command', 'see tillbase users --help'],
    [['users', 'rename'], 'unknown users command "rename"', 'see tillbase users --help'],
    [['roles', 'delete', 'cashier'], 'unknown roles command "delete"', 'see tillbase roles --help'],
    [['users', 'add', '--user', 'x'], "Unknown option '--user'", 'see tillbase users add --help'],
    [['backup'], 'expected 1 argument(s), got 0', 'see tillbase backup --help'],
    [['restore', 'a.db', '--overwrite'], "Unknown option '--overwrite'", 'see tillbase restore --help'],
  ])('%s: one line naming the mistake and the help to read, exit 2', async (args, message, hint) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain(`(${hint})`);
  });
});

describe('a data directory without a database', () => {
  const commands: Array<[string, string[], string?]> = [
    ['roles list', ['roles', 'list']],
    ['roles grant', ['roles', 'grant', 'cashier', 'manage_pos']],
    ['users list', ['users', 'list']],
    ['users add', ['users', 'add', '--username', 'sam', '--role', 'cashier', '--password-stdin'], 'sam-password-1\n'],
    ['users passwd', ['users', 'passwd', 'sam', '--password-stdin'], 'sam-password-2\n'],
    ['users remove', ['users', 'remove', 'sam']],
    ['import products', ['import', 'products', 'products.csv']],
    ['import taxes', ['import', 'taxes', 'tax_rates.csv']],
    ['journal verify', ['journal', 'verify']],
    ['backup', ['backup', join(makeDataDir(), 'copy.db')]],
  ];

  it.concurrent.each(commands)('%s refuses a missing directory in one line (exit 2) and creates nothing', async (_name, args, input = '') => {
    const dataDir = absentDataDir();
    const result = await runCli([...args, '--data-dir', dataDir], input);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `tillbase: there is no Tillbase database in ${dataDir}: check --data-dir (or TILLBASE_DATA_DIR), or create one with tillbase serve --data-dir ${dataDir}\n`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it.concurrent.each(commands.filter(([name]) => ['roles list', 'users add', 'import products', 'backup'].includes(name)))(
    '%s leaves an existing empty directory empty (TILLBASE_DATA_DIR)',
    async (_name, args, input = '') => {
      const dataDir = makeDataDir();
      const result = await runCli(args, input, { TILLBASE_DATA_DIR: dataDir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`there is no Tillbase database in ${dataDir}`);
      expect(readdirSync(dataDir)).toEqual([]);
    },
  );

  it('roles list --data-dir /nonexistent/... exits 2 and creates nothing', async () => {
    const dataDir = `/nonexistent/tillbase-${process.pid}`;
    const result = await runCli(['roles', 'list', '--data-dir', dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`there is no Tillbase database in ${dataDir}`);
    expect(result.stderr).toContain(`tillbase serve --data-dir ${dataDir}`);
    expect(existsSync(dataDir)).toBe(false);
  });
});
