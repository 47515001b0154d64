import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatusAnswer } from '../../shared/resources/sync.js';
import { SALE_COPIES_HEADER } from '../../server/http/routers/checkout.js';
import { api, login, startTestServer } from '../helpers/server.js';
import { seedCatalogue, setStore, UK_STORE } from '../helpers/shop-data.js';
import { closeTills, restartTill, sellCoffee, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';
import { waitFor } from '../helpers/sync.js';

/*
 * Two copies before the receipt: a sale's answer waits (at most 300 ms) for a paired till to hold
 * it, and a sale no peer holds counts as "on this till only" in the status until one does.
 */

async function statusAt(till: TestTill): Promise<SyncStatusAnswer> {
  const response = await api<SyncStatusAnswer>(till.server, 'GET', '/sync/status', { token: till.cashier });
  expect(response.status).toBe(200);
  return response.body;
}

describe('two copies before the receipt', () => {
  let a: TestTill;
  let b: TestTill;
  let tills: TestTill[] = [];

  beforeAll(async () => {
    ({ tills } = await startTills(['Till A', 'Till B']));
    [a, b] = tills as [TestTill, TestTill];
    // A first sale, held by B: both links have carried a batch and a checkpoint.
    await sellCoffee(a);
    await heldByB();
  }, 60_000);

  /** Waits until B holds every sale of A (A's status counts none on A only). */
  const heldByB = () => waitFor('every sale of A held by B', async () => ((await statusAt(a)).single_copy?.sales === 0 ? true : undefined), 20_000);

  /**
   * A sale at A whose answer says B holds it. The wait is 300 ms: on a loaded machine a sale may
   * pass it and be answered "this till only" (by design), so up to three are tried, and one that
   * is answered so must have waited the 300 ms.
   */
  const sellHeldByB = async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const sale = await sellCoffee(a);
      if (sale.copies === 'this-till-and-a-peer') return sale;
      expect(sale.copies).toBe('this-till-only');
      expect(sale.checkoutMs).toBeGreaterThanOrEqual(300);
      await heldByB();
    }
    throw new Error('three sales at A answered before B held them');
  };

  afterAll(async () => {
    await closeTills(tills);
  });

  it('answers a sale once the other till holds it, and the status counts nothing on this till only', async () => {
    await sellHeldByB();
    const status = await statusAt(a);
    expect(status.single_copy).toEqual({ sales: 0, sales_amount: '0.00', oldest_gmt: null });
    expect(status.peers.map(({ id, name, reachable }) => ({ id, name, reachable }))).toEqual([{ id: b.id, name: 'Till B', reachable: true }]);
  });

  it('with its peer gone, answers at once and counts the sale as on this till only, until the peer is back and holds it', async () => {
    await stopTill(b);
    await waitFor('B unreachable from A', async () => ((await statusAt(a)).peers.every((peer) => !peer.reachable) ? true : undefined), 15_000);
    const alone = await sellCoffee(a);
    expect(alone.copies).toBe('this-till-only');
    const status = await statusAt(a);
    expect(status.single_copy?.sales).toBe(1);
    expect(status.single_copy?.sales_amount).toBe(alone.total);
    expect(status.single_copy?.oldest_gmt).not.toBeNull();
    expect(status.peers.map((peer) => peer.reachable)).toEqual([false]);
    // The X report of the register says so too, and its printed form has the section.
    expect((await api(a.server, 'POST', '/registers/1/open', { token: a.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
    const manager = (await login(a.server, 'shop_manager')).access_token;
    const report = await api<{ single_copy?: { sales: number; sales_amount: string } }>(a.server, 'GET', '/registers/1/session', { token: manager });
    expect(report.body.single_copy).toEqual({ sales: 1, sales_amount: alone.total });
    const printed = await api<string>(a.server, 'GET', '/registers/1/session?format=text', { token: manager });
    expect(printed.body).toMatch(/ON THIS TILL ONLY\n.*Sales \(1\) +\S*\d/);

    await restartTill(b);
    await heldByB();
    expect((await api(a.server, 'GET', '/registers/1/session', { token: manager })).body.single_copy).toEqual({ sales: 0, sales_amount: '0.00' });
    expect((await api<string>(a.server, 'GET', '/registers/1/session?format=text', { token: manager })).body).not.toContain('ON THIS TILL ONLY');
    // Held: the next sale is answered with its second copy again.
    await sellHeldByB();
  }, 60_000);
});

describe('a till in no shop', () => {
  it('answers its sales as alone, with no peers and no single-copy count', async () => {
    const server = await startTestServer();
    try {
      setStore(server, UK_STORE);
      const catalogue = seedCatalogue(server);
      const { access_token: token } = await login(server, 'cashier');
      const made = await api<{ id: number }>(server, 'POST', '/orders', { token, body: { line_items: [{ product_id: catalogue.coffee }] } });
      const paid = await api(server, 'POST', `/orders/${made.body.id}/checkout`, {
        token,
        body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
      });
      expect(paid.status).toBe(200);
      expect(paid.headers.get(SALE_COPIES_HEADER)).toBe('alone');
      const status = (await api<SyncStatusAnswer>(server, 'GET', '/sync/status', { token })).body;
      expect(status.peers).toEqual([]);
      expect(status.single_copy).toBeNull();
    } finally {
      await server.close();
    }
  });
});
