/**
 * The sync's connection, its id map and what the push reads beside the orders
 * (server/data/repositories/sync-connection.ts, sync-ids.ts, sync-sources.ts) on a real SQLite file,
 * without WooCommerce: each write read back as stored. The connect, status and push tests
 * (test/sync/) prove them end to end against the WooCommerce double.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { DEFAULT_SYNC_SETTINGS } from '../../server/model/records/sync.js';
import { openDataDirDatabase } from '../../server/start.js';
import { paidSale } from '../helpers/outbox-shop.js';
import { api, makeDataDir, withDb } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';
import { useServer } from '../helpers/use-server.js';

const dataDir = makeDataDir();
const db = openDataDirDatabase(dataDir);
const { repositories } = servicesOf(db);
const { syncConnection: connection, syncIds: ids } = repositories;
afterAll(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const stamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
/** Moves the stored time back, so that a later write of "now" can be told from it. */
const backdate = (column: string) => writeTransaction(db, () => db.prepare(`UPDATE sync_connection SET ${column} = '2000-01-01T00:00:00'`).run());

describe('the connection', () => {
  it('made active and online with the settings given over the defaults, replaced whole by the next, gone when disconnected', () => {
    expect(connection.find()).toBeUndefined();
    const made = connection.connect('https://shop.example', 'ck_one', { grace_seconds: 5 });
    expect(made).toEqual({
      id: 1,
      url: 'https://shop.example',
      consumer_key: 'ck_one',
      state: 'active',
      paused_reason: null,
      connected_at_gmt: expect.stringMatching(stamp),
      online: true,
      offline_since_gmt: null,
      degraded_reason: null,
      last_push_gmt: null,
      last_pull_gmt: null,
      settings: { ...DEFAULT_SYNC_SETTINGS, grace_seconds: 5 },
    });
    expect(connection.find()).toEqual(made);
    connection.pause('key refused');
    connection.markDegraded('a 502 page');
    const again = connection.connect('https://other.example', 'ck_two');
    expect(again).toMatchObject({
      url: 'https://other.example',
      consumer_key: 'ck_two',
      state: 'active',
      paused_reason: null,
      online: true,
      offline_since_gmt: null,
      degraded_reason: null,
      settings: DEFAULT_SYNC_SETTINGS,
    });
    connection.disconnect();
    expect(connection.find()).toBeUndefined();
  });

  it('paused with its reason, and resumed', () => {
    connection.connect('https://shop.example', 'ck');
    connection.pause('woocommerce_rest_cannot_view: refused');
    expect(connection.find()).toMatchObject({ state: 'paused', paused_reason: 'woocommerce_rest_cannot_view: refused' });
    connection.resume();
    expect(connection.find()).toMatchObject({ state: 'active', paused_reason: null });
  });

  it('offline since its first failure, degraded with what was seen, online again at a good answer', () => {
    connection.connect('https://shop.example', 'ck');
    connection.markReachable(true);
    expect(connection.find()).toMatchObject({ online: true, offline_since_gmt: null });
    connection.markReachable(false);
    expect(connection.find()).toMatchObject({ online: false, offline_since_gmt: expect.stringMatching(stamp), degraded_reason: null });
    backdate('offline_since_gmt');
    connection.markReachable(false);
    connection.markDegraded('a 502 page');
    expect(connection.find()).toMatchObject({ online: false, offline_since_gmt: '2000-01-01T00:00:00', degraded_reason: 'a 502 page' });
    connection.markDegraded('a login page');
    expect(connection.find()?.degraded_reason).toBe('a login page');
    // Unreachable after degraded: plainly offline, since the same first failure.
    connection.markReachable(false);
    expect(connection.find()).toMatchObject({ online: false, offline_since_gmt: '2000-01-01T00:00:00', degraded_reason: null });
    connection.markReachable(true);
    expect(connection.find()).toMatchObject({ online: true, offline_since_gmt: null, degraded_reason: null });
    connection.markDegraded('a timeout');
    expect(connection.find()).toMatchObject({ online: false, offline_since_gmt: expect.stringMatching(stamp), degraded_reason: 'a timeout' });
    expect(connection.find()?.offline_since_gmt).not.toBe('2000-01-01T00:00:00');
  });

  it('the last push and the last pull', () => {
    connection.connect('https://shop.example', 'ck');
    connection.markPushed();
    expect(connection.find()).toMatchObject({ last_push_gmt: expect.stringMatching(stamp), last_pull_gmt: null });
    connection.markPulled();
    expect(connection.find()?.last_pull_gmt).toMatch(stamp);
  });
});

describe('the ids the push keeps', () => {
  it('sets, replaces and forgets an id of each kind', () => {
    ids.set('customer', 7, 70);
    ids.set('order', 7, 71);
    expect([ids.wooId('customer', 7), ids.wooId('order', 7), ids.wooId('order_line', 7)]).toEqual([70, 71, undefined]);
    ids.set('customer', 7, 700);
    expect(ids.wooId('customer', 7)).toBe(700);
    ids.forget('customer', 7);
    expect([ids.wooId('customer', 7), ids.wooId('order', 7)]).toEqual([undefined, 71]);
  });

  it('a product is named by the pull’s map before the push’s own, and a term of the same id is not a product', () => {
    ids.set('product', 8, 80);
    expect(ids.wooId('product', 8)).toBe(80);
    writeTransaction(db, () => {
      repositories.syncCatalogue.map('term', 800, 8);
    });
    expect(ids.wooId('product', 8)).toBe(80);
    writeTransaction(db, () => {
      repositories.syncCatalogue.map('product', 801, 8);
    });
    expect(ids.wooId('product', 8)).toBe(801);
    expect(ids.isLocalOnly(8)).toBe(false);
  });
});

describe('what the push reads beside the orders', () => {
  const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' });

  it('a journal entry by id, the till’s installation id, a stock change and a product', async () => {
    await paidSale(server, tokens.cashier, catalogue.coffee, 2);
    const adjusted = await api(server, 'POST', `/products/${catalogue.coffee}/stock`, { token: tokens.shop_manager, body: { adjust: -3, reason: 'damaged' } });
    expect(adjusted.status).toBe(200);
    withDb(server, (shopDb) => {
      const sources = servicesOf(shopDb).repositories.syncSources;
      const journal = shopDb.prepare("SELECT * FROM journal WHERE kind = 'sale' ORDER BY sequence DESC LIMIT 1").get() as { id: string; order_id: number };
      expect(sources.journalEntry(journal.id)).toEqual(journal);
      expect(sources.journalEntry('no-such-entry')).toBeUndefined();
      const installation = shopDb.prepare("SELECT value FROM installation WHERE key = 'installation_id'").pluck().get() as string;
      expect(sources.tillId()).toBe(installation);
      const ledger = shopDb.prepare('SELECT id FROM stock_ledger WHERE product_id = ? ORDER BY id DESC LIMIT 1').pluck().get(catalogue.coffee) as number;
      expect(sources.stockChange(ledger)).toEqual({ product_id: catalogue.coffee, change_milli: -3000 });
      expect(sources.stockChange(999_999)).toBeUndefined();
      expect(sources.product(catalogue.shirtRed)).toEqual({
        id: catalogue.shirtRed,
        sku: 'TS-RED',
        parent_id: catalogue.shirt,
        name: expect.any(String),
        status: 'publish',
      });
      expect(sources.product(999_999)).toBeUndefined();
    });
  });

  it('refuses a database without an installation id', () => {
    withDb(server, (shopDb) => {
      const sources = servicesOf(shopDb).repositories.syncSources;
      shopDb.exec('BEGIN');
      try {
        shopDb.prepare("DELETE FROM installation WHERE key = 'installation_id'").run();
        expect(() => sources.tillId()).toThrow('the database has no installation id');
      } finally {
        shopDb.exec('ROLLBACK');
      }
      expect(sources.tillId()).toMatch(/\S/);
    });
  });
});
