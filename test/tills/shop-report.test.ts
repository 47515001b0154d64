import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../shared/access.js';
import type { Order } from '../../shared/resources/orders.js';
import type { ShopDayFigures, ShopReport } from '../../shared/resources/shop-report.js';
import { Decimal, formatMoney } from '../../server/model/money.js';
import { api, login } from '../helpers/server.js';
import { closeTills, sellCoffee, startTills, type TestTill } from '../helpers/shop-tills.js';
import { waitFor } from '../helpers/sync.js';
import { useServer } from '../helpers/use-server.js';

/*
 * The shop's X report (GET /reports/shop) over two real paired tills: each till's sales, refunds
 * and takings per tender, as each till holds them once the replication has brought the other's, and
 * the shop's sums.
 */

let tills: TestTill[] = [];
let managers: string[] = [];
let coffee: Decimal;

const times = (count: number) => formatMoney(coffee.times(count), 2);

async function shopReport(at: number, token = managers[at] ?? '', query = ''): Promise<ShopReport> {
  const response = await api<ShopReport>(tills[at]!.server, 'GET', `/reports/shop${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A coffee at a till paid by card. */
async function sellCoffeeByCard(till: TestTill): Promise<void> {
  const made = await api<Order>(till.server, 'POST', '/orders', { token: till.cashier, body: { line_items: [{ product_id: till.catalogue.coffee }] } });
  const paid = await api(till.server, 'POST', `/orders/${made.body.id}/checkout`, {
    token: till.cashier,
    body: { gateway_id: 'pos_card', payment_data: { transaction_id: 'TERM-1' } },
    headers: { 'Idempotency-Key': `card-${till.id}-${made.body.id}` },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

/** The figures without the till's name and freshness. */
const figuresOf = ({ sales, sales_amount, refunds, refunds_amount, net, payments }: ShopDayFigures): ShopDayFigures => ({
  sales,
  sales_amount,
  refunds,
  refunds_amount,
  net,
  ...(payments === undefined ? {} : { payments }),
});

describe("the shop's X report over two paired tills", () => {
  beforeAll(async () => {
    ({ tills } = await startTills(['Till A', 'Till B']));
    const [a, b] = tills as [TestTill, TestTill];
    managers = [(await login(a.server, 'shop_manager')).access_token, (await login(b.server, 'shop_manager')).access_token];
    // Till A: two cash sales, the first refunded in full; Till B: one in cash and one by card.
    const first = await sellCoffee(a);
    await sellCoffee(a);
    coffee = new Decimal(first.total);
    const line = (await api<Order>(a.server, 'GET', `/orders/${first.id}`, { token: a.cashier })).body.line_items[0]?.id;
    const refunded = await api(a.server, 'POST', `/orders/${first.id}/refunds`, {
      token: a.cashier,
      body: { line_items: [{ id: line, quantity: 1 }], refund_destination: 'pos_cash', reason: 'spilt' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    await sellCoffee(b);
    await sellCoffeeByCard(b);
  }, 90_000);

  afterAll(async () => {
    await closeTills(tills);
  });

  const tillA = (): ShopDayFigures => ({
    sales: 2,
    sales_amount: times(2),
    refunds: 1,
    refunds_amount: times(1),
    net: times(1),
    payments: [{ method: 'pos_cash', title: 'Cash', amount: times(1) }],
  });
  const tillB = (): ShopDayFigures => ({
    sales: 2,
    sales_amount: times(2),
    refunds: 0,
    refunds_amount: '0.00',
    net: times(2),
    payments: [
      { method: 'pos_card', title: 'Card', amount: times(1) },
      { method: 'pos_cash', title: 'Cash', amount: times(1) },
    ],
  });
  const shop = (): ShopDayFigures => ({
    sales: 4,
    sales_amount: times(4),
    refunds: 1,
    refunds_amount: times(1),
    net: times(3),
    payments: [
      { method: 'pos_card', title: 'Card', amount: times(1) },
      { method: 'pos_cash', title: 'Cash', amount: times(2) },
    ],
  });

  it('at each till lists itself first, then the other till, each with its day, and the shop row sums them', async () => {
    for (const [at, [own, other]] of [
      [0, [tillA, tillB]],
      [1, [tillB, tillA]],
    ] as const) {
      const here = tills[at]!;
      const there = tills[1 - at]!;
      // The other till's figures arrive with the replication: wait until its four entries are held here.
      const report = await waitFor(`${there.name}'s day at ${here.name}`, async () => {
        const answer = await shopReport(at);
        const [row, expected] = [answer.tills[1], other()];
        return row?.sales === expected.sales && row.refunds === expected.refunds ? answer : undefined;
      });
      expect(report.tills.map(({ id, name, this_till }) => ({ id, name, this_till }))).toEqual([
        { id: here.id, name: here.name, this_till: true },
        { id: there.id, name: there.name, this_till: false },
      ]);
      expect(report.tills.map(figuresOf)).toEqual([own(), other()]);
      expect(report.shop).toEqual(shop());
      expect(report).toMatchObject({ report: 'X', blind: false, currency: 'GBP' });
    }
  }, 60_000);

  it("tells how fresh each till's figures are: the other till's latest entry, as that till dates it", async () => {
    const [atA, atB] = [await shopReport(0), await shopReport(1)];
    expect(atA.tills[0]?.last_entry_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(atB.tills[1]?.last_entry_gmt).toBe(atA.tills[0]?.last_entry_gmt);
    expect(atA.tills[1]?.last_entry_gmt).toBe(atB.tills[0]?.last_entry_gmt);
  });

  it('answers another day on its own: no sale of today falls on it', async () => {
    const report = await shopReport(0, managers[0], '?date=2020-02-29');
    expect(report.date).toBe('2020-02-29');
    expect(report.tills.map(figuresOf)).toEqual(
      [0, 1].map(() => ({ sales: 0, sales_amount: '0.00', refunds: 0, refunds_amount: '0.00', net: '0.00', payments: [] })),
    );
  });

  it('is blind for a cashier, as the X report: no takings per tender', async () => {
    const report = await shopReport(0, tills[0]!.cashier);
    expect(report.blind).toBe(true);
    expect(report.shop).toEqual({ ...shop(), payments: undefined });
    expect(report.tills.every((till) => !('payments' in till))).toBe(true);
  });

  it("refuses 403 a cashier whose role lacks the X report's capability", async () => {
    const a = tills[0]!;
    const admin = (await login(a.server, 'administrator')).access_token;
    const without = DEFAULT_ROLES.cashier.capabilities.filter((capability) => capability !== 'handle_cash');
    expect((await api(a.server, 'PATCH', '/roles/cashier', { token: admin, body: { capabilities: without } })).status).toBe(200);
    try {
      const refused = await api(a.server, 'GET', '/reports/shop', { token: a.cashier });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'pos_rest_forbidden', data: { capability: 'handle_cash' } });
    } finally {
      await api(a.server, 'PATCH', '/roles/cashier', { token: admin, body: { capabilities: DEFAULT_ROLES.cashier.capabilities } });
    }
  });

  it.each(['2026-02-30', 'today', '2026-1-5'])('refuses the date %s with 400, saying what a date is', async (date) => {
    const refused = await api(tills[0]!.server, 'GET', `/reports/shop?date=${date}`, { token: managers[0] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { date: expect.stringContaining('YYYY-MM-DD') } } });
  });
});

describe("the shop's X report of a till never paired", () => {
  const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale', roles: ['shop_manager'] });

  it('answers one row, itself, and the shop row equal to it', async () => {
    const made = await api<Order>(server, 'POST', '/orders', { token: tokens.shop_manager, body: { line_items: [{ product_id: catalogue.coffee }] } });
    const paid = await api(server, 'POST', `/orders/${made.body.id}/checkout`, {
      token: tokens.shop_manager,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '20.00' } },
      headers: { 'Idempotency-Key': `alone-${made.body.id}` },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const response = await api<ShopReport>(server, 'GET', '/reports/shop', { token: tokens.shop_manager });
    expect(response.status).toBe(200);
    const [self, ...others] = response.body.tills;
    expect(others).toEqual([]);
    expect(self).toMatchObject({
      this_till: true,
      name: '',
      sales: 1,
      sales_amount: made.body.total,
      payments: [{ method: 'pos_cash', amount: made.body.total }],
    });
    expect(figuresOf(self!)).toEqual(response.body.shop);
  });
});
