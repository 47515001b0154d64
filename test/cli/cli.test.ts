import { statSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../shared/api.js';
import { openDataDirDatabase } from '../../server/start.js';
import { runCli, serve } from '../helpers/cli.js';
import { api, makeDataDir } from '../helpers/server.js';

const quiet = ['--secret-store', 'memory', '--log-level', 'silent'];

/** A data directory with an empty store in it: only `serve` creates one, the other commands refuse a directory without. */
function makeStore(): string {
  const dataDir = makeDataDir();
  openDataDirDatabase(dataDir).close();
  return dataDir;
}

/** What serve prints once it listens: the API base, then the till app (the server's root) and the data directory. */
function readyText(apiUrl: string, dataDir: string): string {
  const root = apiUrl.replace(/pos\/v1$/, '');
  return `Tillbase listening on ${apiUrl}\n  The till app:   ${root} (open it in a browser)\n  The data:       ${dataDir}\n`;
}

describe('tillbase serve', () => {
  it('prints one listening line, serves, and exits 0 on SIGTERM and on Ctrl-C', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dataDir = makeDataDir();
      const server = await serve(['--data-dir', dataDir, '--port', '0', '--no-demo', ...quiet]);
      expect(server.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pos\/v1$/);
      expect(server.apiUrl).not.toContain(':0/');
      expect(server.stdout()).toBe(readyText(server.apiUrl, dataDir));
      expect((await api(server, 'GET', '/auth/test')).body).toEqual({ authenticated: false, user_id: 0 });
      expect(await server.stop(signal)).toBe(0);
    }
  });

  it('first run with --demo creates the three demo users and writes their passwords once (0600)', async () => {
    const dataDir = makeDataDir();
    const first = await serve(['--data-dir', dataDir, '--port', '0', '--demo', ...quiet]);
    const file = join(dataDir, 'first-run-credentials.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const credentials = readFileSync(file, 'utf8');
    const passwords = Object.fromEntries(
      [...credentials.matchAll(/^(admin|manager|cashier)\s+(administrator|shop_manager|cashier)\s+(\S+)$/gm)].map((match) => [match[1], match[3]]),
    );
    expect(Object.keys(passwords).sort()).toEqual(['admin', 'cashier', 'manager']);
    for (const password of Object.values(passwords)) expect(first.stdout()).toContain(password);
    for (const [username, role] of [
      ['admin', 'administrator'],
      ['manager', 'shop_manager'],
      ['cashier', 'cashier'],
    ] as const) {
      const response = await api<TokenResponse>(first, 'POST', '/auth/login', { body: { username, password: passwords[username] } });
      expect(response.status).toBe(200);
      expect(response.body.user.roles).toEqual([role]);
    }
    expect(await first.stop(), first.stderr()).toBe(0);

    // A second start neither creates users again nor prints passwords.
    const second = await serve(['--data-dir', dataDir, '--port', '0', '--demo', ...quiet]);
    expect(second.stdout()).toBe(readyText(second.apiUrl, dataDir));
    expect(readFileSync(file, 'utf8')).toBe(credentials);
    expect(await second.stop(), second.stderr()).toBe(0);
    const users = await runCli(['users', 'list', '--json', '--data-dir', dataDir]);
    expect((JSON.parse(users.stdout) as unknown[]).length).toBe(3);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'eighty'], /--port must be a port number/],
    [['--access-ttl', '10 minutes'], /--access-ttl must be a duration/],
    [['--refresh-ttl', '0s'], /--refresh-ttl must be at least one second/],
    [['--secret-store', 'vault'], /--secret-store must be one of auto, keychain, file, memory/],
    [['--allowed-origin', 'not a url'], /--allowed-origin must be an origin/],
    [['--demo', '--no-demo'], /contradict/],
    [['--log-level', 'loud'], /--log-level must be one of/],
  ])('exits 2 with one line for bad flags: %s', async (flags, message) => {
    const result = await runCli(['serve', '--data-dir', makeDataDir(), ...flags]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  });

  it('exits 2 with one line for an unusable data directory', async () => {
    const notADirectory = join(makeDataDir(), 'a-file');
    writeFileSync(notADirectory, 'x');
    const result = await runCli(['serve', '--data-dir', notADirectory, '--port', '0', ...quiet]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`the data directory ${notADirectory} is not usable`);
  });

  it('exits 2 naming --secret-store file when the keychain is asked for but unreachable', async () => {
    const result = await runCli(['serve', '--data-dir', makeDataDir(), '--port', '0', '--secret-store', 'keychain', '--log-level', 'silent'], '', {
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--secret-store file');
  });

  it('takes its settings from the TILLBASE_* environment too', async () => {
    const dataDir = makeDataDir();
    const server = await serve([], {
      TILLBASE_DATA_DIR: dataDir,
      TILLBASE_PORT: '0',
      TILLBASE_SECRET_STORE: 'memory',
      TILLBASE_DEMO: 'false',
      TILLBASE_LOG_LEVEL: 'silent',
      TILLBASE_ACCESS_TTL: '90s',
    });
    expect(
      (await runCli(['users', 'add', '--username', 'envy', '--role', 'cashier', '--password-stdin'], 'env-password-1\n', { TILLBASE_DATA_DIR: dataDir })).code,
    ).toBe(0);
    const response = await api<TokenResponse>(server, 'POST', '/auth/login', { body: { username: 'envy', password: 'env-password-1' } });
    expect(response.body.expires_in).toBe(90);
    expect(await server.stop()).toBe(0);
  });
});

describe('tillbase users', () => {
  it('adds, lists, changes the password of and removes users', async () => {
    const dataDir = makeStore();
    const added = await runCli(
      [
        'users',
        'add',
        '--username',
        'dana',
        '--role',
        'shop_manager',
        '--email',
        'dana@example.test',
        '--display-name',
        'Dana D',
        '--password-stdin',
        '--data-dir',
        dataDir,
      ],
      'first-password\n',
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).not.toContain('first-password');
    const list = JSON.parse((await runCli(['users', 'list', '--json', '--data-dir', dataDir])).stdout) as Array<Record<string, unknown>>;
    expect(list).toEqual([{ id: 1, username: 'dana', email: 'dana@example.test', display_name: 'Dana D', roles: ['shop_manager'], last_access_at: null }]);

    const server = await serve(['--data-dir', dataDir, '--port', '0', ...quiet]);
    const session = await api<TokenResponse>(server, 'POST', '/auth/login', { body: { username: 'dana', password: 'first-password' } });
    expect(session.status).toBe(200);
    expect((await runCli(['users', 'passwd', 'dana', '--password-stdin', '--data-dir', dataDir], 'second-password\n')).code).toBe(0);
    // The old password stops working, and so do the sessions opened with it.
    expect((await api(server, 'POST', '/auth/login', { body: { username: 'dana', password: 'first-password' } })).status).toBe(401);
    expect((await api(server, 'GET', '/settings/general', { token: session.body.access_token })).status).toBe(403);
    const again = await api<TokenResponse>(server, 'POST', '/auth/login', { body: { username: 'dana', password: 'second-password' } });
    expect(again.status).toBe(200);

    expect((await runCli(['users', 'remove', 'dana', '--data-dir', dataDir])).code).toBe(0);
    const gone = await api(server, 'GET', '/settings/general', { token: again.body.access_token });
    expect(gone.status).toBe(403);
    expect(gone.body).toMatchObject({ code: 'pos_auth_token_revoked', data: { current_user: 0 } });
    expect(await server.stop()).toBe(0);
  });

  it('refuses duplicates, short passwords, unknown roles and missing flags', async () => {
    const dataDir = makeStore();
    const add = (username: string, role: string, password: string) =>
      runCli(['users', 'add', '--username', username, '--role', role, '--password-stdin', '--data-dir', dataDir], password);
    expect((await add('erin', 'cashier', 'erin-password')).code).toBe(0);
    const duplicate = await add('ERIN', 'cashier', 'erin-password');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
    const short = await add('fred', 'cashier', 'short');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
    expect((await add('gina', 'owner', 'gina-password')).stderr).toContain('role "owner" does not exist');
    const noStdin = await runCli(['users', 'add', '--username', 'hal', '--role', 'cashier', '--data-dir', dataDir]);
    expect(noStdin.code).toBe(2);
    expect(noStdin.stderr).toContain('--password-stdin');
    expect((await runCli(['users', 'remove', 'nobody', '--data-dir', dataDir])).code).toBe(1);
    expect((await runCli(['wat'])).code).toBe(2);
  });
});
