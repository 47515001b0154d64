import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

/*
 * The product lists keep their totals and the keys where their pages start in memory (keyset paging
 * under the page numbers). Over real HTTP: X-WP-Total, X-WP-TotalPages and Link stay exact after
 * every kind of write, from the API and from another connection, and every page, whatever its
 * number, offset or order, holds exactly the rows an OFFSET over the whole order would.
 */

const COUNT = 300;
let category: number;

/** Products created at the same second in threes, so that the order's ties fall to the id. */
const createdAt = (index: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor(index / 3) * 60_000).toISOString().slice(0, 19);

const { server, tokens } = useServer({ roles: ['cashier', 'shop_manager'] }, async () => {
  category = (await api(server, 'POST', '/products/categories', { token: tokens.shop_manager, body: { name: 'Paged' } })).body.id as number;
  withDb(server, (db) => {
    const products = servicesOf(db).repositories.products;
    for (let index = 0; index < COUNT; index++) {
      products.create({
        type: 'simple',
        name: `Paged ${index}`,
        sku: `PG-${index}`,
        regular_price: '1.00',
        date_created_gmt: createdAt(index),
        category_ids: index % 2 === 0 ? [category] : [],
      });
    }
  });
});

/** Every product's id in the list's order, as SQL sorts them (the expectation, apart from the server). */
function expectedOrder(order: 'date' | 'id', direction: 'asc' | 'desc', where = ''): number[] {
  const key = order === 'date' ? 'date_created_gmt' : 'id';
  return withDb(server, (db) =>
    db
      .prepare<[], { id: number }>(
        `SELECT id FROM products WHERE type <> 'variation' AND status <> 'trash' ${where} ORDER BY ${key} ${direction}, id ${direction}`,
      )
      .all()
      .map((row) => row.id),
  );
}

async function page(query: string) {
  const response = await api<Array<{ id: number }>>(server, 'GET', `/products?_fields=id&${query}`, { token: tokens.cashier });
  expect(response.status, query).toBe(200);
  return {
    ids: response.body.map((item) => item.id),
    total: Number(response.headers.get('x-wp-total')),
    pages: Number(response.headers.get('x-wp-totalpages')),
    link: response.headers.get('link') ?? '',
  };
}

async function expectTotals(expected: number, query = '') {
  const first = await page(`per_page=100&page=1${query}`);
  expect(first.total).toBe(expected);
  const lastPage = Math.ceil(expected / 100);
  expect(first.pages).toBe(lastPage);
  const last = await page(`per_page=100&page=${lastPage}${query}`);
  expect([last.total, last.pages, last.ids.length]).toEqual([expected, lastPage, expected - (lastPage - 1) * 100]);
  // The last page links back only; the one before it links forward to the last.
  const linked = (link: string, rel: string) =>
    /[?&]page=(\d+)[^>]*>; rel="(\w+)"/g.exec(link.split(', ').find((part) => part.endsWith(`rel="${rel}"`)) ?? '')?.[1];
  expect([linked(last.link, 'prev'), linked(last.link, 'next')]).toEqual([String(lastPage - 1), undefined]);
  const before = await page(`per_page=100&page=${lastPage - 1}${query}`);
  expect(linked(before.link, 'next')).toBe(String(lastPage));
  // Past the end: an empty page that still tells the total.
  const past = await page(`per_page=100&page=${lastPage + 1}${query}`);
  expect([past.ids, past.total]).toEqual([[], expected]);
}

describe('X-WP-Total and Link', () => {
  it('stay exact after inserts, trashing, restoring and deletes, through the API and from another connection', async () => {
    await expectTotals(COUNT);
    const created = await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: { name: 'Paged extra', regular_price: '2.00', categories: [{ id: category }] },
    });
    expect(created.status).toBe(201);
    await expectTotals(COUNT + 1);
    await expectTotals(COUNT / 2 + 1, `&category=${category}`);
    const extra = withDb(server, (db) =>
      servicesOf(db).repositories.products.create({ type: 'simple', name: 'Paged by another connection', date_created_gmt: createdAt(150) }),
    );
    await expectTotals(COUNT + 2);
    expect(await api(server, 'DELETE', `/products/${created.body.id as number}`, { token: tokens.shop_manager })).toMatchObject({ status: 200 });
    await expectTotals(COUNT + 1);
    await expectTotals(COUNT / 2, `&category=${category}`);
    await api(server, 'PUT', `/products/${created.body.id as number}`, { token: tokens.shop_manager, body: { status: 'publish' } });
    await expectTotals(COUNT + 2);
    await expectTotals(COUNT / 2 + 1, `&category=${category}`);
    withDb(server, (db) => db.prepare('DELETE FROM product_terms WHERE product_id = ?').run(created.body.id));
    await expectTotals(COUNT / 2, `&category=${category}`);
    expect(await api(server, 'DELETE', `/products/${created.body.id as number}?force=true`, { token: tokens.shop_manager })).toMatchObject({ status: 200 });
    withDb(server, (db) => db.prepare('DELETE FROM products WHERE id = ?').run(extra.id));
    await expectTotals(COUNT);
  });

  it('follow an import by `tillbase import` in another process, and a delete from another connection', async () => {
    await expectTotals(COUNT);
    const files = mkdtempSync(join(tmpdir(), 'tillbase-pages-import-'));
    try {
      const file = join(files, 'more.csv');
      // No categories: the products alone must move the totals.
      writeFileSync(
        file,
        ['SKU,Type,Name,Regular price', ...Array.from({ length: 120 }, (_, index) => `PAGES-${index},simple,Imported ${index},1.50`)].join('\n'),
      );
      const imported = await runCli(['import', 'products', file, '--data-dir', server.dataDir]);
      expect(imported.code, imported.stderr).toBe(0);
      await expectTotals(COUNT + 120);
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
    withDb(server, (db) => db.prepare("DELETE FROM products WHERE sku LIKE 'PAGES-%'").run());
    await expectTotals(COUNT);
  });

  it('do not move for a sale: stock and prices change no total', async () => {
    const [first] = expectedOrder('date', 'desc');
    withDb(server, (db) => db.prepare('UPDATE products SET manage_stock = 1, stock_quantity = 3, regular_price = ? WHERE id = ?').run('9.00', first));
    await expectTotals(COUNT);
  });
});

describe('keyset pages under the page numbers', () => {
  it('hold what OFFSET over the whole order holds, at every page boundary, in every keyset order', async () => {
    for (const [orderby, order] of [
      ['date', 'desc'],
      ['date', 'asc'],
      ['id', 'asc'],
      ['id', 'desc'],
    ] as const) {
      const all = expectedOrder(orderby, order);
      for (const perPage of [7, 64, 100]) {
        const seen: number[] = [];
        for (let number = 1; number <= Math.ceil(all.length / perPage); number++) {
          const { ids, total } = await page(`orderby=${orderby}&order=${order}&per_page=${perPage}&page=${number}`);
          expect(total).toBe(all.length);
          seen.push(...ids);
        }
        expect(seen, `${orderby} ${order} per_page=${perPage}`).toEqual(all);
      }
      // Offsets on both sides of the blocks the server remembers (64 rows each).
      for (const offset of [0, 1, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 293, 299, 300]) {
        const { ids } = await page(`orderby=${orderby}&order=${order}&per_page=10&offset=${offset}`);
        expect(ids, `${orderby} ${order} offset=${offset}`).toEqual(all.slice(offset, offset + 10));
      }
    }
  });

  it("start a deep page at its block's key in the creation-date index, and the first pages at the index's start", () => {
    withDb(server, (db) => {
      const executed: string[] = [];
      const prepare = db.prepare.bind(db);
      db.prepare = (sql: string) => {
        executed.push(sql);
        return prepare(sql);
      };
      const products = servicesOf(db).repositories.products;
      const list = (offset: number) => products.list('product', { now: '2030-01-01T00:00:00' }, { orderby: 'date', order: 'desc' }, 10, offset);
      list(10);
      expect(executed.some((sql) => sql.includes('(@startKey, @startId)'))).toBe(false);
      list(290);
      const keyset = executed.find((sql) => sql.includes('(@startKey, @startId)'));
      expect(keyset).toBeDefined();
      const plan = prepare<[Record<string, unknown>], { detail: string }>(`EXPLAIN QUERY PLAN ${keyset ?? ''}`)
        .all({ startKey: '2025-01-01T00:00:00', startId: 1, limit: 10, skip: 0 })
        .map((row) => row.detail);
      expect(plan).toEqual(['SEARCH p USING COVERING INDEX products_audit_products (date_created_gmt<?)']);
    });
  });

  it('follow a product inserted between two pages, and a filter by category', async () => {
    const middle = withDb(server, (db) =>
      servicesOf(db).repositories.products.create({
        type: 'simple',
        name: 'Paged in the middle',
        date_created_gmt: createdAt(COUNT - 64 * 2),
        category_ids: [category],
      }),
    );
    const all = expectedOrder('date', 'desc');
    expect(all.indexOf(middle.id)).toBeGreaterThan(0);
    const seen: number[] = [];
    for (let number = 1; number <= Math.ceil(all.length / 64); number++) seen.push(...(await page(`per_page=64&page=${number}`)).ids);
    expect(seen).toEqual(all);
    const inCategory = expectedOrder('date', 'desc', `AND id IN (SELECT product_id FROM product_terms WHERE term_id = ${category})`);
    const categorySeen: number[] = [];
    for (let number = 1; number <= Math.ceil(inCategory.length / 20); number++)
      categorySeen.push(...(await page(`category=${category}&per_page=20&page=${number}`)).ids);
    expect(categorySeen).toEqual(inCategory);
    withDb(server, (db) => db.prepare('DELETE FROM products WHERE id = ?').run(middle.id));
  });
});
