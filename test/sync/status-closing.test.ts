import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommand, restoreCommand } from '../../server/cli/backup.js';
import { SyncOutboxRepository } from '../../server/data/repositories/sync-outbox.js';
import { openDataDirDatabase } from '../../server/start.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { makeDataDir, startTestServer, type TestServer } from '../helpers/server.js';
import { captureIo } from './cli-io.js';
import { connect, connectionOf, Till, waitFor } from '../helpers/sync.js';

/**
 * What is not yet in WooCommerce when the day ends (issue 23, items 6-7): the Z report says it, and
 * `tillbase restore` will not replace a database holding it unless it is exported and forced.
 */
const dataDir = makeDataDir();
const elsewhere = makeDataDir();
const backupFile = join(elsewhere, 'before-connecting.db');
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let serverClosed = false;

beforeAll(async () => {
  double = await startWooCommerceDouble();
  server = await startTestServer({ dataDir, secretStore: 'file' });
  till = await Till.open(server);
  product = await till.product(double, 'CLOSING-1', '2.00', 100);
});
afterAll(async () => {
  if (!serverClosed) await server.close();
  await double.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

const unsentRows = (): number => {
  const db = openDataDirDatabase(dataDir);
  try {
    return new SyncOutboxRepository(db).unsent().length;
  } finally {
    db.close();
  }
};

describe('the Z report', () => {
  it('says nothing of WooCommerce while the till is not connected', async () => {
    const { io } = captureIo();
    expect(await backupCommand([backupFile, '--data-dir', dataDir], io)).toBe(0);
    expect((await till.call('cashier', 'POST', '/registers/1/open', { opening_float: '10.00' })).unsent).toBeUndefined();
    expect(await till.call('manager', 'GET', '/registers/1/session')).not.toHaveProperty('unsent');
  });

  it("states the register's sales and refunds not yet in WooCommerce", async () => {
    await double.goOffline();
    await connect(server, double);
    await till.sell(product.local, 1);
    const second = await till.sell(product.local, 2);
    await till.call('cashier', 'POST', `/orders/${second.orderId}/refunds`, { api_restock: true, line_items: [{ id: second.lineId, quantity: 1 }] });
    await waitFor('the connection to be seen offline', () => (connectionOf(server)?.online === false ? true : undefined));

    const z = await till.call('cashier', 'POST', '/registers/1/close', { counted_cash: '14.00' });
    expect(z.report).toBe('Z');
    expect(z.unsent).toEqual({ sales: 2, sales_amount: '6.00', refunds: 1, refunds_amount: '2.00' });
    const printed = await till.call<string>('manager', 'GET', `/registers/1/closures?format=text`);
    expect(printed).toMatch(/NOT YET IN WOOCOMMERCE\nSales \(2\) +6\.00\nRefunds \(1\) +-2\.00\n/);
  });
});

describe('tillbase restore', () => {
  it('is refused while anything is unsent, and goes ahead with --force once the unsent entries are exported', async () => {
    await server.close();
    serverClosed = true;
    const refused = captureIo();
    expect(await restoreCommand([backupFile, '--data-dir', dataDir], refused.io)).toBe(1);
    expect(refused.stderr()).toContain('restore refused: 2 sales (6.00), 1 refund (2.00) of this till are not in WooCommerce yet');
    expect(refused.stderr()).toContain('export them with --export FILE and pass --force');
    expect(unsentRows()).toBe(3);

    const forcedOnly = captureIo();
    expect(await restoreCommand([backupFile, '--data-dir', dataDir, '--force'], forcedOnly.io)).toBe(1);
    expect(unsentRows()).toBe(3);

    const exportFile = join(elsewhere, 'unsent.json');
    const forced = captureIo();
    expect(await restoreCommand([backupFile, '--data-dir', dataDir, '--export', exportFile, '--force'], forced.io)).toBe(0);
    expect(forced.stdout()).toContain(`exported the unsent entries (2 sales (6.00), 1 refund (2.00)) to ${exportFile}`);
    expect(forced.stdout()).toContain(`restored ${backupFile}`);
    expect(statSync(exportFile).mode & 0o777).toBe(0o600);
    const exported = JSON.parse(readFileSync(exportFile, 'utf8')) as { entries: Array<{ entry: { kind: string; state: string }; journal: { hash: string } }> };
    expect(exported.entries.map((e) => [e.entry.kind, e.entry.state])).toEqual([
      ['sale', 'pending'],
      ['sale', 'pending'],
      ['refund', 'pending'],
    ]);
    expect(exported.entries.every((e) => /^[0-9a-f]{64}$/.test(e.journal.hash))).toBe(true);
    // The restored database is the backup made before the connection: nothing in it is unsent.
    expect(unsentRows()).toBe(0);
    expect(existsSync(join(dataDir, 'tillbase.db'))).toBe(true);
  });
});
