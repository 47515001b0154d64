import { describe, expect, it } from 'vitest';
import { TaxRatesRepository } from '../../server/data/repositories/tax-rates.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCoupon, couponOf, productOf } from '../helpers/shop-data.js';
import { servicesOf } from '../helpers/services.js';

/**
 * One whole sale at the till, over real HTTP as the cashier: scan a barcode, ring up the order with
 * a coupon, take cash and give change, print the receipt three ways, then refund one line with
 * restock. Stock and coupon usage are checked after every step; every amount is worked out by hand
 * in the comments (UK shop, prices exclusive of 20 % VAT and 5 % reduced VAT).
 */

const ids = { flatWhite: 0, croissant: 0, coupon: 0, reducedRate: 0 };
const FLAT_WHITE_BARCODE = '5012345000015';

const { server, tokens } = useServer({ roles: ['cashier'], store: 'uk' }, () => {
  withDb(server, (db) => {
    const products = servicesOf(db).repositories.products;
    const rates = new TaxRatesRepository(db);
    rates.create({ country: 'GB', state: '', postcodes: [], cities: [], rate: '20', name: 'VAT', priority: 1, compound: false, shipping: true, class: '' });
    ids.reducedRate = rates.create({
      country: 'GB',
      state: '',
      postcodes: [],
      cities: [],
      rate: '5',
      name: 'Reduced VAT',
      priority: 1,
      compound: false,
      shipping: true,
      class: 'reduced-rate',
    }).id;
    ids.flatWhite = products.create({
      type: 'simple',
      name: 'Flat white',
      sku: 'FW-1',
      barcode: FLAT_WHITE_BARCODE,
      regular_price: '3.20',
      manage_stock: true,
      stock_quantity: 40,
    }).id;
    ids.croissant = products.create({
      type: 'simple',
      name: 'Croissant',
      sku: 'CR-1',
      barcode: '5012345000022',
      regular_price: '2.50',
      tax_class: 'reduced-rate',
      manage_stock: true,
      stock_quantity: 12,
    }).id;
  });
  ids.coupon = addCoupon(server, { code: 'MORNING', amount: '10', discount_type: 'percent', usage_limit: 100 });
});

const stock = () => [productOf(server, ids.flatWhite)?.stock_quantity, productOf(server, ids.croissant)?.stock_quantity];
const couponUses = () => couponOf(server, ids.coupon)?.usage_count;

describe('a sale at the till', () => {
  let order: any;

  it('finds the product by its barcode', async () => {
    const exact = await api(server, 'GET', `/products?barcode=${FLAT_WHITE_BARCODE}`, { token: tokens.cashier });
    expect(exact.status).toBe(200);
    expect(exact.body.map((product: any) => [product.id, product.name, product.barcode, product.price])).toEqual([
      [ids.flatWhite, 'Flat white', FLAT_WHITE_BARCODE, '3.20'],
    ]);
    const searched = await api(server, 'GET', `/products?search=${FLAT_WHITE_BARCODE}`, { token: tokens.cashier });
    expect(searched.body.map((product: any) => product.id)).toEqual([ids.flatWhite]);
  });

  it('rings up two items with a coupon, totalled by the server', async () => {
    const created = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: {
        line_items: [
          { product_id: ids.flatWhite, quantity: 2 },
          { sku: 'CR-1', quantity: 1 },
        ],
        coupon_lines: [{ code: 'morning' }],
      },
    });
    expect(created.status).toBe(201);
    order = created.body;
    // 2 × 3.20 = 6.40 less 10 % (0.64) = 5.76, VAT 20 % = 1.152 → 1.15
    // 1 × 2.50 less 10 % (0.25) = 2.25, VAT 5 % = 0.1125 → 0.11
    expect(order.line_items.map((line: any) => [line.name, line.quantity, line.subtotal, line.total, line.total_tax])).toEqual([
      ['Flat white', 2, '6.40', '5.76', '1.15'],
      ['Croissant', 1, '2.50', '2.25', '0.11'],
    ]);
    expect(order.coupon_lines.map((line: any) => [line.code, line.discount])).toEqual([['morning', '0.89']]);
    expect(order.tax_lines.map((line: any) => [line.label, line.tax_total])).toEqual([
      ['VAT', '1.15'],
      ['Reduced VAT', '0.11'],
    ]);
    // 5.76 + 2.25 + 1.26 tax
    expect([order.discount_total, order.total_tax, order.total, order.status, order.currency]).toEqual(['0.89', '1.26', '9.27', 'pending', 'GBP']);
    expect(order.meta_data).toEqual(expect.arrayContaining([expect.objectContaining({ key: '_pos_cashier', value: server.users.cashier.id })]));
    // Nothing is taken before payment.
    expect(stock()).toEqual([40, 12]);
    expect(couponUses()).toBe(0);
  });

  it('takes cash and gives change; stock and coupon usage move once', async () => {
    const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
      token: tokens.cashier,
      headers: { 'Idempotency-Key': 'till-1-sale-1' },
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      order_id: order.id,
      gateway_id: 'pos_cash',
      status: 'completed',
      terminal: true,
      provider_data: { amount_tendered: '20.00', change_due: '10.73' },
    });
    const after = await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier });
    expect([after.body.status, after.body.payment_method, after.body.date_paid_gmt === null]).toEqual(['completed', 'pos_cash', false]);
    expect(stock()).toEqual([38, 11]);
    expect(couponUses()).toBe(1);

    // The till retries the same request (say, after a timeout): same answer, nothing paid twice.
    const replay = await api(server, 'POST', `/orders/${order.id}/checkout`, {
      token: tokens.cashier,
      headers: { 'Idempotency-Key': 'till-1-sale-1' },
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
    });
    expect([replay.status, replay.body]).toEqual([200, paid.body]);
    expect(stock()).toEqual([38, 11]);
    expect(couponUses()).toBe(1);
  });

  it('prints the receipt as JSON, HTML and fixed-width text', async () => {
    const json = await api(server, 'GET', `/receipts/${order.id}`, { token: tokens.cashier });
    expect(json.status).toBe(200);
    expect(json.body.order_id).toBe(order.id);
    const data = JSON.stringify(json.body.data);
    for (const fact of ['Flat white', 'Croissant', '9.27', '10.73', '20.00', 'GB123456789']) expect(data).toContain(fact);

    const html = await api(server, 'GET', `/receipts/${order.id}?format=html`, { token: tokens.cashier });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    for (const fact of ['Flat white', 'Croissant', '9.27']) expect(html.body).toContain(fact);

    const text = await api(server, 'GET', `/receipts/${order.id}?format=text`, { token: tokens.cashier });
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toContain('text/plain');
    const lines = (text.body as string).split('\n');
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(48);
    expect(lines.some((line) => line.includes('Flat white'))).toBe(true);
    expect(lines.some((line) => line.endsWith('9.27'))).toBe(true);
    expect(lines.some((line) => line.endsWith('10.73'))).toBe(true);
  });

  it('refunds the croissant with restock; the sale stays completed', async () => {
    const croissantLine = order.line_items.find((line: any) => line.name === 'Croissant');
    const refund = await api(server, 'POST', `/orders/${order.id}/refunds`, {
      token: tokens.cashier,
      body: {
        reason: 'Dropped on the floor',
        api_refund: false,
        api_restock: true,
        line_items: [{ id: croissantLine.id, quantity: 1, refund_total: '2.25', refund_tax: [{ id: ids.reducedRate, refund_total: '0.11' }] }],
      },
    });
    expect(refund.status).toBe(201);
    expect(refund.body.amount).toBe('2.36');
    expect(stock()).toEqual([38, 12]);
    expect(couponUses()).toBe(1);
    const after = await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier });
    expect(after.body.status).toBe('completed');
    expect(after.body.refunds).toEqual([{ id: refund.body.id, reason: 'Dropped on the floor', total: '-2.36' }]);
    const receipt = await api(server, 'GET', `/receipts/${order.id}?format=text`, { token: tokens.cashier });
    expect(receipt.body).toContain('2.36');
  });
});
