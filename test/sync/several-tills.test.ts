import { describe, expect, it } from 'vitest';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { connect, liveOrdersOf, outboxEntries, Till, uuidOf, waitFor } from '../helpers/sync.js';
import { pullOnce } from '../helpers/sync-pull.js';
import { startWooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * Several tills (issue 23, item 8): three tills, each its own server, data directory and register,
 * linked to one WooCommerce, sell shared products while the shop cannot be reached, then converge:
 * every sale and refund in WooCommerce once, its stock the start less the net sales, and every till
 * showing WooCommerce's stock after a pull.
 */
const START = { A: 100, B: 60 };

describe('three tills selling offline', () => {
  it("converge with WooCommerce's stock exactly once the shop answers again", async () => {
    const double = await startWooCommerceDouble();
    const servers: TestServer[] = [];
    try {
      const woo = {
        A: double.catalogue.createProduct({ name: 'Tills A', sku: 'TILLS-A', regular_price: '3.00', manage_stock: true, stock_quantity: START.A }).id,
        B: double.catalogue.createProduct({ name: 'Tills B', sku: 'TILLS-B', regular_price: '4.50', manage_stock: true, stock_quantity: START.B }).id,
        // Counted at till 2 only: a stock adjustment goes up as a read and a write, which a sale landing in between would undo (sync/push/outbox-push.ts).
        C: double.catalogue.createProduct({ name: 'Tills C', sku: 'TILLS-C', regular_price: '1.00', manage_stock: true, stock_quantity: 5 }).id,
      };
      const tills: Till[] = [];
      for (let i = 0; i < 3; i++) {
        const server = await startTestServer({ secretStore: 'file' });
        servers.push(server);
        await connect(server, double);
        await pullOnce(server, double, 'full'); // an empty till takes WooCommerce's ids
        tills.push(await Till.open(server));
      }

      await double.goOffline();
      const net = { A: 0, B: 0, C: 0 };
      for (const [index, till] of tills.entries()) {
        const first = await till.sell(woo.A, index + 1);
        const second = await till.sell(woo.B, 2);
        await till.sell(woo.A, 3);
        await till.sell(woo.B, 1);
        net.A -= index + 1 + 3;
        net.B -= 3;
        await till.call('cashier', 'POST', `/orders/${first.orderId}/refunds`, { api_restock: true, line_items: [{ id: first.lineId, quantity: 1 }] });
        net.A += 1;
        await till.call('cashier', 'POST', `/orders/${second.orderId}/refunds`, { api_restock: false, line_items: [{ id: second.lineId, quantity: 1 }] });
        if (index === 1) {
          await till.call('manager', 'POST', `/products/${woo.C}/stock`, { adjust: 7, reason: 'received' });
          net.C += 7;
        }
      }
      expect(double.shop.orders.size).toBe(0);

      await double.comeOnline();
      for (const server of servers) {
        await waitFor('every entry to go up', () => (outboxEntries(server).every((entry) => entry.state === 'synced') ? true : undefined), 15_000);
      }

      const sales = servers.flatMap((server) => outboxEntries(server).filter((entry) => entry.kind === 'sale'));
      expect(sales).toHaveLength(12);
      for (const sale of sales) expect(liveOrdersOf(double, sale.uuid).map((order) => order.id)).toEqual([sale.woo_id]);
      // Till 1's first sale, one unit refunded in full, is `refunded` in WooCommerce (§17.4); every other one `completed`.
      expect([...double.shop.orders.values()].map((order) => order.status).sort()).toEqual([...Array<string>(11).fill('completed'), 'refunded']);
      const refunds = servers.flatMap((server) => outboxEntries(server).filter((entry) => entry.kind === 'refund'));
      expect(refunds).toHaveLength(6);
      for (const refund of refunds) expect([...double.shop.refunds.values()].filter((r) => uuidOf(r) === refund.uuid)).toHaveLength(1);

      const wooStock = { A: START.A + net.A, B: START.B + net.B, C: 5 + net.C };
      expect(wooStock).toEqual({ A: 88, B: 51, C: 12 });
      expect({
        A: double.shop.product(woo.A).stock_quantity,
        B: double.shop.product(woo.B).stock_quantity,
        C: double.shop.product(woo.C).stock_quantity,
      }).toEqual(wooStock);

      for (const [index, server] of servers.entries()) {
        await pullOnce(server, double);
        const till = tills[index] as Till;
        const shown = async (id: number): Promise<number> => (await till.call<{ stock_quantity: number }>('cashier', 'GET', `/products/${id}`)).stock_quantity;
        expect({ A: await shown(woo.A), B: await shown(woo.B), C: await shown(woo.C) }, `till ${index + 1}`).toEqual(wooStock);
      }

      // Every till's register is number 1 in its own database: the till's own id tells them apart in WooCommerce.
      const metaOf = (record: { meta_data: Array<{ key: string; value: unknown }> }, key: string): unknown =>
        record.meta_data.find((m) => m.key === key)?.value;
      const labels = servers.map((server, index) => {
        const installation = withDb(server, (db) => db.prepare<[], string>("SELECT value FROM installation WHERE key = 'installation_id'").pluck().get());
        const uuids = new Set(outboxEntries(server).flatMap((entry) => (entry.kind === 'sale' || entry.kind === 'refund' ? [entry.uuid] : [])));
        const records = [...double.shop.orders.values(), ...double.shop.refunds.values()].filter((record) => uuids.has(uuidOf(record) as string));
        expect(records, `till ${index + 1}`).toHaveLength(6);
        for (const record of records) {
          expect(metaOf(record, '_tillbase_register')).toBe('1');
          expect(metaOf(record, '_tillbase_register_name')).toBe('Register 1');
        }
        const tillIds = new Set(records.map((record) => metaOf(record, '_tillbase_till')));
        expect([...tillIds], `till ${index + 1}: one label on all its orders and refunds`).toEqual([installation]);
        return installation;
      });
      expect(new Set(labels).size).toBe(3);
    } finally {
      for (const server of servers) await server.close();
      await double.close();
    }
  }, 40_000);
});
