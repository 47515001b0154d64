import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productRowOf, productRowPositions, SELECT_RECORD } from '../../server/data/repositories/product-rows.js';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';

/*
 * Product rows are read as arrays and put together by `productRowOf` (better-sqlite3's row objects
 * cost twice as much). The rows so made must be what SQLite's own row objects are, column for
 * column: a column added to `products` by a later migration and not to the row fails here.
 */
describe('product rows read as arrays', () => {
  it('equal the rows read as objects, for a product and a variation, every column', () => {
    const dataDir = makeDataDir();
    const db = openDataDirDatabase(dataDir);
    try {
      const products = servicesOf(db).repositories.products;
      const parent = products.create({
        type: 'variable',
        name: 'Tee',
        sku: 'TEE',
        attributes: [{ id: 0, name: 'Size', slug: 'size', position: 0, visible: true, variation: true, options: ['S'] }],
      });
      const variation = products.create({
        type: 'variation',
        parent_id: parent.id,
        sku: 'TEE-S',
        regular_price: '9.50',
        sale_price: '8.00',
        manage_stock: true,
        stock_quantity: 3,
        variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'S' }],
      });
      const sql = `${SELECT_RECORD} WHERE p.id IN (?, ?) ORDER BY p.id`;
      const asObjects = db.prepare(sql).all(parent.id, variation.id) as Record<string, unknown>[];
      const rawStatement = db.prepare(sql).raw(true);
      const at = productRowPositions(rawStatement.columns());
      const asArrays = (rawStatement.all(parent.id, variation.id) as unknown[][]).map((values) => productRowOf(values, at));
      expect(asArrays).toEqual(asObjects);
      expect(asObjects[1]?.parent_name).toBe('Tee');
      // And through the repository, which reads them so.
      expect(products.find(variation.id)).toMatchObject({ id: variation.id, parent_id: parent.id, sku: 'TEE-S', regular_price: '9.50', stock_quantity: 3 });
      expect(products.findMany([variation.id, parent.id]).map((record) => record.id)).toEqual([variation.id, parent.id]);
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a statement that lacks a column of the row', () => {
    expect(() => productRowPositions([{ name: 'id' }])).toThrow(/no column parent_id/);
  });
});
