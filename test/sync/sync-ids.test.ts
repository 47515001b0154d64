/**
 * One map of product ids for both directions: the push names a product by the id the catalogue's
 * pull keeps for it (WooCommerce masters the catalogue), and never names a local-only product.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';

const dataDir = makeDataDir();
const db = openDataDirDatabase(dataDir);
const { repositories } = servicesOf(db);
afterAll(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the ids the push names products by', () => {
  it('are the pull’s for a pulled or matched product, before the push’s own', () => {
    repositories.syncIds.set('product', 5, 111);
    expect(repositories.syncIds.wooId('product', 5)).toBe(111);
    repositories.syncCatalogue.map('product', 900, 5);
    expect(repositories.syncIds.wooId('product', 5)).toBe(900);
    expect(repositories.syncIds.wooId('customer', 5)).toBeUndefined();
  });

  it('know a local-only product', () => {
    const id = repositories.products.create({ type: 'simple', name: 'Till only', regular_price: '1.00' }).id;
    expect(repositories.syncIds.isLocalOnly(id)).toBe(false);
    repositories.syncCatalogue.markLocalOnly([id]);
    expect(repositories.syncIds.isLocalOnly(id)).toBe(true);
  });
});
