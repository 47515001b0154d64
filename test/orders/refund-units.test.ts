import { describe, expect, it } from 'vitest';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { TaxRatesRepository } from '../../server/data/repositories/tax-rates.js';
import { seedDemoCatalogue } from '../../server/demo/catalogue.js';
import { storeFieldsSchema } from '../../server/model/stores.js';
import { api, withDb, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder, setStore, UK_STORE } from '../helpers/shop-data.js';
import { servicesOf } from '../helpers/services.js';

/**
 * Refunding a line unit by unit gives back exactly what the line was charged, per tax rate: each
 * refund takes its share rounded half-up (never more than is left) and the last unit takes the rest.
 */

interface Shop {
  server: TestServer;
  token: string;
}

async function paidOrder(shop: Shop, body: Record<string, unknown>) {
  const order = await createOrder(shop.server, shop.token, body);
  const paid = await api(shop.server, 'POST', `/orders/${order.id}/checkout`, {
    token: shop.token,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: order.total } },
  });
  if (paid.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(paid.body)}`);
  return order;
}

const refundUnits = (shop: Shop, orderId: number, lineId: number, quantity: number) =>
  api(shop.server, 'POST', `/orders/${orderId}/refunds`, { token: shop.token, body: { line_items: [{ id: lineId, quantity }] } });

/** What one refund gave back on its (single) line: [amount, line total, line tax, per-rate taxes]. */
function figures(refund: any): [string, string, string, string[]] {
  const line = refund.line_items[0];
  return [refund.amount, line.total, line.total_tax, refund.tax_lines.map((tax: any) => tax.tax_total)];
}

describe('a line of 3 × 3.33 at 8.25 % (prices without tax), refunded 1 + 1 + 1', () => {
  const shop = {} as Shop;
  let widget = 0;

  useServer({ roles: ['cashier'] }, ({ server, tokens }) => {
    Object.assign(shop, { server, token: tokens.cashier });
    setStore(shop.server, { ...UK_STORE, currency: 'USD', store_country: 'US', store_state: 'TX', store_city: 'Austin', store_postcode: '73301' });
    widget = withDb(shop.server, (db) => {
      new TaxRatesRepository(db).create({
        country: 'US',
        state: 'TX',
        postcodes: [],
        cities: [],
        rate: '8.25',
        name: 'Sales tax',
        priority: 1,
        compound: false,
        shipping: false,
        class: '',
      });
      return servicesOf(db).repositories.products.create({ type: 'simple', name: 'Widget', sku: 'WID-1', regular_price: '3.33' }).id;
    });
  });

  it('gives back 3.60, 3.60 and 3.61: exactly the line’s 9.99 and its 0.82 tax', async () => {
    // Line: 3 × 3.33 = 9.99. Tax: 9.99 × 8.25 % = 0.824175, charged as 0.82. Order total 10.81.
    const order = await paidOrder(shop, { line_items: [{ product_id: widget, quantity: 3 }] });
    const line = order.line_items[0];
    expect([line.total, line.total_tax, order.total]).toEqual(['9.99', '0.82', '10.81']);

    // First unit: 9.99 / 3 = 3.33; tax 0.824175 / 3 = 0.274725 → 0.27; amount 3.60.
    const first = await refundUnits(shop, order.id, line.id, 1);
    expect(first.status).toBe(201);
    expect(figures(first.body)).toEqual(['3.60', '-3.33', '-0.27', ['-0.27']]);
    // Second unit: the same share, 3.33 + 0.27; 0.28 of tax is left.
    const second = await refundUnits(shop, order.id, line.id, 1);
    expect(figures(second.body)).toEqual(['3.60', '-3.33', '-0.27', ['-0.27']]);
    // Last unit: what is left, 9.99 − 6.66 = 3.33 and 0.82 − 0.54 = 0.28; amount 3.61.
    const last = await refundUnits(shop, order.id, line.id, 1);
    expect(last.status).toBe(201);
    expect(figures(last.body)).toEqual(['3.61', '-3.33', '-0.28', ['-0.28']]);

    // 3.60 + 3.60 + 3.61 = 10.81: the whole order, which is now refunded.
    const after = await api(shop.server, 'GET', `/orders/${order.id}`, { token: shop.token });
    expect([after.body.status, after.body.refunds.map((refund: any) => refund.total)]).toEqual(['refunded', ['-3.61', '-3.60', '-3.60']]);
    const none = await refundUnits(shop, order.id, line.id, 1);
    expect([none.status, none.body.data.order_status]).toEqual([400, 'refunded']);
  });

  it('2 + 1: the last unit still takes exactly what is left', async () => {
    const order = await paidOrder(shop, { line_items: [{ product_id: widget, quantity: 3 }] });
    const line = order.line_items[0];
    // Two units: 6.66; tax 0.824175 × 2 / 3 = 0.54945 → 0.55. Then 3.33 and 0.82 − 0.55 = 0.27.
    expect(figures((await refundUnits(shop, order.id, line.id, 2)).body)).toEqual(['7.21', '-6.66', '-0.55', ['-0.55']]);
    expect(figures((await refundUnits(shop, order.id, line.id, 1)).body)).toEqual(['3.60', '-3.33', '-0.27', ['-0.27']]);
  });

  it('after an amount refunded on the line, a unit refund is capped by what is left', async () => {
    const order = await paidOrder(shop, { line_items: [{ product_id: widget, quantity: 3 }] });
    const line = order.line_items[0];
    const byAmount = await api(shop.server, 'POST', `/orders/${order.id}/refunds`, {
      token: shop.token,
      body: { line_items: [{ id: line.id, refund_total: '8.00', refund_tax: [{ id: line.taxes[0].id, refund_total: '0.70' }] }] },
    });
    expect(byAmount.body.amount).toBe('8.70');
    // Left: 9.99 − 8.00 = 1.99 and 0.82 − 0.70 = 0.12; one unit's share (3.33, 0.27) is more than that.
    expect(figures((await refundUnits(shop, order.id, line.id, 1)).body)).toEqual(['2.11', '-1.99', '-0.12', ['-0.12']]);
    // 8.70 + 2.11 = 10.81: the order is refunded in full.
    expect((await api(shop.server, 'GET', `/orders/${order.id}`, { token: shop.token })).body.status).toBe('refunded');
  });
});

describe('the demo shop’s Coffee Scoop (MER-018, 6.00) × 2, San Francisco tax at two rates', () => {
  const shop = {} as Shop;

  useServer({ roles: ['cashier'] }, ({ server, tokens }) => {
    Object.assign(shop, { server, token: tokens.cashier });
    withDb(shop.server, (db) => {
      seedDemoCatalogue(servicesOf(db));
      // Cash is taken without a cash session on the register: the drawer is not what these tests are about.
      const stores = new StoresRepository(db);
      const store = stores.defaultStore();
      stores.update(store.id, store.name, storeFieldsSchema.parse({ ...store, require_open_session: false }), store.meta_data);
    });
  });

  it('refunds both units one by one: 6.52 + 6.52 = 13.04, each rate exactly', async () => {
    // 12.00 at CA 7.25 % = 0.87 and SF 1.375 % = 0.165 → 0.17: tax 1.04, total 13.04.
    const order = await paidOrder(shop, { line_items: [{ sku: 'MER-018', quantity: 2 }] });
    const line = order.line_items[0];
    expect([line.name, line.total, line.total_tax, order.tax_lines.map((tax: any) => tax.tax_total), order.total]).toEqual([
      'Coffee Scoop',
      '12.00',
      '1.04',
      ['0.87', '0.17'],
      '13.04',
    ]);
    // First: 6.00; 0.435 → 0.44 and 0.0825 → 0.08.
    expect(figures((await refundUnits(shop, order.id, line.id, 1)).body)).toEqual(['6.52', '-6.00', '-0.52', ['-0.44', '-0.08']]);
    // Last (refused before: 0.44 > 0.43 left): 6.00; 0.87 − 0.44 = 0.43 and 0.17 − 0.08 = 0.09.
    const last = await refundUnits(shop, order.id, line.id, 1);
    expect(last.status).toBe(201);
    expect(figures(last.body)).toEqual(['6.52', '-6.00', '-0.52', ['-0.43', '-0.09']]);
    expect((await api(shop.server, 'GET', `/orders/${order.id}`, { token: shop.token })).body.status).toBe('refunded');
  });

  it('an error about the order keeps its status apart from the HTTP status', async () => {
    const pending = await createOrder(shop.server, shop.token, { line_items: [{ sku: 'MER-018' }] });
    const refused = await api(shop.server, 'POST', `/orders/${pending.id}/refunds`, { token: shop.token, body: { amount: '1.00' } });
    expect([refused.status, refused.body.code]).toEqual([400, 'woocommerce_rest_cannot_create_order_refund']);
    expect(refused.body.data).toMatchObject({ status: 400, order_status: 'pending', order_id: pending.id });

    const paid = await paidOrder(shop, { line_items: [{ sku: 'MER-018' }] });
    const again = await api(shop.server, 'POST', `/orders/${paid.id}/checkout`, {
      token: shop.token,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '10' } },
    });
    expect([again.status, again.body.code, again.body.data.status, again.body.data.order_status]).toEqual([400, 'pos_checkout_already_paid', 400, 'completed']);
    const edit = await api(shop.server, 'PATCH', `/orders/${paid.id}`, { token: shop.token, body: { billing: { first_name: 'Late' } } });
    expect([edit.status, edit.body.code, edit.body.data.status, edit.body.data.order_status]).toEqual([400, 'pos_rest_order_not_editable', 400, 'completed']);
  });
});
