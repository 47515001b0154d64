import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireServerLock, DataDirInUseError, HOLDER_FILE, runningServer } from '../../server/data/server-lock.js';
import { startServer } from '../../server/start.js';
import { api, makeDataDir, startTestServer } from '../helpers/server.js';

/** The built lock module, as a separate process loads it (the tests run after the build). */
const BUILT_LOCK = new URL('../../dist/server/data/server-lock.js', import.meta.url).href;

/**
 * A separate process that takes locks on command, one JSON line on standard input each:
 * `{"dataDir", "at"}` spins until the instant `at` (so that two of them try the same microsecond,
 * one on each core), takes the lock and answers `won` or `refused`; `{"release": true}` lets go
 * of a won lock and answers `released`.
 */
interface Locker {
  ask(command: object): Promise<string>;
  end(): void;
}

function startLocker(): Locker {
  const script = `
    const { acquireServerLock } = await import(${JSON.stringify(BUILT_LOCK)});
    const { createInterface } = await import('node:readline');
    let held;
    for await (const line of createInterface({ input: process.stdin })) {
      const command = JSON.parse(line);
      if (command.release) {
        held?.release();
        held = undefined;
        process.stdout.write('released\\n');
        continue;
      }
      while (Date.now() < command.at);
      try {
        held = acquireServerLock(command.dataDir);
        process.stdout.write('won\\n');
      } catch (error) {
        process.stdout.write(error.name === 'DataDirInUseError' ? 'refused\\n' : String(error).replace(/\\n/g, ' ') + '\\n');
      }
    }`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((line: string) => void)[] = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      waiting.shift()?.(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
  });
  return {
    ask: (command) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${JSON.stringify(command)}\n`);
      }),
    end: () => child.kill(),
  };
}

/**
 * Another process that takes the directory's lock as a starting server does, and writes its
 * record `recordAfterMs` later (never when undefined): the window in which a second start that
 * lost the race used to name nobody, or a server killed earlier.
 */
async function lockHolderInItsWindow(dataDir: string, recordAfterMs: number | undefined): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(join(dataDir, 'tillbase.lock'))}, { timeout: 0 });
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE');
    process.stdout.write('locked\\n');
    const recordAfterMs = ${JSON.stringify(recordAfterMs ?? null)};
    if (recordAfterMs !== null) setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(join(dataDir, HOLDER_FILE))},
      JSON.stringify({ pid: process.pid, command: 'serve', url: null, started_at: new Date().toISOString() })), recordAfterMs);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => {
      resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`the lock holder exited with ${String(code)}`));
    });
  });
  return child;
}

/** The lock within one process: the tests start many servers in one process, each on its own directory. */
describe('the data directory lock', () => {
  it('refuses a second server in the same process, names the first, and frees the directory on close', async () => {
    const first = await startTestServer();
    const holder = runningServer(first.dataDir);
    expect(holder).toEqual({ pid: process.pid, command: 'serve', url: `${first.origin}/`, started_at: expect.any(String) });

    const second = startServer({
      dataDir: first.dataDir,
      host: '127.0.0.1',
      port: 0,
      accessTtlSeconds: 60,
      refreshTtlSeconds: 600,
      allowedOrigins: [],
      allowedHosts: [],
      secretStore: 'memory',
      demo: false,
      logLevel: 'silent',
    });
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

  it('two processes taking a fresh directory at the same instant: exactly one wins, every time', async () => {
    // Before the fix, both were refused in about 1 round in 12 of two `serve` at once, and nobody served.
    const lockers = [startLocker(), startLocker()];
    const outcomes: string[] = [];
    try {
      for (let round = 0; round < 40; round++) {
        const command = { dataDir: makeDataDir(), at: Date.now() + 30 };
        const answers = await Promise.all(lockers.map((locker) => locker.ask(command)));
        outcomes.push(answers.sort().join('+'));
        await Promise.all(lockers.map((locker) => locker.ask({ release: true })));
      }
    } finally {
      for (const locker of lockers) locker.end();
    }
    expect(outcomes.filter((outcome) => outcome !== 'refused+won')).toEqual([]);
  }, 60_000);

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

  it('a start refused while the holder has not yet written its record waits for it, and names the holder', async () => {
    const dataDir = makeDataDir();
    acquireServerLock(dataDir).release();
    const holder = await lockHolderInItsWindow(dataDir, 300);
    try {
      expect(() => acquireServerLock(dataDir)).toThrow(
        `the data directory ${dataDir} is in use by a running Tillbase server (pid ${holder.pid}, still starting)`,
      );
    } finally {
      holder.kill();
    }
  });

  it('never names a process that has ended: a record left by a kill -9 is not the holder', async () => {
    const dataDir = makeDataDir();
    acquireServerLock(dataDir).release();
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(
      join(dataDir, HOLDER_FILE),
      JSON.stringify({ pid: Number(ended.stdout), command: 'serve', url: 'http://127.0.0.1:9/', started_at: new Date().toISOString() }),
    );
    const holder = await lockHolderInItsWindow(dataDir, undefined);
    try {
      expect(() => acquireServerLock(dataDir)).toThrow(`the data directory ${dataDir} is in use by another Tillbase process`);
      expect(runningServer(dataDir)).toBe('unknown');
    } finally {
      holder.kill();
    }
  });
});
