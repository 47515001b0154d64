import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SALE_COPIES_HEADER } from '../../server/http/routers/checkout.js';
import type { ShopOrder } from '../../shared/resources/orders.js';
import { startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { api, login, makeDataDir, startTestServer, type TestServer } from '../helpers/server.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from '../helpers/shop-data.js';
import { invite, peersCli, startTill, type TillProcess } from '../helpers/tills.js';

/**
 * Two copies before the receipt, through a real crash: till A runs in a process of its own, paired
 * with B by `tillbase peers`; a sale whose answer said a peer holds it is at B after A is killed
 * with SIGKILL right after that answer, nothing flushed, nothing said goodbye.
 */
describe('a paired till killed right after a sale’s answer', () => {
  let a: TillProcess;
  let aServer: Pick<TestServer, 'apiUrl' | 'users'>;
  let catalogue: Catalogue;
  let b: PairedTill;

  beforeAll(async () => {
    // A's data directory with its users and products, made by a server in this process, then served by a process of its own.
    const made = await startTestServer({ dataDir: makeDataDir(), secretStore: 'file' });
    setStore(made, UK_STORE);
    catalogue = seedCatalogue(made);
    await made.close();
    a = await startTill({ dataDir: made.dataDir });
    aServer = { apiUrl: a.process.apiUrl, users: made.users };
    b = await startPairedTill();
    const invitation = await invite(a);
    const joined = await peersCli(b.server, ['join', invitation.address, '--code-stdin', '--fingerprint', invitation.fingerprint], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await a.stop();
    await b.server.close();
    rmSync(a.dataDir, { recursive: true, force: true });
  });

  /** A sale at A: its number and what A's answer said of its copies. */
  async function sellAtA(token: string): Promise<{ number: string; copies: string | null }> {
    const made = await api<{ id: number }>(aServer, 'POST', '/orders', { token, body: { line_items: [{ product_id: catalogue.coffee }] } });
    expect(made.status).toBe(201);
    const paid = await api(aServer, 'POST', `/orders/${made.body.id}/checkout`, {
      token,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
    });
    expect(paid.status).toBe(200);
    const order = await api<{ number: string }>(aServer, 'GET', `/orders/${made.body.id}`, { token });
    return { number: order.body.number, copies: paid.headers.get(SALE_COPIES_HEADER) };
  }

  test('the sale is at B, numbered in A’s series', async () => {
    const { access_token: token } = await login(aServer as TestServer, 'cashier');
    // Pairing reaches A's server at its next poll, and B's pull then A's: until then A is in no shop.
    const warm = await until('a sale at A held by B', async () => {
      const sale = await sellAtA(token);
      return sale.copies === 'this-till-and-a-peer' ? sale : undefined;
    });
    expect(warm.number).toMatch(/^A-\d+$/);
    // The sale that matters: answered as held by a peer, then A dies at once.
    const sale = await until('a sale answered as held by B', async () => {
      const next = await sellAtA(token);
      return next.copies === 'this-till-and-a-peer' ? next : undefined;
    });
    expect(await a.process.stop('SIGKILL')).toBe('SIGKILL');

    // Held means stored in B's replica; listed means projected into B's database too, a moment later.
    const listed = await until('the sale listed at B', async () => {
      const page = await api<ShopOrder[]>(b.server, 'GET', `/orders?scope=shop&search=${sale.number}`, { token: b.cashier });
      return page.body.find((order) => order.number === sale.number);
    });
    expect(listed.till.name).toBe('Till A');
  }, 90_000);
});
