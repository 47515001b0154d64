import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/start.js';
import { runCli } from '../helpers/cli.js';
import { servicesOf } from '../helpers/services.js';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from '../helpers/shop-data.js';

/**
 * `journal verify` over two registers: each register's chain starts again at sequence 1 and the
 * genesis hash, so the check must start again at each register too. Every other journal test has
 * one register, where a check that carries the first register's last entry over would still pass.
 */
let server: TestServer;
let catalogue: Catalogue;
let cashier: string;
let secondRegister: number;

interface Entry {
  id: string;
  register_id: number;
  sequence: number;
  previous_hash: string;
  hash: string;
}

const entriesOf = (registerId: number): Entry[] =>
  withDb(server, (db) =>
    db.prepare<[number], Entry>('SELECT id, register_id, sequence, previous_hash, hash FROM journal WHERE register_id = ? ORDER BY sequence').all(registerId),
  );
const verifyInProcess = () => withDb(server, (db) => servicesOf(db).journal.verify());

/** One paid cash sale of a coffee (12.00 with VAT) on the register named. */
async function sellOn(registerId: number, key: string): Promise<void> {
  const order = await api(server, 'POST', '/orders', {
    token: cashier,
    body: { line_items: [{ product_id: catalogue.coffee }], meta_data: [{ key: '_pos_register', value: registerId }] },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, {
    token: cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
    headers: { 'Idempotency-Key': key },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  setStore(server, UK_STORE);
  catalogue = seedCatalogue(server);
  cashier = (await login(server, 'cashier')).access_token;
  const manager = (await login(server, 'shop_manager')).access_token;
  const created = await api(server, 'POST', '/registers', { token: manager, body: { name: 'Register 2' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  secondRegister = created.body.id as number;
  // Three sales on register 1, two on register 2, interleaved as two tills sell at once.
  await sellOn(1, 'r1-a');
  await sellOn(secondRegister, 'r2-a');
  await sellOn(1, 'r1-b');
  await sellOn(secondRegister, 'r2-b');
  await sellOn(1, 'r1-c');
});
afterAll(async () => server.close());

describe('journal verify with two registers', () => {
  it('each register has its own chain from sequence 1 and the genesis hash', () => {
    const first = entriesOf(1);
    const second = entriesOf(secondRegister);
    expect(first.map((entry) => entry.sequence)).toEqual([1, 2, 3]);
    expect(second.map((entry) => entry.sequence)).toEqual([1, 2]);
    expect(second[0]?.previous_hash).toBe('0'.repeat(64));
    expect(second[1]?.previous_hash).toBe(second[0]?.hash);
  });

  it('verifies both chains, counting the registers', async () => {
    expect(verifyInProcess()).toEqual({ ok: true, entries: 5, registers: 2 });
    const result = await runCli(['journal', 'verify', '--data-dir', server.dataDir]);
    expect([result.code, result.stdout, result.stderr]).toEqual([0, 'journal verified: 5 entries in 2 register(s), every chain holds\n', '']);
  });

  it("a second register's entry edited behind its back is named by register and sequence", async () => {
    const target = entriesOf(secondRegister)[1];
    if (!target) throw new Error('no second entry on register 2');
    // The tamperer's own connection drops the trigger first, as anyone with the file could.
    const db = new BetterSqlite3(join(server.dataDir, DATABASE_FILE));
    try {
      db.exec('DROP TRIGGER journal_append_only_update');
      db.prepare('UPDATE journal SET payload = replace(payload, \'"total":"12.00"\', \'"total":"1.20"\') WHERE id = ?').run(target.id);
    } finally {
      db.close();
    }
    const verdict = verifyInProcess();
    expect(verdict).toMatchObject({
      ok: false,
      entries: 5,
      broken: { id: target.id, register_id: secondRegister, sequence: 2 },
      reason: 'its hash does not match its contents',
    });
    const result = await runCli(['journal', 'verify', '--data-dir', server.dataDir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `tillbase: journal broken at entry ${target.id} (register ${secondRegister}, sequence 2, sale): its hash does not match its contents\n`,
    );
  });
});
