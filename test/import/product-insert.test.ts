import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';
import { ProductWritesRepository } from '../../server/data/repositories/product-writes.js';
import type { NewProduct } from '../../server/model/catalogue/types.js';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { servicesOf } from '../helpers/services.js';

/**
 * The import inserts through ProductWritesRepository.insert, without the per-product savepoint,
 * stock-ledger context and read-back of ProductsRepository.create (which the API and the seed use):
 * the two must store the same row for the same product.
 */
const dir = mkdtempSync(join(tmpdir(), 'tillbase-insert-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('ProductWritesRepository.insert', () => {
  it('stores the row, terms, search entry and ledger line that create stores', () => {
    const db = openDatabase(join(dir, 'insert.db'));
    try {
      const products = servicesOf(db).repositories.products;
      const writes = new ProductWritesRepository(db);
      const category = new TermsRepository(db).create('product_cat', { name: 'Bakery' }).id;
      const shapes: Array<(suffix: string) => NewProduct> = [
        (suffix) => ({
          type: 'simple',
          name: `Rye loaf ${suffix}`,
          sku: `RYE-${suffix}`,
          barcode: `40000000000${suffix}`,
          regular_price: '3.20',
          sale_price: '2.90',
          manage_stock: true,
          stock_quantity: 12,
          category_ids: [category],
          date_created_gmt: '2025-01-02T03:04:05',
        }),
        (suffix) => ({
          type: 'simple',
          name: 'Bun',
          sku: `BUN-${suffix}`,
          stock_status: 'outofstock',
          images: [{ id: 0, src: 'https://example.com/bun.jpg', name: '', alt: '' }],
          date_created_gmt: '2025-01-02T03:04:05',
        }),
        (suffix) => ({
          type: 'variable',
          name: `Cake ${suffix}`,
          sku: `CAKE-${suffix}`,
          regular_price: '9.00',
          attributes: [{ id: 0, name: 'Size', slug: 'size', position: 0, visible: true, variation: true, options: ['S', 'L'] }],
          date_created_gmt: '2025-01-02T03:04:05',
        }),
      ];
      const row = (id: number) => {
        // The columns that differ by design: the id, and the suffixed name, SKU, slug and barcode.
        const stored = Object.entries(db.prepare('SELECT * FROM products WHERE id = ?').get(id) as Record<string, unknown>);
        return Object.fromEntries(stored.filter(([column]) => !['id', 'sku', 'slug', 'barcode', 'name'].includes(column)));
      };
      const ledger = (id: number) => db.prepare('SELECT change_milli, balance_milli, reason, reference FROM stock_ledger WHERE product_id = ?').all(id);
      const terms = (id: number) => db.prepare('SELECT term_id FROM product_terms WHERE product_id = ?').all(id);
      for (const [index, shape] of shapes.entries()) {
        const created = products.create(shape(`${index}1`), { reason: 'import', reference: 'a.csv' }).id;
        const inserted = writeTransaction(db, () => products.recordingStock({ reason: 'import', reference: 'a.csv' }, () => writes.insert(shape(`${index}2`))));
        expect(row(inserted)).toEqual(row(created));
        expect(ledger(inserted)).toEqual(ledger(created));
        expect(terms(inserted)).toEqual(terms(created));
        if (index === 2) {
          const variation = (parent: number): NewProduct => ({
            type: 'variation',
            parent_id: parent,
            sku: `CAKE-S-${parent}`,
            regular_price: '4.00',
            variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'S' }],
            date_created_gmt: '2025-01-02T03:04:05',
          });
          const viaCreate = products.create(variation(created)).id;
          const viaInsert = writeTransaction(db, () => writes.insert(variation(inserted)));
          expect(row(viaInsert)).toEqual({ ...row(viaCreate), parent_id: inserted });
          expect(products.find(viaInsert)?.name).toBe(`Cake ${index}2 - S`);
        }
      }
      const search = (text: string) => db.prepare('SELECT rowid FROM products_search WHERE products_search MATCH ?').all(`"${text}"`);
      expect(search('rye loaf 02')).toHaveLength(1);
      expect(search('RYE-02')).toHaveLength(1);
      expect(() => writeTransaction(db, () => writes.insert({ type: 'simple', name: ' ' }))).toThrow('a product needs a name');
    } finally {
      db.close();
    }
  });
});
