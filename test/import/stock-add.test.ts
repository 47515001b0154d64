import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { messagesOf } from '../helpers/import-files.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * A product CSV as a delivery: `--stock add` (CLI) and `?stock=add` (HTTP) add each row's Stock to
 * the stock there is, recorded in the ledger as received; `set`, the default, makes it the stock.
 * Real server, real SQLite file, the built CLI. The tests run in order on one catalogue.
 */

const { server, tokens } = useServer({ roles: ['shop_manager', 'cashier'] });
const dir = mkdtempSync(join(tmpdir(), 'tillbase-stock-add-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'SKU,Type,Name,Regular price,Stock';
const csv = (stock: number) => `${HEADER}\nDLV-1,simple,Delivered tea,3.50,${stock}\n`;

async function importOverHttp(body: string, query: string): Promise<any> {
  const started = await api(server, 'POST', `/imports/products${query}`, {
    token: tokens.shop_manager,
    body,
    headers: { 'content-type': 'text/csv' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (;;) {
    const job = await api(server, 'GET', `/imports/${started.body.id}`, { token: tokens.shop_manager });
    if (job.body.status !== 'running') return job.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function tea(): Promise<{ id: number; stock_quantity: number | null }> {
  const found = await api<any[]>(server, 'GET', '/products?sku=DLV-1&_fields=id,stock_quantity', { token: tokens.cashier });
  expect(found.body).toHaveLength(1);
  return found.body[0];
}

async function newestLedgerEntry(id: number): Promise<any> {
  const ledger = await api<any[]>(server, 'GET', `/products/${id}/stock?per_page=1`, { token: tokens.shop_manager });
  expect(ledger.status).toBe(200);
  return ledger.body[0];
}

describe('importing stock received', () => {
  it('sets the stock by default, as before', async () => {
    const job = await importOverHttp(csv(5), '?file_name=catalogue.csv');
    expect(job).toMatchObject({ status: 'done', stock: 'set', created: 1 });
    expect((await tea()).stock_quantity).toBe(5);
  });

  it('adds the rows’ stock over HTTP with stock=add, in the ledger as received with the file’s name', async () => {
    const job = await importOverHttp(csv(12), '?file_name=delivery-1.csv&stock=add');
    expect(job).toMatchObject({ status: 'done', stock: 'add', updated: 1, failed: 0 });
    const { id, stock_quantity } = await tea();
    expect(stock_quantity).toBe(17);
    expect(await newestLedgerEntry(id)).toMatchObject({ change: 12, balance: 17, reason: 'received', reference: 'delivery-1.csv' });
  });

  it('adds to the stock there is when it writes, keeping what changed since the last import', async () => {
    const before = await tea();
    const damaged = await api(server, 'POST', `/products/${before.id}/stock`, {
      token: tokens.shop_manager,
      body: { adjust: -2, reason: 'damaged', note: 'two dropped' },
    });
    expect(damaged.status, JSON.stringify(damaged.body)).toBe(200);
    expect((await tea()).stock_quantity).toBe(15);
    const file = join(dir, 'delivery-2.csv');
    writeFileSync(file, csv(3));
    const result = await runCli(['import', 'products', file, '--stock', 'add', '--data-dir', server.dataDir]);
    expect(messagesOf(result.stderr)).toBe('');
    expect(result.stdout).toBe('imported delivery-2.csv: 0 created, 1 updated, 0 unchanged, 0 rejected\n');
    expect(result.code).toBe(0);
    const { id, stock_quantity } = await tea();
    expect(stock_quantity).toBe(18);
    expect(await newestLedgerEntry(id)).toMatchObject({ change: 3, balance: 18, reason: 'received', reference: 'delivery-2.csv' });
  });

  it('sets the stock from the CLI without --stock, recorded as an import', async () => {
    const file = join(dir, 'count.csv');
    writeFileSync(file, csv(40));
    const result = await runCli(['import', 'products', file, '--data-dir', server.dataDir]);
    expect(result.code).toBe(0);
    const { id, stock_quantity } = await tea();
    expect(stock_quantity).toBe(40);
    expect(await newestLedgerEntry(id)).toMatchObject({ change: 22, balance: 40, reason: 'import', reference: 'count.csv' });
  });

  it('refuses a --stock that is neither set nor add, and says what it takes', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, csv(1));
    const result = await runCli(['import', 'products', file, '--stock', 'replace', '--data-dir', server.dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('tillbase: --stock must be set or add, not "replace" (see tillbase --help)\n');
    const refused = await api(server, 'POST', '/imports/products?stock=replace', {
      token: tokens.shop_manager,
      body: csv(1),
      headers: { 'content-type': 'text/csv' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.params.stock).toBe('must be set or add');
    expect((await tea()).stock_quantity).toBe(40);
  });

  it('says what --stock does in the command’s help', async () => {
    const result = await runCli(['import', 'products', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--stock set|add');
    // The help wraps its descriptions at 80 columns: the words are read across its line breaks.
    expect(result.stdout.replace(/\s+/g, ' ')).toContain('recorded in the stock ledger as received');
  });
});
