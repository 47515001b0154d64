import { describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { TemplatesRepository, type NewTemplate } from '../../server/data/repositories/templates.js';
import { receiptDataSchema } from '../../server/domain/receipts/schema.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCoupon, addCustomer, createOrder } from '../helpers/shop-data.js';
import { servicesOf } from '../helpers/services.js';

/** `GET /receipts/{order_id}` as JSON, as HTML through the receipt templates, and as plain text (real HTTP). */

const BAD_NAME = '<b>Bad & "Co"</b>';
const BAD_NAME_ESCAPED = '&lt;b&gt;Bad &amp; &quot;Co&quot;&lt;/b&gt;';
const RECEIPT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

let orderId: number;
let refundId: number;

const saveTemplate = (template: NewTemplate) => withDb(server, (db) => new TemplatesRepository(db).create(template));
const setActiveReceipt = (reference: number | string | null) => {
  withDb(server, (db) => {
    new SettingsRepository(db).write('templates', { active_receipt: reference });
  });
};
const receipt = (query = '', id = orderId) => api<string>(server, 'GET', `/receipts/${id}${query}`, { token: tokens.cashier });
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

const { server, tokens, catalogue } = useServer({ roles: ['cashier', 'shop_manager'], store: 'uk', catalogue: 'sale' }, async () => {
  const bad = withDb(server, (db) => servicesOf(db).repositories.products.create({ type: 'simple', name: BAD_NAME, sku: 'BAD-1', regular_price: '2.50' }).id);
  addCoupon(server, { code: 'TEN', amount: '10', discount_type: 'percent' });
  const customer = addCustomer(server, 'ada@example.test');

  // The order carries the customer's VAT number under the meta key settings/tax_ids maps eu_vat to.
  const taxIds = await api(server, 'POST', '/settings/tax_ids', { token: tokens.shop_manager, body: { write_map: { eu_vat: '_billing_eu_vat' } } });
  expect(taxIds.status).toBe(200);
  const order = await createOrder(server, tokens.cashier, {
    customer_id: customer,
    line_items: [{ product_id: catalogue.coffee, quantity: 2 }, { sku: 'TEA-1' }, { product_id: bad }],
    coupon_lines: [{ code: 'TEN' }],
    meta_data: [{ key: '_billing_eu_vat', value: 'DE123456789' }],
  });
  expect(order.total).toBe('28.08');
  orderId = order.id;
  const paid = await api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '30' } },
  });
  expect(paid.status).toBe(200);
  const refund = await api(server, 'POST', `/orders/${orderId}/refunds`, {
    token: tokens.cashier,
    body: { line_items: [{ id: order.line_items[1].id, quantity: 1 }], reason: 'Spilled' },
  });
  expect(refund.body.amount).toBe('3.78');
  refundId = refund.body.id;
});

describe('JSON (the default)', () => {
  it('answers the receipt data of a paid sale with a coupon, two tax rates and a partial refund', async () => {
    const response = await api(server, 'GET', `/receipts/${orderId}`, { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect((await api(server, 'GET', `/receipts/${orderId}?format=json`, { token: tokens.cashier })).body).toEqual(response.body);
    const { data } = response.body;
    expect(receiptDataSchema.safeParse(data).success).toBe(true);
    expect(data.store).toMatchObject({
      name: 'Default store',
      address_lines: ['1 High Street', 'London SW1A 1AA', 'United Kingdom'],
      tax_ids: [{ type: 'vat', value: 'GB123456789', label: 'VAT' }],
    });
    expect(data.customer).toMatchObject({ name: 'Ada Lovelace', tax_ids: [{ type: 'eu_vat', value: 'DE123456789', label: 'EU VAT' }] });
    expect(
      data.lines.map((line: any) => [line.name, line.qty, line.unit_price_display, line.line_subtotal, line.discounts, line.line_total, line.line_total_tax]),
    ).toEqual([
      ['Coffee', 2, '£10.00', '20.00', '2.00', '18.00', '3.60'],
      ['Tea', 1, '£4.00', '4.00', '0.40', '3.60', '0.18'],
      [BAD_NAME, 1, '£2.50', '2.50', '0.25', '2.25', '0.45'],
    ]);
    expect(data.discounts).toEqual([
      {
        code: 'TEN',
        label: 'TEN',
        discount_type: 'percent',
        total: '2.65',
        total_display: '£2.65',
        total_incl: '3.12',
        total_incl_display: '£3.12',
        total_excl: '2.65',
        total_excl_display: '£2.65',
        total_tax: '0.47',
        total_tax_display: '£0.47',
      },
    ]);
    expect(data.totals).toMatchObject({
      subtotal: '26.50',
      subtotal_display: '£26.50',
      subtotal_incl: '31.20',
      discount_total: '2.65',
      discount_total_incl: '3.12',
      tax_total: '4.23',
      total: '28.08',
      total_display: '£28.08',
      total_excl: '23.85',
      paid_total: '28.08',
      change_total: '1.92',
      refund_total: '3.78',
      net_total: '24.30',
      net_total_display: '£24.30',
      has_discount: true,
      has_refunds: true,
      total_qty: 4,
      line_count: 3,
    });
    expect(data.tax_summary.map((tax: any) => [tax.label, tax.rate, tax.taxable_amount_excl, tax.tax_amount, tax.tax_amount_display])).toEqual([
      ['VAT', '20', '20.25', '4.05', '£4.05'],
      ['Reduced VAT', '5', '3.60', '0.18', '£0.18'],
    ]);
    expect(data.payments).toEqual([
      {
        method_id: 'pos_cash',
        method_title: 'Cash',
        amount: '28.08',
        amount_display: '£28.08',
        tendered: '30.00',
        tendered_display: '£30.00',
        change: '1.92',
        change_display: '£1.92',
        transaction_id: '',
        paid: data.order.paid,
      },
    ]);
    expect(data.refunds).toEqual([
      {
        id: refundId,
        amount: '3.78',
        amount_display: '£3.78',
        reason: 'Spilled',
        refunded_payment: false,
        date: expect.objectContaining({ datetime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/) }),
        lines: [
          {
            type: 'line_item',
            name: 'Tea',
            sku: 'TEA-1',
            qty: 1,
            total_excl: '3.60',
            total_excl_display: '£3.60',
            total_tax: '0.18',
            total_tax_display: '£0.18',
            total_incl: '3.78',
            total_incl_display: '£3.78',
          },
        ],
      },
    ]);
  });
});

describe('HTML', () => {
  it('renders the active template (the till roll by default) as a complete, escaped HTML document', async () => {
    const response = await receipt('?format=html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(RECEIPT_CSP);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = response.body;
    expect(html.startsWith(`<!DOCTYPE html>\n<html lang="en-US">\n<head>\n  <meta charset="utf-8">`)).toBe(true);
    expect(html).toContain(`<title>Receipt #${orderId} - Default store</title>`);
    expect(html.trimEnd().endsWith('</body>\n</html>')).toBe(true);
    for (const text of [
      '<div style="font-size: 16px; font-weight: bold;">Default store</div>',
      '<div>London SW1A 1AA</div>',
      `<span>Receipt #${orderId}</span>`,
      '<div>Coffee</div>',
      '<div>Tea</div>',
      `<div>${BAD_NAME_ESCAPED}</div>`,
      '<span style="padding-left: 8px;">2 x £10.00</span><span>£20.00</span>',
      '<span>Subtotal</span><span>£26.50</span>',
      '<span>Discount TEN</span><span>-£2.65</span>',
      '<span>VAT 20%</span><span>£4.05</span>',
      '<span>Reduced VAT 5%</span><span>£0.18</span>',
      '<span>Total GBP</span><span>£28.08</span>',
      '<span>Cash</span><span>£28.08</span>',
      '<span style="padding-left: 8px;">Tendered</span><span>£30.00</span>',
      '<span style="padding-left: 8px;">Change</span><span>£1.92</span>',
      `<span>Refund #${refundId} `,
      '<span>-£3.78</span>',
      '<div style="padding-left: 8px; white-space: pre-line;">Spilled</div>',
      '<span>Net total</span><span>£24.30</span>',
      '<div>VAT GB123456789</div>',
      '<div>Thank you for your purchase</div>',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(BAD_NAME);
    expect(html).not.toContain('{{');
  });

  it('renders the A4 invoice: lines without tax, the tax summary per rate, the buyer and tax ids', async () => {
    const response = await receipt('?format=html&template_id=a4-invoice');
    expect(response.status).toBe(200);
    const html = response.body;
    expect(html).toContain('<style>\n    @page { size: A4; margin: 0; }');
    for (const text of [
      '<div style="font-size: 18pt; font-weight: bold;">Default store</div>',
      '<div>VAT: GB123456789</div>',
      `<div>No. ${orderId}</div>`,
      '<div style="font-weight: bold;">Ada Lovelace</div>',
      '<div>12 Analytical Row</div>',
      '<div>EU VAT: DE123456789</div>',
      '<td style="padding: 4px;">Coffee</td>',
      `<td style="padding: 4px;">${BAD_NAME_ESCAPED}</td>`,
      '<td style="text-align: right; padding: 4px;">£10.00</td>',
      '<td style="text-align: right; padding: 4px;">£20.00</td>',
      '<td style="padding: 4px;">Discount TEN</td><td></td><td></td><td style="text-align: right; padding: 4px;">-£2.65</td>',
      '<td style="padding: 3px 4px;">Total (excl. tax)</td><td style="text-align: right; padding: 3px 4px;">£23.85</td>',
      '<td style="padding: 3px 4px;">VAT 20% (£20.25)</td><td style="text-align: right; padding: 3px 4px;">£4.05</td>',
      '<td style="padding: 3px 4px;">Reduced VAT 5% (£3.60)</td><td style="text-align: right; padding: 3px 4px;">£0.18</td>',
      '<td style="padding: 5px 4px;">Total GBP</td><td style="text-align: right; padding: 5px 4px;">£28.08</td>',
      '<td style="padding: 3px 4px;">Paid</td><td style="text-align: right; padding: 3px 4px;">£28.08</td>',
      '<td style="padding: 3px 4px;">Refunded</td><td style="text-align: right; padding: 3px 4px;">-£3.78</td>',
      '<div>Cash: £28.08</div>',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(BAD_NAME);
  });

  it('renders the gift receipt with the items and not a single price or total', async () => {
    const response = await receipt('?format=html&template_id=gift-receipt');
    expect(response.status).toBe(200);
    const html = response.body;
    for (const text of [
      'Default store',
      'Gift receipt',
      `<span>Receipt #${orderId}</span>`,
      '<span>Coffee</span><span>x 2</span>',
      '<span>Tea</span><span>x 1</span>',
      `<span>${BAD_NAME_ESCAPED}</span><span>x 1</span>`,
      'Prices are not shown on this receipt.',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('£');
    expect(html).not.toContain('GBP');
    expect(html).not.toMatch(/\d\.\d{2}/);
  });

  it('follows the active receipt template of settings section templates: a gallery key, a stored id, or the first gallery template', async () => {
    setActiveReceipt('gift-receipt');
    const gift = await receipt('?format=html');
    expect(gift.body).toContain('Gift receipt');
    expect(gift.body).not.toContain('£');
    expect((await api(server, 'GET', '/templates/active?type=receipt', { token: tokens.cashier })).body.id).toBe('gift-receipt');

    const stored = saveTemplate({
      title: 'Short slip',
      content:
        '<p>{{store.name}}: {{#lines}}[{{qty}} {{name}}]{{/lines}} {{totals.total_display}}{{#customer.tax_ids}} {{label}} {{value}}{{/customer.tax_ids}}</p>',
    });
    setActiveReceipt(stored.id);
    const slip = await receipt('?format=html');
    expect(slip.status).toBe(200);
    expect(slip.body).toContain(`<body>\n<p>Default store: [2 Coffee][1 Tea][1 ${BAD_NAME_ESCAPED}] £28.08 EU VAT DE123456789</p>\n</body>`);
    expect(slip.body).not.toContain('@page { size');

    setActiveReceipt('no-such-template');
    expect((await receipt('?format=html')).body).toContain('<span>Total GBP</span><span>£28.08</span>');
    setActiveReceipt(null);
  });

  it('renders a stored template named by template_id; a whole document is sent as it renders', async () => {
    const page = saveTemplate({ title: 'Page', content: '<!DOCTYPE html><html><body><h1>{{store.name}}</h1><p>{{{order.number}}}</p></body></html>' });
    const response = await receipt(`?format=html&template_id=${page.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toBe(`<!DOCTYPE html><html><body><h1>Default store</h1><p>${orderId}</p></body></html>`);
    expect(response.headers.get('content-security-policy')).toBe(RECEIPT_CSP);
  });

  it('refuses unknown, malformed and unprintable templates with clear errors', async () => {
    const unknownId = await receipt('?format=html&template_id=987654');
    expect([unknownId.status, (unknownId.body as any).code]).toEqual([404, 'pos_rest_template_invalid_id']);
    const unknownKey = await receipt('?format=html&template_id=no-such-key');
    expect([unknownKey.status, (unknownKey.body as any).code]).toEqual([404, 'pos_rest_template_invalid_id']);

    const broken = saveTemplate({ title: 'Broken', content: '<div>\n{{#lines}}\n{{name}}\n</div>' });
    const invalid = await receipt(`?format=html&template_id=${broken.id}`);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      code: 'pos_template_invalid',
      message: 'The template cannot be rendered: the section {{#lines}} is never closed with {{/lines}} (line 2).',
      data: { status: 400, line: 2 },
    });

    const escpos = saveTemplate({ title: 'ESC/POS', content: '{{store.name}}', engine: 'thermal', output_type: 'escpos' });
    const unsupported = await receipt(`?format=html&template_id=${escpos.id}`);
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({
      code: 'pos_template_unsupported',
      message: `Template ${escpos.id} ("ESC/POS") is a thermal template with escpos output; the server renders logicless templates with html output only.`,
      data: { template_id: escpos.id, engine: 'thermal', output_type: 'escpos' },
    });

    const report = saveTemplate({ title: 'Takings', content: '{{store.name}}', type: 'report', category: 'report' });
    const notReceipt = await receipt(`?format=html&template_id=${report.id}`);
    expect([notReceipt.status, (notReceipt.body as any).code]).toEqual([400, 'pos_template_unsupported']);
  });
});

describe('plain text', () => {
  it('prints 48 columns by default: every line fits, amounts end at the last column, change due shown', async () => {
    const response = await receipt('?format=text');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const lines = linesOf(response.body);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(48);
    expect(lines[0]).toBe('                 Default store');
    const heading = lines.find((line) => line.startsWith('Receipt #'));
    expect(heading).toMatch(new RegExp(`^Receipt #${orderId} +\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`));
    expect(heading).toHaveLength(48);
    for (const [label, amount] of [
      ['2 x Coffee', '20.00'],
      ['1 x Tea', '4.00'],
      [`1 x ${BAD_NAME}`, '2.50'],
      ['Subtotal', '26.50'],
      ['Discount TEN', '-2.65'],
      ['VAT 20%', '4.05'],
      ['Reduced VAT 5%', '0.18'],
      ['TOTAL GBP', '28.08'],
      ['Cash', '28.08'],
      ['Tendered', '30.00'],
      ['Change', '1.92'],
      ['Refunded', '-3.78'],
      ['Net total', '24.30'],
    ] as const) {
      expect(lines, label).toContain(label + ' '.repeat(48 - label.length - amount.length) + amount);
    }
    expect(lines).toContain('  Spilled');
    expect(lines).toContain('VAT GB123456789');
  });

  it('prints 32 columns for 58 mm printers', async () => {
    const response = await receipt('?format=text&width=32');
    expect(response.status).toBe(200);
    const lines = linesOf(response.body);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(32);
    expect(lines).toContain('TOTAL GBP                  28.08');
    expect(lines).toContain('Change                      1.92');
    expect(lines).toContain('1 x <b>Bad & "Co"</b>       2.50');
    expect(lines).toContain('-'.repeat(32));
  });

  it('refuses widths outside 24..64', async () => {
    for (const width of ['23', '65', 'wide', '40.5']) {
      const response = await receipt(`?format=text&width=${width}`);
      expect([response.status, (response.body as any).code, Object.keys((response.body as any).data.params)]).toEqual([400, 'rest_invalid_param', ['width']]);
    }
    expect((await receipt('?format=text&width=24')).status).toBe(200);
    expect((await receipt('?format=text&width=64')).status).toBe(200);
  });
});

describe('errors', () => {
  it('is 404 for an unknown order in every format', async () => {
    for (const format of ['json', 'html', 'text']) {
      const response = await receipt(`?format=${format}`, 987654);
      expect([response.status, (response.body as any).code]).toEqual([404, 'pos_rest_order_invalid_id']);
    }
  });

  it('is 400 rest_invalid_param for a format other than json, html or text', async () => {
    const response = await receipt('?format=pdf');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { format: expect.any(String) } } });
  });
});

describe('store details', () => {
  it('prints the receipt overrides of settings/general for the default store', async () => {
    const general = await api(server, 'POST', '/settings/general', {
      token: tokens.shop_manager,
      body: { store_name: 'Tillbase Café', store_tax_ids: [{ type: 'vat', value: 'GB999', label: 'VAT No.' }] },
    });
    expect(general.status).toBe(200);
    const data = (await api(server, 'GET', `/receipts/${orderId}`, { token: tokens.cashier })).body.data;
    expect([data.store.name, data.store.tax_ids]).toEqual(['Tillbase Café', [{ type: 'vat', value: 'GB999', label: 'VAT No.' }]]);
    const text = linesOf((await receipt('?format=text')).body);
    expect(text[0]).toBe('                 Tillbase Café');
    expect(text).toContain('VAT No. GB999');
  });
});
