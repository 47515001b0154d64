import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { syncedEntry, Till } from '../helpers/sync.js';

/**
 * Returns without a receipt and an exchange pushed to a real WooCommerce (TILLBASE_TEST_WOOCOMMERCE,
 * _KEY, _SECRET): each return must end as one `refunded` order with one refund of the whole amount,
 * the stock up by what went back on the shelf and unchanged otherwise (docs/woocommerce-observed.md
 * §19); the exchange's sale as one completed order paid by exchange credit and cash. It makes two
 * products and orders: a test shop only.
 */
const url = process.env.TILLBASE_TEST_WOOCOMMERCE;
const key = process.env.TILLBASE_TEST_WOOCOMMERCE_KEY;
const secret = process.env.TILLBASE_TEST_WOOCOMMERCE_SECRET;

interface WooOrder {
  id: number;
  status: string;
  total: string;
  payment_method: string;
  payment_method_title: string;
  line_items: Array<{ quantity: number; meta_data: Array<{ key: string; value: unknown }> }>;
  meta_data: Array<{ key: string; value: unknown }>;
}
interface WooRefund {
  id: number;
  amount: string;
  reason: string;
  meta_data: Array<{ key: string; value: unknown }>;
}

describe.skipIf(!url || !key || !secret)('returns and an exchange pushed to a real WooCommerce', () => {
  let server: TestServer;
  let client: WooCommerceClient;
  beforeAll(async () => {
    server = await startTestServer({ secretStore: 'file' });
    client = new WooCommerceClient({ url: url ?? '', consumerKey: key ?? '', consumerSecret: secret ?? '' });
  });
  afterAll(async () => server.close());

  const read = async <T>(path: string): Promise<T> => {
    const outcome = await client.get(path);
    if (outcome.kind !== 'ok') throw new Error(`${path}: ${JSON.stringify(outcome)}`);
    return outcome.body as T;
  };
  const stockOf = async (id: number): Promise<number> => (await read<{ stock_quantity: number }>(`products/${id}`)).stock_quantity;
  /** Our orders carrying the uuid, and the refunds of each. */
  const arrived = async (uuid: string): Promise<Array<{ order: WooOrder; refunds: WooRefund[] }>> => {
    const { records } = await client.getAll('orders', {
      created_via: 'tillbase',
      after: new Date(Date.now() - 25 * 60_000).toISOString().slice(0, 19),
      dates_are_gmt: 'true',
    });
    const orders = (records as WooOrder[]).filter((o) => o.meta_data.some((m) => m.key === '_tillbase_uuid' && m.value === uuid));
    return Promise.all(orders.map(async (order) => ({ order, refunds: await read<WooRefund[]>(`orders/${order.id}/refunds`) })));
  };

  it('ends each return as one refunded order with one refund, the stock right, and the exchange as one sale', async () => {
    const till = await Till.open(server);
    const tag = Date.now();
    const products = [];
    for (const [sku, price] of [
      [`TB-RETURN-${tag}`, '4.00'],
      [`TB-EXCHANGE-${tag}`, '7.50'],
    ] as const) {
      const made = await client.post('products', { name: `Return ${sku}`, sku, regular_price: price, manage_stock: true, stock_quantity: 100 });
      if (made.kind !== 'ok') throw new Error(`product: ${JSON.stringify(made)}`);
      const body = { name: `Return ${sku}`, sku, regular_price: price, manage_stock: true, stock_quantity: 100 };
      products.push({ woo: (made.body as { id: number }).id, local: (await till.call<{ id: number }>('manager', 'POST', '/products', body)).id });
    }
    const [returned, dearer] = products as [{ woo: number; local: number }, { woo: number; local: number }];
    const [register] = await till.call<Array<{ id: number }>>('cashier', 'GET', '/registers');
    await till.call('cashier', 'POST', `/registers/${register?.id ?? 0}/open`, { opening_float: '50.00' });
    await (await openFileSecretStore(server.dataDir)).set(CONSUMER_SECRET_ACCOUNT, secret ?? '');
    withDb(server, (db) => new SyncConnectionRepository(db).connect(url ?? '', key ?? '', { grace_seconds: 5, request_timeout_seconds: 30, sweep_minutes: 1 }));

    const takeBack = (quantity: number, restock: boolean, to = 'pos_cash') =>
      till.call<{ order_id: number; refund: { amount: string } }>('cashier', 'POST', '/returns', {
        line_items: [{ product_id: returned.local, quantity }],
        refund_destination: to,
        restock,
        reason: 'real shop',
      });
    const restocked = await takeBack(2, true);
    const offShelf = await takeBack(1, false, 'pos_card');
    const credit = await takeBack(1, true, 'pos_exchange_credit');
    const sale = await till.call<{ id: number }>('cashier', 'POST', '/orders', { line_items: [{ product_id: dearer.local, quantity: 1 }] });
    await till.call('cashier', 'POST', `/orders/${sale.id}/exchange-credit`, { return_order_id: credit.order_id });
    await till.call(
      'cashier',
      'POST',
      `/orders/${sale.id}/checkout`,
      { gateway_id: 'pos_cash', payment_data: { amount_tendered: '3.50' } },
      { 'Idempotency-Key': `real-exchange-${tag}` },
    );

    const figures: string[] = [];
    for (const [name, taken, restock] of [
      ['restocked return of 2', restocked, true],
      ['return of 1 kept off the shelf', offShelf, false],
      ['exchange return of 1', credit, true],
    ] as const) {
      const entry = await syncedEntry(server, taken.order_id, 'refund');
      const found = await arrived(entry.uuid);
      const [{ order, refunds }] = found as [{ order: WooOrder; refunds: WooRefund[] }];
      figures.push(
        `${name}: ${found.length} order #${order.id} ${order.status} total ${order.total} via ${order.payment_method}; ${refunds.length} refund ${refunds.map((r) => `#${r.id} ${r.amount} "${r.reason}"`).join(', ')}; line _reduced_stock ${String(order.line_items[0]?.meta_data.find((m) => m.key === '_reduced_stock')?.value)} (restock ${restock})`,
      );
      expect(found).toHaveLength(1);
      expect([order.status, order.total, refunds.map((r) => [r.amount, r.reason])]).toEqual([
        'refunded',
        taken.refund.amount,
        [[taken.refund.amount, 'Return without a receipt: real shop']],
      ]);
    }
    const saleEntry = await syncedEntry(server, sale.id);
    const sold = await arrived(saleEntry.uuid);
    figures.push(
      `exchange sale: ${sold.length} order ${sold.map(({ order }) => `#${order.id} ${order.status} total ${order.total} "${order.payment_method_title}" (${order.payment_method}), ${order.meta_data.find((m) => m.key === '_tillbase_tenders')?.value as string}`).join(', ')}`,
    );
    const stocks = [await stockOf(returned.woo), await stockOf(dearer.woo)];
    figures.push(`stock: returned product ${stocks[0]} (expected 103), exchanged-for product ${stocks[1]} (expected 99)`);
    const proof = await till.call<{ ok: boolean; lines: string[] }>('manager', 'POST', '/sync/verify');
    figures.push(...proof.lines.map((line) => `verify: ${line}`));
    console.info(`real WooCommerce:\n  ${figures.join('\n  ')}`);
    expect(sold.map(({ order }) => [order.status, order.total, order.payment_method, order.payment_method_title])).toEqual([
      ['completed', '7.50', 'pos_exchange_credit', 'Exchange credit + Cash'],
    ]);
    expect(stocks).toEqual([103, 99]);
  }, 300_000);
});
