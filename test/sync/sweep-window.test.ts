import { describe, expect, it } from 'vitest';
import { SyncOutboxRepository } from '../../server/data/repositories/sync-outbox.js';
import { withDb, type TestServer } from '../helpers/server.js';
import { connect, syncedEntry, Till, useSyncServer, waitFor } from '../helpers/sync.js';
import type { WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * The duplicate sweep (issue 23, item 4) reads only the orders made around the sales synced since the
 * last sweep, not every order the tills made since the connection: a shop with a long history is not
 * read again every `sweep_minutes`.
 */
let double: WooCommerceDouble;
let server: TestServer;
let till: Till;
let product: { local: number; woo: number };
const OLD_ORDERS = 250;
const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString().slice(0, 19);

useSyncServer({}, async (fixture) => {
  ({ double, server, till } = fixture);
  product = await till.product(double, 'SWEEP-1', '2.00', 1000);
  // Two hours of sales by the tills, more than two pages of WooCommerce's list.
  for (let i = 0; i < OLD_ORDERS; i++) {
    const order = double.shop.createOrder({
      status: 'completed',
      created_via: 'tillbase',
      billing: { first_name: 'Old', email: 'old@example.test' },
      line_items: [{ product_id: product.woo, quantity: 1, subtotal: '2.00', total: '2.00' }],
      meta_data: [{ key: '_tillbase_uuid', value: `old-sale-${i}` }],
    });
    order.date_created_gmt = twoHoursAgo;
  }
  await connect(server, double);
});

const sweepReads = (from: number) => double.requests.slice(from).filter((r) => r.method === 'GET' && r.route === 'orders');
const lastSweep = (): string | undefined => withDb(server, (db) => new SyncOutboxRepository(db).lastSweep());
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the duplicate sweep', () => {
  it('reads no orders while nothing was synced since the last sweep', async () => {
    await sleep(3000); // sweep_minutes 0.02: two sweeps at least
    expect(sweepReads(0)).toEqual([]);
    expect(lastSweep()).toBeUndefined();
  });

  it('reads only the window around the sales synced since, one page, however long the history', async () => {
    const from = double.requests.length;
    const sale = await till.sell(product.local, 1);
    const entry = await syncedEntry(server, sale.orderId);
    const reads = await waitFor('two sweeps after the sale', () => (sweepReads(from).length >= 2 ? sweepReads(from) : undefined));
    for (const read of reads) {
      expect(read.query.get('created_via')).toBe('tillbase');
      expect(read.query.get('page')).toBe('1'); // the old orders are outside the window: one page each time
      expect(read.query.get('after')! < entry.date_created_gmt).toBe(true);
      expect(read.query.get('after')! > twoHoursAgo).toBe(true);
      expect(read.query.get('before')! > entry.date_created_gmt).toBe(true);
    }
    expect(double.shop.orders.size).toBe(OLD_ORDERS + 1);
    expect(lastSweep()! >= entry.date_synced_gmt!).toBe(true);
  });
});
