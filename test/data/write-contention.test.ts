import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/start.js';
import { createOrder } from '../helpers/shop-data.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Writes that find SQLite's write lock taken wait for it (busy_timeout) instead of failing at once.
 * better-sqlite3 is synchronous, so the lock is held by another process: a small node script that
 * takes it with BEGIN IMMEDIATE, says so on standard output, keeps it 2 seconds and commits.
 */

const PROJECT = fileURLToPath(new URL('../..', import.meta.url));

const LOCK_HOLDER = `
const Database = require('better-sqlite3');
const db = new Database(process.env.LOCKED_DB);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
db.exec('COMMIT');
db.close();
process.stdout.write('released\\n');
`;

/** Starts the lock holder and resolves once it holds the lock; `released` settles with its output when it has let go. */
async function holdWriteLock(dataDir: string): Promise<{ released: Promise<string> }> {
  const child = spawn(process.execPath, ['-e', LOCK_HOLDER], {
    cwd: PROJECT,
    env: { ...process.env, LOCKED_DB: join(dataDir, DATABASE_FILE) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const released = new Promise<string>((resolve, reject) => {
    child.on('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`the lock holder exited with ${String(code)}: ${stderr}`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.startsWith('locked\n')) resolve();
    });
    released.catch(reject);
  });
  return { released };
}

const { server, tokens, catalogue } = useServer({ roles: ['cashier'], catalogue: 'sale' });

describe('a sale while another process holds the write lock', () => {
  it('order create, update, refund and checkout wait for the lock and succeed', async () => {
    const toUpdate = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] });
    const toPay = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 2 }] });
    const toRefund = await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 2 }] });
    const paid = await api(server, 'POST', `/orders/${toRefund.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: toRefund.total } },
    });
    expect(paid.status).toBe(200);

    const lock = await holdWriteLock(server.dataDir);
    const responses = await Promise.all([
      api(server, 'POST', '/orders', {
        token: tokens.cashier,
        body: {
          line_items: [
            { product_id: catalogue.coffee, quantity: 1 },
            { sku: 'TEA-1', quantity: 1 },
          ],
        },
      }),
      api(server, 'PATCH', `/orders/${toUpdate.id}`, {
        token: tokens.cashier,
        body: { customer_note: 'no sugar', line_items: [{ product_id: catalogue.tea, quantity: 1 }] },
      }),
      api(server, 'POST', `/orders/${toRefund.id}/refunds`, {
        token: tokens.cashier,
        body: { api_restock: true, line_items: [{ id: toRefund.line_items[0].id, quantity: 1 }] },
      }),
      api(server, 'POST', `/orders/${toPay.id}/checkout`, {
        token: tokens.cashier,
        headers: { 'Idempotency-Key': `contention-${toPay.id}` },
        body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '100.00' } },
      }),
    ]);
    // The lock holder committed: the lock was really held, and released, around the requests.
    expect(await lock.released).toBe('locked\nreleased\n');

    expect(responses.map((response) => response.status)).toEqual([201, 200, 201, 200]);
    const [created, updated, refund, checkout] = responses.map((response) => response.body);
    expect(created.line_items).toHaveLength(2);
    expect(updated.customer_note).toBe('no sugar');
    expect(refund.amount).not.toBe('0.00');
    expect(checkout).toMatchObject({ order_id: toPay.id, status: 'completed' });
    const after = await api(server, 'GET', `/orders/${toPay.id}`, { token: tokens.cashier });
    expect(after.body.status).toBe('completed');
  });
});
