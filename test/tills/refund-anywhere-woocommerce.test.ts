import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrder } from '../../shared/resources/orders.js';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { api, login, withDb } from '../helpers/server.js';
import { closeTills, sellCoffees, startTills, type TestTill } from '../helpers/shop-tills.js';
import { connect, outboxEntries, uuidOf, waitFor } from '../helpers/sync.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';

/*
 * A refund at till B of a sale made at till A, both tills linked to one WooCommerce (the double):
 * A sends its sale, B never does; B's refund goes up against A's order, found by the uuid of A's
 * sale, and waits while that order is not in WooCommerce yet, without holding up B's outbox.
 */

let tills: TestTill[] = [];
let double: WooCommerceDouble;

function connectionOf(till: TestTill) {
  return (work: (connection: SyncConnectionRepository) => void): void => {
    withDb(till.server, (db) => {
      work(new SyncConnectionRepository(db));
    });
  };
}

describe("a refund at B of A's sale, pushed to WooCommerce", () => {
  beforeAll(async () => {
    double = await startWooCommerceDouble();
    ({ tills } = await startTills(['Till A', 'Till B'], { secretStore: 'file' }));
    for (const till of tills) await connect(till.server, double);
    // A keeps its sales to itself until the test lets them go.
    connectionOf(tills[0] as TestTill)((connection) => {
      connection.pause('the test holds A back');
    });
  }, 90_000);

  afterAll(async () => {
    await closeTills(tills);
    await double.close();
  });

  it("waits while A's sale is not in WooCommerce, then goes up against A's order", async () => {
    const [a, b] = tills as [TestTill, TestTill];
    const sale = await sellCoffees(a, 2);
    const listed = await waitFor('the sale listed at B', async () => {
      const page = await api<ShopOrder[]>(b.server, 'GET', '/orders?scope=shop', { token: b.cashier });
      return page.body.find((order) => order.till.id === a.id && order.id === sale.id);
    });

    const manager = (await login(b.server, 'shop_manager')).access_token;
    expect((await api(b.server, 'POST', '/registers/1/open', { token: manager, body: { opening_float: '50.00' } })).status).toBe(201);
    const refund = await api<{ amount: string }>(b.server, 'POST', `/orders/shop/${a.id}/${listed.id}/refunds`, {
      token: b.cashier,
      body: { line_items: [{ id: listed.line_items[0]?.id, quantity: 1 }], reason: 'cold' },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);

    // B sends no sale of A's; its refund waits for A's order, named why, and nothing reached WooCommerce.
    // Pending between its tries (each one, after the grace period, is briefly `sending`).
    const waiting = await waitFor("B's refund waiting for A's sale", () =>
      outboxEntries(b.server).find(
        (entry) => entry.kind === 'refund' && entry.state === 'pending' && entry.last_error_code === 'tillbase_sale_not_in_woocommerce',
      ),
    );
    expect(waiting.attempts).toBeGreaterThan(0);
    expect(outboxEntries(b.server).filter((entry) => entry.kind === 'sale')).toEqual([]);
    expect(double.shop.orders.size + double.shop.refunds.size).toBe(0);

    // A lets its sale go: B's refund follows it, once, on A's order.
    connectionOf(a)((connection) => {
      connection.resume();
    });
    const sent = await waitFor("A's sale in WooCommerce", () => outboxEntries(a.server).find((entry) => entry.kind === 'sale' && entry.state === 'synced'));
    const pushed = await waitFor("B's refund in WooCommerce", () =>
      outboxEntries(b.server).find((entry) => entry.kind === 'refund' && entry.state === 'synced'),
    );
    const refunds = [...double.shop.refunds.values()].filter((record) => uuidOf(record) === pushed.uuid);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ parent_id: sent.woo_id, amount: refund.body.amount });
    expect(pushed.woo_id).toBe(refunds[0]?.id);
    // Its line is the line of A's order: B's copy's lines were mapped to it when the order was found.
    const wooLine = double.shop.order(sent.woo_id ?? 0).line_items[0]?.id;
    expect(refunds[0]?.line_items.map((line) => [line.quantity, line.meta_data[0]?.value])).toEqual([[-1, String(wooLine)]]);
  }, 90_000);
});
