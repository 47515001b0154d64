import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/data/database.js';
import { ProductWritesRepository } from '../../server/data/repositories/product-writes.js';
import { SearchIndexRepository } from '../../server/data/repositories/search-index.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { gtinForms } from '../../server/model/catalogue/barcode.js';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

/*
 * Catalogue search through its indexes (the trigram index, the name, SKU and barcode indexes, the
 * materialised set of matches) answers exactly what the unindexed way would: every product read and
 * tested here in JavaScript, name, SKU and barcode as case-insensitive substrings (from three
 * characters; a shorter search is the start of a name or a whole SKU or barcode), the exact SKU or
 * barcode match first, then the list's order. Over real HTTP, X-WP-Total included, on a catalogue of
 * a few thousand products written in many transactions (so the trigram index is in many segments),
 * and again after a rename, an insert, a trashing and a deletion, and after the server has merged the
 * index back into one segment.
 */

const COUNT = 3_000;
const WORDS = ['Bread', 'Milk', 'Cheese', 'Apple', 'Butter', 'Honey', 'Rice', 'Tea', 'Coffee', 'Oats'];
const FLAVOURS = ['Plain', 'Smoked', 'Golden', 'Rustic', 'Zesty', 'Light'];

interface Row {
  id: number;
  name: string;
  sku: string | null;
  barcode: string | null;
  type: string;
  status: string;
  date_created_gmt: string;
}

/** Ten products share each creation minute, so that the order's ties fall to the id. */
const createdAt = (index: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 10) * 60_000).toISOString().slice(0, 19);

/** The catalogue: every seventh product without a SKU, every fifth without a barcode, some trashed, and variable products whose variations match too. */
function addCatalogue(db: Database): void {
  const writes = new ProductWritesRepository(db);
  for (let start = 0; start < COUNT; start += 100) {
    writeTransaction(db, () => {
      for (let index = start; index < start + 100; index++) {
        const name = `${FLAVOURS[index % 6] ?? ''} ${WORDS[Math.floor(index / 6) % 10] ?? ''} ${index % 11 === 0 ? 'Organic ' : ''}No. ${index}`;
        writes.insert({
          type: 'simple',
          name,
          sku: index % 7 === 0 ? undefined : `SR-${index}`,
          barcode: index % 5 === 0 ? undefined : `40${String(index).padStart(10, '0')}${index % 10}`,
          status: index % 97 === 0 ? 'trash' : 'publish',
          regular_price: '1.00',
          date_created_gmt: createdAt(index),
        });
      }
    });
  }
  writeTransaction(db, () => {
    for (let number = 0; number < 20; number++) {
      const parent = writes.insert({
        type: 'variable',
        name: `Smoked Bread Hamper ${number}`,
        sku: `HAMPER-${number}`,
        date_created_gmt: createdAt(COUNT + number),
      });
      for (const option of ['Small', 'Large']) {
        writes.insert({
          type: 'variation',
          parent_id: parent,
          regular_price: '9.00',
          variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option }],
          date_created_gmt: createdAt(COUNT + number),
        });
      }
    }
  });
}

function rows(): Row[] {
  return withDb(server, (db) => db.prepare<[], Row>('SELECT id, name, sku, barcode, type, status, date_created_gmt FROM products').all());
}

/** What the list should be: every row tested in JavaScript, exact SKU or barcode matches first, then newest first, the id last. */
function expected(all: readonly Row[], search: string, kind: 'product' | 'variation'): number[] {
  const needle = search.toLowerCase();
  const short = Array.from(search).length < 3;
  const matches = (row: Row) =>
    short
      ? row.name.toLowerCase().startsWith(needle) || row.sku?.toLowerCase() === needle || row.barcode === search
      : [row.name, row.sku ?? '', row.barcode ?? ''].some((text) => text.toLowerCase().includes(needle));
  const exact = (row: Row) => row.sku?.toLowerCase() === needle || (row.barcode !== null && gtinForms(search).includes(row.barcode));
  const listed = (row: Row) => (kind === 'variation' ? row.type === 'variation' : row.type !== 'variation') && row.status !== 'trash';
  return all
    .filter((row) => listed(row) && matches(row))
    .sort((a, b) => Number(exact(b)) - Number(exact(a)) || b.date_created_gmt.localeCompare(a.date_created_gmt) || b.id - a.id)
    .map((row) => row.id);
}

async function page(search: string, perPage: number, number: number, kind: 'product' | 'variation') {
  const path = kind === 'variation' ? '/products/variations' : '/products';
  const response = await api<Array<{ id: number }>>(
    server,
    'GET',
    `${path}?search=${encodeURIComponent(search)}&per_page=${perPage}&page=${number}&_fields=id`,
    { token: tokens.cashier },
  );
  expect(response.status, search).toBe(200);
  return { ids: response.body.map((item) => item.id), total: Number(response.headers.get('x-wp-total')) };
}

/** Every page of the search (page 1, the middle, the last, one past the end) against the unindexed answer. */
async function expectSearch(search: string, kind: 'product' | 'variation' = 'product', all = rows()): Promise<number[]> {
  const want = expected(all, search, kind);
  const perPage = want.length > 400 ? 100 : 20;
  const last = Math.max(1, Math.ceil(want.length / perPage));
  for (const number of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
    const got = await page(search, perPage, number, kind);
    expect(got.total, `${search} page ${number}`).toBe(want.length);
    expect(got.ids, `${search} page ${number}`).toEqual(want.slice((number - 1) * perPage, number * perPage));
  }
  return want;
}

/** The segments of the trigram index. */
const segments = () => withDb(server, (db) => db.prepare<[], { n: number }>('SELECT COUNT(DISTINCT segid) AS n FROM products_search_idx').get()?.n ?? 0);

const { server, tokens } = useServer({ roles: ['cashier'] }, () => {
  withDb(server, addCatalogue);
});

describe('catalogue search answers what a scan of every product would', () => {
  it('for fragments with thousands of matches, hundreds, a few and none, in any case', async () => {
    expect(segments()).toBeGreaterThan(1);
    const all = rows();
    const counts: number[] = [];
    for (const search of ['No. ', 'smoked', 'BREAD', 'ed Bre', 'Organic', 'No. 1234', 'olden Ric', 'No. 299', 'quinoa', 'SR-1', '4000000012']) {
      counts.push((await expectSearch(search, 'product', all)).length);
    }
    // The fragments do reach from thousands of matches to none.
    expect(Math.max(...counts)).toBeGreaterThan(2_500);
    expect(counts).toContain(0);
    expect(counts.some((count) => count > 100 && count < 1_000)).toBe(true);
  });

  it('puts an exact SKU or barcode first, then the list order, with rows lacking a SKU or barcode in their place', async () => {
    const all = rows();
    // SR-12 is the oldest of SR-12, SR-120..., so only the exact-match rule puts it first.
    const bySku = await expectSearch('sr-12', 'product', all);
    expect(all.find((row) => row.id === bySku[0])?.sku).toBe('SR-12');
    expect(bySku.length).toBeGreaterThan(10);
    const barcode = all.find((row) => row.sku === 'SR-13')?.barcode ?? '';
    const byBarcode = await expectSearch(barcode, 'product', all);
    expect(byBarcode[0]).toBe(all.find((row) => row.sku === 'SR-13')?.id);
    // Among the matches of a name, rows without a SKU or barcode keep their date order.
    const smoked = expected(all, 'Smoked', 'product')
      .slice(0, 40)
      .map((id) => all.find((row) => row.id === id));
    expect(smoked.some((row) => row?.sku === null)).toBe(true);
  });

  it('for one and two characters: the start of a name, or a whole SKU or barcode', async () => {
    const all = rows();
    for (const search of ['z', 'Go', 'gO', 'q']) await expectSearch(search, 'product', all);
  });

  it('in the variations list, and in other orders', async () => {
    await expectSearch('smoked bread hamper', 'variation');
    await expectSearch('Large', 'variation');
    const all = rows();
    const want = expected(all, 'Honey', 'product').filter((id) => all.find((row) => row.id === id));
    const byId = await api<Array<{ id: number }>>(server, 'GET', `/products?search=Honey&orderby=id&order=asc&per_page=100&_fields=id`, {
      token: tokens.cashier,
    });
    expect(byId.body.map((item) => item.id)).toEqual([...want].sort((a, b) => a - b).slice(0, 100));
    const byTitle = await api<Array<{ id: number }>>(server, 'GET', `/products?search=Honey&orderby=title&order=asc&per_page=100&_fields=id`, {
      token: tokens.cashier,
    });
    expect(Number(byTitle.headers.get('x-wp-total'))).toBe(want.length);
  });

  it('changes at once after a rename, an insert, a trashing and a deletion, from the API and from another connection', async () => {
    await expectSearch('Quince');
    const manager = (await login(server, 'shop_manager')).access_token;
    const target = rows().find((row) => row.sku === 'SR-1500');
    const renamed = await api(server, 'PUT', `/products/${target?.id ?? 0}`, { token: manager, body: { name: 'Quince Paste' } });
    expect(renamed.status).toBe(200);
    expect(await expectSearch('Quince')).toEqual([target?.id]);
    // The old name no longer finds it.
    expect((await page('No. 1500', 20, 1, 'product')).ids).not.toContain(target?.id);
    const created = await api<{ id: number }>(server, 'POST', '/products', {
      token: manager,
      body: { name: 'Quince Jelly', sku: 'QJ-1', regular_price: '3.00' },
    });
    expect(created.status).toBe(201);
    expect(await expectSearch('quince')).toContain(created.body.id);
    withDb(server, (db) => {
      db.prepare("UPDATE products SET sku = 'QUINCE-9' WHERE sku = 'SR-1501'").run();
      db.prepare("UPDATE products SET barcode = '4099999999999' WHERE sku = 'SR-1502'").run();
    });
    expect(await expectSearch('QUINCE')).toHaveLength(3);
    expect(await expectSearch('099999999')).toHaveLength(1);
    await api(server, 'DELETE', `/products/${created.body.id}`, { token: manager });
    withDb(server, (db) => servicesOf(db).repositories.products.create({ type: 'simple', name: 'Quince Tart', date_created_gmt: createdAt(1) }));
    withDb(server, (db) => db.prepare("DELETE FROM products WHERE sku = 'QUINCE-9'").run());
    expect(await expectSearch('quince')).toHaveLength(2);
  });

  it('stays exact once the server has merged the trigram index into one segment, which it leaves to an import while one writes', async () => {
    // As an import writes: FTS5's merging at commit off, a segment per transaction.
    const index = (work: (repository: SearchIndexRepository, db: Database) => void) => {
      withDb(server, (db) => {
        work(new SearchIndexRepository(db), db);
      });
    };
    const crisisMerge = (db: Database, segments: number) =>
      db.prepare("INSERT INTO products_search (products_search, rank) VALUES ('crisismerge', ?)").run(BigInt(segments));
    index((repository, db) => {
      repository.setAutomerge(0);
      crisisMerge(db, 64);
      const writes = new ProductWritesRepository(db);
      for (let step = 0; step < 30; step++)
        writeTransaction(db, () =>
          writes.insert({ type: 'simple', name: `Late Arrival ${step}`, sku: `LATE-${step}`, date_created_gmt: createdAt(step * 50) }),
        );
    });
    const written = segments();
    expect(written).toBeGreaterThan(30);
    // Two looks of the server's watch later, the import's segments are still its own.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(segments()).toBe(written);
    await expectSearch('Late Arrival');
    // The import ends: the server notices by itself, with no search asking, and merges in steps between requests.
    index((repository, db) => {
      crisisMerge(db, 16);
      repository.setAutomerge();
    });
    await vi.waitFor(
      () => {
        expect(segments()).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
    await expectSearch('Late Arrival');
    await expectSearch('smoked');
    await expectSearch('sr-12');
  }, 40_000);
});
