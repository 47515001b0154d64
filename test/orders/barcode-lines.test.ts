import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * Order lines rung up by `barcode` (issue 8, item 3). UK shop, prices exclusive of 20 % VAT. GS1
 * variable-measure labels with the default layout (2P IIIII VVVVV C, check digits worked out by
 * hand): 20 12345 01234 9 is item 12345 at 1.234 kg; 23 12345 00350 8 is item 12345 at 3.50.
 */
const ids = { apples: 0, cheese: 0, cola: 0 };

const { server, tokens } = useServer({ roles: ['cashier', 'shop_manager'], store: 'uk', catalogue: 'sale' }, async () => {
  const add = async (body: Record<string, unknown>) => {
    const created = await api(server, 'POST', '/products', { token: tokens.shop_manager, body });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  ids.apples = await add({ name: 'Apples (per kg)', barcode: '2012345000001', regular_price: '2.40', manage_stock: true, stock_quantity: 25 });
  ids.cheese = await add({ name: 'Cheese counter', barcode: '2312345000002', regular_price: '18.00' });
  ids.cola = await add({ name: 'Cola 330 ml', barcode: '0036000291452', regular_price: '1.20' });
});

const order = (lineItems: unknown[]) => api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: lineItems } });
const barcodeMeta = (line: any) => line.meta_data.find((entry: any) => entry.key === '_pos_barcode')?.value;

describe('line_items[].barcode', () => {
  it('sells the weight a scale label carries: 1.234 kg at 2.40/kg', async () => {
    const response = await order([{ barcode: '2012345012349' }]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [line] = response.body.line_items;
    // 1.234 × 2.40 = 2.9616 → 2.96; VAT 20 % of 2.9616 = 0.59232 → 0.59; total 3.55.
    expect([line.product_id, line.name, line.quantity, line.subtotal, line.total, line.total_tax, barcodeMeta(line)]).toEqual([
      ids.apples,
      'Apples (per kg)',
      1.234,
      '2.96',
      '2.96',
      '0.59',
      '2012345012349',
    ]);
    expect(response.body.total).toBe('3.55');

    // Paid, the weight leaves the stock: 25 − 1.234 = 23.766 kg.
    const paid = await api(server, 'POST', `/orders/${response.body.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '5.00' } },
      headers: { 'Idempotency-Key': 'apples-1' },
    });
    expect(paid.status).toBe(200);
    expect((await api(server, 'GET', `/products/${ids.apples}`, { token: tokens.shop_manager })).body.stock_quantity).toBe(23.766);
  });

  it('sells an ordinary barcode, in its UPC-A form too, at the quantity asked for', async () => {
    const response = await order([{ barcode: '036000291452', quantity: 2 }]);
    expect(response.status).toBe(201);
    const [line] = response.body.line_items;
    // 2 × 1.20 = 2.40; VAT 0.48; total 2.88.
    expect([line.product_id, line.quantity, line.subtotal, line.total_tax, barcodeMeta(line), response.body.total]).toEqual([
      ids.cola,
      2,
      '2.40',
      '0.48',
      '036000291452',
      '2.88',
    ]);
  });

  it('takes the price from a price label once the layout says so: the line costs the label, 3.50', async () => {
    expect(
      (await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { variable_measure_barcodes: { measure: 'price' } } })).status,
    ).toBe(200);
    try {
      const response = await order([{ barcode: '2312345003508' }]);
      expect(response.status).toBe(201);
      const [line] = response.body.line_items;
      // 3.50 (not the 18.00 catalogue price); VAT 0.70; total 4.20.
      expect([line.product_id, line.quantity, line.subtotal, line.total, line.total_tax, barcodeMeta(line), response.body.total]).toEqual([
        ids.cheese,
        1,
        '3.50',
        '3.50',
        '0.70',
        '2312345003508',
        '4.20',
      ]);
    } finally {
      expect(
        (await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { variable_measure_barcodes: { measure: 'weight' } } })).status,
      ).toBe(200);
    }
  });

  it('takes the weight of a new label scanned onto an existing line', async () => {
    const created = await order([{ barcode: '2012345012349' }]);
    // 20 12345 00500 6: 0.500 kg; 0.5 × 2.40 = 1.20, VAT 0.24, total 1.44.
    const relabelled = await api(server, 'PATCH', `/orders/${created.body.id}`, {
      token: tokens.cashier,
      body: { line_items: [{ id: created.body.line_items[0].id, barcode: '2012345005006' }] },
    });
    expect(relabelled.status, JSON.stringify(relabelled.body)).toBe(200);
    const [line] = relabelled.body.line_items;
    expect([line.quantity, line.subtotal, line.total_tax, barcodeMeta(line), relabelled.body.total]).toEqual([0.5, '1.20', '0.24', '2012345005006', '1.44']);
  });

  it('refuses an unknown barcode, and a quantity that contradicts the label, naming the field', async () => {
    const unknown = await order([{ barcode: '036000291452' }, { barcode: '4006381333931' }]);
    expect([unknown.status, unknown.body.code, Object.keys(unknown.body.data.params)]).toEqual([400, 'rest_invalid_param', ['line_items[1].barcode']]);
    const contradicted = await order([{ barcode: '2012345012349', quantity: 2 }]);
    expect([contradicted.status, contradicted.body.code, Object.keys(contradicted.body.data.params)]).toEqual([
      400,
      'rest_invalid_param',
      ['line_items[0].quantity'],
    ]);
  });
});
