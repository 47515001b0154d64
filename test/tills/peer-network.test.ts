import { rmSync } from 'node:fs';
import { get, type Agent } from 'node:https';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createRepositories } from '../../server/composition-repositories.js';
import { createTillsServices } from '../../server/composition-tills.js';
import type { Database } from '../../server/data/database.js';
import { createLogger } from '../../server/logging.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';
import { openDataDirDatabase } from '../../server/start.js';
import { joinShop } from '../../server/tills/pairing/pairing-join.js';
import type { PeerTill } from '../../server/tills/peer-network.js';
import { makeDataDir } from '../helpers/server.js';

/** A till's tills' services over a real SQLite file, with its listeners on 127.0.0.1: what the replication is handed. */
function makeTill() {
  const dataDir = makeDataDir();
  const db: Database = openDataDirDatabase(dataDir);
  const r = createRepositories(db);
  const tills = createTillsServices(r, { secrets: createMemorySecretStore(), logger: createLogger('silent'), lan: { lanHost: '127.0.0.1', lanPort: 0 } });
  const lan = tills.lan;
  if (lan === undefined) throw new Error('no listeners');
  return { dataDir, db, r, tills, lan };
}

function getJson(url: string, agent: Agent | undefined): Promise<unknown> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => {
        resolve(JSON.parse(body));
      });
    }).on('error', reject);
  });
}

describe('PeerNetwork between two paired tills', () => {
  const a = makeTill();
  const b = makeTill();
  let changesAtA = 0;

  beforeAll(async () => {
    await Promise.all([a.lan.start(), b.lan.start()]);
    a.tills.network.onChange(() => (changesAtA += 1));
    a.tills.network.router.get('/probe', (_req, res) => {
      res.json(res.locals.peer as PeerTill);
    });
    expect(a.tills.network.self()).toBeUndefined();
    expect(b.tills.network.agent()).toBeUndefined();
    const invitation = await a.tills.peers.invite();
    await joinShop({ identity: b.tills.identity, tills: b.r.tills }, { address: invitation.address, code: invitation.code, selfAddress: b.lan.address() });
    await b.lan.poll();
  }, 30_000);

  afterAll(async () => {
    for (const till of [a, b]) {
      await till.lan.close();
      till.db.close();
      rmSync(till.dataDir, { recursive: true, force: true });
    }
  });

  test('each till knows itself and the other', () => {
    expect(a.tills.network.self()).toEqual({ id: a.tills.identity.tillId, name: 'Till A', address: a.lan.address() });
    expect(b.tills.network.self()).toEqual({ id: b.tills.identity.tillId, name: 'Till B', address: b.lan.address() });
    expect(a.tills.network.peers()).toEqual([{ id: b.tills.identity.tillId, name: 'Till B', address: b.lan.address() }]);
    expect(b.tills.network.peers()).toEqual([{ id: a.tills.identity.tillId, name: 'Till A', address: a.lan.address() }]);
    expect(changesAtA).toBeGreaterThan(0);
  });

  test('a route on the router answers a paired till through its agent, res.locals.peer naming the caller', async () => {
    const answer = await getJson(`https://${a.lan.address()}/probe`, b.tills.network.agent());
    expect(answer).toEqual({ id: b.tills.identity.tillId, name: 'Till B', address: b.lan.address() });
    expect(b.r.tills.peer(a.tills.identity.tillId)?.last_seen_gmt).not.toBeNull();
    expect(a.r.tills.peer(b.tills.identity.tillId)?.last_seen_gmt).not.toBeNull();
  });

  test('the agent refuses a till that answers with this till’s own certificate (not a peer)', async () => {
    await expect(getJson(`https://${b.lan.address()}/tills/v1/hello`, b.tills.network.agent())).rejects.toThrow(/not a paired till/);
  });
});

describe('closing the listeners', () => {
  test('ends at once, though a peer is still in its TLS handshake', async () => {
    const till = makeTill();
    await till.lan.start();
    const pairingAddress = till.r.pairing.listener('pairing')?.address ?? '';
    // Connected, not a byte sent: a peer that reached the listener just as the till went down.
    const sockets = [till.lan.listening(), pairingAddress].map((address) => {
      const [host, port] = address.split(':');
      const socket = connect({ host, port: Number(port) });
      socket.on('error', () => undefined);
      return socket;
    });
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    const closed = till.lan.close().then(() => 'closed');
    const outcome = await Promise.race([
      closed,
      new Promise((resolve) =>
        setTimeout(() => {
          resolve('still open after 3 s');
        }, 3000),
      ),
    ]);
    for (const socket of sockets) socket.destroy();
    await closed;
    till.db.close();
    rmSync(till.dataDir, { recursive: true, force: true });
    expect(outcome).toBe('closed');
  });
});
