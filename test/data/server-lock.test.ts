import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireServerLock, DataDirInUseError, HOLDER_FILE, runningServer } from '../../server/data/server-lock.js';
import { startServer } from '../../server/start.js';
import { api, makeDataDir, startTestServer } from '../helpers/server.js';

/** The lock within one process: the tests start many servers in one process, each on its own directory. */
describe('the data directory lock', () => {
  it('refuses a second server in the same process, names the first, and frees the directory on close', async () => {
    const first = await startTestServer();
    const holder = runningServer(first.dataDir);
    expect(holder).toEqual({ pid: process.pid, command: 'serve', url: `${first.origin}/`, started_at: expect.any(String) });

    const second = startServer({ dataDir: first.dataDir, host: '127.0.0.1', port: 0, accessTtlSeconds: 60, refreshTtlSeconds: 600, allowedOrigins: [], allowedHosts: [], secretStore: 'memory', demo: false, logLevel: 'silent' });
    await expect(second).rejects.toThrow(DataDirInUseError);
    await expect(second).rejects.toThrow(`the data directory ${first.dataDir} is in use by a running Tillbase server (pid ${process.pid}, ${first.origin}/)`);
    expect((await api(first, 'GET', '/auth/test')).status).toBe(200);

    // Servers on other directories are not affected.
    const other = await startTestServer();
    await other.close();

    const dataDir = first.dataDir;
    await first.close();
    expect(runningServer(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, HOLDER_FILE))).toBe(false);
  });

  it('is held by a restore too, and the message says so', () => {
    const dataDir = makeDataDir();
    const restore = acquireServerLock(dataDir, 'restore');
    try {
      expect(() => acquireServerLock(dataDir)).toThrow(`the data directory ${dataDir} is in use by tillbase restore (pid ${process.pid})`);
      expect(JSON.parse(readFileSync(join(dataDir, HOLDER_FILE), 'utf8'))).toMatchObject({ pid: process.pid, command: 'restore', url: null });
    } finally {
      restore.release();
    }
    acquireServerLock(dataDir).release();
  });

  it('does not trust a leftover server.json: only the lock says whether a server runs', () => {
    const dataDir = makeDataDir();
    const lock = acquireServerLock(dataDir);
    lock.announce('http://127.0.0.1:1/');
    const record = readFileSync(join(dataDir, HOLDER_FILE), 'utf8');
    lock.release();
    // As a kill -9 would leave it: the record is there, the lock is not.
    writeFileSync(join(dataDir, HOLDER_FILE), record);
    expect(runningServer(dataDir)).toBeUndefined();
    acquireServerLock(dataDir).release();
  });

  it('runningServer creates nothing in a directory that has no lock file', () => {
    const dataDir = join(makeDataDir(), 'absent');
    expect(runningServer(dataDir)).toBeUndefined();
    expect(existsSync(dataDir)).toBe(false);
  });
});
