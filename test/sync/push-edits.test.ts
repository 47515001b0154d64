import { describe, expect, it } from 'vitest';
import { SyncSourcesRepository } from '../../server/data/repositories/sync-sources.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { withDb, type TestServer } from '../helpers/server.js';
import { connect, entryOf, outboxEntries, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { EditedCustomer } from '../helpers/woocommerce-double-customers.js';
import { pausePushes, pullOnce, resumePushes, sharedProduct } from '../helpers/sync-pull.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/** Pushes the other push tests leave out (issue 23, items 3-5): a customer edited at the till, a stock adjustment, a total WooCommerce works out otherwise. */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await sharedProduct(till, double, 'EDITS-1', '5.00', 40);
  await connect(server, double);
  await pullOnce(server, double, 'full');
});

const settled = (kind: string) =>
  waitFor(`the ${kind} entries to settle`, () =>
    outboxEntries(server)
      .filter((entry) => entry.kind === kind)
      .every((entry) => ['synced', 'rejected'].includes(entry.state))
      ? outboxEntries(server).filter((entry) => entry.kind === kind)
      : undefined,
  );

describe('the push of', () => {
  it('a customer edited at the till: its names and the address fields go up to the account it has', async () => {
    const account = double.shop.createCustomer({ email: 'grace@example.test', first_name: 'G', billing: { email: 'grace@example.test', phone: '999' } });
    const customer = await till.call<{ id: number }>('manager', 'POST', '/customers', {
      email: 'grace@example.test',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    await settled('customer');
    await till.call('manager', 'PATCH', `/customers/${customer.id}`, {
      last_name: 'Murray Hopper',
      billing: { phone: '0123', city: 'Arlington' },
      shipping: { city: 'Leeds' },
    });
    const entries = await settled('customer');
    expect(entries.map((entry) => [entry.state, entry.woo_id, entry.last_error_code])).toEqual([
      ['synced', account.id, 'tillbase_customer_adopted'],
      ['synced', account.id, null],
    ]);
    const edited = double.shop.customers.get(account.id) as EditedCustomer;
    expect(edited).toMatchObject({ first_name: 'Grace', last_name: 'Murray Hopper', email: 'grace@example.test' });
    expect(edited.billing).toMatchObject({ phone: '0123', city: 'Arlington', email: 'grace@example.test' });
    expect(edited.shipping).toMatchObject({ city: 'Leeds' });
  });

  it('a customer whose account is gone from WooCommerce: refused, and said why', async () => {
    const account = double.shop.createCustomer({ email: 'gone@example.test', first_name: 'Gone' });
    const customer = await till.call<{ id: number }>('manager', 'POST', '/customers', { email: 'gone@example.test', first_name: 'Gone' });
    await settled('customer');
    double.shop.customers.delete(account.id);
    await till.call('manager', 'PATCH', `/customers/${customer.id}`, { first_name: 'Still here' });
    const last = (await settled('customer')).at(-1);
    expect(last).toMatchObject({ state: 'rejected', last_error_code: 'wc_user_invalid_id' });
  });

  it("a stock adjustment as a change to WooCommerce's figure, sent once after a lost answer", async () => {
    double.catalogue.updateProduct(product.woo, { stock_quantity: 35 }); // five sold online meanwhile
    double.inject({ method: 'PUT', route: /^products\/\d+$/, fault: { kind: 'drop_after_commit' } });
    await till.call('manager', 'POST', `/products/${product.local}/stock`, { adjust: 10, reason: 'received' });
    await till.call('manager', 'POST', `/products/${product.local}/stock`, { adjust: -3, reason: 'damaged' });
    const entries = await waitFor('both adjustments to go up', () => {
      const stock = outboxEntries(server).filter((entry) => entry.kind === 'stock');
      return stock.length === 2 && stock.every((entry) => entry.state === 'synced') ? stock : undefined;
    });
    // Sent as changes WooCommerce adds (§21): no target is stored, and the first, whose answer was lost, is found added by its uuid.
    expect(entries.map((entry) => [entry.stock_target, entry.attempts])).toEqual([
      [null, 2],
      [null, 1],
    ]);
    expect(double.shop.product(product.woo).stock_quantity).toBe(42);
    expect(double.requests.filter((r) => r.method === 'PUT' && r.route === `products/${product.woo}`)).toHaveLength(2);
  });

  it('a stock adjustment loses no sale that lands in WooCommerce between its read and its write', async () => {
    const before = double.shop.product(product.woo).stock_quantity ?? 0;
    // Another till's sale of 4 reaches WooCommerce just before the adjustment's write is carried out.
    double.inject({
      method: 'PUT',
      route: new RegExp(`^products/${product.woo}$`),
      fault: {
        kind: 'meanwhile',
        happen: () => double.shop.createOrder({ status: 'completed', set_paid: true, line_items: [{ product_id: product.woo, quantity: 4 }] }),
      },
    });
    const reads = double.requests.filter((r) => r.method === 'GET' && r.route === `products/${product.woo}`).length;
    await till.call('manager', 'POST', `/products/${product.local}/stock`, { adjust: 10, reason: 'received' });
    await waitFor('the adjustment to go up', () =>
      outboxEntries(server)
        .filter((e) => e.kind === 'stock')
        .every((e) => e.state === 'synced')
        ? true
        : undefined,
    );
    expect(double.requests.filter((r) => r.method === 'GET' && r.route === `products/${product.woo}`).length).toBe(reads + 1);
    expect(double.shop.product(product.woo).stock_quantity).toBe(before - 4 + 10);
  });

  it("a sale WooCommerce totals otherwise: the difference is on its entry and in the outbox's answer, the journal as it was", async () => {
    const woo = new WooCommerceClient({ url: double.url, consumerKey: double.key.consumerKey, consumerSecret: double.key.consumerSecret });
    const made = await woo.post('coupons', { code: 'edits10', discount_type: 'percent', amount: '10' });
    if (made.kind !== 'ok') throw new Error(JSON.stringify(made));
    await pullOnce(server, double);
    pausePushes(server);
    const order = await till.call<{ id: number; total: string }>('cashier', 'POST', '/orders', {
      line_items: [{ product_id: product.local, quantity: 2 }],
      coupon_lines: [{ code: 'edits10' }],
    });
    await till.call(
      'cashier',
      'POST',
      `/orders/${order.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
      { 'Idempotency-Key': `pay-${order.id}` },
    );
    expect(order.total).toBe('9.00');
    const journalBefore = withDb(server, (db) => new SyncSourcesRepository(db).journalEntry(entryOf(server, order.id).journal_id ?? ''));
    // The shop raised the coupon to 20% while the sale waited: WooCommerce applies it as it is then (§4.1).
    const coupon = [...double.shop.coupons.values()].find((c) => c.code === 'edits10');
    if (coupon) coupon.amount = '20';
    resumePushes(server);
    const entry = await waitFor('the sale to go up', () => (entryOf(server, order.id).state === 'synced' ? entryOf(server, order.id) : undefined));
    expect(double.shop.order(entry.woo_id ?? 0).total).toBe('8.00');
    expect(entry.totals_difference).toBe('-1.00');
    const listed = await till.call<Array<{ id: number; totals_difference: string | null }>>('manager', 'GET', '/sync/outbox?state=synced');
    expect(listed.find((e) => e.id === entry.id)?.totals_difference).toBe('-1.00');
    expect(withDb(server, (db) => new SyncSourcesRepository(db).journalEntry(entry.journal_id ?? ''))).toEqual(journalBefore);
    expect((await till.call<{ total: string }>('cashier', 'GET', `/orders/${order.id}`)).total).toBe('9.00');
  });
});
