import { describe, expect, it } from 'vitest';
import { api, login, type TestServer } from '../helpers/server.js';
import { connect, entryOf, syncedEntry, Till, uuidOf, useSyncServer } from '../helpers/sync.js';
import { pausePushes, pullOnce, resumePushes, sharedProduct } from '../helpers/sync-pull.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * What the shop withdraws is not sold after the pull that learns it (issue 32, item 1), and a sale
 * of a product deleted since it was made goes up with its line by name, SKU and price, its badge
 * saying so (a real WooCommerce makes such a line without a product, docs/woocommerce-observed.md §15.2).
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let cashier: string;
const products: Record<'drafted' | 'gone' | 'kept', { local: number; woo: number }> = {
  drafted: { local: 0, woo: 0 },
  gone: { local: 0, woo: 0 },
  kept: { local: 0, woo: 0 },
};

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  cashier = (await login(server, 'cashier')).access_token;
  products.drafted = await sharedProduct(till, double, 'DRAFTED-1', '3.00', 10);
  products.gone = await sharedProduct(till, double, 'GONE-1', '4.50', 10);
  products.kept = await sharedProduct(till, double, 'KEPT-1', '2.00', 10);
  await connect(server, double);
  await pullOnce(server, double, 'full');
});

const lineOf = (product: number) => api(server, 'POST', '/orders', { token: cashier, body: { line_items: [{ product_id: product }] } });

describe('a product the shop withdrew', () => {
  it('is not sold after the pull that learns it is a draft, and is sold again once it is published', async () => {
    const product = products.drafted;
    expect((await lineOf(product.local)).status).toBe(201);
    double.catalogue.updateProduct(product.woo, { status: 'draft' });
    await pullOnce(server, double);
    const refused = await lineOf(product.local);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`Product ${product.local} (Item DRAFTED-1) is not for sale: withdrawn in WooCommerce: draft.`);
    double.catalogue.updateProduct(product.woo, { status: 'publish' });
    await pullOnce(server, double);
    expect((await lineOf(product.local)).status).toBe(201);
  });

  it('deleted after a sale of it was made: the sale goes up with its line by name, SKU and price, and its badge says so', async () => {
    const { gone, kept } = products;
    pausePushes(server);
    const order = await till.call<{ id: number; total: string }>('cashier', 'POST', '/orders', {
      line_items: [
        { product_id: gone.local, quantity: 2 },
        { product_id: kept.local, quantity: 1 },
      ],
    });
    await till.call(
      'cashier',
      'POST',
      `/orders/${order.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
      { 'Idempotency-Key': `pay-${order.id}` },
    );
    double.shop.deleteProduct(gone.woo);
    await pullOnce(server, double, 'full');
    expect((await lineOf(gone.local)).body).toMatchObject({ code: 'woocommerce_rest_invalid_product_id' });

    resumePushes(server);
    const entry = await syncedEntry(server, order.id);
    const made = double.shop.orders.get(entry.woo_id ?? 0);
    expect(uuidOf(made!)).toBe(entryOf(server, order.id).uuid);
    const [byName, named] = made!.line_items;
    expect(byName).toMatchObject({ product_id: 0, name: 'Item GONE-1', quantity: 2, total: '9.00' });
    expect(byName!.meta_data).toContainEqual(expect.objectContaining({ key: '_tillbase_sku', value: 'GONE-1' }));
    expect(named).toMatchObject({ product_id: kept.woo, quantity: 1 });

    const [badge] = await till.call<Array<{ state: string; reason: { code: string; message: string } | null }>>(
      'cashier',
      'GET',
      `/sync/orders?include=${order.id}`,
    );
    expect(badge).toMatchObject({ state: 'synced', reason: { code: 'tillbase_lines_by_name' } });
    expect(badge!.reason!.message).toContain('Item GONE-1 (SKU GONE-1)');
    expect(badge!.reason!.message).not.toContain('KEPT-1');
  });
});
