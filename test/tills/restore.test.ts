import { readdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SyncConnectionRepository } from '../../server/data/repositories/sync-connection.js';
import { openDataDirDatabase } from '../../server/start.js';
import { RESTORE_QUIET_SECONDS } from '../../server/tills/pairing/restore-target.js';
import type { Order, ShopOrder } from '../../shared/resources/orders.js';
import { runCli } from '../helpers/cli.js';
import { freeLanPort, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { api, login, makeDataDir, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from '../helpers/shop-data.js';
import { invite, peersCli, requestOverTls, startTill, tillCredentials, type TillProcess } from '../helpers/tills.js';

/**
 * Sales at A before it dies: 40 in `npm test` (every check holds with any number), and as many as
 * TILLBASE_TEST_RESTORE_SALES says for the restore's time (docs/several-tills.md measures 200).
 */
const SALES = Number(process.env.TILLBASE_TEST_RESTORE_SALES ?? '40');

/** The order as a till answers it, without its links (they name the answering server's address). */
function withoutLinks(order: Order): Partial<Order> {
  const rest: Partial<Order> = { ...order };
  delete rest._links;
  return rest;
}

/** A WooCommerce connection as `tillbase sync connect` leaves it, to a shop that does not answer: the outbox fills, nothing leaves. */
function connectNowhere(server: Pick<TestServer, 'dataDir'>): void {
  withDb(server as TestServer, (db) => new SyncConnectionRepository(db).connect('http://127.0.0.1:9', 'ck_restore', { interval_seconds: 3600 }));
}

/**
 * A dead till rebuilt from a peer, journal verified: till A (a process of its own) sells, refunds,
 * keeps its drawer open, and B holds its entries; A is killed with SIGKILL; `tillbase peers restore`
 * rebuilds it from B into an empty data directory, and the restored A answers every order as A did,
 * its journal verifies, its next sale continues A's series and chain, and it replicates with B.
 */
describe('tillbase peers restore: a dead till rebuilt from a peer', () => {
  let a: TillProcess;
  let aServer: Pick<TestServer, 'apiUrl' | 'users'>;
  let catalogue: Catalogue;
  let b: PairedTill;
  let restoredDir: string;
  let restored: TillProcess | undefined;
  const answered = new Map<number, Order>();
  let lastNumber = '';
  /** What A's drawer should hold when it dies, as A's X report said. */
  let expectedCash = '';

  beforeAll(async () => {
    const made = await startTestServer({ dataDir: makeDataDir(), secretStore: 'file' });
    setStore(made, UK_STORE);
    catalogue = seedCatalogue(made);
    connectNowhere(made);
    await made.close();
    a = await startTill({ dataDir: made.dataDir });
    aServer = { apiUrl: a.process.apiUrl, users: made.users };
    b = await startPairedTill();
    connectNowhere(b.server);
    const invitation = await invite(a);
    const joined = await peersCli(b.server, ['join', invitation.address, '--code-stdin'], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
    restoredDir = makeDataDir();
    rmSync(restoredDir, { recursive: true, force: true });
  }, 60_000);

  afterAll(async () => {
    await a.stop();
    // A till stops within seconds of SIGTERM: one that does not is a fault to see, not to wait out.
    const stopped = restored === undefined ? 0 : await Promise.race([restored.stop(), new Promise((resolve) => setTimeout(resolve, 15_000, 'hung'))]);
    if (stopped === 'hung') await restored?.process.stop('SIGKILL');
    await b.server.close();
    for (const dir of [a.dataDir, restoredDir]) rmSync(dir, { recursive: true, force: true });
    expect(stopped, `the restored till did not stop within 15 s of SIGTERM: ${restored?.process.stderr() ?? ''}`).not.toBe('hung');
  }, 60_000);

  /** `tillbase peers restore` from B into the restored till's directory. */
  const restore = (code: string, address: string, extra: string[] = []) =>
    runCli(['peers', 'restore', address, '--code-stdin', '--data-dir', restoredDir, '--secret-store', 'file', ...extra], `${code}\n`);

  test('A sells (cash, card, split, a refund, a cash movement, its drawer open) and B holds every entry', async () => {
    const token = (await login(aServer as TestServer, 'cashier')).access_token;
    const manager = (await login(aServer as TestServer, 'shop_manager')).access_token;
    const opened = await api(aServer, 'POST', '/registers/1/open', { token, body: { opening_float: '100.00' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const pay = async (id: number, body: object, key: string) => {
      const paid = await api(aServer, 'POST', `/orders/${id}/checkout`, { token, body, headers: { 'Idempotency-Key': key } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    };
    const sell = async (lines: object[]) => {
      const made = await api<{ id: number }>(aServer, 'POST', '/orders', { token, body: { line_items: lines } });
      expect(made.status).toBe(201);
      return made.body.id;
    };
    const card = await sell([{ product_id: catalogue.mug, quantity: 1 }]);
    await pay(card, { gateway_id: 'pos_card', payment_data: { transaction_id: 'TERM-1' } }, `card-${card}`);
    const split = await sell([{ product_id: catalogue.tea, quantity: 3 }]);
    await pay(split, { gateway_id: 'pos_cash', payment_data: { amount: '2.00', amount_tendered: '2.00' } }, `split-${split}-cash`);
    await pay(split, { gateway_id: 'pos_card', payment_data: { transaction_id: 'TERM-2' } }, `split-${split}-card`);
    expect((await api(aServer, 'POST', '/registers/1/cash', { token, body: { type: 'out', amount: '15.00', reason: 'window cleaner' } })).status).toBe(201);
    for (let sale = 0; sale < SALES; sale += 1) {
      const id = await sell([{ product_id: catalogue.coffee, quantity: 1 + (sale % 3) }]);
      await pay(id, { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } }, `cash-${id}`);
    }
    const refunded = await api<{ amount: string }>(aServer, 'POST', `/orders/${card}/refunds`, {
      token: manager,
      body: { amount: '2.00', reason: 'chipped', refund_destination: 'pos_card' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    const drawer = await api<{ drawer: { expected_cash: string } }>(aServer, 'GET', '/registers/1/session', { token: manager });
    expectedCash = drawer.body.drawer.expected_cash;
    const ids = new Set<number>();
    for (let page = 1; ; page += 1) {
      const listed = await api<Order[]>(aServer, 'GET', `/orders?per_page=100&page=${page}`, { token: manager });
      for (const order of listed.body) ids.add(order.id);
      if (listed.body.length < 100) break;
    }
    for (const id of ids) answered.set(id, (await api<Order>(aServer, 'GET', `/orders/${id}`, { token: manager })).body);
    expect(answered.size).toBe(SALES + 2);
    lastNumber =
      [...answered.values()]
        .map((order) => order.number)
        .sort((x, y) => Number(x.slice(2)) - Number(y.slice(2)))
        .at(-1) ?? '';
    expect(lastNumber).toBe(`A-${SALES + 2}`);
    // Every entry of A (its sales and the refund) in B's database.
    await until(
      'B holding every entry of A',
      () =>
        Promise.resolve(
          withDb(b.server, (db) => db.prepare('SELECT COUNT(*) AS n FROM shop_entries').get() as { n: number }).n === SALES + 3 ? true : undefined,
        ),
      60_000,
    );
  }, 300_000);

  test('refused with a wrong code, and while A runs; the data directory is left empty', async () => {
    const invitation = await invite(b.server);
    const wrong = await restore(invitation.code === '000000' ? '111111' : '000000', invitation.address);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Wrong code');
    expect(readdirSync(restoredDir)).toEqual([]);
    const alive = await restore(invitation.code, invitation.address);
    expect(alive.code).toBe(1);
    expect(alive.stderr).toContain('running till must not be copied');
    expect(readdirSync(restoredDir)).toEqual([]);
  }, 60_000);

  test('A killed; restored from B: every order as A answered it, the journal verified, the drawer still open', async () => {
    expect(await a.process.stop('SIGKILL')).toBe('SIGKILL');
    // B refuses a restore of a till it heard from lately. Rather than wait that minute out, B's
    // record of when it last heard from A is moved back past it (a request of A's still on its way
    // when A died may write it once more: the wait below then sees that).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    withDb(b.server, (db) => db.prepare("UPDATE peers SET last_seen_gmt = strftime('%Y-%m-%dT%H:%M:%S', 'now', '-5 minutes') WHERE name = 'Till A'").run());
    await until(
      'A quiet at B',
      async () => {
        const peers = JSON.parse((await peersCli(b.server, ['list', '--json'])).stdout) as Array<{ name: string; last_seen_gmt: string | null }>;
        const seen = peers.find((peer) => peer.name === 'Till A')?.last_seen_gmt;
        return seen !== null && seen !== undefined && Date.now() - Date.parse(`${seen}Z`) > (RESTORE_QUIET_SECONDS + 2) * 1000 ? true : undefined;
      },
      (RESTORE_QUIET_SECONDS + 30) * 1000,
    );
    const invitation = await invite(b.server);
    const port = await freeLanPort();
    const started = performance.now();
    const result = await restore(invitation.code, invitation.address, ['--address', `127.0.0.1:${port}`]);
    const seconds = (performance.now() - started) / 1000;
    expect(result.code, result.stderr).toBe(0);
    console.log(`a restore of ${SALES + 2} sales and a refund (${SALES + 3} journal entries), the CLI's whole run: ${seconds.toFixed(1)} s\n${result.stdout}`);
    expect(result.stdout).toContain(`documents fetched: ${SALES + 3}`);
    expect(result.stdout).toContain(`restored Till A`);
    expect(result.stdout).toContain(`the last receipt was ${lastNumber}`);

    // Nothing of the restore's own is left beside the database (the peer's copy, its WAL files).
    expect(readdirSync(restoredDir).filter((file) => file.includes('.tmp'))).toEqual([]);
    // The outbox: every sale and the refund to be looked up in WooCommerce before anything is sent.
    const db = openDataDirDatabase(restoredDir);
    try {
      const states = db.prepare('SELECT kind, state, COUNT(*) AS n FROM sync_outbox GROUP BY kind, state ORDER BY kind').all();
      expect(states).toEqual([
        { kind: 'refund', state: 'unknown', n: 1 },
        { kind: 'sale', state: 'unknown', n: SALES + 2 },
      ]);
    } finally {
      db.close();
    }
    const verified = await runCli(['journal', 'verify', '--data-dir', restoredDir]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`${SALES + 3} entries`);

    restored = await startTill({ dataDir: restoredDir, args: ['--lan-port', String(port)] });
    const server = { apiUrl: restored.process.apiUrl, users: b.server.users };
    const manager = (await login(server as TestServer, 'shop_manager')).access_token;
    for (const [id, order] of answered) {
      const now = await api<Order>(server, 'GET', `/orders/${id}`, { token: manager });
      expect(withoutLinks(now.body)).toEqual(withoutLinks(order));
    }
    // The drawer session A had open is open here, expecting the cash A's expected: its float, movements, cash taken and given.
    const session = await api<{ session: { id: number; date_closed_gmt: string | null }; drawer: { expected_cash: string } }>(
      server,
      'GET',
      '/registers/1/session',
      {
        token: manager,
      },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.session.id).toBe(1);
    expect(session.body.drawer.expected_cash).toBe(expectedCash);
  }, 240_000);

  test('the restored A sells on in A’s series and chain, and replicates with B both ways', async () => {
    if (restored === undefined) throw new Error('not restored');
    const server = { apiUrl: restored.process.apiUrl, users: b.server.users };
    const token = (await login(server as TestServer, 'cashier')).access_token;
    const made = await api<{ id: number }>(server, 'POST', '/orders', { token, body: { line_items: [{ product_id: catalogue.coffee }] } });
    expect(made.status).toBe(201);
    expect(made.body.id).toBe(SALES + 3);
    const paid = await api(server, 'POST', `/orders/${made.body.id}/checkout`, {
      token,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    });
    expect(paid.status).toBe(200);
    const order = await api<Order>(server, 'GET', `/orders/${made.body.id}`, { token });
    expect(order.body.number).toBe(`A-${SALES + 3}`);
    const verified = await runCli(['journal', 'verify', '--data-dir', restoredDir]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`${SALES + 4} entries`);
    // B gets the new sale from the restored A, at the address the restore gave it.
    await until('B listing the restored A’s new sale', async () => {
      const listed = await api<ShopOrder[]>(b.server, 'GET', `/orders?scope=shop&search=A-${SALES + 3}`, { token: b.cashier });
      return listed.body.find((shop) => shop.number === `A-${SALES + 3}`);
    });
    // The dead machine's certificate is refused at B from the restore on: should it come back, it is not Till A any more.
    const old = tillCredentials(a.dataDir);
    const [bAtA] = JSON.parse((await peersCli({ dataDir: restoredDir }, ['list', '--json'])).stdout) as Array<{ address: string }>;
    expect((await requestOverTls(bAtA?.address ?? '', { cert: old.cert, key: old.key, ca: old.ca })).answer).toBe('');
    // And the restored A gets B's.
    const atB = await api<{ id: number }>(b.server, 'POST', '/orders', { token: b.cashier, body: { line_items: [{ product_id: b.catalogue.coffee }] } });
    await api(b.server, 'POST', `/orders/${atB.body.id}/checkout`, {
      token: b.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
    });
    const number = (await api<Order>(b.server, 'GET', `/orders/${atB.body.id}`, { token: b.cashier })).body.number;
    await until('the restored A listing B’s sale', async () => {
      const listed = await api<ShopOrder[]>(server, 'GET', `/orders?scope=shop&search=${number}`, { token });
      return listed.body.find((shop) => shop.number === number);
    });
  }, 60_000);
});
