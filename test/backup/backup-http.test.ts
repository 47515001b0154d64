import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { money } from '../../server/model/money.js';
import { createOrder } from '../helpers/shop-data.js';

/**
 * `GET /backup` over real HTTP: an administrator downloads a consistent copy of the live database,
 * which opens with better-sqlite3 on its own and holds a sale made just before; the copy made to
 * send it is private and gone once sent.
 */

let leftover: string;
const scratch = mkdtempSync(join(tmpdir(), 'tillbase-backup-http-'));

const copiesIn = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('backup-download-'));

/** The copies in the data directory once the server has finished sending (it removes them right after the last byte). */
async function copiesAfterSending(): Promise<string[]> {
  for (let tries = 0; copiesIn(server.dataDir).length > 0 && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  return copiesIn(server.dataDir);
}

const { server, tokens } = useServer({
  roles: ['administrator', 'cashier'],
  catalogue: 'sale',
  beforeStart: (dataDir) => {
    // A copy a crash left behind while sending: the next start removes it.
    leftover = join(dataDir, 'backup-download-left-by-a-crash.sqlite.tmp');
    writeFileSync(leftover, 'half a database', { mode: 0o600 });
  },
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

async function sale(): Promise<{ id: number; total: string }> {
  const order = await createOrder(server, tokens.cashier, { line_items: [{ sku: 'COF-1', quantity: 3 }] });
  const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50' } },
  });
  expect(paid.status).toBe(200);
  return { id: order.id, total: order.total };
}

describe('GET /backup', () => {
  it('removed the copy a crash left behind when the server started', () => {
    expect(copiesIn(server.dataDir)).toEqual([]);
  });

  it('downloads a self-contained SQLite copy that holds the sale made just before', async () => {
    const { id, total } = await sale();
    const response = await fetch(`${server.apiUrl}/backup`, { headers: { authorization: `Bearer ${tokens.administrator}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tillbase-\d{8}-\d{6}\.sqlite"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\u0000');

    const file = join(scratch, 'downloaded.sqlite');
    writeFileSync(file, bytes);
    const copy = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      // Not in WAL mode: the one file is the whole database, nothing left in a -wal beside it.
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      const row = (db: BetterSqlite3.Database) => db.prepare('SELECT id, status, total, date_paid_gmt FROM orders WHERE id = ?').get(id);
      expect(copy.prepare('SELECT COUNT(*) AS count FROM orders WHERE id = ?').get(id)).toEqual({ count: 1 });
      expect(row(copy)).toEqual(withDb(server, row));
      const sold = row(copy) as { status: string; total: string; date_paid_gmt: string | null };
      expect(sold.status).toBe('completed');
      expect(sold.date_paid_gmt).not.toBeNull();
      expect(money(sold.total).equals(money(total))).toBe(true);
      const live = withDb(server, (db) => db.pragma('user_version', { simple: true }));
      expect(copy.pragma('user_version', { simple: true })).toBe(live);
      expect(response.headers.get('x-tillbase-schema-version')).toBe(String(live));
    } finally {
      copy.close();
    }
    expect(await copiesAfterSending()).toEqual([]);
  });

  it('sends a private copy (0600) while the download is under way, never the live file, and removes it after', async () => {
    // A database larger than the socket's buffers, so that the copy is still being sent while the client waits.
    withDb(server, (db) => {
      db.exec('CREATE TABLE IF NOT EXISTS backup_ballast (data BLOB)');
      db.prepare('INSERT INTO backup_ballast (data) VALUES (randomblob(?))').run(24 * 1024 * 1024);
    });
    const response = await fetch(`${server.apiUrl}/backup`, { headers: { authorization: `Bearer ${tokens.administrator}` } });
    expect(response.status).toBe(200);
    const [copy, ...others] = copiesIn(server.dataDir);
    expect(others).toEqual([]);
    expect(copy).toMatch(/^backup-download-.+\.sqlite\.tmp$/);
    if (process.platform !== 'win32') expect(statSync(join(server.dataDir, copy ?? '')).mode & 0o777).toBe(0o600);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(24 * 1024 * 1024);
    expect(await copiesAfterSending()).toEqual([]);
    withDb(server, (db) => db.exec('DROP TABLE backup_ballast'));
  });

  it('is for administrators only (install_plugins): a shop manager and a cashier are refused', async () => {
    for (const role of ['shop_manager', 'cashier'] as const) {
      const token = (await login(server, role)).access_token;
      const refused = await api(server, 'GET', '/backup', { token });
      expect(refused.status, role).toBe(403);
      expect(refused.body, role).toMatchObject({ code: 'pos_rest_forbidden', data: { capability: 'install_plugins' } });
    }
    expect((await api(server, 'GET', '/backup')).status).toBe(401);
    expect(copiesIn(server.dataDir)).toEqual([]);
  });

  it('leaves the leftover test file nowhere', () => {
    expect(() => statSync(leftover)).toThrow();
  });
});
