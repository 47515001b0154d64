import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

/*
 * Product documents are kept pre-serialised (migration 11) and sent as stored while fresh. After
 * each kind of change (price, stock, sale dates passing, a term rename, store settings, a variation,
 * an import, from the API and from other connections and processes), every product served by the
 * default request, in the list and one by one, is byte for byte the document shaped afresh for the
 * same request (the same fields named in `_fields`, which always shapes).
 */

let category: number;
let variable: number;
let variations: number[];
const simple: number[] = [];

const gmtIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);

async function raw(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.apiUrl}${path}`, { headers: { authorization: `Bearer ${tokens.cashier}` } });
  return { status: response.status, text: await response.text() };
}

/** The whole catalogue as served by default, and as shaped afresh with every field named in `_fields` in the served order. */
async function servedAndFresh(): Promise<{ served: string; fresh: string; ids: number[] }> {
  const served = await raw('/products?per_page=100&orderby=id&order=asc');
  expect(served.status).toBe(200);
  const items = JSON.parse(served.text) as Array<Record<string, unknown>>;
  const fields = Object.keys(items[0] ?? {}).join(',');
  const fresh = await raw(`/products?per_page=100&orderby=id&order=asc&_fields=${fields}`);
  return { served: served.text, fresh: fresh.text, ids: items.map((item) => item.id as number) };
}

/** Every product, in the list and on its own, is what shaping it now gives. */
async function expectServedIsFresh(): Promise<Array<Record<string, unknown>>> {
  // Twice: the first read may shape and store; the second must send what was stored.
  for (let round = 0; round < 2; round++) {
    const { served, fresh, ids } = await servedAndFresh();
    expect(served).toBe(fresh);
    const fields = Object.keys((JSON.parse(served) as Array<Record<string, unknown>>)[0] ?? {}).join(',');
    for (const id of ids) {
      const one = await raw(`/products/${id}`);
      expect(one.status).toBe(200);
      expect(one.text).toBe((await raw(`/products/${id}?_fields=${fields}`)).text);
    }
  }
  return JSON.parse((await raw('/products?per_page=100&orderby=id&order=asc')).text) as Array<Record<string, unknown>>;
}

/** A GET addressed to another name of the same server (`Host: localhost:port`), as a second till might reach it. */
function viaLocalhost(path: string): Promise<string> {
  const url = new URL(`${server.apiUrl}${path}`);
  return new Promise((resolve, reject) => {
    get(url, { headers: { host: `localhost:${url.port}`, authorization: `Bearer ${tokens.cashier}` } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        resolve(text);
      });
    }).on('error', reject);
  });
}

const byId = (items: Array<Record<string, unknown>>, id: number) => items.find((item) => item.id === id) ?? {};

const { server, tokens } = useServer({}, async () => {
  category = (await api(server, 'POST', '/products/categories', { token: tokens.shop_manager, body: { name: 'Documents' } })).body.id as number;
  for (let index = 0; index < 5; index++) {
    const created = await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: {
        name: `Doc ${index}`,
        sku: `DOC-${index}`,
        regular_price: `${index + 1}.00`,
        manage_stock: true,
        stock_quantity: 10,
        categories: [{ id: category }],
      },
    });
    expect(created.status).toBe(201);
    simple.push(created.body.id as number);
  }
  const parent = await api(server, 'POST', '/products', {
    token: tokens.shop_manager,
    body: { name: 'Doc shirt', type: 'variable', categories: [{ id: category }] },
  });
  expect(parent.status).toBe(201);
  variable = parent.body.id as number;
  variations = [];
  for (const [index, price] of ['4.00', '6.00'].entries()) {
    const created = await api(server, 'POST', `/products/${variable}/variations`, {
      token: tokens.shop_manager,
      body: { regular_price: price, sku: `DOC-V${index}`, attributes: [{ name: 'Size', option: `S${index}` }] },
    });
    expect(created.status).toBe(201);
    variations.push(created.body.id as number);
  }
  await expectServedIsFresh();
});

describe('stored product documents', () => {
  it('are stored by a read and sent as stored while fresh', async () => {
    const [id] = simple;
    const stored = withDb(server, (db) =>
      db.prepare<[number], { json: string | null }>('SELECT json FROM product_documents WHERE product_id = ?').get(id ?? 0),
    );
    expect(stored?.json).toBe((await raw(`/products/${id}`)).text);
    // A document written behind the server's back (a stand-in no shaping would make) is what is sent: the fast path is taken.
    withDb(server, (db) => db.prepare("UPDATE product_documents SET json = json_set(json, '$.name', 'Planted') WHERE product_id = ?").run(id));
    expect(JSON.parse((await raw(`/products/${id}`)).text).name).toBe('Planted');
    withDb(server, (db) => db.prepare('UPDATE product_documents SET json = NULL WHERE product_id = ?').run(id));
    expect(JSON.parse((await raw(`/products/${id}`)).text).name).toBe('Doc 0');
  });

  it('are kept per origin: `_links` and permalinks name the host the client reached', async () => {
    const path = '/products?per_page=100&orderby=id&order=asc';
    const fields = Object.keys((JSON.parse((await raw(path)).text) as Array<Record<string, unknown>>)[0] ?? {}).join(',');
    for (let round = 0; round < 2; round++) {
      const served = await viaLocalhost(path);
      expect(served).toContain(`"href":"http://localhost:`);
      expect(served).toBe(await viaLocalhost(`${path}&_fields=${fields}`));
      expect(await viaLocalhost(`/products/${simple[0] ?? 0}`)).toBe(await viaLocalhost(`/products/${simple[0] ?? 0}?_fields=${fields}`));
    }
    expect((await raw(path)).text).not.toContain('localhost');
  });

  it('follow a price change through the API', async () => {
    const id = simple[1] ?? 0;
    expect((await api(server, 'PATCH', `/products/${id}`, { token: tokens.shop_manager, body: { regular_price: '12.50' } })).status).toBe(200);
    expect(byId(await expectServedIsFresh(), id).price).toBe('12.50');
  });

  it('follow stock sold from another connection', async () => {
    const id = simple[2] ?? 0;
    withDb(server, (db) => {
      servicesOf(db).repositories.products.adjustStock(id, -3);
    });
    expect(byId(await expectServedIsFresh(), id).stock_quantity).toBe(7);
  });

  it('follow sale dates passing: a sale that begins and one that ends', async () => {
    const [starting, ending] = [simple[3] ?? 0, simple[4] ?? 0];
    withDb(server, (db) => {
      db.prepare("UPDATE products SET sale_price = '0.50', date_on_sale_from_gmt = ? WHERE id = ?").run(gmtIn(2), starting);
      db.prepare("UPDATE products SET sale_price = '0.50', date_on_sale_to_gmt = ? WHERE id = ?").run(gmtIn(1), ending);
    });
    const before = await expectServedIsFresh();
    expect([byId(before, starting).on_sale, byId(before, ending).on_sale]).toEqual([false, true]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await expectServedIsFresh();
    expect([byId(after, starting).on_sale, byId(after, ending).on_sale]).toEqual([true, false]);
    expect(byId(after, starting).price).toBe('0.50');
  });

  it('follow a category rename', async () => {
    expect((await api(server, 'PATCH', `/products/categories/${category}`, { token: tokens.shop_manager, body: { name: 'Renamed documents' } })).status).toBe(
      200,
    );
    const items = await expectServedIsFresh();
    expect(byId(items, variable).categories).toEqual([{ id: category, name: 'Renamed documents', slug: expect.any(String) }]);
  });

  it('follow the store settings', async () => {
    const store = (await api(server, 'GET', '/stores', { token: tokens.administrator })).body[0].id as number;
    expect((await api(server, 'PATCH', `/stores/${store}`, { token: tokens.administrator, body: { price_num_decimals: 3 } })).status).toBe(200);
    expect(byId(await expectServedIsFresh(), simple[0] ?? 0).price).toBe('1.000');
    expect((await api(server, 'PATCH', `/stores/${store}`, { token: tokens.administrator, body: { price_num_decimals: 2 } })).status).toBe(200);
    expect(byId(await expectServedIsFresh(), simple[0] ?? 0).price).toBe('1.00');
  });

  it('follow a variation change: the variable product shows its new price range', async () => {
    expect(
      (await api(server, 'PATCH', `/products/${variable}/variations/${variations[0]}`, { token: tokens.shop_manager, body: { regular_price: '3.00' } })).status,
    ).toBe(200);
    expect(byId(await expectServedIsFresh(), variable).price).toBe('3.00');
    withDb(server, (db) => db.prepare("UPDATE products SET regular_price = '2.00' WHERE id = ?").run(variations[1]));
    expect(byId(await expectServedIsFresh(), variable).price).toBe('2.00');
  });

  it('follow an import by `tillbase import` in another process', async () => {
    const files = mkdtempSync(join(tmpdir(), 'tillbase-documents-import-'));
    try {
      const file = join(files, 'prices.csv');
      writeFileSync(file, ['SKU,Type,Name,Regular price', 'DOC-0,simple,Doc 0 imported,8.25'].join('\n'));
      const imported = await runCli(['import', 'products', file, '--data-dir', server.dataDir]);
      expect(imported.code, imported.stderr).toBe(0);
    } finally {
      rmSync(files, { recursive: true, force: true });
    }
    const item = byId(await expectServedIsFresh(), simple[0] ?? 0);
    expect([item.name, item.price]).toEqual(['Doc 0 imported', '8.25']);
  });
});
