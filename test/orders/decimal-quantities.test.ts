import { describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder } from '../helpers/shop-data.js';

/**
 * Decimal line quantities under `settings/general` `decimal_qty` (issue 8, item 3): up to three
 * places, totals exact, stock taken by exactly the quantity sold. UK shop, prices exclusive of 20 %
 * VAT; every amount is worked out by hand in the comments.
 */
let cheddar: number;

const { server, tokens } = useServer({ roles: ['cashier', 'shop_manager'], store: 'uk', catalogue: 'sale' }, async () => {
  const created = await api(server, 'POST', '/products', {
    token: tokens.shop_manager,
    body: { name: 'Cheddar (per kg)', sku: 'CHED-KG', regular_price: '12.99', manage_stock: true, stock_quantity: 10 },
  });
  expect(created.status).toBe(201);
  cheddar = created.body.id;
});

const setDecimalQty = async (on: boolean) => {
  expect((await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { decimal_qty: on } })).status).toBe(200);
};
const stockOf = async (id: number) => (await api(server, 'GET', `/products/${id}`, { token: tokens.shop_manager })).body.stock_quantity as number;
const pay = async (orderId: number, tendered: string) => {
  const paid = await api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: tendered } },
    headers: { 'Idempotency-Key': `pay-${orderId}` },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
};

describe('decimal quantities on order lines', () => {
  it('refuses a fraction while decimal_qty is off, naming the line quantity, on create and on update', async () => {
    await setDecimalQty(false);
    const created = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: cheddar, quantity: 0.5 }] } });
    expect([created.status, created.body.code, Object.keys(created.body.data.params)]).toEqual([400, 'rest_invalid_param', ['line_items[0].quantity']]);
    expect(created.body.data.params['line_items[0].quantity']).toMatch(/decimal_qty/);
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: cheddar, quantity: 1 }] });
    const updated = await api(server, 'PATCH', `/orders/${order.id}`, {
      token: tokens.cashier,
      body: { line_items: [{ id: order.line_items[0].id, quantity: '1.5' }] },
    });
    expect([updated.status, updated.body.code, Object.keys(updated.body.data.params)]).toEqual([400, 'rest_invalid_param', ['line_items[0].quantity']]);
  });

  it('with decimal_qty on, totals 0.755 kg at 12.99/kg exactly and refuses a fourth decimal place', async () => {
    await setDecimalQty(true);
    const tooFine = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [{ product_id: cheddar, quantity: 0.7555 }] } });
    expect([tooFine.status, tooFine.body.code, Object.keys(tooFine.body.data.params)]).toEqual([400, 'rest_invalid_param', ['line_items[0].quantity']]);

    // 0.755 × 12.99 = 9.80745 → 9.81; VAT 20 % of 9.80745 = 1.96149 → 1.96; total 9.81 + 1.96 = 11.77.
    const order = await createOrder(server, tokens.cashier, { line_items: [{ product_id: cheddar, quantity: 0.755 }] });
    const [line] = order.line_items;
    expect([line.quantity, line.subtotal, line.total, line.total_tax]).toEqual([0.755, '9.81', '9.81', '1.96']);
    expect([order.cart_tax, order.total_tax, order.total]).toEqual(['1.96', '1.96', '11.77']);
    expect(
      withDb(
        server,
        (db) => db.prepare<[number], { data: string }>("SELECT data FROM order_items WHERE order_id = ? AND type = 'line_item'").get(order.id)?.data,
      ),
    ).toContain('"quantity":0.755');

    // 1.5 kg keeps the unit price: 9.80745 / 0.755 × 1.5 = 19.485 → 19.49; VAT 3.897 → 3.90; total 23.39.
    const larger = await api(server, 'PATCH', `/orders/${order.id}`, { token: tokens.cashier, body: { line_items: [{ id: line.id, quantity: 1.5 }] } });
    expect(larger.status).toBe(200);
    expect([larger.body.line_items[0].quantity, larger.body.line_items[0].subtotal, larger.body.line_items[0].total_tax, larger.body.total]).toEqual([
      1.5,
      '19.49',
      '3.90',
      '23.39',
    ]);
  });

  it('takes exactly the quantity sold from stock: 10 − 0.755 = 9.245, then − 0.1 − 0.2 = 8.945', async () => {
    await setDecimalQty(true);
    const before = await stockOf(cheddar);
    expect(before).toBe(10);
    const first = await createOrder(server, tokens.cashier, { line_items: [{ product_id: cheddar, quantity: 0.755 }] });
    await pay(first.id, '20.00');
    expect(await stockOf(cheddar)).toBe(9.245);
    // 0.1 × 12.99 = 1.299 → 1.30, VAT 0.2598 → 0.26; 0.2 × 12.99 = 2.598 → 2.60, VAT 0.5196 → 0.52; total 1.30 + 2.60 + 0.26 + 0.52 = 4.68.
    const second = await createOrder(server, tokens.cashier, {
      line_items: [
        { product_id: cheddar, quantity: 0.1 },
        { product_id: cheddar, quantity: 0.2 },
      ],
    });
    expect(second.total).toBe('4.68');
    await pay(second.id, '5.00');
    expect(await stockOf(cheddar)).toBe(8.945);
    const ledger = withDb(server, (db) =>
      db
        .prepare<[number], { change_milli: number; reason: string }>('SELECT change_milli, reason FROM stock_ledger WHERE product_id = ? ORDER BY id')
        .all(cheddar),
    );
    expect(ledger.map((entry) => entry.change_milli)).toEqual([10_000, -755, -100, -200]);
    expect(ledger.reduce((sum, entry) => sum + entry.change_milli, 0)).toBe(8_945);
    // The receipt counts 0.1 + 0.2 kg as 0.3, not the binary sum 0.30000000000000004.
    const receipt = await api(server, 'GET', `/receipts/${second.id}`, { token: tokens.cashier });
    expect(receipt.status).toBe(200);
    expect(receipt.body.data.totals.total_qty).toBe(0.3);
  });
});
