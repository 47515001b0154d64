import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { connect, entryOf, ordersOf, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { DoubleOrder, DoubleRefund } from '../helpers/woocommerce-double-shop.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * Returns without a receipt and exchanges reach WooCommerce exactly once (issue 23): the return order
 * goes up `pending` with its lines marked `_reduced_stock` when restocked, then its refund of the
 * whole amount (docs/woocommerce-observed.md §19), against the double, over real HTTP, with the push
 * worker in the server's process.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let dearer: { local: number; woo: number };

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'RETURN-1', '4.00', 100);
  dearer = await till.product(double, 'RETURN-2', '7.50', 100);
  // An exchange's credit pays only at the till and in the drawer session that took the goods back.
  const [register] = await till.call<Array<{ id: number }>>('cashier', 'GET', '/registers');
  await till.call('cashier', 'POST', `/registers/${register?.id ?? 0}/open`, { opening_float: '50.00' });
  await connect(server, double);
});

const wooStock = (p: { woo: number }): number | null => double.shop.product(p.woo).stock_quantity;
const refundsOf = (order: DoubleOrder): DoubleRefund[] => [...double.shop.refunds.values()].filter((r) => r.parent_id === order.id);
const metaOf = (meta: Array<{ key: string; value: unknown }>, key: string): unknown => meta.find((m) => m.key === key)?.value;

interface Returned {
  order_id: number;
  refund: { id: number; amount: string };
}
const takeBack = (quantity: number, options: { restock: boolean; to?: string; reason?: string; p?: { local: number } }): Promise<Returned> =>
  till.call<Returned>('cashier', 'POST', '/returns', {
    line_items: [{ product_id: (options.p ?? product).local, quantity }],
    refund_destination: options.to ?? 'pos_cash',
    restock: options.restock,
    reason: options.reason ?? '',
  });

/** The one live return order of a return in WooCommerce, with its one refund, once its entry is synced. */
async function arrived(returned: Returned): Promise<{ order: DoubleOrder; refund: DoubleRefund }> {
  const entry = await syncedEntry(server, returned.order_id, 'refund');
  const orders = ordersOf(double, entry.uuid);
  expect(orders.map((o) => o.status)).toEqual(['refunded']);
  const [order] = orders as [DoubleOrder];
  const refunds = refundsOf(order);
  expect(refunds.map((r) => r.id)).toEqual([entry.woo_id]);
  return { order, refund: refunds[0] as DoubleRefund };
}

describe('a return without a receipt', () => {
  it('goes back on the shelf in WooCommerce too: one refunded order, one refund of the whole amount, stock up by what came back', async () => {
    const before = wooStock(product) ?? 0;
    const returned = await takeBack(2, { restock: true, reason: 'wrong size' });
    expect(returned.refund.amount).toBe('8.00');
    const { order, refund } = await arrived(returned);
    expect([order.total, order.created_via, metaOf(order.meta_data, '_pos_return_without_receipt')]).toEqual(['8.00', 'tillbase', 'yes']);
    expect([refund.amount, refund.reason, refund.refunded_payment]).toEqual(['8.00', 'Return without a receipt: wrong size', false]);
    // The return order names the till it came from, as its refund and the till's sales do.
    expect(metaOf(order.meta_data, '_tillbase_till')).toMatch(/^[0-9a-f-]{36}$/);
    expect(metaOf(order.meta_data, '_tillbase_till')).toBe(metaOf(refund.meta_data, '_tillbase_till'));
    expect(order.line_items.map((l) => [l.product_id, l.quantity, metaOf(l.meta_data, '_reduced_stock')])).toEqual([[product.woo, 2, '0']]);
    expect(wooStock(product)).toBe(before + 2);
    expect(entryOf(server, returned.order_id, 'refund').totals_difference).toBeNull();
    // The Orders history's badge names the return order WooCommerce holds, as a sale's names its order.
    const [badge] = await till.call<Array<{ state: string; woo_id: number | null }>>('cashier', 'GET', `/sync/orders?include=${returned.order_id}`);
    expect([badge?.state, badge?.woo_id]).toEqual(['synced', order.id]);
  });

  it('leaves the stock alone when the goods do not go back on the shelf', async () => {
    const before = wooStock(product) ?? 0;
    const returned = await takeBack(3, { restock: false, to: 'pos_card' });
    const { order, refund } = await arrived(returned);
    expect([order.total, order.payment_method, refund.amount, refund.reason]).toEqual(['12.00', 'pos_card', '12.00', 'Return without a receipt']);
    expect(order.line_items.map((l) => metaOf(l.meta_data, '_reduced_stock'))).toEqual([undefined]);
    expect(wooStock(product)).toBe(before);
  });

  it('arrives once when the answer to its order was lost between the order and its refund', async () => {
    const before = wooStock(product) ?? 0;
    const posts = (): number => double.requests.filter((r) => r.method === 'POST' && r.route === 'orders').length;
    const postsBefore = posts();
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'drop_after_commit' } });
    const returned = await takeBack(1, { restock: true });
    const { refund } = await arrived(returned);
    expect(posts() - postsBefore).toBe(1);
    expect(refund.amount).toBe('4.00');
    expect(entryOf(server, returned.order_id, 'refund').attempts).toBe(2);
    expect(wooStock(product)).toBe(before + 1);
  });

  it('arrives once when the answer to its refund was lost', async () => {
    const before = wooStock(product) ?? 0;
    double.inject({ method: 'POST', route: /^orders\/\d+\/refunds$/, fault: { kind: 'drop_after_commit' } });
    const returned = await takeBack(2, { restock: true });
    await arrived(returned);
    expect(wooStock(product)).toBe(before + 2);
  });
});

describe('a return order made twice', () => {
  it('is cancelled by the sweep, as a sale made twice is, and the stock comes out right', async () => {
    // Held 3 s before it is carried out: the client gives up at 0.5 s, looks, finds nothing and makes the order again.
    double.inject({ method: 'POST', route: /^orders$/, fault: { kind: 'slow_commit', delayMs: 3000 } });
    const before = wooStock(product) ?? 0;
    const returned = await takeBack(1, { restock: true });
    const entry = await waitFor('the second return order to be cancelled', () => {
      const current = entryOf(server, returned.order_id, 'refund');
      return current.state === 'synced' && current.duplicates_cancelled.length === 1 ? current : undefined;
    });
    const orders = ordersOf(double, entry.uuid);
    expect(orders.map((o) => o.status).sort()).toEqual(['cancelled', 'refunded']);
    expect(entry.duplicates_cancelled).toEqual(orders.filter((o) => o.status === 'cancelled').map((o) => o.id));
    expect(orders.filter((o) => o.status === 'refunded').flatMap((o) => refundsOf(o).map((r) => r.id))).toEqual([entry.woo_id]);
    expect(wooStock(product)).toBe(before + 1);
  });
});

describe('an exchange', () => {
  it('arrives as the return order refunded to exchange credit and the new sale paid by that credit and cash', async () => {
    const [cheapBefore, dearBefore] = [wooStock(product) ?? 0, wooStock(dearer) ?? 0];
    const returned = await takeBack(1, { restock: true, to: 'pos_exchange_credit' });
    const sale = await till.call<{ id: number; total: string }>('cashier', 'POST', '/orders', { line_items: [{ product_id: dearer.local, quantity: 1 }] });
    const credited = await till.call<{ used: string }>('cashier', 'POST', `/orders/${sale.id}/exchange-credit`, { return_order_id: returned.order_id });
    expect(credited.used).toBe('4.00');
    await till.call(
      'cashier',
      'POST',
      `/orders/${sale.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: '3.50' } },
      { 'Idempotency-Key': `exchange-${sale.id}` },
    );

    const { order: returnOrder, refund } = await arrived(returned);
    expect([returnOrder.payment_method, returnOrder.total, refund.amount]).toEqual(['pos_exchange_credit', '4.00', '4.00']);
    const saleEntry = await syncedEntry(server, sale.id);
    const sold = ordersOf(double, saleEntry.uuid);
    expect(sold.map((o) => [o.id, o.status, o.total, o.payment_method, o.payment_method_title])).toEqual([
      [saleEntry.woo_id, 'completed', '7.50', 'pos_exchange_credit', 'Exchange credit + Cash'],
    ]);
    const tenders = JSON.parse(String(metaOf(sold[0]?.meta_data ?? [], '_tillbase_tenders'))) as Array<{ gateway_id: string; amount: string }>;
    expect(tenders.map((t) => [t.gateway_id, t.amount])).toEqual([
      ['pos_exchange_credit', '4.00'],
      ['pos_cash', '3.50'],
    ]);
    expect(refundsOf(sold[0] as DoubleOrder)).toEqual([]);
    expect([wooStock(product), wooStock(dearer)]).toEqual([cheapBefore + 1, dearBefore - 1]);
  });
});

describe('sync verify', () => {
  it('finds each return as a refund of its return order, and the exchange as a sale', async () => {
    const proof = await till.call<{ ok: boolean; registers: Array<{ sales: object; refunds: object }>; lines: string[] }>('manager', 'POST', '/sync/verify');
    expect(proof.registers.map((r) => [r.sales, r.refunds])).toEqual([
      [
        { expected: 1, found: 1 },
        { expected: 6, found: 6 },
      ],
    ]);
    expect(proof.ok).toBe(true);
  });
});
