import { describe, expect, it } from 'vitest';
import { type WooCommerceDouble } from '../helpers/woocommerce-double.js';
import { withDb, type TestServer } from '../helpers/server.js';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { connect, connectionOf, entryOf, outboxEntries, syncedEntry, Till, uuidOf, waitFor, useSyncServer } from '../helpers/sync.js';

/** The push's rules for a replayed refund, a customer WooCommerce already has, and a key WooCommerce refuses (issue 23, items 3-5). */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'CONFLICT-1', '4.00', 100);
  // A coupon of the till's own, made before connecting (while connected the catalogue is WooCommerce's): WooCommerce has no such code.
  await till.call('manager', 'POST', '/coupons', { code: 'tilloff', discount_type: 'percent', amount: '10' });
  await connect(server, double);
});

describe('the push', () => {
  it('makes one refund when the answer to the first was lost, with the till restocking as it did', async () => {
    const sale = await till.sell(product.local, 3);
    const saleEntry = await syncedEntry(server, sale.orderId);
    expect(double.shop.product(product.woo).stock_quantity).toBe(97);
    double.inject({ method: 'POST', route: /^orders\/\d+\/refunds$/, fault: { kind: 'drop_after_commit' } });
    await till.call('cashier', 'POST', `/orders/${sale.orderId}/refunds`, { api_restock: true, line_items: [{ id: sale.lineId, quantity: 1 }] });
    const entry = await syncedEntry(server, sale.orderId, 'refund');
    const refunds = [...double.shop.refunds.values()].filter((r) => uuidOf(r) === entry.uuid);
    expect(refunds.map((r) => r.id)).toEqual([entry.woo_id]);
    expect(refunds[0]?.parent_id).toBe(saleEntry.woo_id);
    expect(refunds[0]?.amount).toBe('4.00');
    expect(refunds[0]?.line_items[0]?.meta_data.find((m) => m.key === '_refunded_item_id')?.value).toBe(
      String(double.shop.order(saleEntry.woo_id ?? 0).line_items[0]?.id),
    );
    expect(double.shop.product(product.woo).stock_quantity).toBe(98);
  });

  it("adopts WooCommerce's customer of the same e-mail instead of making another", async () => {
    const existing = double.shop.createCustomer({ email: 'Ada@Example.test', first_name: 'Ada' });
    const customer = await till.call<{ id: number }>('manager', 'POST', '/customers', { email: 'ada@example.test', first_name: 'Ada', last_name: 'Lovelace' });
    const sale = await till.sell(product.local, 1, customer.id);
    const entry = await syncedEntry(server, sale.orderId);
    const customerEntry = outboxEntries(server).find((e) => e.kind === 'customer' && e.customer_id === customer.id);
    expect(customerEntry).toMatchObject({ state: 'synced', woo_id: existing.id, last_error_code: 'tillbase_customer_adopted' });
    expect(entry.depends_on).toBe(customerEntry?.id);
    expect(double.shop.order(entry.woo_id ?? 0).customer_id).toBe(existing.id);
    expect([...double.shop.customers.values()].filter((c) => c.email.toLowerCase() === 'ada@example.test')).toHaveLength(1);
  });

  it('pauses the connection on 401 with nothing marked, and goes on once resumed', async () => {
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'unauthorized' } });
    const ordersBefore = double.shop.orders.size;
    const sale = await till.sell(product.local, 1);
    const paused = await waitFor('the connection to pause', () => (connectionOf(server)?.state === 'paused' ? connectionOf(server) : undefined));
    expect(paused.paused_reason).toBe('woocommerce_rest_authentication_error: Consumer key is invalid.');
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a pass or two while paused
    expect(entryOf(server, sale.orderId)).toMatchObject({ state: 'pending', attempts: 0, woo_id: null, last_error_code: null });
    expect(double.shop.orders.size).toBe(ordersBefore);

    withDb(server, (db) => {
      new SyncConnectionRepository(db).resume();
    });
    const entry = await syncedEntry(server, sale.orderId);
    expect(double.shop.orders.size).toBe(ordersBefore + 1);
    expect(entry.attempts).toBe(1);
  });

  it('sends a sale without the coupon WooCommerce refuses, its discount kept in the line totals, and says so', async () => {
    const order = await till.call<{ id: number; total: string }>('cashier', 'POST', '/orders', {
      line_items: [{ product_id: product.local, quantity: 5 }],
      coupon_lines: [{ code: 'tilloff' }],
    });
    expect(order.total).toBe('18.00');
    await till.call(
      'cashier',
      'POST',
      `/orders/${order.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
      { 'Idempotency-Key': `pay-${order.id}` },
    );
    const entry = await syncedEntry(server, order.id);
    expect(entry.last_error_code).toBe('woocommerce_rest_invalid_coupon');
    const woo = double.shop.order(entry.woo_id ?? 0);
    expect(woo.total).toBe('18.00');
    expect(woo.coupon_lines).toEqual([]);
    expect(entry.totals_difference).toBeNull();
  });
});
