import { rmSync } from 'node:fs';
import { SyncSourcesRepository } from '../../server/data/repositories/sync-sources.js';
import type { ServeOptions } from '../../server/config.js';
import type { Order } from '../../shared/resources/orders.js';
import { openDataDirDatabase, startServer } from '../../server/start.js';
import { TestShop, type TestTillNetwork } from '../../bench/tills-network.mjs';
import { api, login, makeDataDir, quietServeOptions, startTestServer, type TestServer } from './server.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from './shop-data.js';

/** One till of a test shop: its server (restartable over the same data directory) and its network. */
export interface TestTill {
  name: string;
  id: string;
  dataDir: string;
  network: TestTillNetwork;
  server: TestServer;
  catalogue: Catalogue;
  cashier: string;
  /** True while its server runs. */
  up: boolean;
  /** What its server was started with besides its data directory and network (kept for a restart). */
  serve: Partial<ServeOptions>;
}

/** The installation id a data directory's database was made with: the till's id in the shop. */
function tillIdOf(dataDir: string): string {
  const db = openDataDirDatabase(dataDir);
  try {
    return new SyncSourcesRepository(db).tillId();
  } finally {
    db.close();
  }
}

/**
 * Several tills of one shop on 127.0.0.1, each with its own data directory, API port and
 * mutual-TLS listener, each paired with all the others (test/helpers/peer-network.ts); `serve`
 * (a file secret store for a till connected to WooCommerce, say) goes to each server.
 */
export async function startTills(names: readonly string[], serve: Partial<ServeOptions> = {}): Promise<{ shop: TestShop; tills: TestTill[] }> {
  const shop = await TestShop.create();
  const tills: TestTill[] = [];
  for (const name of names) {
    const dataDir = makeDataDir();
    const id = tillIdOf(dataDir);
    const network = await shop.till(id, name);
    const server = await startTestServer({ ...serve, dataDir, peerNetwork: network });
    setStore(server, UK_STORE);
    const catalogue = seedCatalogue(server);
    tills.push({ name, id, dataDir, network, server, catalogue, cashier: (await login(server, 'cashier')).access_token, up: true, serve });
  }
  shop.connectAll();
  return { shop, tills };
}

/** Stops a till at once: its listener is cut (peers see it gone) and its server closed. */
export async function stopTill(till: TestTill): Promise<void> {
  if (!till.up) return;
  till.up = false;
  await till.network.cut();
  await till.server.close();
}

/** Starts a stopped till again over its data directory, at the same address. */
export async function restartTill(till: TestTill): Promise<void> {
  await stopTill(till);
  await till.network.renew();
  // The data directory holds the users already: the server starts over it as it is.
  const running = await startServer({ ...quietServeOptions(till.dataDir), ...till.serve, peerNetwork: till.network });
  till.server = { origin: running.origin, apiUrl: running.apiUrl, dataDir: till.dataDir, users: till.server.users, close: () => running.close() };
  till.up = true;
  till.cashier = (await login(till.server, 'cashier')).access_token;
}

export async function closeTills(tills: readonly TestTill[]): Promise<void> {
  for (const till of tills) await stopTill(till);
  for (const till of tills) rmSync(till.dataDir, { recursive: true, force: true });
}

/** A sale of one coffee at a till, paid in cash: the order as `GET /orders/{id}` then answers it, and where the checkout said it is held. */
export async function sellCoffee(till: TestTill): Promise<{ id: number; number: string; total: string; copies: string | null; checkoutMs: number }> {
  const made = await api<{ id: number }>(till.server, 'POST', '/orders', {
    token: till.cashier,
    body: { line_items: [{ product_id: till.catalogue.coffee }] },
  });
  if (made.status !== 201) throw new Error(`order not created at ${till.name}: ${made.status} ${JSON.stringify(made.body)}`);
  const started = performance.now();
  const paid = await api(till.server, 'POST', `/orders/${made.body.id}/checkout`, {
    token: till.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
    headers: { 'Idempotency-Key': `sale-${till.id}-${made.body.id}` },
  });
  if (paid.status !== 200) throw new Error(`not paid at ${till.name}: ${paid.status} ${JSON.stringify(paid.body)}`);
  const checkoutMs = performance.now() - started;
  const order = (await api<{ id: number; number: string; total: string }>(till.server, 'GET', `/orders/${made.body.id}`, { token: till.cashier })).body;
  return { ...order, copies: paid.headers.get('x-tillbase-sale-copies'), checkoutMs };
}

/** A cash sale of `quantity` coffees at a till: the order as `GET /orders/{id}` then answers it. */
export async function sellCoffees(till: TestTill, quantity: number): Promise<Order> {
  const made = await api<Order>(till.server, 'POST', '/orders', {
    token: till.cashier,
    body: { line_items: [{ product_id: till.catalogue.coffee, quantity }] },
  });
  if (made.status !== 201) throw new Error(`order not created at ${till.name}: ${made.status} ${JSON.stringify(made.body)}`);
  const paid = await api(till.server, 'POST', `/orders/${made.body.id}/checkout`, {
    token: till.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    headers: { 'Idempotency-Key': `sale-${till.id}-${made.body.id}` },
  });
  if (paid.status !== 200) throw new Error(`not paid at ${till.name}: ${paid.status} ${JSON.stringify(paid.body)}`);
  return (await api<Order>(till.server, 'GET', `/orders/${made.body.id}`, { token: till.cashier })).body;
}
