import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { pullOnce } from '../helpers/sync-pull.js';
import { connect, connectionOf, entryOf, FAST_SETTINGS, liveOrdersOf, ordersOf, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { DoubleOrder } from '../helpers/woocommerce-double-shop.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * The exactly-once machinery's less common paths (issue 34), each a defect a shop would meet, against
 * the WooCommerce double over real HTTP with the push worker in the server's process. A grace period
 * of 3 s leaves time to change the shop while an entry's outcome is unknown.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'RARE-1', '3.00', 500);
  await connect(server, double, { ...FAST_SETTINGS, grace_seconds: 3 });
});

const orderPosts = (): number => double.requests.filter((r) => r.method === 'POST' && r.route === 'orders').length;

/** A sale whose order WooCommerce made but whose answer was lost: its entry waits out the grace period, outcome unknown. */
async function saleWithLostAnswer(): Promise<{ orderId: number; lineId: number; uuid: string; made: DoubleOrder }> {
  double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'drop_after_commit' } });
  const sale = await till.sell(product.local, 1);
  const entry = await waitFor('the outcome to be unknown', () =>
    entryOf(server, sale.orderId).state === 'unknown' ? entryOf(server, sale.orderId) : undefined,
  );
  const [made] = ordersOf(double, entry.uuid);
  expect(made).toBeDefined();
  return { ...sale, uuid: entry.uuid, made: made as DoubleOrder };
}

describe('after a lost answer', () => {
  it.each(['checkout-draft', 'cancelled'])('does not take a %s order of the sale for the sale, and sends it again', async (status) => {
    const sale = await saleWithLostAnswer();
    double.shop.setStatus(sale.made, status);
    const entry = await syncedEntry(server, sale.orderId);
    const live = liveOrdersOf(double, sale.uuid);
    expect(live.map((o) => o.id)).toEqual([entry.woo_id]);
    expect(entry.woo_id).not.toBe(sale.made.id);
    expect(ordersOf(double, sale.uuid)).toHaveLength(2);
  });

  it('looks the sale up again, never sends it blind, when the look-up could not reach the shop', async () => {
    const posts = orderPosts();
    const sale = await saleWithLostAnswer();
    await double.goOffline();
    // The look-up after the grace period finds the shop unreachable.
    await waitFor('the look-up to fail', () => (connectionOf(server)?.online === false ? true : undefined));
    const state = await waitFor('the entry to be out of a pass', () => {
      const current = entryOf(server, sale.orderId).state;
      return current === 'sending' ? undefined : current;
    });
    expect(state).toBe('unknown');
    await double.comeOnline();
    const entry = await syncedEntry(server, sale.orderId);
    expect(entry.woo_id).toBe(sale.made.id);
    expect(orderPosts() - posts).toBe(1);
    expect(ordersOf(double, sale.uuid).map((o) => o.id)).toEqual([sale.made.id]);
  });

  it('holds a refund back until its sale is found, then sends it to the order found', async () => {
    const sale = await saleWithLostAnswer();
    await till.call('cashier', 'POST', `/orders/${sale.orderId}/refunds`, { api_restock: false, line_items: [{ id: sale.lineId, quantity: 1 }] });
    const refund = await waitFor('the refund to settle', () => {
      const current = entryOf(server, sale.orderId, 'refund');
      return ['synced', 'rejected'].includes(current.state) ? current : undefined;
    });
    expect([refund.state, refund.last_error_code, refund.attempts]).toEqual(['synced', null, 1]);
    expect(entryOf(server, sale.orderId).woo_id).toBe(sale.made.id);
    expect([...double.shop.refunds.values()].filter((r) => r.parent_id === sale.made.id).map((r) => r.id)).toEqual([refund.woo_id]);
  });
});

describe('the duplicate sweep', () => {
  it('keeps the copy the till recorded, not the oldest, and cancels the other', async () => {
    await double.goOffline();
    const sale = await till.sell(product.local, 1);
    const uuid = entryOf(server, sale.orderId).uuid;
    // A copy of the sale already in the shop, made before the till's own (a request carried out after the till gave up on it).
    const older = double.shop.createOrder({
      status: 'completed',
      created_via: 'tillbase',
      line_items: [{ product_id: product.woo, quantity: 1, subtotal: '3.00', total: '3.00' }],
      meta_data: [{ key: '_tillbase_uuid', value: uuid }],
    });
    await double.comeOnline();
    const entry = await waitFor('the copy to be swept', () => {
      const current = entryOf(server, sale.orderId);
      return current.duplicates_cancelled.length > 0 ? current : undefined;
    });
    expect(entry.woo_id).not.toBe(older.id);
    expect(entry.duplicates_cancelled).toEqual([older.id]);
    expect(liveOrdersOf(double, uuid).map((o) => o.id)).toEqual([entry.woo_id]);
    expect(double.shop.order(older.id).status).toBe('cancelled');
  });
});

describe('a pulled variation sold at the till', () => {
  it('goes up as its product and its variation, each in its place, and takes the variation’s stock', async () => {
    const shirt = double.catalogue.createProduct({
      name: 'Shirt',
      type: 'variable',
      sku: 'RARE-SHIRT',
      attributes: [{ name: 'Size', variation: true, options: ['S'] }],
    });
    const small = double.catalogue.createProduct(
      { sku: 'RARE-SHIRT-S', regular_price: '20.00', manage_stock: true, stock_quantity: 10, attributes: [{ name: 'Size', option: 'S' }] },
      shirt.id,
    );
    await pullOnce(server, double, 'full');
    // The till has products of its own, so the pulled ones take other ids there: found by SKU.
    const [localShirt] = await till.call<Array<{ id: number }>>('manager', 'GET', '/products?sku=RARE-SHIRT');
    const [localSmall] = await till.call<Array<{ id: number; sku: string }>>('manager', 'GET', `/products/${localShirt?.id ?? 0}/variations`);
    expect(localSmall?.sku).toBe('RARE-SHIRT-S');
    const order = await till.call<{ id: number; total: string }>('cashier', 'POST', '/orders', {
      line_items: [{ product_id: localShirt?.id, variation_id: localSmall?.id, quantity: 2 }],
    });
    await till.call(
      'cashier',
      'POST',
      `/orders/${order.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
      { 'Idempotency-Key': `pay-${order.id}` },
    );
    const entry = await syncedEntry(server, order.id);
    const made = double.shop.order(entry.woo_id ?? 0);
    expect(made.line_items.map((l) => [l.product_id, l.variation_id, l.quantity])).toEqual([[shirt.id, small.id, 2]]);
    expect(double.shop.product(small.id).stock_quantity).toBe(8);
  });
});
