import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.js';
import { connect, entryOf, outboxEntries, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import { pausePushes, pullOnce, resumePushes, sharedProduct } from '../helpers/sync-pull.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * A pull brings WooCommerce's stock_quantity, an absolute figure that holds none of what the till
 * has not sent yet (issue 23, item 8): the till keeps WooCommerce's figure plus its unsent moves.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
let parkedProduct: { local: number; woo: number };

const stockOf = async (local: number): Promise<number> => (await till.call<{ stock_quantity: number }>('manager', 'GET', `/products/${local}`)).stock_quantity;
const tillStock = (): Promise<number> => stockOf(product.local);

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await sharedProduct(till, double, 'UNSENT-1', '2.00', 10);
  parkedProduct = await sharedProduct(till, double, 'PARKED-1', '2.00', 10);
  await connect(server, double);
  await pullOnce(server, double, 'full'); // matches the product by SKU
});

describe('stock pulled while sales are unsent', () => {
  it("is WooCommerce's figure less the unsent sale, and stays right once the sale is pushed", async () => {
    pausePushes(server);
    const sale = await till.sell(product.local, 3);
    expect(entryOf(server, sale.orderId).state).toBe('pending');
    double.catalogue.updateProduct(product.woo, { stock_quantity: 20 }); // a manager counts the shop's stock in WooCommerce
    await pullOnce(server, double);
    expect(await tillStock()).toBe(17);

    resumePushes(server);
    await syncedEntry(server, sale.orderId);
    expect(double.shop.product(product.woo).stock_quantity).toBe(17);
    await pullOnce(server, double);
    expect(await tillStock()).toBe(17);
  });

  it('keeps an unsent restocking refund and a stock adjustment on top of the pulled figure', async () => {
    const sale = await till.sell(product.local, 2);
    await syncedEntry(server, sale.orderId);
    pausePushes(server);
    await till.call('cashier', 'POST', `/orders/${sale.orderId}/refunds`, { api_restock: true, line_items: [{ id: sale.lineId, quantity: 1 }] });
    await till.call('manager', 'POST', `/products/${product.local}/stock`, { adjust: 5, reason: 'received' });
    double.catalogue.updateProduct(product.woo, { stock_quantity: 30 });
    await pullOnce(server, double);
    expect(await tillStock()).toBe(36);

    resumePushes(server);
    await waitFor('the refund and the adjustment to go up', () => (outboxEntries(server).every((e) => e.state === 'synced') ? true : undefined));
    expect(double.shop.product(product.woo).stock_quantity).toBe(36);
    await pullOnce(server, double);
    expect(await tillStock()).toBe(36);
  });

  it('keeps an unsent restocking return without a receipt on top of the pulled figure, and not one that stays off the shelf', async () => {
    pausePushes(server);
    const giveBack = (quantity: number, restock: boolean) =>
      till.call('cashier', 'POST', '/returns', { line_items: [{ product_id: product.local, quantity }], refund_destination: 'pos_cash', restock });
    await giveBack(2, true);
    await giveBack(1, false);
    double.catalogue.updateProduct(product.woo, { stock_quantity: 40 });
    await pullOnce(server, double);
    expect(await tillStock()).toBe(42);

    resumePushes(server);
    await waitFor('the returns to go up', () => (outboxEntries(server).every((e) => e.state === 'synced') ? true : undefined));
    expect(double.shop.product(product.woo).stock_quantity).toBe(42);
    await pullOnce(server, double);
    expect(await tillStock()).toBe(42);
  });

  it('reads a product again when a push landed while its page was being read', async () => {
    // Counted in WooCommerce an hour ago; another product changed since, so an incremental pull no longer lists this one.
    double.catalogue.updateProduct(product.woo, { stock_quantity: 50 }).date_modified_gmt = new Date(Date.now() - 3600_000).toISOString().slice(0, 19);
    double.catalogue.createProduct({ name: 'Item UNSENT-2', sku: 'UNSENT-2', regular_price: '1.00', manage_stock: true, stock_quantity: 1 });
    pausePushes(server);
    const sale = await till.sell(product.local, 2);
    // WooCommerce reads the list at once and answers it late: the sale goes up in between.
    double.inject({ method: 'GET', route: /^products$/, fault: { kind: 'slow_reply', delayMs: 3000 } });
    const requestsBefore = double.requests.length;
    const pulling = pullOnce(server, double, 'full');
    await waitFor('the pull to read the products', () =>
      double.requests.slice(requestsBefore).some((r) => r.method === 'GET' && r.route === 'products') ? true : undefined,
    );
    resumePushes(server);
    await syncedEntry(server, sale.orderId);
    expect(double.shop.product(product.woo).stock_quantity).toBe(48);
    await pulling;
    // WooCommerce's figure predates the sale, or holds it: the till cannot tell, so the next pull reads the product again.
    await pullOnce(server, double);
    expect(await tillStock()).toBe(48);
  });

  it('keeps what a parked order holds on top of the pulled figure, and counts it once when the order is paid', async () => {
    const order = await till.call<{ id: number; total: string }>('cashier', 'POST', '/orders', {
      line_items: [{ product_id: parkedProduct.local, quantity: 3 }],
    });
    await till.call('cashier', 'PATCH', `/orders/${order.id}`, { status: 'on-hold' }); // parked: its stock is taken, nothing goes up yet
    expect(await stockOf(parkedProduct.local)).toBe(7);
    expect(outboxEntries(server).some((e) => e.order_id === order.id)).toBe(false);
    double.catalogue.updateProduct(parkedProduct.woo, { stock_quantity: 20 });
    await pullOnce(server, double);
    expect(await stockOf(parkedProduct.local)).toBe(17);

    // Paid while the pushes wait: the sale's entry now holds the 3, the parked order no longer does.
    pausePushes(server);
    await till.call(
      'cashier',
      'POST',
      `/orders/${order.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
      { 'Idempotency-Key': `pay-${order.id}` },
    );
    expect(entryOf(server, order.id).state).toBe('pending');
    await pullOnce(server, double);
    expect(await stockOf(parkedProduct.local)).toBe(17);

    resumePushes(server);
    await syncedEntry(server, order.id);
    expect(double.shop.product(parkedProduct.woo).stock_quantity).toBe(17);
    await pullOnce(server, double);
    expect(await stockOf(parkedProduct.local)).toBe(17);
  });
});
