import { readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, login, makeDataDir, startTestServer, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { exec, fixture, generatedProductCsv, snapshot } from '../helpers/import-files.js';

/**
 * Product imports over HTTP (`POST /imports/products` with the CSV as the body, then
 * `GET /imports/{id}`), against a real server and its SQLite file, with the catalogue read back
 * through the API. The tests run in order: each starts from the catalogue the previous ones left.
 */

interface ImportJob {
  id: number;
  status: 'running' | 'done' | 'failed';
  phase: string;
  file: string;
  dry_run: boolean;
  processed: number;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errors: Array<{ row: number; column?: string; message: string }>;
  notes: string[];
  started_at: string;
  finished_at: string | null;
}

const { server, tokens } = useServer({ roles: ['shop_manager', 'cashier'] });

const csvOf = (name: string) => readFileSync(fixture(name), 'utf8');

/** The file's bytes as they are (a Latin-1 file would not survive being read as text). */
async function postFile(name: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.apiUrl}/imports/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.shop_manager}`, 'content-type': 'text/csv' },
    body: readFileSync(fixture(name)),
  });
  return { status: response.status, body: await response.json() };
}

function postCsv(csv: string, query = '', token = tokens.shop_manager) {
  return api(server, 'POST', `/imports/products${query}`, { token, body: csv, headers: { 'content-type': 'text/csv' } });
}

/** Follows an import as the till's screen does, until it is no longer running. */
async function finished(id: number): Promise<ImportJob> {
  for (;;) {
    const response = await api<ImportJob>(server, 'GET', `/imports/${id}`, { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    if (response.body.status !== 'running') return response.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function productsBySku(sku: string): Promise<any[]> {
  const response = await api<any[]>(server, 'GET', `/products?sku=${encodeURIComponent(sku)}`, { token: tokens.cashier });
  expect(response.status).toBe(200);
  return response.body;
}

describe('POST /imports/products', () => {
  it('answers 202 at once and imports the file in the background, as tillbase import does', async () => {
    const started = await postCsv(csvOf('products.csv'), '?file_name=products.csv');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', file: 'products.csv', dry_run: false, finished_at: null });
    expect(started.headers.get('location')).toBe(`${server.apiUrl}/imports/${started.body.id}`);

    const job = await finished(started.body.id);
    expect(job).toMatchObject({ status: 'done', phase: 'finished', processed: 9, total: 9, created: 9, updated: 0, skipped: 0, failed: 0, errors: [] });
    expect(job.notes).toEqual(['created 9 categories, 3 tags and 2 brands']);
    expect(Date.parse(job.finished_at ?? '')).toBeGreaterThanOrEqual(Date.parse(job.started_at));
    expect((await productsBySku('HC-ETH-250'))[0]).toMatchObject({ name: 'Ethiopia Guji, Washed 250g', regular_price: '9.95', sale_price: '8.50' });
  });

  it('imports the good rows of a file with bad ones, and lists each bad row with its line, column and why', async () => {
    const job = await finished((await postCsv(csvOf('products-bad-rows.csv'))).body.id);
    expect(job.status).toBe('done');
    expect(job.created).toBe(2);
    expect(job.failed).toBe(job.total - 2);
    expect(job.processed).toBe(job.total);
    expect(job.errors).toContainEqual({ row: 4, column: 'Regular price', message: expect.stringMatching(/abc/) });
    expect(job.errors).toContainEqual({ row: 5, message: 'sale price 12.00 is not below regular price 10.00' });
    // A row refused for several cells is listed once per cell, each with its column as the file names it.
    expect(job.errors.filter((error) => error.row === 15)).toEqual([
      { row: 15, column: 'In stock?', message: 'in stock? maybe is not 1, 0 or backorder' },
      { row: 15, column: 'Stock', message: 'stock 1.5 is not a whole number' },
      { row: 15, column: 'Regular price', message: 'regular price -3 is negative' },
    ]);
    expect(job.errors.map((error) => error.row)).toEqual([...job.errors.map((error) => error.row)].sort((a, b) => a - b));
    expect(await productsBySku('BAD-OK-1')).toHaveLength(1);
    expect(await productsBySku('BAD-OK-2')).toHaveLength(1);
    expect(await productsBySku('BAD-SALE')).toEqual([]);
  });

  it('with dry_run=true checks every row, says what it would do and writes nothing', async () => {
    const before = snapshot(server);
    const csv = 'SKU,Type,Name,Regular price\nDRY-1,simple,Dry One,1.00\nHC-FW,"simple, virtual",Flat White,3.90\nDRY-2,simple,,2.00\n';
    const started = await postCsv(csv, '?dry_run=true');
    expect(started.status).toBe(202);
    const job = await finished(started.body.id);
    expect(job).toMatchObject({ status: 'done', dry_run: true, total: 3, processed: 3, created: 1, updated: 1, failed: 1 });
    expect(job.errors).toEqual([{ row: 4, message: 'the name is empty' }]);
    expect(snapshot(server)).toEqual(before);
    expect(await productsBySku('DRY-1')).toEqual([]);
  });

  it('keeps the server selling while a large import runs, and runs one import at a time (409)', async () => {
    const started = await postCsv(generatedProductCsv(12_000, 'BIG'), '?file_name=big.csv');
    expect(started.status).toBe(202);

    const second = await postCsv(csvOf('products.csv'));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'pos_import_running', data: { status: 409, import_id: started.body.id } });

    // A sale from start to payment while the import reads and writes.
    const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ sku: 'HC-FW', quantity: 2 }] } });
    expect(order.status).toBe(201);
    const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '10.00' } },
    });
    expect(paid.status).toBe(200);
    const during = await api<ImportJob>(server, 'GET', `/imports/${started.body.id}`, { token: tokens.shop_manager });
    expect(during.body.status, 'the sale was answered while the import ran').toBe('running');
    expect(during.body.processed).toBeLessThan(12_000);

    const job = await finished(started.body.id);
    expect(job).toMatchObject({ status: 'done', total: 12_000, processed: 12_000, created: 12_000, failed: 0 });
    expect(await productsBySku('BIG-012000')).toHaveLength(1);
    expect((await api(server, 'GET', `/orders/${order.body.id}`, { token: tokens.cashier })).body.status).not.toBe('pending');
  });

  it('fails as a whole, changing nothing, when writing fails; the error is row 0', async () => {
    exec(server, "CREATE TRIGGER refuse_write_failure_two BEFORE INSERT ON products WHEN NEW.sku = 'WF-2' BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END;");
    try {
      const before = snapshot(server);
      const job = await finished((await postCsv(csvOf('products-write-failure.csv'))).body.id);
      expect(job).toMatchObject({ status: 'failed', created: 0, updated: 0, skipped: 0 });
      expect(job.errors).toEqual([{ row: 0, message: 'The import failed and nothing was changed; the details are in the server log.' }]);
      expect(snapshot(server)).toEqual(before);
    } finally {
      exec(server, 'DROP TRIGGER refuse_write_failure_two;');
    }
  });

  it('refuses a file that is not a product export with 400, before starting anything', async () => {
    const listed = (await api<ImportJob[]>(server, 'GET', '/imports', { token: tokens.shop_manager })).body.length;
    for (const name of ['products-semicolon.csv', 'products-latin1.csv', 'empty.csv']) {
      const response = await postFile(name);
      expect(response.status, name).toBe(400);
      expect(response.body, name).toMatchObject({ code: 'pos_import_unusable_file', data: { status: 400 } });
    }
    expect((await postFile('products-semicolon.csv')).body).toMatchObject({ message: expect.stringContaining('separated by semicolons') });
    expect((await postFile('products-latin1.csv')).body).toMatchObject({ message: expect.stringContaining('not UTF-8') });
    expect((await api<ImportJob[]>(server, 'GET', '/imports', { token: tokens.shop_manager })).body).toHaveLength(listed);
  });

  it('takes the CSV only as the raw body (415 for JSON) and is for managers of products (403 for a cashier)', async () => {
    const json = await api(server, 'POST', '/imports/products', { token: tokens.shop_manager, body: { csv: 'SKU,Type,Name' } });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ code: 'rest_unsupported_media_type', data: { status: 415 } });
    const refused = await postCsv(csvOf('products.csv'), '', tokens.cashier);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'pos_rest_forbidden', data: { capability: 'manage_products' } });
    const tooLarge = await fetch(`${server.apiUrl}/imports/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.shop_manager}`, 'content-type': 'text/csv' },
      body: Buffer.alloc(50 * 1024 * 1024 + 1, 0x61),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'rest_request_too_large', message: 'The CSV file is larger than 50 MiB.', data: { status: 413 } });
    expect((await postCsv('')).body).toMatchObject({ code: 'pos_import_unusable_file', data: { status: 400 } });
    const bad = await postCsv(csvOf('products.csv'), '?dry_run=perhaps');
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ params: { dry_run: expect.any(String) } });
  });
});

describe('GET /imports', () => {
  it('lists the recent imports, newest first, and 404s an unknown one', async () => {
    const list = await api<ImportJob[]>(server, 'GET', '/imports', { token: tokens.shop_manager });
    expect(list.status).toBe(200);
    const ids = list.body.map((job) => job.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.body.every((job) => job.status !== 'running')).toBe(true);
    const missing = await api(server, 'GET', '/imports/999999', { token: tokens.shop_manager });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'pos_rest_import_invalid_id' });
  });
});

describe('stopping the server while an import runs', () => {
  it('stops the import and undoes what it wrote, as Ctrl-C stops tillbase import', async () => {
    // A data directory of the test's own, which closing the server leaves in place to be looked into.
    const stopping = await startTestServer({ dataDir: makeDataDir() });
    try {
      const token = (await login(stopping, 'shop_manager')).access_token;
      const started = await api(stopping, 'POST', '/imports/products', {
        token,
        body: generatedProductCsv(12_000, 'STOP'),
        headers: { 'content-type': 'text/csv' },
      });
      expect(started.status).toBe(202);
      // Closed once the import has written some of its rows.
      for (;;) {
        const job = await api<ImportJob>(stopping, 'GET', `/imports/${started.body.id}`, { token });
        expect(job.body.status).toBe('running');
        if (job.body.phase === 'writing' && job.body.processed > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await stopping.close();
      const state = () =>
        withDb(stopping, (db) => ({
          runs: db.prepare('SELECT COUNT(*) AS count FROM import_runs').get(),
          products: db.prepare("SELECT COUNT(*) AS count FROM products WHERE sku LIKE 'STOP-%'").get(),
        }));
      let after = state();
      for (let tries = 0; (after.runs as { count: number }).count > 0 && tries < 1000; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        after = state();
      }
      expect(after).toEqual({ runs: { count: 0 }, products: { count: 0 } });
    } finally {
      await stopping.close();
      rmSync(stopping.dataDir, { recursive: true, force: true });
    }
  });
});
