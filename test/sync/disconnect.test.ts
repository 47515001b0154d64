import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/data/database.js';
import { customerCreateInput } from '../../server/domain/customers/input.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';
import type { SecretStore } from '../../server/secrets/secret-store.js';
import { SyncConnector } from '../../server/sync/shop/connector.js';
import { CONSUMER_SECRET_ACCOUNT } from '../../server/sync/shop/open-shop.js';
import { SyncStatus } from '../../server/sync/status/status.js';
import { makeDataDir } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';

/**
 * Disconnecting forgets the connection and leaves what was unsent to be dealt with by hand, in one
 * transaction: a failure part-way (here, marking the second entry) must leave everything as it was,
 * not a till without a connection whose entries the next connection would send to another shop.
 */
let dataDir: string;
let db: Database;
let secrets: SecretStore;

beforeEach(async () => {
  dataDir = makeDataDir();
  db = openDatabase(join(dataDir, 'till.sqlite'));
  secrets = createMemorySecretStore();
  await secrets.set(CONSUMER_SECRET_ACCOUNT, 'cs_secret');
  const services = servicesOf(db);
  services.repositories.syncConnection.connect('https://shop.example', 'ck_key');
  // Customers made while connected each leave an entry in the outbox (the database's trigger).
  for (const email of ['one@example.com', 'two@example.com']) services.customers.create(customerCreateInput.parse({ email }));
});

afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function connector(status: SyncStatus): SyncConnector {
  const { repositories } = servicesOf(db);
  return new SyncConnector({ db, connection: repositories.syncConnection, status, secrets, firstPull: () => Promise.reject(new Error('no pull here')) });
}

const states = (): string[] =>
  servicesOf(db)
    .syncStatus.outbox(null, 100, 0)
    .entries.map((entry) => entry.state);

describe('disconnecting with entries unsent', () => {
  it('marks them handled, forgets the connection and then the secret', async () => {
    expect(states()).toEqual(['pending', 'pending']);
    const { handled } = await connector(servicesOf(db).syncStatus).disconnect(true);
    expect(handled).toHaveLength(2);
    expect(states()).toEqual(['handled', 'handled']);
    expect(servicesOf(db).repositories.syncConnection.find()).toBeUndefined();
    expect(await secrets.get(CONSUMER_SECRET_ACCOUNT)).toBeNull();
  });

  it('marks handled an entry caught sending, which the next start would otherwise make unknown and send through the next connection', async () => {
    const { repositories } = servicesOf(db);
    const [first] = repositories.syncOutbox.page(null, 100, 0).entries.reverse();
    repositories.syncOutbox.markSending(first!.id, '2026-01-01T00:00:00');
    expect(states()).toEqual(['pending', 'sending']);
    const { handled } = await connector(servicesOf(db).syncStatus).disconnect(true);
    expect(handled.map((entry) => entry.state)).toEqual(['sending', 'pending']);
    expect(states()).toEqual(['handled', 'handled']);
    expect(repositories.syncOutbox.sendingBecomesUnknown('2026-01-01T00:00:00')).toBe(0);
  });

  it('leaves the connection, its entries and its secret as they were when it fails part-way', async () => {
    const { repositories } = servicesOf(db);
    const status = new SyncStatus({ connection: repositories.syncConnection, outbox: repositories.syncOutbox });
    let marked = 0;
    status.markHandled = (id, options) => {
      if (++marked === 2) throw new Error('the disk is full');
      return repositories.syncOutbox.markHandled(id, options);
    };
    await expect(connector(status).disconnect(true)).rejects.toThrow('the disk is full');
    expect(repositories.syncConnection.find()?.url).toBe('https://shop.example');
    expect(states()).toEqual(['pending', 'pending']);
    expect(await secrets.get(CONSUMER_SECRET_ACCOUNT)).toBe('cs_secret');
  });
});
