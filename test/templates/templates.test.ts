import { describe, expect, it } from 'vitest';
import { SettingsRepository } from '../../server/data/repositories/settings.js';
import { TemplatesRepository, type NewTemplate } from '../../server/data/repositories/templates.js';
import type { TemplateRecord } from '../../server/model/records/templates.js';
import { uuidV5, URL_NAMESPACE } from '../../server/domain/templates/uuid.js';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

interface TemplateBody {
  id: number | string;
  uuid: string;
  title: string;
  description: string;
  gallery_key: string;
  paper_width: string;
  content: string;
  is_active: boolean;
  date_modified_gmt: string | null;
}
interface ErrorBody {
  code: string;
  data: { params: Record<string, string> };
}

const { server, tokens } = useServer({ roles: ['cashier'] });
let kitchen: TemplateRecord;
let takings: TemplateRecord;

/** Expected gallery uuids, computed independently with Python's uuid.uuid5 (RFC 4122). */
const GALLERY_UUIDS = {
  'till-roll-80mm': '21e47f30-378e-535b-885c-c8da209228e7',
  'a4-invoice': '93f4ef87-083a-5f3c-b2c7-ba881e3ee7e5',
  'gift-receipt': 'b935ad66-9e40-5faa-9fdb-2087ddb960a0',
};

const saveTemplate = (template: NewTemplate): TemplateRecord => withDb(server, (db) => new TemplatesRepository(db).create(template));
const setActive = (values: Record<string, unknown>): void => {
  withDb(server, (db) => {
    new SettingsRepository(db).write('templates', values);
  });
};

describe('uuid v5', () => {
  it('matches the RFC 4122 test vector for python.org in the DNS namespace', () => {
    expect(uuidV5('python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(uuidV5('https://tillbase.invalid/templates/gallery', URL_NAMESPACE)).toBe('8b361482-6c9d-55cb-8263-b26368b06eb0');
  });
});

describe('GET /templates/gallery', () => {
  it('lists at least three bundled templates with distinct, stable uuids and no content', async () => {
    const response = await api<TemplateBody[]>(server, 'GET', '/templates/gallery', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThanOrEqual(3);
    expect(response.body.map((entry) => [entry.gallery_key, entry.uuid, entry.paper_width])).toEqual([
      ['till-roll-80mm', GALLERY_UUIDS['till-roll-80mm'], '80mm'],
      ['a4-invoice', GALLERY_UUIDS['a4-invoice'], 'A4'],
      ['gift-receipt', GALLERY_UUIDS['gift-receipt'], '80mm'],
    ]);
    expect(new Set(response.body.map((entry) => entry.uuid)).size).toBe(response.body.length);
    for (const entry of response.body) {
      expect(entry).not.toHaveProperty('content');
      expect(entry).toMatchObject({ engine: 'logicless', output_type: 'html', is_premade: true, type: 'receipt' });
      expect(entry.title).not.toBe('');
      expect(entry.description).not.toBe('');
    }
    const again = await api<TemplateBody[]>(server, 'GET', '/templates/gallery', { token: tokens.cashier });
    expect(again.body).toEqual(response.body);
  });
});

describe('GET /templates', () => {
  it('lists the gallery templates as virtual ones, content only in the edit context', async () => {
    const response = await api<TemplateBody[]>(server, 'GET', '/templates', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.headers.get('x-wp-totalpages')).toBe('1');
    expect(response.body[0]).toEqual({
      id: 'till-roll-80mm',
      uuid: GALLERY_UUIDS['till-roll-80mm'],
      title: 'Till roll (80 mm)',
      description: 'Receipt for 80 mm thermal printers: store header, lines with quantity and price, totals, tax per rate, payments with change, footer.',
      type: 'receipt',
      category: 'receipt',
      language: 'html',
      file_path: null,
      engine: 'logicless',
      output_type: 'html',
      paper_width: '80mm',
      tax_display: 'itemized',
      is_virtual: true,
      is_premade: true,
      gallery_key: 'till-roll-80mm',
      preview_data: null,
      gallery_version: 4,
      status: 'publish',
      source: 'gallery',
      menu_order: 0,
      date_created: null,
      date_created_gmt: null,
      date_modified: null,
      date_modified_gmt: null,
      offline_capable: true,
      is_disabled: false,
      is_active: true,
    });
    expect(response.body.map((item) => item.is_active)).toEqual([true, false, false]);

    const edit = await api<TemplateBody[]>(server, 'GET', '/templates?context=edit', { token: tokens.cashier });
    const [tillRoll, invoice, gift] = edit.body;
    for (const section of [
      '{{store.name}}',
      '{{order.number}}',
      '{{cashier.name}}',
      '{{#lines}}',
      '{{qty}}',
      '{{#tax_summary}}',
      '{{totals.total_display}}',
      '{{#payments}}',
      '{{change_display}}',
    ]) {
      expect(tillRoll!.content).toContain(section);
    }
    expect(invoice!.content).toContain('{{#customer.billing_address}}');
    expect(gift!.content).toContain('{{#lines}}');
    // A gift receipt shows no prices: no money field is ever printed.
    expect(gift!.content).not.toMatch(/\{\{[#^/]?[\w.]*(price|total|amount|tendered|change)/);
  });

  it('adds saved templates after the gallery, with filters and paging', async () => {
    kitchen = saveTemplate({
      title: 'Kitchen ticket',
      description: 'Orders for the kitchen printer',
      content: '<div>{{#lines}}{{qty}} {{name}}{{/lines}}</div>',
      paper_width: '58mm',
      menu_order: 1,
    });
    takings = saveTemplate({ title: 'Daily takings', content: '<div>{{totals.total_incl}}</div>', type: 'report', category: 'report' });

    const all = await api<TemplateBody[]>(server, 'GET', '/templates', { token: tokens.cashier });
    expect(all.headers.get('x-wp-total')).toBe('5');
    expect(all.body.map((item) => item.id)).toEqual(['till-roll-80mm', 'a4-invoice', 'gift-receipt', takings.id, kitchen.id]);
    const saved = all.body[4];
    expect(saved).toMatchObject({
      id: kitchen.id,
      uuid: kitchen.uuid,
      title: 'Kitchen ticket',
      is_virtual: false,
      is_premade: false,
      source: 'custom',
      paper_width: '58mm',
      offline_capable: true,
      is_active: false,
    });
    expect(saved).not.toHaveProperty('content');
    expect(saved).not.toHaveProperty('is_disabled');
    expect(saved?.date_modified_gmt).toBe(kitchen.date_modified_gmt);

    const reports = await api<TemplateBody[]>(server, 'GET', '/templates?type=report', { token: tokens.cashier });
    expect(reports.body.map((item) => item.title)).toEqual(['Daily takings']);
    const search = await api<TemplateBody[]>(server, 'GET', '/templates?search=KITCHEN', { token: tokens.cashier });
    expect(search.body.map((item) => item.title)).toEqual(['Kitchen ticket']);
    const invoices = await api<TemplateBody[]>(server, 'GET', '/templates?category=invoice', { token: tokens.cashier });
    expect(invoices.body.map((item) => item.id)).toEqual(['a4-invoice']);

    const page2 = await api<TemplateBody[]>(server, 'GET', '/templates?per_page=2&page=2', { token: tokens.cashier });
    expect(page2.headers.get('x-wp-total')).toBe('5');
    expect(page2.headers.get('x-wp-totalpages')).toBe('3');
    expect(page2.body.map((item) => item.id)).toEqual(['gift-receipt', takings.id]);
    const page3 = await api<TemplateBody[]>(server, 'GET', '/templates?per_page=2&page=3', { token: tokens.cashier });
    expect(page3.body.map((item) => item.id)).toEqual([kitchen.id]);

    const delta = await api<TemplateBody[]>(server, 'GET', '/templates?modified_after=2000-01-01T00:00:00', { token: tokens.cashier });
    expect(delta.body.map((item) => item.id)).toEqual([takings.id, kitchen.id]);
    const future = await api<TemplateBody[]>(server, 'GET', '/templates?modified_after=2999-01-01', { token: tokens.cashier });
    expect(future.body).toEqual([]);
  });

  it('refuses invalid list parameters', async () => {
    const response = await api<ErrorBody>(server, 'GET', '/templates?per_page=0&type=label', { token: tokens.cashier });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.data.params).sort()).toEqual(['per_page', 'type']);
  });
});

describe('GET /templates/active', () => {
  it('falls back to the first gallery receipt template when none is set', async () => {
    setActive({ active_receipt: null });
    const response = await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active', { token: tokens.cashier });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 'till-roll-80mm', uuid: GALLERY_UUIDS['till-roll-80mm'], is_active: true });
    expect(response.body).not.toHaveProperty('content');
    const edit = await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active?type=receipt&context=edit', { token: tokens.cashier });
    expect(edit.body.content).toContain('{{#lines}}');
  });

  it('honours the active template setting, for saved and gallery templates', async () => {
    setActive({ active_receipt: kitchen.id });
    const saved = await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active', { token: tokens.cashier });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: kitchen.id, title: 'Kitchen ticket', is_active: true });
    const list = await api<TemplateBody[]>(server, 'GET', '/templates?type=receipt', { token: tokens.cashier });
    expect(list.body.filter((item) => item.is_active).map((item) => item.id)).toEqual([kitchen.id]);

    setActive({ active_receipt: 'gift-receipt' });
    const gift = await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active?type=receipt', { token: tokens.cashier });
    expect(gift.body).toMatchObject({ id: 'gift-receipt', uuid: GALLERY_UUIDS['gift-receipt'], is_active: true });

    // A saved template that is gone no longer counts: the gallery default prints instead.
    setActive({ active_receipt: 99999 });
    expect((await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active', { token: tokens.cashier })).body.id).toBe('till-roll-80mm');
  });

  it('answers 404 pos_no_active_template for a type without any template, until one is set', async () => {
    setActive({ active_report: null });
    const none = await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active?type=report', { token: tokens.cashier });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('pos_no_active_template');
    setActive({ active_report: takings.id });
    const set = await api<TemplateBody & ErrorBody>(server, 'GET', '/templates/active?type=report', { token: tokens.cashier });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: takings.id, title: 'Daily takings', type: 'report', is_active: true });
  });
});

describe('/settings/templates', () => {
  it('lets a manager choose the active receipt template; refuses unknown or mistyped choices; not for the cashier', async () => {
    setActive({ active_receipt: null, active_report: null });
    const manager = (await login(server, 'shop_manager')).access_token;
    expect((await api(server, 'GET', '/settings/templates', { token: manager })).body).toEqual({ active_receipt: null, active_report: null });

    const chosen = await api(server, 'POST', '/settings/templates', { token: manager, body: { active_receipt: 'a4-invoice' } });
    expect([chosen.status, chosen.body]).toEqual([200, { active_receipt: 'a4-invoice', active_report: null }]);
    const active = await api<TemplateBody>(server, 'GET', '/templates/active?type=receipt', { token: tokens.cashier });
    expect(active.body).toMatchObject({ id: 'a4-invoice', is_active: true });

    for (const [body, param] of [
      [{ active_receipt: 'no-such-template' }, 'active_receipt'],
      [{ active_receipt: takings.id }, 'active_receipt'],
      [{ active_report: 'gift-receipt' }, 'active_report'],
    ] as const) {
      const refused = await api<ErrorBody & { code: string }>(server, 'POST', '/settings/templates', { token: manager, body });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('rest_invalid_param');
      expect(Object.keys(refused.body.data.params)).toEqual([param]);
    }
    expect((await api(server, 'GET', '/settings/templates', { token: manager })).body).toEqual({ active_receipt: 'a4-invoice', active_report: null });
    expect((await api(server, 'POST', '/settings/templates', { token: tokens.cashier, body: { active_receipt: 'gift-receipt' } })).status).toBe(403);
  });
});
