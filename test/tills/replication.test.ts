import { request, type Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrder } from '../../shared/resources/orders.js';
import { createRepositories } from '../../server/composition-repositories.js';
import { ShopReplicaRepository } from '../../server/data/repositories/shop-replica.js';
import { ShopRefundsRepository } from '../../server/data/repositories/shop-refunds.js';
import { behindOf } from '../../server/tills/replication/behind.js';
import { entryDocumentId, headDocumentId, type EntryDocument } from '../../server/tills/replication/documents.js';
import { openLocalReplica, replicaPouch } from '../../server/tills/replication/pouch.js';
import { Projection } from '../../server/tills/replication/projection.js';
import { startServer } from '../../server/start.js';
import { api, login, quietServeOptions, withDb } from '../helpers/server.js';
import { waitFor } from '../helpers/sync.js';
import type { TestShop } from '../../bench/tills-network.mjs';
import { closeTills, restartTill, sellCoffee, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';

/*
 * Three tills on 127.0.0.1, each its own server, data directory and mutual-TLS listener, paired
 * with each other by the tests' PeerNetwork: a sale at one is found at the others by its receipt
 * number, survives its till's death, is projected once however often it arrives, and reaches a
 * till that was down once it is back.
 */

let tills: TestTill[] = [];
let shop: TestShop;
const till = (name: string): TestTill => {
  const found = tills.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no ${name}`);
  return found;
};

/** The shop's orders at a till whose number holds `search`. */
async function shopSearch(at: TestTill, search: string): Promise<ShopOrder[]> {
  const response = await api<ShopOrder[]>(at.server, 'GET', `/orders?scope=shop&search=${encodeURIComponent(search)}`, { token: at.cashier });
  expect(response.status).toBe(200);
  return response.body;
}

/** Waits until `at` lists the sale numbered `number`, and answers it. */
function shopOrderAt(at: TestTill, number: string, timeoutMs = 15_000): Promise<ShopOrder> {
  return waitFor(`${number} at ${at.name}`, async () => (await shopSearch(at, number)).find((order) => order.number === number), timeoutMs);
}

/** One request to a till's replica over the tills' mutual TLS, with the agent (the certificate) of a till. */
function replicaRequest(from: TestTill, agent: Agent, method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const [host, port] = from.network.self().address.split(':');
    const req = request({ host, port: Number(port), path: `/replica/journal${path}`, method, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{"docs":[]}' : undefined);
  });
}

/** One document of a till's replica, read with another till's certificate. */
async function replicaDocument(from: TestTill, by: TestTill, id: string): Promise<EntryDocument> {
  const { status, body } = await replicaRequest(from, by.network.agent(), 'GET', `/${encodeURIComponent(id)}`);
  if (status !== 200) throw new Error(`${status}: ${body}`);
  return JSON.parse(body) as EntryDocument;
}

describe("the shop's tills as one: every till's journal on every till", () => {
  let sale: { id: number; number: string; total: string };

  beforeAll(async () => {
    ({ shop, tills } = await startTills(['Till A', 'Till B', 'Till C']));
    sale = await sellCoffee(till('Till A'));
  }, 60_000);

  afterAll(async () => {
    await closeTills(tills);
  });

  it("numbers a sale in its till's series, and B and C find it by that number with the till that made it", async () => {
    const a = till('Till A');
    expect(sale.number).toBe('A-1');
    for (const other of [till('Till B'), till('Till C')]) {
      const found = await shopOrderAt(other, 'A-1');
      expect(found.till).toEqual({ id: a.id, name: 'Till A' });
      expect(found.id).toBe(sale.id);
      expect(found.total).toBe(sale.total);
      expect(found.status).toBe('completed');
      expect(found.line_items.map((line) => line.name)).toEqual(['Coffee']);
      // Its own orders are as before: the sale is A's, not B's or C's.
      expect((await api<unknown[]>(other.server, 'GET', '/orders', { token: other.cashier })).body).toEqual([]);
    }
    // A lists it too, as its own, and the receipt prints the number.
    const own = await shopOrderAt(a, 'A-1');
    expect(own.till).toEqual({ id: a.id, name: 'Till A' });
    const receipt = await api<string>(a.server, 'GET', `/receipts/${sale.id}?format=text`, { token: a.cashier });
    expect(receipt.body).toContain('#A-1');
  });

  it('projects a document once, however many times it arrives', async () => {
    const [a, b] = [till('Till A'), till('Till B')];
    const id = entryDocumentId(a.id, 1);
    // The sale reached B from A and again through C (every till replicates with every other).
    const doc = await replicaDocument(a, b, id);
    expect(doc.number).toBe('A-1');
    const counts = () =>
      withDb(b.server, (db) => ({
        entries: db.prepare('SELECT COUNT(*) AS n FROM shop_entries WHERE till_id = ?').get(a.id),
        orders: db.prepare('SELECT COUNT(*) AS n FROM shop_orders WHERE till_id = ?').get(a.id),
      }));
    expect(counts()).toEqual({ entries: { n: 1 }, orders: { n: 1 } });
    const outcome = withDb(b.server, (db) => {
      const { shopStock, productStock } = createRepositories(db);
      const projection = new Projection({
        db,
        replica: new ShopReplicaRepository(db),
        shopStock,
        productStock,
        refunds: new ShopRefundsRepository(db),
        local: openLocalReplica(replicaPouch(b.dataDir)),
        tillId: b.id,
        refused: () => undefined,
      });
      return [projection.project(doc), projection.project({ ...doc, _rev: undefined })];
    });
    expect(outcome).toEqual(['held already', 'held already']);
    expect(counts()).toEqual({ entries: { n: 1 }, orders: { n: 1 } });
  });

  it('refuses a document whose entry does not match its hash, and counts what a till lacks', async () => {
    const [a, b] = [till('Till A'), till('Till B')];
    const doc = await replicaDocument(a, b, entryDocumentId(a.id, 1));
    const refusals: string[] = [];
    withDb(b.server, (db) => {
      const replica = new ShopReplicaRepository(db);
      const { shopStock, productStock } = createRepositories(db);
      const projection = new Projection({
        db,
        replica,
        shopStock,
        productStock,
        refunds: new ShopRefundsRepository(db),
        local: openLocalReplica(replicaPouch(b.dataDir)),
        tillId: b.id,
        refused: (_, why) => refusals.push(why),
      });
      const forged = {
        ...doc,
        till_sequence: 2,
        _id: entryDocumentId(a.id, 2),
        entry: { ...doc.entry, payload: doc.entry.payload.replace('Coffee', 'Cofee') },
      };
      expect(projection.project(forged)).toBe('refused');
      // A head saying A's journal goes to 3 while B holds 1 of them: B is 2 behind A.
      expect(projection.project({ _id: headDocumentId(a.id), type: 'head', till: doc.till, till_sequence: 3 })).toBe('head');
      expect(behindOf(replica, a.id)).toBe(2);
      replica.upsertTill(a.id, 'Till A', 0);
    });
    expect(refusals).toEqual(['its entry hash does not match its contents']);
  });

  it('serves its replica to its paired tills only, and only what a pull asks for', async () => {
    const [a, b] = [till('Till A'), till('Till B')];
    // A till with a certificate of the shop that A is not paired with (or no longer is).
    const stranger = await shop.till('not-a-peer', 'Till D');
    try {
      expect((await replicaRequest(a, stranger.agent(), 'GET', '/_changes')).status).toBe(403);
    } finally {
      await stranger.cut();
    }
    expect((await replicaRequest(a, b.network.agent(), 'GET', '/_changes')).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/_bulk_docs'],
      ['DELETE', ''],
      ['PUT', '/someone-else:000000000001'],
      ['GET', '/_design/all'],
    ] as const)
      expect((await replicaRequest(a, b.network.agent(), method, path)).status, `${method} ${path}`).toBe(403);
  });

  it('keeps the sale on B and C after A is killed and B restarts', async () => {
    const [a, b, c] = [till('Till A'), till('Till B'), till('Till C')];
    await stopTill(a);
    await restartTill(b);
    expect((await shopOrderAt(b, 'A-1', 2_000)).till.name).toBe('Till A');
    expect((await shopOrderAt(c, 'A-1', 2_000)).till.name).toBe('Till A');
  });

  it('brings a till that was down everything it missed once it is back', async () => {
    const [b, c] = [till('Till B'), till('Till C')];
    await stopTill(c);
    const whileDown = await sellCoffee(b);
    expect(whileDown.number).toBe('B-1');
    await restartTill(c);
    const found = await shopOrderAt(c, 'B-1');
    expect(found.till).toEqual({ id: b.id, name: 'Till B' });
    // C holds every entry of B's journal that B's head names: nothing is behind.
    await waitFor('C caught up with B', () => (withDb(c.server, (db) => behindOf(new ShopReplicaRepository(db), b.id)) === 0 ? true : undefined));
    const page = await api<ShopOrder[]>(c.server, 'GET', '/orders?scope=shop&per_page=1', { token: c.cashier });
    expect(page.headers.get('x-wp-total')).toBe('2');
    expect(page.body.map((order) => order.number)).toEqual(['B-1']);
  });
  it('writes at the next start an entry committed but never written to the replica (a crash between the two)', async () => {
    const [b, c] = [till('Till B'), till('Till C')];
    await stopTill(b);
    // B runs once without its network: its sale is committed in SQLite and never reaches its replica.
    const alone = await startServer(quietServeOptions(b.dataDir));
    const server = { origin: alone.origin, apiUrl: alone.apiUrl, dataDir: b.dataDir, users: b.server.users, close: () => alone.close() };
    const sale = await sellCoffee({ ...b, server, cashier: (await login(server, 'cashier')).access_token });
    await alone.close();
    // Alone, the till numbers the sale by its id, as before it was paired.
    expect(sale.number).toBe(String(sale.id));
    await restartTill(b);
    const found = await shopOrderAt(c, sale.number);
    expect(found.till).toEqual({ id: b.id, name: 'Till B' });
    expect(found.id).toBe(sale.id);
  });
});
