import { describe, expect, it } from 'vitest';
import { TemplatesRepository, type NewTemplate } from '../../server/data/repositories/templates.js';
import type { TemplateRecord } from '../../server/model/records/templates.js';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder } from '../helpers/shop-data.js';

/**
 * Choosing the receipt template (`POST /settings/templates {"active_receipt": ...}`, the reference
 * plugin's way) and previewing one (`GET /templates/{id}/preview`, with an order or a sample sale),
 * over real HTTP; the receipts then print with the chosen template.
 */

const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

let orderId: number;
let slip: TemplateRecord;

const saveTemplate = (template: NewTemplate): TemplateRecord => withDb(server, (db) => new TemplatesRepository(db).create(template));
const preview = (id: number | string, query = '', token = tokens.shop_manager) =>
  api(server, 'GET', `/templates/${id}/preview${query}`, { token, headers: { accept: 'text/html' } });
const receiptHtml = (token = tokens.cashier) => api<string>(server, 'GET', `/receipts/${orderId}?format=html`, { token });

const { server, tokens } = useServer({ store: 'uk', catalogue: 'sale' }, async () => {
  orderId = (await createOrder(server, tokens.cashier, { line_items: [{ sku: 'COF-1', quantity: 2 }] })).id;
  const paid = await api(server, 'POST', `/orders/${orderId}/checkout`, {
    token: tokens.cashier,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '30' } },
  });
  expect(paid.status).toBe(200);
  slip = saveTemplate({
    title: 'Short slip',
    content: '<p class="slip">{{store.name}} #{{order.number}}: {{#lines}}[{{qty}} {{name}}]{{/lines}} {{totals.total_display}}</p>',
  });
});

describe('GET /templates/{id}/preview', () => {
  it('renders a gallery template with a sample sale in the store’s own currency and words', async () => {
    const response = await preview('till-roll-80mm');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(PREVIEW_CSP);
    expect(response.body).toMatch(/^<!DOCTYPE html>/);
    expect(response.body).toContain('Flat white');
    expect(response.body).toContain('Butter croissant');
    // 2 × 3.50 + 2.80 = 9.80, 10 % tax 0.98: 10.78, in pounds as the UK store writes them.
    expect(response.body).toContain('£10.78');
    expect(response.body).toContain('1 High Street');
    expect(response.body).not.toContain('{{');
  });

  it('renders a stored template with an order, exactly as the receipt of that order prints with it', async () => {
    const response = await preview(slip.id, `?order_id=${orderId}`);
    expect(response.status).toBe(200);
    expect(response.body).toContain(`<p class="slip">Default store #${orderId}: [2 Coffee] £24.00</p>`);
    const printed = await api<string>(server, 'GET', `/receipts/${orderId}?format=html&template_id=${slip.id}`, { token: tokens.cashier });
    expect(response.body).toBe(printed.body);
    const sample = await preview(slip.id);
    expect(sample.body).toContain('<p class="slip">Default store #SAMPLE: [2 Flat white][1 Butter croissant] £10.78</p>');
  });

  it('refuses what it cannot render: no such template (404), a report template or a foreign engine (400), a broken one (400), no such order (404)', async () => {
    expect((await preview('no-such-template')).body).toMatchObject({ code: 'pos_rest_template_invalid_id', data: { status: 404 } });
    expect((await preview(999_999)).status).toBe(404);
    const report = saveTemplate({ title: 'Takings', type: 'report', content: '<p>{{store.name}}</p>' });
    expect((await preview(report.id)).body).toMatchObject({ code: 'pos_template_unsupported', data: { status: 400 } });
    const thermal = saveTemplate({ title: 'ESC/POS', content: '{{store.name}}', engine: 'thermal', output_type: 'escpos' });
    expect((await preview(thermal.id)).body).toMatchObject({ code: 'pos_template_unsupported', data: { status: 400 } });
    const broken = saveTemplate({ title: 'Broken', content: '<div>\n{{#lines}}\n{{name}}\n</div>' });
    expect((await preview(broken.id)).body).toMatchObject({ code: 'pos_template_invalid', data: { status: 400, line: 2 } });
    expect((await preview(slip.id, '?order_id=999999')).body).toMatchObject({ code: 'pos_rest_order_invalid_id', data: { status: 404 } });
    expect((await preview(slip.id, '?order_id=abc')).body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { order_id: expect.any(String) } },
    });
  });

  it('is for managers (manage_pos), and an order’s preview also needs read_orders', async () => {
    expect((await preview('till-roll-80mm', '', tokens.cashier)).body).toMatchObject({
      code: 'pos_rest_forbidden',
      data: { status: 403, capability: 'manage_pos' },
    });
    const roles = await api<any[]>(server, 'GET', '/roles', { token: tokens.administrator });
    const managerRole = roles.body.find((role) => role.name === 'shop_manager');
    const capabilities = (managerRole.capabilities as string[]).filter((capability) => capability !== 'read_orders');
    expect((await api(server, 'PATCH', '/roles/shop_manager', { token: tokens.administrator, body: { capabilities } })).status).toBe(200);
    try {
      expect((await preview('till-roll-80mm')).status).toBe(200);
      expect((await preview('till-roll-80mm', `?order_id=${orderId}`)).body).toMatchObject({
        code: 'pos_rest_forbidden',
        data: { status: 403, capability: 'read_orders' },
      });
    } finally {
      expect(
        (await api(server, 'PATCH', '/roles/shop_manager', { token: tokens.administrator, body: { capabilities: managerRole.capabilities } })).status,
      ).toBe(200);
    }
  });
});

describe('choosing the active receipt template', () => {
  it('prints the receipts with the template a manager chose, and says which one is active', async () => {
    const before = await receiptHtml();
    expect(before.body).not.toContain('class="slip"');

    const chosen = await api(server, 'POST', '/settings/templates', { token: tokens.shop_manager, body: { active_receipt: slip.id } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ active_receipt: slip.id });
    expect((await receiptHtml()).body).toContain(`<p class="slip">Default store #${orderId}: [2 Coffee] £24.00</p>`);
    expect((await api(server, 'GET', '/templates/active?type=receipt', { token: tokens.cashier })).body).toMatchObject({ id: slip.id, is_active: true });
    const listed = await api<Array<{ id: number | string; is_active: boolean }>>(server, 'GET', '/templates?type=receipt', { token: tokens.cashier });
    expect(listed.body.filter((template) => template.is_active).map((template) => template.id)).toEqual([slip.id]);

    expect((await api(server, 'POST', '/settings/templates', { token: tokens.shop_manager, body: { active_receipt: 'gift-receipt' } })).status).toBe(200);
    const gift = await receiptHtml();
    expect(gift.body).not.toContain('class="slip"');
    expect(gift.body).toBe((await preview('gift-receipt', `?order_id=${orderId}`)).body);
    expect((await api(server, 'GET', '/templates/active?type=receipt', { token: tokens.cashier })).body).toMatchObject({ id: 'gift-receipt', is_active: true });
  });

  it('refuses a template that does not exist or is not a receipt template, and a cashier', async () => {
    const missing = await api(server, 'POST', '/settings/templates', { token: tokens.shop_manager, body: { active_receipt: 999_999 } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { active_receipt: expect.any(String) } } });
    expect((await api(server, 'POST', '/settings/templates', { token: tokens.cashier, body: { active_receipt: slip.id } })).status).toBe(403);
    expect((await api(server, 'GET', '/templates/active?type=receipt', { token: tokens.cashier })).body).toMatchObject({ id: 'gift-receipt' });
  });
});
