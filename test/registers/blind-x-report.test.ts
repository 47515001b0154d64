import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { runShopDay, type ShopDay } from '../helpers/shop-day.js';

/**
 * The blind X report is blind by what it leaves out: the takings per tender and the drawer, from
 * which the expected cash adds up before the count is sent. So these tests look for the absence of
 * `payments`, `refunds` and `drawer` and of their figures in every format, and first check in the
 * manager's full report that each figure searched for is really there to be found.
 */
let day: ShopDay;

// The shop day's takings per tender and drawer figures (test/registers/shop-day.ts): cash 69.80
// over 4 payments (80.80 tendered, 11.00 change), card 14.60, one cash refund; 162.80 expected.
const TENDER_AND_DRAWER_FIGURES = ['69.80', '80.80', '11.00', '14.60', '162.80'];
const TEXT_SECTIONS = ['PAYMENTS', 'REFUNDS', 'DRAWER', 'Cash received', 'Expected cash'];
const HTML_SECTIONS = ['<caption>Payments', '<caption>Refunds', '<caption>Drawer', 'Cash received', 'Expected cash'];

const { server } = useServer({ roles: [] }, async () => {
  day = await runShopDay(server);
});

const session = (token: string, format?: 'text' | 'html') =>
  api(server, 'GET', `/registers/1/session${format === undefined ? '' : `?format=${format}`}`, { token });

describe("the cashier's X report leaves out the takings per tender and the drawer", () => {
  it("the manager's full report holds every figure and section searched for below", async () => {
    const full = await session(day.manager);
    expect(full.status).toBe(200);
    expect(Object.keys(full.body)).toEqual(expect.arrayContaining(['payments', 'refunds', 'drawer']));
    expect(full.body.blind).toBeUndefined();
    const json = JSON.stringify(full.body);
    for (const figure of TENDER_AND_DRAWER_FIGURES) expect(json, figure).toContain(`"${figure}"`);
    const text = (await session(day.manager, 'text')).body as string;
    for (const needle of [...TEXT_SECTIONS, ...TENDER_AND_DRAWER_FIGURES]) expect(text, needle).toContain(needle);
    const html = (await session(day.manager, 'html')).body as string;
    for (const needle of [...HTML_SECTIONS, ...TENDER_AND_DRAWER_FIGURES]) expect(html, needle).toContain(needle);
  });

  it('JSON: no payments, refunds or drawer, and none of their figures; the sales are there', async () => {
    const blind = await session(day.cashier);
    expect(blind.status).toBe(200);
    expect(blind.body.blind).toBe(true);
    expect(blind.body.sales).toMatchObject({ count: 5, gross: '85.60', refunds: '12.00' });
    for (const key of ['payments', 'refunds', 'drawer']) expect(Object.keys(blind.body), key).not.toContain(key);
    const json = JSON.stringify(blind.body);
    for (const figure of TENDER_AND_DRAWER_FIGURES) expect(json, figure).not.toContain(`"${figure}"`);
  });

  it('text and HTML: no tender, refund-tender or drawer section, and none of their figures', async () => {
    const text = await session(day.cashier, 'text');
    expect(text.status).toBe(200);
    expect(text.body).toContain('SALES');
    for (const needle of [...TEXT_SECTIONS, ...TENDER_AND_DRAWER_FIGURES]) expect(text.body, needle).not.toContain(needle);
    const html = await session(day.cashier, 'html');
    expect(html.status).toBe(200);
    expect(html.body).toContain('<caption>Sales');
    for (const needle of [...HTML_SECTIONS, ...TENDER_AND_DRAWER_FIGURES]) expect(html.body, needle).not.toContain(needle);
  });

  it("the cashier's answer to opening a drawer is blind too; the manager's is not", async () => {
    const created = await api(server, 'POST', '/registers', { token: day.manager, body: { name: 'Register 2' } });
    expect(created.status).toBe(201);
    const opened = await api(server, 'POST', `/registers/${created.body.id}/open`, { token: day.cashier, body: { opening_float: '57.30' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.blind).toBe(true);
    for (const key of ['payments', 'refunds', 'drawer']) expect(Object.keys(opened.body), key).not.toContain(key);
    expect(JSON.stringify(opened.body)).not.toContain('57.30');
    const full = await api(server, 'GET', `/registers/${created.body.id}/session`, { token: day.manager });
    expect(full.body.drawer).toMatchObject({ opening_float: '57.30', expected_cash: '57.30' });
  });
});
