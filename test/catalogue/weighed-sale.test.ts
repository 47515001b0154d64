import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockScript, commandBlocks, startDemoServer } from '../helpers/command-blocks.js';
import { api, makeDataDir } from '../helpers/server.js';

/**
 * docs/http-api.md "Managing the catalogue" as written: its shell block runs with bash and curl
 * against a demo store started as `npm start` starts it, logged in as the demo manager. A manager adds a
 * product sold by weight, takes in stock, and sells it by a GS1 weight label and by a decimal
 * quantity; the amounts are the guide's (1.234 kg × 2.40 = 2.9616 → 2.96; 0.5 kg × 2.40 = 1.20).
 */
let dataDir: string;
let apiUrl: string;
let close: () => Promise<void>;
let password: string;

beforeAll(async () => {
  dataDir = makeDataDir();
  const server = await startDemoServer(dataDir);
  apiUrl = server.apiUrl;
  close = () => server.close();
  const line = readFileSync(join(dataDir, 'first-run-credentials.txt'), 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('manager '));
  password = line?.trim().split(/\s+/)[2] ?? '';
  expect(password).not.toBe('');
});

afterAll(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The shell block of docs/http-api.md's "Managing the catalogue", after the guide's setup block (the logins). */
function guideBlock(): string {
  const block = commandBlocks('docs/http-api.md').find((entry) => entry.lines.some((line) => line.includes('"sku":"APL-KG"')));
  if (!block) throw new Error('docs/http-api.md has no block selling APL-KG');
  return blockScript(block);
}

describe('docs/http-api.md: a manager adds a product, adjusts its stock and sells it at a weighed price', () => {
  it('runs as written, and leaves the sales, totals and stock it describes', async () => {
    // Asynchronously: the server answering the script runs in this process.
    const { stdout: output } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', guideBlock()], {
      env: { ...process.env, API: apiUrl, DATA: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(output).toContain('"measure":"weight","quantity":"1.234"');

    const token = (await api({ apiUrl }, 'POST', '/auth/login', { body: { username: 'manager', password } })).body.access_token as string;
    const [product] = (await api({ apiUrl }, 'GET', '/products?sku=APL-KG', { token })).body;
    expect([product.name, product.barcode, product.stock_quantity]).toEqual(['Apples (per kg)', '2012345000001', 23.266]);

    const orders = (await api({ apiUrl }, 'GET', '/orders?orderby=id&order=asc', { token })).body as any[];
    const sales = orders.filter((order) => order.line_items.some((line: any) => line.sku === 'APL-KG'));
    expect(
      sales.map((order) => [
        order.status,
        order.total,
        order.line_items[0].quantity,
        order.line_items[0].meta_data.find((meta: any) => meta.key === '_pos_barcode')?.value ?? null,
      ]),
    ).toEqual([
      ['completed', '2.96', 1.234, '2012345012349'],
      ['completed', '1.20', 0.5, null],
    ]);

    const history = (await api({ apiUrl }, 'GET', `/products/${product.id}/stock`, { token })).body as any[];
    expect(history.map((entry) => entry.reason).sort()).toEqual(['received', 'sale', 'sale']);
  });
});
