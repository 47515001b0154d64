import { describe, expect, it } from 'vitest';
import { syncVerifyCommand } from '../../server/cli/sync-report.js';
import type { DoubleOrder, DoubleRefund } from '../helpers/woocommerce-double-shop.js';
import { type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { captureIo } from './cli-io.js';
import { connect, FAST_SETTINGS, liveOrdersOf, syncedEntry, Till, useSyncServer } from '../helpers/sync.js';

/**
 * `tillbase sync verify` (issue 23, item 6) against the WooCommerce double: a clean run proves every
 * sale and refund is there once, and each order the test then takes away, doubles or alters in the
 * double's shop directly is named, with a non-zero exit.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let sales: Array<{ orderId: number; lineId: number; total: string; uuid: string; wooId: number }>;
let refundUuid: string;
let register: number;
let lastSequence: number;

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'VERIFY-1', '2.00', 100);
  // A sale from before the connection stays at the till: verify does not look for it.
  await till.sell(product.local, 1);
  // The sweep would cancel the duplicate this test makes by hand: it runs once, at the first pass, and not again.
  await connect(server, double, { ...FAST_SETTINGS, sweep_minutes: 600 });
  sales = [];
  for (const quantity of [1, 2, 3, 4]) {
    const sale = await till.sell(product.local, quantity);
    const entry = await syncedEntry(server, sale.orderId);
    sales.push({ ...sale, uuid: entry.uuid, wooId: entry.woo_id ?? 0 });
  }
  await till.call('cashier', 'POST', `/orders/${sales[3]!.orderId}/refunds`, { api_restock: true, line_items: [{ id: sales[3]!.lineId, quantity: 1 }] });
  const refund = await syncedEntry(server, sales[3]!.orderId, 'refund');
  refundUuid = refund.uuid;
  register = refund.register_id ?? 0;
  lastSequence = refund.sequence ?? 0;
});

async function verify(): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, stdout, stderr } = captureIo();
  const code = await syncVerifyCommand(['--data-dir', server.dataDir, '--secret-store', 'file'], io);
  return { code, stdout: stdout(), stderr: stderr() };
}

const orderOf = (uuid: string): DoubleOrder => {
  const [order] = liveOrdersOf(double, uuid);
  if (order === undefined) throw new Error(`no order of ${uuid} in the double`);
  return order;
};
const refundOf = (uuid: string): DoubleRefund => {
  const refund = [...double.shop.refunds.values()].find((r) => r.meta_data.some((m) => m.key === '_tillbase_uuid' && m.value === uuid));
  if (refund === undefined) throw new Error(`no refund of ${uuid} in the double`);
  return refund;
};

describe('sync verify', () => {
  it('proves every sale and refund up to the last synced sequence is in WooCommerce once, and the chain holds', async () => {
    const result = await verify();
    expect(result.stdout).toBe(`all 4 sales and 1 refund of register ${register} up to sequence ${lastSequence} are in WooCommerce, chain verified\n`);
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(double.key.consumerSecret);
  });

  it('names a sale that is missing from WooCommerce', async () => {
    const order = orderOf(sales[0]!.uuid);
    double.shop.orders.delete(order.id);
    try {
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        `register ${register} up to sequence ${lastSequence}: 3 of 4 sales and 1 of 1 refund are in WooCommerce as the till made them, 1 is wrong, chain verified\n`,
      );
      expect(result.stdout).toContain(`  missing: sale of order ${sales[0]!.orderId} (register ${register}, sequence `);
      expect(result.stdout).toContain(`uuid ${sales[0]!.uuid}): not in WooCommerce\n`);
    } finally {
      double.shop.orders.set(order.id, order);
    }
  });

  it('names a sale that is in WooCommerce twice, with both orders', async () => {
    const order = orderOf(sales[1]!.uuid);
    const copy: DoubleOrder = { ...structuredClone(order), id: 900_001, number: '900001' };
    double.shop.orders.set(copy.id, copy);
    try {
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`  doubled: sale of order ${sales[1]!.orderId} `);
      expect(result.stdout).toContain(`: 2 times in WooCommerce [WooCommerce #${order.id}, #900001]\n`);
    } finally {
      double.shop.orders.delete(copy.id);
    }
  });

  it('names a sale whose total or hash was altered in WooCommerce, and a refund whose hash was', async () => {
    const totalChanged = orderOf(sales[2]!.uuid);
    const hashChanged = orderOf(sales[1]!.uuid);
    const refund = refundOf(refundUuid);
    const hashMeta = hashChanged.meta_data.find((m) => m.key === '_tillbase_hash')!;
    const refundHashMeta = refund.meta_data.find((m) => m.key === '_tillbase_hash')!;
    const saved = { total: totalChanged.total, hash: hashMeta.value, refundHash: refundHashMeta.value };
    totalChanged.total = '99.00';
    hashMeta.value = 'f'.repeat(64);
    refundHashMeta.value = '0'.repeat(64);
    try {
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`2 of 4 sales and 0 of 1 refund are in WooCommerce as the till made them, 3 are wrong`);
      expect(result.stdout).toContain(`  altered: sale of order ${sales[2]!.orderId} `);
      expect(result.stdout).toContain(`: total 99.00 where ${sales[2]!.total} was sent [WooCommerce #${totalChanged.id}]\n`);
      expect(result.stdout).toMatch(new RegExp(`  altered: sale of order ${sales[1]!.orderId} .*: hash ffffffffffff… where the journal has [0-9a-f]{12}…`));
      expect(result.stdout).toMatch(new RegExp(`  altered: refund of order ${sales[3]!.orderId} .*: hash 000000000000… where the journal has`));
    } finally {
      totalChanged.total = saved.total;
      hashMeta.value = saved.hash;
      refundHashMeta.value = saved.refundHash;
    }
  });

  it('names a refund that is missing', async () => {
    const refund = refundOf(refundUuid);
    double.shop.refunds.delete(refund.id);
    try {
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`  missing: refund of order ${sales[3]!.orderId} `);
    } finally {
      double.shop.refunds.set(refund.id, refund);
    }
  });

  it('passes again once WooCommerce is as the till made it, and says when the chain is broken', async () => {
    expect((await verify()).code).toBe(0);
    // Someone edits a synced sale's journal entry in the database: its hash no longer matches what it holds.
    withDb(server, (db) => {
      db.exec('DROP TRIGGER journal_append_only_update');
      db.prepare('UPDATE journal SET payload = replace(payload, \'"quantity":2\', \'"quantity":20\') WHERE id = ?').run(sales[1]!.uuid);
    });
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('chain BROKEN');
    expect(result.stdout).toContain(`journal broken at entry ${sales[1]!.uuid}`);
  });

  it('refuses without a connection, and prints its help', async () => {
    const help = captureIo();
    expect(await syncVerifyCommand(['--help'], help.io)).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: tillbase sync verify/);
    const other = await startTestServer();
    try {
      const { io } = captureIo();
      await expect(syncVerifyCommand(['--data-dir', other.dataDir, '--secret-store', 'memory'], io)).rejects.toThrow(/not connected to a WooCommerce/);
    } finally {
      await other.close();
    }
  });
});
