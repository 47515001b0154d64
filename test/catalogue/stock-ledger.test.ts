import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * One stock ledger (issue 8, item 2): after every kind of change (sale, cancellation, refund with
 * and without restock, import, manual adjustment) every product's stored stock equals the sum of
 * its ledger, and the ledger says why each change happened.
 */
const ids = { croissant: 0, muffin: 0 };

const { server, tokens } = useServer({ roles: ['administrator', 'shop_manager', 'cashier'] }, async () => {
  ids.croissant = (
    await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: { name: 'Croissant', sku: 'LED-CR', regular_price: '2.00', manage_stock: true, stock_quantity: 20 },
    })
  ).body.id;
  ids.muffin = (
    await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: { name: 'Muffin', sku: 'LED-MU', regular_price: '3.00', manage_stock: true, stock_quantity: 10 },
    })
  ).body.id;
});

/** Products whose stored stock is not the sum of their ledger (thousandths, exact). */
function ledgerMismatches(): Array<{ id: number; stock: number; ledger: number }> {
  return withDb(server, (db) =>
    db
      .prepare<[], { id: number; stock: number; ledger: number }>(
        `SELECT p.id, CAST(ROUND(COALESCE(p.stock_quantity, 0) * 1000) AS INTEGER) AS stock, COALESCE((SELECT SUM(change_milli) FROM stock_ledger l WHERE l.product_id = p.id), 0) AS ledger
         FROM products p`,
      )
      .all()
      .filter((row) => row.stock !== row.ledger),
  );
}

const stockOf = async (id: number) => (await api(server, 'GET', `/products/${id}`, { token: tokens.cashier })).body.stock_quantity as number;
interface LedgerEntry {
  change: number;
  balance: number;
  reason: string;
  order_id: number | null;
  reference: string;
  note: string;
  user_id: number | null;
  user_name: string | null;
}
const history = async (id: number) => (await api(server, 'GET', `/products/${id}/stock`, { token: tokens.shop_manager })).body as LedgerEntry[];

async function paidOrder(lines: Array<{ product_id: number; quantity: number }>): Promise<any> {
  const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: lines } });
  expect(order.status).toBe(201);
  const paid = await api(server, 'POST', `/orders/${order.body.id}/checkout`, {
    token: tokens.cashier,
    headers: { 'Idempotency-Key': `ledger-${order.body.id}` },
    body: { gateway_id: 'pos_card', payment_data: {} },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return (await api(server, 'GET', `/orders/${order.body.id}`, { token: tokens.cashier })).body;
}

describe('the stock ledger', () => {
  it('opens with what a product was created with', async () => {
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.croissant)).map((entry) => [entry.change, entry.balance, entry.reason, entry.user_id])).toEqual([
      [20, 20, 'created', server.users.shop_manager.id],
    ]);
  });

  it('holds after a sale', async () => {
    const order = await paidOrder([
      { product_id: ids.croissant, quantity: 3 },
      { product_id: ids.muffin, quantity: 2 },
    ]);
    expect([await stockOf(ids.croissant), await stockOf(ids.muffin)]).toEqual([17, 8]);
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.croissant))[0]).toMatchObject({ change: -3, balance: 17, reason: 'sale', order_id: order.id });
    expect((await history(ids.muffin))[0]).toMatchObject({ change: -2, balance: 8, reason: 'sale', order_id: order.id });
  });

  it('holds after a cancellation gives the units back', async () => {
    // Paid by card into processing (a completed sale cannot be cancelled).
    await api(server, 'POST', '/settings/payment-gateways', { token: tokens.shop_manager, body: { gateways: { pos_card: { order_status: 'processing' } } } });
    const order = await paidOrder([{ product_id: ids.muffin, quantity: 4 }]);
    await api(server, 'POST', '/settings/payment-gateways', { token: tokens.shop_manager, body: { gateways: { pos_card: { order_status: 'completed' } } } });
    expect([order.status, await stockOf(ids.muffin)]).toEqual(['processing', 4]);
    const cancelled = await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.shop_manager, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(ids.muffin)).toBe(8);
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.muffin)).slice(0, 2)).toMatchObject([
      { change: 4, balance: 8, reason: 'cancellation', order_id: order.id },
      { change: -4, balance: 4, reason: 'sale', order_id: order.id },
    ]);
  });

  it('holds after refunds with and without restock', async () => {
    const order = await paidOrder([{ product_id: ids.croissant, quantity: 5 }]);
    expect(await stockOf(ids.croissant)).toBe(12);
    const line = order.line_items[0];
    const refund = (quantity: number, restock: boolean) =>
      api(server, 'POST', `/orders/${order.id}/refunds`, {
        token: tokens.cashier,
        body: { api_refund: false, api_restock: restock, line_items: [{ id: line.id, quantity, refund_total: (2 * quantity).toFixed(2) }] },
      });
    const restocked = await refund(2, true);
    expect(restocked.status).toBe(201);
    expect(await stockOf(ids.croissant)).toBe(14);
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.croissant))[0]).toMatchObject({
      change: 2,
      balance: 14,
      reason: 'refund',
      order_id: order.id,
      reference: `refund ${restocked.body.id}`,
      user_id: server.users.cashier.id,
    });
    const entries = (await history(ids.croissant)).length;
    expect((await refund(1, false)).status).toBe(201);
    expect(await stockOf(ids.croissant)).toBe(14);
    expect(ledgerMismatches()).toEqual([]);
    // Without restock nothing went back on the shelf, and the ledger says nothing happened.
    expect((await history(ids.croissant)).length).toBe(entries);
  });

  it('gives back on cancellation only what refunds left with the order: units refunded without restock are gone for good', async () => {
    await api(server, 'POST', '/settings/payment-gateways', { token: tokens.shop_manager, body: { gateways: { pos_card: { order_status: 'processing' } } } });
    const order = await paidOrder([{ product_id: ids.muffin, quantity: 5 }]);
    await api(server, 'POST', '/settings/payment-gateways', { token: tokens.shop_manager, body: { gateways: { pos_card: { order_status: 'completed' } } } });
    const line = order.line_items[0];
    const refund = (quantity: number, restock: boolean) =>
      api(server, 'POST', `/orders/${order.id}/refunds`, {
        token: tokens.cashier,
        body: { api_restock: restock, line_items: [{ id: line.id, quantity, refund_total: (3 * quantity).toFixed(2) }] },
      });
    const start = await stockOf(ids.muffin);
    expect((await refund(2, false)).status).toBe(201);
    expect((await refund(1, true)).status).toBe(201);
    expect(await stockOf(ids.muffin)).toBe(start + 1);
    const cancelled = await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.shop_manager, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // 5 sold: 2 refunded and not restocked, 1 restocked, so the cancellation gives back the last 2.
    expect(await stockOf(ids.muffin)).toBe(start + 3);
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.muffin)).slice(0, 2)).toMatchObject([
      { change: 2, reason: 'cancellation', order_id: order.id },
      { change: 1, reason: 'refund', order_id: order.id },
    ]);
  });

  it('never restocks on refund units the sale did not take from stock', async () => {
    const jam = (await api(server, 'POST', '/products', { token: tokens.shop_manager, body: { name: 'Jam', sku: 'LED-JAM', regular_price: '4.00' } })).body
      .id as number;
    const order = await paidOrder([{ product_id: jam, quantity: 3 }]);
    // Stock is managed only after the sale, so the sale took none.
    expect((await api(server, 'PATCH', `/products/${jam}`, { token: tokens.shop_manager, body: { manage_stock: true, stock_quantity: 10 } })).status).toBe(200);
    const entries = (await history(jam)).length;
    const refunded = await api(server, 'POST', `/orders/${order.id}/refunds`, {
      token: tokens.cashier,
      body: { api_restock: true, line_items: [{ id: order.line_items[0].id, quantity: 2, refund_total: '8.00' }] },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(await stockOf(jam)).toBe(10);
    expect((await history(jam)).length).toBe(entries);
    expect(ledgerMismatches()).toEqual([]);
  });

  it('holds after manual adjustments, each with its reason and note', async () => {
    const received = await api(server, 'POST', `/products/${ids.croissant}/stock`, {
      token: tokens.shop_manager,
      body: { adjust: 24, reason: 'received', note: 'Bakery delivery' },
    });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({
      id: ids.croissant,
      stock_quantity: 38,
      entry: { change: 24, balance: 38, reason: 'received', note: 'Bakery delivery' },
    });
    await api(server, 'POST', `/products/${ids.croissant}/stock`, { token: tokens.shop_manager, body: { adjust: -2, reason: 'damaged' } });
    const counted = await api(server, 'POST', `/products/${ids.croissant}/stock`, {
      token: tokens.shop_manager,
      body: { set: 35, reason: 'counted', note: 'Shelf count' },
    });
    expect(counted.body.entry).toMatchObject({ change: -1, balance: 35, reason: 'counted' });
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.croissant)).slice(0, 3).map((entry) => entry.reason)).toEqual(['counted', 'damaged', 'received']);
  });

  it('refuses a bad adjustment by field, and decimal quantities while decimal_qty is off', async () => {
    const lost = await api(server, 'POST', `/products/${ids.croissant}/stock`, { token: tokens.shop_manager, body: { adjust: 1, reason: 'lost' } });
    expect(lost.body.data.params).toEqual({ reason: 'must be received, damaged, counted or correction' });
    const neither = await api(server, 'POST', `/products/${ids.croissant}/stock`, { token: tokens.shop_manager, body: { reason: 'counted' } });
    expect(neither.body.data.params).toEqual({ adjust: 'give either adjust (a change) or set (a new count)' });
    const half = await api(server, 'POST', `/products/${ids.croissant}/stock`, { token: tokens.shop_manager, body: { adjust: 0.5, reason: 'received' } });
    expect(half.body.data.params).toEqual({ adjust: 'must be a whole number: decimal quantities are off (settings/general decimal_qty)' });
    expect(ledgerMismatches()).toEqual([]);
  });

  it('holds for weighed goods in thousandths once decimal_qty is on: 5.000 kg less 1.234 and 0.766 leaves exactly 3.000', async () => {
    expect((await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { decimal_qty: true } })).status).toBe(200);
    const apples = await api(server, 'POST', '/products', {
      token: tokens.shop_manager,
      body: { name: 'Apples by weight', regular_price: '2.40', manage_stock: true, stock_quantity: 5 },
    });
    await api(server, 'POST', `/products/${apples.body.id}/stock`, { token: tokens.shop_manager, body: { adjust: -1.234, reason: 'damaged' } });
    const last = await api(server, 'POST', `/products/${apples.body.id}/stock`, { token: tokens.shop_manager, body: { adjust: -0.766, reason: 'damaged' } });
    expect(last.body.stock_quantity).toBe(3);
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(apples.body.id)).map((entry) => entry.change)).toEqual([-0.766, -1.234, 5]);
  });

  it('holds for weighed goods held, re-weighed, released, sold, refunded and cancelled, each change with its reason and order', async () => {
    // decimal_qty is still on from the test before.
    const cheese = (
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: 'Comté by weight', regular_price: '30.00', manage_stock: true, stock_quantity: 10 },
      })
    ).body.id as number;
    const held = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { status: 'on-hold', line_items: [{ product_id: cheese, quantity: 1.234 }] },
    });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(await stockOf(cheese)).toBe(8.766);
    const reweighed = await api(server, 'PATCH', `/orders/${held.body.id}`, {
      token: tokens.cashier,
      body: { line_items: [{ id: held.body.line_items[0].id, quantity: 1.5 }] },
    });
    expect(reweighed.status, JSON.stringify(reweighed.body)).toBe(200);
    expect(await stockOf(cheese)).toBe(8.5);
    expect(ledgerMismatches()).toEqual([]);
    const released = await api(server, 'PATCH', `/orders/${held.body.id}`, { token: tokens.cashier, body: { status: 'pending' } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(await stockOf(cheese)).toBe(10);
    expect(ledgerMismatches()).toEqual([]);

    await api(server, 'POST', '/settings/payment-gateways', { token: tokens.shop_manager, body: { gateways: { pos_card: { order_status: 'processing' } } } });
    const sold = await paidOrder([{ product_id: cheese, quantity: 2.345 }]);
    await api(server, 'POST', '/settings/payment-gateways', { token: tokens.shop_manager, body: { gateways: { pos_card: { order_status: 'completed' } } } });
    expect([sold.total, await stockOf(cheese)]).toEqual(['70.35', 7.655]);
    // Units sold stay a whole number, as WooCommerce counts them: 1 of the held 1.234 kg, 2 of 2.345 kg.
    expect((await api(server, 'GET', `/products/${cheese}`, { token: tokens.cashier })).body.total_sales).toBe(3);
    const refund = await api(server, 'POST', `/orders/${sold.id}/refunds`, {
      token: tokens.cashier,
      body: { api_restock: true, line_items: [{ id: sold.line_items[0].id, quantity: 0.5, refund_total: '15.00' }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(await stockOf(cheese)).toBe(8.155);
    expect(ledgerMismatches()).toEqual([]);
    const cancelled = await api(server, 'PATCH', `/orders/${sold.id}`, { token: tokens.shop_manager, body: { status: 'cancelled' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockOf(cheese)).toBe(10);
    expect(ledgerMismatches()).toEqual([]);

    expect((await history(cheese)).map((entry) => [entry.change, entry.balance, entry.reason, entry.order_id])).toEqual([
      [1.845, 10, 'cancellation', sold.id],
      [0.5, 8.155, 'refund', sold.id],
      [-2.345, 7.655, 'sale', sold.id],
      [1.5, 10, 'released', held.body.id],
      [-0.266, 8.5, 'order_edit', held.body.id],
      [-1.234, 8.766, 'sale', held.body.id],
      [10, 10, 'created', null],
    ]);
  });

  it('holds after an import through the CLI, and after a change nobody declared', async () => {
    const csv = join(server.dataDir, 'stock.csv');
    writeFileSync(csv, 'SKU,Name,Type,Regular price,In stock?,Stock\nLED-MU,Muffin,simple,3.00,1,50\nLED-NEW,Scone,simple,1.50,1,7\n');
    const result = await runCli(['import', 'products', csv, '--data-dir', server.dataDir]);
    expect(result.code, result.stderr).toBe(0);
    expect(await stockOf(ids.muffin)).toBe(50);
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.muffin))[0]).toMatchObject({ balance: 50, reason: 'import', reference: 'stock.csv' });
    withDb(server, (db) => db.prepare('UPDATE products SET stock_quantity = 1 WHERE id = ?').run(ids.muffin));
    expect(ledgerMismatches()).toEqual([]);
    expect((await history(ids.muffin))[0]).toMatchObject({ change: -49, balance: 1, reason: 'correction' });
  });

  it('says who sold on a sale’s line (the order’s cashier), and who changed the stock on a manual one', async () => {
    // Names as a shop gives them, not the usernames.
    const cashier = { id: server.users.cashier.id, name: 'Ada Lovelace' };
    const manager = { id: server.users.shop_manager.id, name: 'Grace Hopper' };
    for (const user of [cashier, manager]) {
      const named = await api(server, 'PATCH', `/users/${user.id}`, { token: tokens.administrator, body: { display_name: user.name } });
      expect(named.status).toBe(200);
    }
    // A product of its own: the other tests count the croissants and muffins.
    const scone = (
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: 'Scone', sku: 'LED-SC', regular_price: '2.50', manage_stock: true, stock_quantity: 5 },
      })
    ).body.id as number;
    const order = await paidOrder([{ product_id: scone, quantity: 1 }]);
    const [sale] = await history(scone);
    expect(sale).toMatchObject({ reason: 'sale', order_id: order.id, user_name: cashier.name });
    const adjusted = await api(server, 'POST', `/products/${scone}/stock`, {
      token: tokens.shop_manager,
      body: { adjust: 1, reason: 'received' },
    });
    expect(adjusted.status).toBe(200);
    expect(adjusted.body.entry).toMatchObject({ reason: 'received', user_id: server.users.shop_manager.id, user_name: manager.name });
    expect((await history(scone))[0]).toMatchObject({ reason: 'received', user_name: manager.name });
  });
});
