/**
 * The stock the till's own moves will make in WooCommerce (server/data/repositories/sync-unsent-stock.ts)
 * on a real SQLite file, without WooCommerce: real sales, refunds, stock counts and a parked sale make
 * the outbox's entries, the repository moves them through their states, and each product's figure is
 * read back in thousandths. test/sync/pull-unsent-stock.test.ts proves the pull's arithmetic end to end.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxSnapshot, UnsentStockMove } from '../../server/data/repositories/sync-unsent-stock.js';
import { connectPaused, paidSale, refundOf, withRepositories } from '../helpers/outbox-shop.js';
import { api } from '../helpers/server.js';
import { createOrder } from '../helpers/shop-data.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens } = useServer({ store: 'uk' }, ({ server }) => {
  connectPaused(server);
});

let made = 0;
/** A product of its own for each test, counted in stock, so that no other test's moves are in its figure. */
function product(kind: 'simple' | 'variation' = 'simple'): { product: number; sold: number } {
  made += 1;
  return withRepositories(server, ({ products }) => {
    const fields = { regular_price: '2.00', manage_stock: true, stock_quantity: 100 };
    if (kind === 'simple') {
      const id = products.create({ type: 'simple', name: `Stocked ${made}`, sku: `STK-${made}`, ...fields }).id;
      return { product: id, sold: id };
    }
    const parent = products.create({ type: 'variable', name: `Varied ${made}`, sku: `VAR-${made}` }).id;
    const variation = products.create({
      type: 'variation',
      parent_id: parent,
      sku: `VAR-${made}-S`,
      ...fields,
      variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'S' }],
    }).id;
    return { product: parent, sold: variation };
  });
}

const snapshot = (): OutboxSnapshot => withRepositories(server, (r) => r.syncUnsentStock.snapshot());
const moveOf = (id: number, taken: OutboxSnapshot = snapshot()): UnsentStockMove | undefined =>
  withRepositories(server, (r) => r.syncUnsentStock.movesSince(taken).get(id));
const entriesOf = (orderId: number) => withRepositories(server, (r) => r.syncOutbox.ofOrders([orderId]));
const settle = (id: number, state: 'synced' | 'rejected' | 'handled' | 'unknown') => {
  withRepositories(server, (r) => {
    r.syncOutbox.settle(id, { state });
  });
};
const markSending = (id: number) => {
  withRepositories(server, (r) => {
    r.syncOutbox.markSending(id, '2026-11-29T10:00:00');
  });
};

describe('the snapshot before a read from WooCommerce', () => {
  it('holds the unsent entries, rejected included, and the newest id', async () => {
    const { sold } = product();
    const ids = [];
    for (let sale = 0; sale < 5; sale += 1) ids.push(entriesOf((await paidSale(server, tokens.cashier, sold)).orderId)[0]!.id);
    const [pending, sending, unknown, rejected, synced] = ids as [number, number, number, number, number];
    markSending(sending);
    settle(unknown, 'unknown');
    settle(rejected, 'rejected');
    settle(synced, 'synced');
    const taken = snapshot();
    expect(taken.unsentIds).toEqual(expect.arrayContaining([pending, sending, unknown, rejected]));
    expect(taken.unsentIds).not.toContain(synced);
    expect(taken.maxId).toBe(synced);
    settle(pending, 'handled');
    expect(snapshot().unsentIds).not.toContain(pending);
  });
});

describe("the till's moves not yet in WooCommerce", () => {
  it('a sale takes its quantity, a refund back on the shelf gives it back, one kept off the shelf gives nothing', async () => {
    const { sold } = product();
    const sale = await paidSale(server, tokens.cashier, sold, 3);
    expect(moveOf(sold)).toEqual({ milli: -3000, inDoubt: false });
    await refundOf(server, tokens.cashier, sale, 1, true);
    expect(moveOf(sold)).toEqual({ milli: -2000, inDoubt: false });
    await refundOf(server, tokens.cashier, sale, 1, false);
    expect(moveOf(sold)).toEqual({ milli: -2000, inDoubt: false });
  });

  it('names a variation by its own id', async () => {
    const { product: parent, sold } = product('variation');
    await paidSale(server, tokens.cashier, sold, 2);
    expect(moveOf(sold)).toEqual({ milli: -2000, inDoubt: false });
    expect(moveOf(parent)).toBeUndefined();
  });

  it('a stock count or delivery adds its change', async () => {
    const { sold } = product();
    const received = await api(server, 'POST', `/products/${sold}/stock`, { token: tokens.shop_manager, body: { adjust: 5, reason: 'received' } });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(moveOf(sold)).toEqual({ milli: 5000, inDoubt: false });
  });

  it('a product with nothing unsent is absent', async () => {
    const { sold } = product();
    expect(moveOf(sold)).toBeUndefined();
    const sale = await paidSale(server, tokens.cashier, sold);
    settle(entriesOf(sale.orderId)[0]!.id, 'synced');
    expect(moveOf(sold)).toBeUndefined();
  });

  it('an entry being sent or of unknown outcome counts, but WooCommerce may hold it already', async () => {
    const { sold } = product();
    const sale = entriesOf((await paidSale(server, tokens.cashier, sold)).orderId)[0]!.id;
    markSending(sale);
    expect(moveOf(sold)).toEqual({ milli: -1000, inDoubt: true });
    settle(sale, 'unknown');
    expect(moveOf(sold)).toEqual({ milli: -1000, inDoubt: true });
    settle(sale, 'rejected');
    expect(moveOf(sold)).toEqual({ milli: -1000, inDoubt: false });
  });

  it('settled since the snapshot: no longer counted, but in doubt; made and settled since it: the same', async () => {
    const { sold } = product();
    const watched = entriesOf((await paidSale(server, tokens.cashier, sold, 2)).orderId)[0]!.id;
    const taken = snapshot();
    settle(watched, 'synced');
    expect(moveOf(sold, taken)).toEqual({ milli: 0, inDoubt: true });
    expect(moveOf(sold)).toBeUndefined();

    const { sold: other } = product();
    const before = snapshot();
    const since = entriesOf((await paidSale(server, tokens.cashier, other)).orderId)[0]!.id;
    expect(since).toBeGreaterThan(before.maxId);
    settle(since, 'handled');
    expect(moveOf(other, before)).toEqual({ milli: 0, inDoubt: true });
    expect(moveOf(other)).toBeUndefined();
  });

  it('a parked sale holds its units until it is paid, and gives them back when it goes back to pending or is cancelled', async () => {
    const { sold } = product();
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: sold, quantity: 4 }] });
    expect(moveOf(sold)).toBeUndefined();
    const park = (status: string) => api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { status } });
    expect((await park('on-hold')).status).toBe(200);
    expect(moveOf(sold)).toEqual({ milli: -4000, inDoubt: false });
    expect((await park('pending')).status).toBe(200);
    expect(moveOf(sold)).toBeUndefined();
    expect((await park('on-hold')).status).toBe(200);
    expect(moveOf(sold)).toEqual({ milli: -4000, inDoubt: false });
    expect((await park('cancelled')).status).toBe(200);
    expect(moveOf(sold)).toBeUndefined();

    // Paid, the sale's entry takes the units: counted once.
    const { sold: paidLater } = product();
    const parked = await createOrder(server, tokens.cashier, { line_items: [{ product_id: paidLater, quantity: 2 }] });
    expect((await api(server, 'PATCH', `/orders/${parked.id}`, { token: tokens.cashier, body: { status: 'on-hold' } })).status).toBe(200);
    const paid = await api(server, 'POST', `/orders/${parked.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '10.00' } },
      headers: { 'Idempotency-Key': `unsent-stock-parked-${parked.id}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(moveOf(paidLater)).toEqual({ milli: -2000, inDoubt: false });
  });
});
