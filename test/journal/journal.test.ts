import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/start.js';
import { runCli } from '../helpers/cli.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { runShopDay, type ShopDay } from '../helpers/shop-day.js';

let day: ShopDay;

const { server } = useServer({ roles: [] }, async () => {
  day = await runShopDay(server, { close: true });
});

interface Entry {
  id: string;
  sequence: number;
  kind: string;
  order_id: number | null;
  previous_hash: string;
  hash: string;
  payload: string;
}

const entries = (): Entry[] => withDb(server, (db) => db.prepare<[], Entry>('SELECT * FROM journal WHERE register_id = 1 ORDER BY sequence').all());

describe('the sales journal after a shop day', () => {
  it('holds the five sales, the refund and the Z closure in one gap-free chain, and verifies', async () => {
    const journal = entries();
    expect(journal.map((entry) => [entry.sequence, entry.kind, entry.order_id])).toEqual([
      [1, 'sale', day.orders[0]],
      [2, 'sale', day.orders[1]],
      [3, 'sale', day.orders[2]],
      [4, 'sale', day.orders[3]],
      [5, 'sale', day.orders[4]],
      [6, 'refund', day.orders[4]],
      [7, 'closure', null],
    ]);
    journal.forEach((entry, index) => {
      expect(entry.previous_hash).toBe(index === 0 ? '0'.repeat(64) : journal[index - 1]?.hash);
    });
    const split = JSON.parse(journal[2]?.payload ?? '{}');
    expect(split.tenders.map((tender: { gateway_id: string; amount: string }) => [tender.gateway_id, tender.amount])).toEqual([
      ['pos_cash', '10.00'],
      ['pos_card', '6.20'],
    ]);
    expect(split.totals).toEqual({ gross: '16.20', discount: '0.00', tax: '2.20', total: '16.20' });
    const result = await runCli(['journal', 'verify', '--data-dir', server.dataDir]);
    expect([result.code, result.stdout, result.stderr]).toEqual([0, 'journal verified: 7 entries in 1 register(s), every chain holds\n', '']);
  });

  it('fiscal receipts read the journal entry; every read after the first is a reprint', async () => {
    const third = day.orders[2] ?? 0;
    const first = await api(server, 'GET', `/receipts/${third}?mode=fiscal`, { token: day.cashier });
    expect(first.status).toBe(200);
    expect([first.body.mode, first.body.has_snapshot]).toEqual(['fiscal', true]);
    expect(first.body.data.fiscal).toMatchObject({ sequence: 3, hash: entries()[2]?.hash, is_reprint: false, reprint_count: 0 });
    const again = await api(server, 'GET', `/receipts/${third}?mode=fiscal`, { token: day.cashier });
    const third_ = await api(server, 'GET', `/receipts/${third}?mode=fiscal&format=text`, { token: day.cashier });
    expect(third_.status).toBe(200);
    expect([again.body.data.fiscal.is_reprint, again.body.data.fiscal.reprint_count]).toEqual([true, 1]);
    expect((await api(server, 'GET', `/receipts/${third}?mode=fiscal`, { token: day.cashier })).body.data.fiscal.reprint_count).toBe(3);
    expect((await api(server, 'GET', `/receipts/${third}`, { token: day.cashier })).body.data.fiscal.reprint_count).toBe(0);
    const unpaid = await api(server, 'POST', '/orders', { token: day.cashier, body: { line_items: [{ product_id: day.catalogue.tea }] } });
    const missing = await api(server, 'GET', `/receipts/${unpaid.body.id}?mode=fiscal`, { token: day.cashier });
    expect([missing.status, missing.body.code]).toEqual([404, 'pos_receipt_snapshot_missing']);
  });

  it('refuses UPDATE and DELETE', () => {
    withDb(server, (db) => {
      expect(() => db.prepare("UPDATE journal SET payload = '{}' WHERE sequence = 2").run()).toThrow(/append-only/);
      expect(() => db.prepare('DELETE FROM journal WHERE sequence = 7').run()).toThrow(/append-only/);
      expect(() => db.prepare('DELETE FROM closures').run()).toThrow(/never deleted/);
    });
    expect(entries()).toHaveLength(7);
  });

  it('a row edited behind its back makes journal verify fail naming that entry', async () => {
    const target = entries()[3];
    if (!target) throw new Error('no fourth entry');
    // The tamperer's own connection drops the trigger first, as anyone with the file could.
    const db = new BetterSqlite3(join(server.dataDir, DATABASE_FILE));
    try {
      db.exec('DROP TRIGGER journal_append_only_update');
      db.prepare('UPDATE journal SET payload = replace(payload, ?, ?) WHERE id = ?').run('"total":"10.80"', '"total":"1.08"', target.id);
    } finally {
      db.close();
    }
    expect(entries()[3]?.payload).toContain('"total":"1.08"');
    const result = await runCli(['journal', 'verify', '--data-dir', server.dataDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`tillbase: journal broken at entry ${target.id} (register 1, sequence 4, sale): its hash does not match its contents\n`);
  });

  it('journal --help explains the command; a wrong action is a usage error', async () => {
    const help = await runCli(['journal', '--help']);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('tillbase journal verify')]);
    const wrong = await runCli(['journal', 'fix', '--data-dir', server.dataDir]);
    expect([wrong.code, wrong.stderr]).toEqual([2, expect.stringContaining('unknown journal command "fix"')]);
  });
});
