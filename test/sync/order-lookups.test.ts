import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGmtMillis } from '../../server/model/dates.js';
import { WooCommerceClient } from '../../server/sync/shop/client.js';
import { CREATED_VIA, META } from '../../server/sync/shop/our-orders.js';
import { OrderLookups } from '../../server/sync/push/lookup.js';
import { startWooCommerceDouble, type WooCommerceDouble } from '../helpers/woocommerce-double.js';

/**
 * The order lookups of one push pass share a listing of the till's orders (issue 32), but never one
 * read before an entry's grace ended: an order a lost request made late must be seen.
 */
let double: WooCommerceDouble;
let client: WooCommerceClient;

beforeAll(async () => {
  double = await startWooCommerceDouble();
  client = new WooCommerceClient({ url: double.url, consumerKey: double.key.consumerKey, consumerSecret: double.key.consumerSecret });
});
afterAll(async () => {
  await double.close();
});

const orderOf = (uuid: string) => ({ created_via: CREATED_VIA, status: 'processing', meta_data: [{ key: META.uuid, value: uuid }], line_items: [] });
const listings = (from: number): number => double.requests.slice(from).filter((r) => r.method === 'GET' && r.route === 'orders').length;

describe('order lookups of one pass', () => {
  it('read the shop once for the entries whose grace had ended, and again for one whose grace ended later', async () => {
    const created = toGmtMillis(new Date(Date.now() - 60_000));
    const graceOver = toGmtMillis(new Date(Date.now() - 1_000));
    expect((await client.post('orders', orderOf('made-1'))).kind).toBe('ok');
    const lookups = new OrderLookups(client);
    const from = double.requests.length;

    expect(await lookups.order({ uuid: 'made-1', date_created_gmt: created, next_attempt_gmt: graceOver })).toMatchObject({ kind: 'found' });
    expect(await lookups.order({ uuid: 'absent-1', date_created_gmt: created, next_attempt_gmt: graceOver })).toEqual({ kind: 'absent' });
    expect(listings(from)).toBe(1);

    // A request whose answer was lost makes its order after the listing; its entry's grace ends after the listing too.
    expect((await client.post('orders', orderOf('late-1'))).kind).toBe('ok');
    const laterGrace = toGmtMillis(new Date());
    expect(await lookups.order({ uuid: 'late-1', date_created_gmt: created, next_attempt_gmt: laterGrace })).toMatchObject({ kind: 'found' });
    expect(listings(from)).toBe(2);
  });

  it('read the shop again for an entry older than the window listed', async () => {
    const lookups = new OrderLookups(client);
    const graceOver = toGmtMillis(new Date(Date.now() - 1_000));
    const from = double.requests.length;
    await lookups.order({ uuid: 'x', date_created_gmt: toGmtMillis(new Date(Date.now() - 60_000)), next_attempt_gmt: graceOver });
    await lookups.order({ uuid: 'y', date_created_gmt: toGmtMillis(new Date(Date.now() - 3_600_000)), next_attempt_gmt: graceOver });
    expect(listings(from)).toBe(2);
    // A later one is within the window now held.
    await lookups.order({ uuid: 'z', date_created_gmt: toGmtMillis(new Date(Date.now() - 120_000)), next_attempt_gmt: graceOver });
    expect(listings(from)).toBe(2);
  });

  it('read the shop for an entry with no grace recorded', async () => {
    const lookups = new OrderLookups(client);
    const created = toGmtMillis(new Date(Date.now() - 60_000));
    const from = double.requests.length;
    await lookups.order({ uuid: 'a', date_created_gmt: created, next_attempt_gmt: null });
    await lookups.order({ uuid: 'b', date_created_gmt: created, next_attempt_gmt: null });
    expect(listings(from)).toBe(2);
  });
});
