import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../shared/api.js';
import { openDatabase } from '../../server/data/database.js';
import { DATABASE_FILE } from '../../server/start.js';
import { serve } from '../helpers/cli.js';
import { api, makeDataDir, startTestServer } from '../helpers/server.js';

/** Sales, password hashes, keys and first-run passwords are readable by their owner only. */
const modeOf = (path: string): number => statSync(path).mode & 0o777;

function demoPassword(dataDir: string, username: string): string {
  const match = new RegExp(`^${username}\\s+\\S+\\s+(\\S+)$`, 'm').exec(readFileSync(join(dataDir, 'first-run-credentials.txt'), 'utf8'));
  if (!match?.[1]) throw new Error(`no password for ${username}`);
  return match[1];
}

describe.skipIf(process.platform === 'win32')('file modes in the data directory', () => {
  it('a 0755 data directory becomes 0700 with one log line; the database, -wal, -shm and the other files are 0600', async () => {
    const dataDir = makeDataDir();
    chmodSync(dataDir, 0o755);
    const server = await serve(['--data-dir', dataDir, '--port', '0', '--demo', '--secret-store', 'file', '--log-level', 'info']);
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      const warnings = server
        .stderr()
        .split('\n')
        .filter((line) => line.includes('it is now 0700'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, dataDir, msg: 'the data directory was mode 0755, open to other users; it is now 0700' });

      // A write through the server (a login opens a session) with the files all in use.
      const login = await api<TokenResponse>(server, 'POST', '/auth/login', { body: { username: 'cashier', password: demoPassword(dataDir, 'cashier') } });
      expect(login.status).toBe(200);
      for (const file of [
        DATABASE_FILE,
        `${DATABASE_FILE}-wal`,
        `${DATABASE_FILE}-shm`,
        'first-run-credentials.txt',
        'secrets.json',
        'server.json',
        'tillbase.lock',
      ]) {
        expect(existsSync(join(dataDir, file)), file).toBe(true);
        expect(modeOf(join(dataDir, file)), file).toBe(0o600);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('a 0700 data directory is left alone, without a warning', async () => {
    const dataDir = makeDataDir();
    const server = await serve(['--data-dir', dataDir, '--port', '0', '--no-demo', '--secret-store', 'memory', '--log-level', 'info']);
    expect(await server.stop()).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(server.stderr()).not.toContain('open to other users');
  });

  it('a database created by openDatabase is 0600 from the start, and so are its -wal and -shm', () => {
    const file = join(makeDataDir(), DATABASE_FILE);
    const db = openDatabase(file);
    try {
      db.exec('CREATE TABLE written (x)');
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    } finally {
      db.close();
    }
  });

  it('files an older version left open to others are tightened when the server starts', async () => {
    const dataDir = makeDataDir();
    openDatabase(join(dataDir, DATABASE_FILE)).close();
    chmodSync(join(dataDir, DATABASE_FILE), 0o644);
    const server = await startTestServer({ dataDir });
    try {
      expect(modeOf(join(dataDir, DATABASE_FILE))).toBe(0o600);
      expect(modeOf(join(dataDir, `${DATABASE_FILE}-wal`))).toBe(0o600);
    } finally {
      await server.close();
    }
  });
});
