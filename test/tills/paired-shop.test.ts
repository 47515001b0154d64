import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from '../helpers/shop-data.js';
import { invite, peersCli } from '../helpers/tills.js';

/**
 * The whole path as a shop runs it: two servers with their tills' listeners (--lan-port), paired
 * with `tillbase peers invite` and `join` run beside them, and a sale at one found at the other,
 * numbered in the first one's series. Nothing here is the tests' own network: the certificates
 * are the ones pairing made, the replication runs over the listener pairing started.
 */
interface PairedTill {
  server: TestServer;
  catalogue: Catalogue;
  cashier: string;
  manager: string;
}

async function startPairedTill(): Promise<PairedTill> {
  const server = await startTestServer({ lanPort: 0, lanHost: '127.0.0.1', secretStore: 'file' });
  setStore(server, UK_STORE);
  const catalogue = seedCatalogue(server);
  return { server, catalogue, cashier: (await login(server, 'cashier')).access_token, manager: (await login(server, 'shop_manager')).access_token };
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface ShopOrder {
  id: number;
  number: string;
  total: string;
  till: { id: string; name: string };
}

describe('two tills paired with tillbase peers, replicating over the listener pairing started', () => {
  let a: PairedTill;
  let b: PairedTill;

  beforeAll(async () => {
    a = await startPairedTill();
    b = await startPairedTill();
    const invitation = await invite(a.server);
    const joined = await peersCli(b.server, ['join', invitation.address, '--code-stdin', '--fingerprint', invitation.fingerprint], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toContain('this till is Till B of the shop');
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.server.close(), b.server.close()]);
  });

  test('a sale at A is numbered A-1 and listed at B with its till; each lists the other with nothing behind', async () => {
    const made = await api<{ id: number }>(a.server, 'POST', '/orders', { token: a.cashier, body: { line_items: [{ product_id: a.catalogue.coffee }] } });
    expect(made.status).toBe(201);
    const paid = await api(a.server, 'POST', `/orders/${made.body.id}/checkout`, {
      token: a.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
      headers: { 'Idempotency-Key': `paired-shop-${made.body.id}` },
    });
    expect(paid.status).toBe(200);
    // The receipt number waits for pairing to have reached A's server (its poll), then is A's series.
    const sale = (await api<{ number: string; total: string }>(a.server, 'GET', `/orders/${made.body.id}`, { token: a.cashier })).body;
    expect(sale.number).toBe('A-1');

    const atB = await until('the sale listed at B', async () => {
      const listed = await api<ShopOrder[]>(b.server, 'GET', '/orders?scope=shop&search=A-1', { token: b.cashier });
      expect(listed.status).toBe(200);
      return listed.body.find((order) => order.number === 'A-1');
    });
    expect(atB).toMatchObject({ number: 'A-1', total: sale.total, till: { name: 'Till A' } });

    const peersAtB = await until('A caught up at B', async () => {
      const listed = JSON.parse((await peersCli(b.server, ['list', '--json'])).stdout) as Array<{ name: string; behind: number | null }>;
      return listed.some((peer) => peer.name === 'Till A' && peer.behind === 0) ? listed : undefined;
    });
    expect(peersAtB.map((peer) => peer.name)).toEqual(['Till A']);
  }, 60_000);
});
