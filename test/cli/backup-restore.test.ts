import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../shared/api.js';
import { MIGRATIONS } from '../../server/data/migrations/index.js';
import { runCli, serve, type ServeProcess } from '../helpers/cli.js';
import { api, makeDataDir } from '../helpers/server.js';

/**
 * `tillbase backup` while the real server sells over HTTP, and `tillbase restore` of that backup:
 * refused while the server runs, then what the next server serves.
 */
const serveArgs = (dataDir: string) => ['--data-dir', dataDir, '--port', '0', '--secret-store', 'memory', '--log-level', 'silent'];

let dataDir: string;
let server: ServeProcess;
let token: string;
let productId: number;
const backupDir = makeDataDir();
const backupFile = join(backupDir, 'till.db');

function cashierPassword(): string {
  const match = /^cashier\s+cashier\s+(\S+)$/m.exec(readFileSync(join(dataDir, 'first-run-credentials.txt'), 'utf8'));
  if (!match?.[1]) throw new Error('no cashier in first-run-credentials.txt');
  return match[1];
}

async function logIn(target: ServeProcess): Promise<string> {
  const response = await api<TokenResponse>(target, 'POST', '/auth/login', { body: { username: 'cashier', password: cashierPassword() } });
  expect(response.status).toBe(200);
  return response.body.access_token;
}

async function sell(): Promise<number> {
  const response = await api<{ id: number }>(server, 'POST', '/orders', { token, body: { line_items: [{ product_id: productId, quantity: 1 }] } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

function orderIdsIn(file: string): number[] {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare<[], number>('SELECT id FROM orders ORDER BY id').pluck().all();
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dataDir = makeDataDir();
  server = await serve([...serveArgs(dataDir), '--demo']);
  token = await logIn(server);
  const products = await api<Array<{ id: number; type: string; manage_stock: boolean; purchasable: boolean }>>(server, 'GET', '/products?per_page=50', {
    token,
  });
  const product = products.body.find((candidate) => candidate.type === 'simple' && !candidate.manage_stock && candidate.purchasable);
  if (!product) throw new Error('the demo store has no simple product without stock management');
  productId = product.id;
});

async function stopServer(): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) expect(await server.stop()).toBe(0);
}

afterAll(stopServer);

describe('tillbase backup', () => {
  const soldBeforeBackup: number[] = [];

  it('copies the database while the server sells: every sale made before is in the copy, which passes integrity_check', async () => {
    for (let sale = 0; sale < 10; sale++) soldBeforeBackup.push(await sell());
    // One till keeps selling, one sale after the other, all through the backup.
    const state = { selling: true };
    const sold = [...soldBeforeBackup];
    const till = (async () => {
      while (state.selling) sold.push(await sell());
    })();

    const result = await runCli(['backup', backupFile, '--data-dir', dataDir]);
    state.selling = false;
    await till;
    expect(sold.length).toBeGreaterThan(soldBeforeBackup.length);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^backed up ${join(dataDir, 'tillbase.db')} to ${backupFile}: [\\d.]+ (KiB|MiB), schema version ${MIGRATIONS.length}, integrity check ok\\n$`),
    );
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const copy = new BetterSqlite3(backupFile, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    const inCopy = orderIdsIn(backupFile);
    expect(inCopy).toEqual(expect.arrayContaining(soldBeforeBackup));
    // A consistent snapshot: the sales it holds are the first ones made, with no gap.
    const salesInCopy = inCopy.filter((id) => sold.includes(id));
    expect(salesInCopy).toEqual(sold.slice(0, salesInCopy.length));
    // A single file: no -wal is needed beside it.
    expect(existsSync(`${backupFile}-wal`)).toBe(false);
  });

  it('refuses to replace an existing file without --force, and replaces it with --force', async () => {
    const before = readFileSync(backupFile);
    const refused = await runCli(['backup', backupFile, '--data-dir', dataDir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`tillbase: ${backupFile} exists already: pass --force to replace it, or choose another file\n`);
    expect(readFileSync(backupFile).equals(before)).toBe(true);

    const forced = join(backupDir, 'forced.db');
    writeFileSync(forced, 'an old file', { mode: 0o644 });
    const replaced = await runCli(['backup', forced, '--force', '--data-dir', dataDir]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(statSync(forced).mode & 0o777).toBe(0o600);
    expect(orderIdsIn(forced)).toEqual(expect.arrayContaining(soldBeforeBackup));
    expect(readdirSync(backupDir).sort()).toEqual(['forced.db', 'till.db']);
  });
});

describe('tillbase restore', () => {
  let lateSale: number;

  it('is refused while a server holds the data directory, naming it, and changes nothing', async () => {
    lateSale = await sell();
    const result = await runCli(['restore', backupFile, '--data-dir', dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `tillbase: cannot restore while a running Tillbase server (pid ${server.child.pid ?? 0}, ${server.apiUrl.replace(/\/pos\/v1$/, '/')}) uses ${dataDir}: stop it first\n`,
    );
    expect(readdirSync(dataDir).filter((name) => name.includes('restore'))).toEqual([]);
    expect((await api(server, 'GET', `/orders/${lateSale}`, { token })).status).toBe(200);
  });

  it.each([
    [
      'a file that is not SQLite',
      (file: string) => {
        writeFileSync(file, 'SKU,Name\nA,B\n');
      },
      'it is not a SQLite database',
    ],
    [
      'a SQLite database that is not Tillbase',
      (file: string) => {
        const db = new BetterSqlite3(file);
        db.exec('CREATE TABLE notes (text)');
        db.close();
      },
      'it is not a Tillbase database (no installation, users, roles, role_capabilities, user_roles, sessions tables)',
    ],
    [
      'a database from a newer Tillbase',
      (file: string) => {
        copyFileSync(backupFile, file);
        const db = new BetterSqlite3(file);
        db.pragma('user_version = 999');
        db.close();
      },
      `the database is at schema version 999, but this Tillbase knows versions up to ${MIGRATIONS.length}; upgrade Tillbase to open it`,
    ],
  ])('refuses %s (exit 2) and leaves the data directory as it was', async (_name, make, reason) => {
    // The till crashed: its last sales may be only in the -wal, which restore must not lose or replay.
    if (server.child.exitCode === null && server.child.signalCode === null) expect(await server.stop('SIGKILL')).toBe('SIGKILL');
    const file = join(makeDataDir(), 'candidate.db');
    make(file);
    // server.json goes: the crashed server's record is not left behind by the restore that took the lock.
    const listing = () =>
      readdirSync(dataDir)
        .filter((name) => name !== 'server.json')
        .sort();
    const before = listing();
    const result = await runCli(['restore', file, '--data-dir', dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`tillbase: cannot restore ${file}: ${reason}\n`);
    expect(listing()).toEqual(before);
  });

  it('puts the backup in place, keeps the replaced database, and the next server serves the restored data', async () => {
    const result = await runCli(['restore', backupFile, '--data-dir', dataDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const kept = /^the replaced database is kept as (\S+)$/m.exec(result.stdout)?.[1];
    expect(result.stdout).toMatch(
      new RegExp(`^restored ${backupFile} into ${join(dataDir, 'tillbase.db')}: .*schema version ${MIGRATIONS.length}, integrity check ok$`, 'm'),
    );
    expect(kept).toMatch(new RegExp(`^${join(dataDir, 'tillbase.db')}\\.before-restore-\\d{4}-\\d{2}-\\d{2}T\\d{6}\\.\\d{3}Z$`));
    expect(statSync(join(dataDir, 'tillbase.db')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir).filter((name) => /-wal$|-shm$|\.tmp$/.test(name))).toEqual([]);
    // The replaced database is whole (its log was folded in): it still has the sale made after the backup.
    expect(orderIdsIn(kept!)).toContain(lateSale);

    server = await serve(serveArgs(dataDir));
    token = await logIn(server);
    for (const id of orderIdsIn(backupFile).slice(0, 3)) expect((await api(server, 'GET', `/orders/${id}`, { token })).status).toBe(200);
    expect((await api(server, 'GET', `/orders/${lateSale}`, { token })).status).toBe(404);
    expect(await server.stop()).toBe(0);
  });

  it('restores onto a new till: a data directory that does not exist yet', async () => {
    const newTill = join(makeDataDir(), 'till-2');
    const result = await runCli(['restore', backupFile, '--data-dir', newTill]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('kept as');
    expect(statSync(newTill).mode & 0o777).toBe(0o700);
    expect(orderIdsIn(join(newTill, 'tillbase.db'))).toEqual(orderIdsIn(backupFile));
  });
});
