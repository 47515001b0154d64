import { createServer } from 'node:net';
import type { ServeOptions } from '../../server/config.js';
import { api, login, startTestServer, type TestServer } from './server.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from './shop-data.js';
import { invite, peersCli } from './tills.js';
import type { CliResult } from './cli.js';

/** A till of a paired shop in this process: a server with its tills' listener on 127.0.0.1, its keys in the file store (which `tillbase peers` opens too). */
export interface PairedTill {
  server: TestServer;
  catalogue: Catalogue;
  cashier: string;
}

export async function startPairedTill(overrides: Partial<ServeOptions> = {}): Promise<PairedTill> {
  const server = await startTestServer({ lanPort: 0, lanHost: '127.0.0.1', secretStore: 'file', ...overrides });
  setStore(server, UK_STORE);
  const catalogue = seedCatalogue(server);
  return { server, catalogue, cashier: (await login(server, 'cashier')).access_token };
}

/**
 * `joiner` joins the shop of `host` as a shop does it: `tillbase peers invite` at the host, `tillbase
 * peers join` with its code at the joiner (the fingerprint checked). Throws unless it exits 0.
 */
export async function joinAt(host: PairedTill, joiner: PairedTill): Promise<CliResult> {
  const invitation = await invite(host.server);
  const joined = await peersCli(joiner.server, ['join', invitation.address, '--code-stdin', '--fingerprint', invitation.fingerprint], `${invitation.code}\n`);
  if (joined.code !== 0) throw new Error(`peers join exited ${String(joined.code)}: ${joined.stderr}`);
  return joined;
}

/** A port with the next one free as well (the tills' listener and pairing's beside it), for a till that must be reached through a forwarder. */
export async function freeLanPort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => {
          resolve(typeof address === 'object' && address !== null ? address.port : 0);
        });
      });
    });
    const next = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => {
          resolve(false);
        })
        .listen(port + 1, '127.0.0.1', () => {
          probe.close(() => {
            resolve(true);
          });
        });
    });
    if (next) return port;
  }
}

/** Waits for `read` to give a value; the error names what did not come. */
export async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One coffee sold and paid in cash at a till: the order's receipt number and total. */
export async function sellCoffeeAt(till: PairedTill): Promise<{ number: string; total: string }> {
  const made = await api<{ id: number }>(till.server, 'POST', '/orders', {
    token: till.cashier,
    body: { line_items: [{ product_id: till.catalogue.coffee }] },
  });
  if (made.status !== 201) throw new Error(`order not created: ${made.status}`);
  const paid = await api(till.server, 'POST', `/orders/${made.body.id}/checkout`, {
    token: till.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
    headers: { 'Idempotency-Key': `paired-${till.server.dataDir}-${made.body.id}` },
  });
  if (paid.status !== 200) throw new Error(`order not paid: ${paid.status}`);
  return (await api<{ number: string; total: string }>(till.server, 'GET', `/orders/${made.body.id}`, { token: till.cashier })).body;
}

/** The receipt numbers a till lists in the shop's orders. */
export async function shopNumbers(till: PairedTill): Promise<string[]> {
  const listed = await api<Array<{ number: string }>>(till.server, 'GET', '/orders?scope=shop&per_page=100', { token: till.cashier });
  if (listed.status !== 200) throw new Error(`shop list answered ${listed.status}`);
  return listed.body.map((order) => order.number).sort();
}
