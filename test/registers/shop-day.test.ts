import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { runShopDay, type ShopDay } from '../helpers/shop-day.js';

let day: ShopDay;

const { server } = useServer({ roles: [] }, async () => {
  day = await runShopDay(server);
});

const SALES = { count: 5, gross: '85.60', discounts: '1.20', refunds: '12.00', net: '72.40', tax: '6.40' };
const TAXES = [
  { rate_id: expect.any(Number), label: 'VAT', rate: expect.stringMatching(/^20(\.0+)?$/), sales: '7.80', refunds: '2.00', net: '5.80' },
  { rate_id: expect.any(Number), label: 'Reduced VAT', rate: expect.stringMatching(/^5(\.0+)?$/), sales: '0.60', refunds: '0.00', net: '0.60' },
];
const PAYMENTS = [
  { gateway_id: 'pos_cash', title: 'Cash', count: 4, amount: '69.80', tendered: '80.80', change: '11.00' },
  { gateway_id: 'pos_card', title: 'Card', count: 2, amount: '14.60', tendered: '14.60', change: '0.00' },
];
const DRAWER = {
  opening_float: '100.00',
  cash_received: '80.80',
  change_given: '11.00',
  cash_refunded: '12.00',
  cash_in: '20.00',
  cash_out: '15.00',
  expected_cash: '162.80',
};

describe('a shop day on one register', () => {
  it('the X report (manager) adds up the day by hand', async () => {
    const x = await api(server, 'GET', '/registers/1/session', { token: day.manager });
    expect(x.status).toBe(200);
    expect(x.body.report).toBe('X');
    expect(x.body.sales).toEqual(SALES);
    expect(x.body.taxes).toEqual(TAXES);
    expect(x.body.payments).toEqual(PAYMENTS);
    expect(x.body.refunds).toEqual([{ gateway_id: 'pos_cash', title: 'Cash', count: 1, amount: '12.00' }]);
    expect(
      x.body.cash_movements.map((movement: { type: string; amount: string; reason: string }) => [movement.type, movement.amount, movement.reason]),
    ).toEqual([
      ['in', '20.00', 'coins from the bank'],
      ['out', '15.00', 'window cleaner'],
    ]);
    expect(x.body.receipts).toEqual({ count: 5, first: String(day.orders[0]), last: String(day.orders[4]) });
    expect(x.body.drawer).toEqual(DRAWER);
  });

  it('the cashier reads the X report blind: no expected cash before the count', async () => {
    const x = await api(server, 'GET', '/registers/1/session', { token: day.cashier });
    expect(x.status).toBe(200);
    expect(x.body.sales).toEqual(SALES);
    expect(x.body.blind).toBe(true);
    expect(JSON.stringify(x.body)).not.toMatch(/expected|162\.80|drawer/);
    const text = await api(server, 'GET', '/registers/1/session?format=text', { token: day.cashier });
    expect(text.body).not.toMatch(/Expected|162\.80/);
  });

  it('orders carry their register and session, and filter by them', async () => {
    const sessionId = (await api(server, 'GET', '/registers/1/session', { token: day.manager })).body.session.id as number;
    const order = (await api(server, 'GET', `/orders/${day.orders[2]}`, { token: day.cashier })).body;
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        { id: expect.any(Number), key: '_pos_register', value: 1 },
        { id: expect.any(Number), key: '_pos_session', value: sessionId },
      ]),
    );
    const bySession = await api(server, 'GET', `/orders?pos_session=${sessionId}&_fields=id&orderby=id&order=asc`, { token: day.cashier });
    expect(bySession.body.map((entry: { id: number }) => entry.id)).toEqual(day.orders);
    const byRegister = await api(server, 'GET', '/orders?pos_register=1&_fields=id', { token: day.cashier });
    expect(byRegister.headers.get('x-wp-total')).toBe('5');
    expect((await api(server, 'GET', '/orders?pos_register=99&_fields=id', { token: day.cashier })).headers.get('x-wp-total')).toBe('0');
  });

  it('the split sale lists both tenders on its receipt and its checkout state', async () => {
    const receipt = await api(server, 'GET', `/receipts/${day.orders[2]}`, { token: day.cashier });
    expect(
      receipt.body.data.payments.map((payment: { method_id: string; amount: string; tendered: string | null; change: string | null }) => [
        payment.method_id,
        payment.amount,
        payment.tendered,
        payment.change,
      ]),
    ).toEqual([
      ['pos_cash', '10.00', '10.00', '0.00'],
      ['pos_card', '6.20', null, null],
    ]);
    const state = await api(server, 'GET', `/orders/${day.orders[2]}/checkout`, { token: day.cashier });
    expect([state.body.status, state.body.amount_paid, state.body.amount_due, state.body.payments.length]).toEqual(['completed', '16.20', '0.00', 2]);
  });

  it('closes counted 0.35 short: Z number 1 with expected, counted and variance, in JSON, text and HTML', async () => {
    const refused = await api(server, 'POST', '/registers/1/close', {
      token: (
        await api(server, 'POST', '/auth/login', { body: { username: server.users.administrator.username, password: server.users.administrator.password } })
      ).body.access_token,
      body: {},
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_param']);
    const close = await api(server, 'POST', '/registers/1/close', { token: day.cashier, body: { counted_cash: '162.45', note: '35p short' } });
    expect(close.status).toBe(200);
    expect(close.body).toMatchObject({
      report: 'Z',
      z_number: 1,
      counted_cash: '162.45',
      variance: '-0.35',
      sales: SALES,
      taxes: TAXES,
      payments: PAYMENTS,
      drawer: DRAWER,
    });
    const closures = await api(server, 'GET', '/registers/1/closures', { token: day.cashier });
    expect(closures.body.map((closure: { id: number; z_number: number }) => closure.z_number)).toEqual([1]);
    const id = closures.body[0].id as number;
    expect((await api(server, 'GET', `/closures/${id}`, { token: day.cashier })).body).toEqual(close.body);

    const wide = (await api(server, 'GET', `/closures/${id}?format=text`, { token: day.cashier })).body as string;
    const narrow = (await api(server, 'GET', `/closures/${id}?format=text&width=32`, { token: day.cashier })).body as string;
    for (const [text, width] of [
      [wide, 48],
      [narrow, 32],
    ] as const) {
      const lines = text.trimEnd().split('\n');
      expect(lines.every((line) => line.length <= width)).toBe(true);
      expect(lines).toContain(`Expected cash${' '.repeat(width - 'Expected cash'.length - 6)}162.80`);
      expect(lines).toContain(`Counted cash${' '.repeat(width - 'Counted cash'.length - 6)}162.45`);
      expect(lines).toContain(`Variance${' '.repeat(width - 'Variance'.length - 5)}-0.35`);
      expect(lines).toContain(`Net${' '.repeat(width - 3 - 5)}72.40`);
      expect(lines[0]?.trim()).toBe('Z REPORT No. 1');
    }
    const html = await api(server, 'GET', `/closures/${id}?format=html`, { token: day.cashier });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.body).toContain('<h1>Z REPORT No. 1</h1>');
    expect(html.body).toContain('<tr><th>Variance</th><td>-0.35</td></tr>');
    expect(html.body).toContain('<tr><th>Expected cash</th><td>162.80</td></tr>');

    const after = await api(server, 'GET', '/registers/1/session', { token: day.cashier });
    expect([after.status, after.body.code]).toEqual([404, 'pos_register_no_open_session']);
  });

  it('a closed register takes no payment while the store requires an open session; the next Z is number 2', async () => {
    const order = await api(server, 'POST', '/orders', { token: day.cashier, body: { line_items: [{ product_id: day.catalogue.coffee }] } });
    const refused = await api(server, 'POST', `/orders/${order.body.id}/checkout`, { token: day.cashier, body: { gateway_id: 'pos_card' } });
    expect([refused.status, refused.body.code, refused.body.data.register_id]).toEqual([400, 'pos_register_closed', 1]);
    expect((await api(server, 'POST', '/registers/1/cash', { token: day.cashier, body: { type: 'in', amount: '1.00' } })).body.code).toBe(
      'pos_register_closed',
    );
    expect((await api(server, 'POST', '/registers/1/open', { token: day.cashier, body: { opening_float: '50' } })).status).toBe(201);
    expect((await api(server, 'POST', '/registers/1/open', { token: day.cashier, body: { opening_float: '50' } })).status).toBe(409);
    expect((await api(server, 'POST', `/orders/${order.body.id}/checkout`, { token: day.cashier, body: { gateway_id: 'pos_card' } })).status).toBe(200);
    const z = await api(server, 'POST', '/registers/1/close', { token: day.cashier, body: { counted_cash: '50.00' } });
    expect([z.body.z_number, z.body.variance, z.body.sales.count]).toEqual([2, '0.00', 1]);
  });
});
