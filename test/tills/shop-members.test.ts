import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PeerView } from '../../shared/resources/peers.js';
import { startServer } from '../../server/start.js';
import { api, login, makeDataDir, quietServeOptions, type TestServer } from '../helpers/server.js';
import { freeLanPort, joinAt, sellCoffeeAt, shopNumbers, startPairedTill, until, type PairedTill } from '../helpers/paired-tills.js';
import { requestOverTls, tillCredentials } from '../helpers/tills.js';

/**
 * Who is in the shop, on every till (docs/several-tills.md, "Who is in the shop"): B and C are both
 * paired at A, so pairing told only A of each; each till's own member document tells the others,
 * and a removal made at one till is refused at every till that holds it.
 */
describe('three tills paired at A: each learns the others, and a removal travels', () => {
  let a: PairedTill;
  let b: PairedTill;
  let c: PairedTill;
  let aLanPort = 0;
  let aDataDir = '';
  let restartedA: TestServer | undefined;

  const peersAt = async (server: TestServer): Promise<PeerView[]> => {
    const manager = (await login(server, 'shop_manager')).access_token;
    const listed = await api<PeerView[]>(server, 'GET', '/peers', { token: manager });
    expect(listed.status).toBe(200);
    return listed.body;
  };

  beforeAll(async () => {
    aLanPort = await freeLanPort();
    // A data directory of its own: a test server removes the one it made when it closes, and A starts again over this one.
    aDataDir = makeDataDir();
    a = await startPairedTill({ lanPort: aLanPort, dataDir: aDataDir });
    b = await startPairedTill();
    c = await startPairedTill();
    await joinAt(a, b);
    await joinAt(a, c);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a.server.close(), b.server.close(), c.server.close(), restartedA?.close()]);
    rmSync(aDataDir, { recursive: true, force: true });
  });

  test('B, paired before C, learns C and its address from the replica, not from pairing', async () => {
    const cId = tillCredentials(c.server.dataDir).id;
    const cAddress = (await peersAt(a.server)).find((peer) => peer.id === cId)?.address;
    expect(cAddress).toMatch(/^127\.0\.0\.1:\d+$/);
    const atB = await until('C known at B', async () => (await peersAt(b.server)).find((peer) => peer.id === cId));
    expect(atB).toMatchObject({ name: 'Till C', address: cAddress });
  }, 60_000);

  test('with A, the till that paired them, switched off, a sale at C reaches B directly', async () => {
    await a.server.close();
    const sale = await sellCoffeeAt(c);
    expect(sale.number).toBe('C-1');
    await until('C-1 at B', async () => ((await shopNumbers(b)).includes('C-1') ? true : undefined), 30_000);
  }, 60_000);

  test('A started again replicates at once; C removed at B is refused at A, which heard of it from B, at the handshake', async () => {
    // Over its data directory as it is (its users in it already), at the address B and C know.
    const running = await startServer({ ...quietServeOptions(aDataDir), lanPort: aLanPort, lanHost: '127.0.0.1', secretStore: 'file' });
    restartedA = { origin: running.origin, apiUrl: running.apiUrl, dataDir: aDataDir, users: a.server.users, close: () => running.close() };
    const asC = tillCredentials(c.server.dataDir);
    const aTills = `127.0.0.1:${aLanPort}`;
    // A, started again over its data directory, is in its shop at once: its next sale reaches B.
    const againA: PairedTill = { server: restartedA, catalogue: a.catalogue, cashier: (await login(restartedA, 'cashier')).access_token };
    expect((await sellCoffeeAt(againA)).number).toBe('A-1');
    await until('A-1 at B', async () => ((await shopNumbers(b)).includes('A-1') ? true : undefined), 30_000);
    // Before the removal, A (once its listener holds its certificate again) answers C.
    await until('A answering C', async () =>
      (await requestOverTls(aTills, { cert: asC.cert, key: asC.key, ca: asC.ca })).answer.startsWith('HTTP/1.1 200') ? true : undefined,
    );

    const manager = (await login(b.server, 'shop_manager')).access_token;
    expect((await api(b.server, 'DELETE', `/peers/${asC.id}`, { token: manager })).status).toBe(200);

    await until(
      'C refused at A',
      async () => ((await requestOverTls(aTills, { cert: asC.cert, key: asC.key, ca: asC.ca })).answer === '' ? true : undefined),
      30_000,
    );
    expect((await peersAt(restartedA)).map((peer) => peer.id)).not.toContain(asC.id);
  }, 60_000);
});
