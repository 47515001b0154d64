import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderRefund, ShopOrder } from '../../shared/resources/orders.js';
import type { SessionReport } from '../../shared/resources/registers.js';
import type { ShopReport } from '../../shared/resources/shop-report.js';
import { Decimal, formatMoney } from '../../server/model/money.js';
import { api, login, withDb } from '../helpers/server.js';
import { closeTills, restartTill, sellCoffees, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';
import { waitFor } from '../helpers/sync.js';

/*
 * A refund at one till of a sale made at another (docs/several-tills.md, "A refund at another
 * till"), over three real paired tills: the sale found at B by its receipt number and refunded there
 * while A is stopped, out of B's drawer and into B's journal; the cap counting every till's refunds,
 * at B and at A once it is back; a return with restock at B going back on B's shelf.
 */

let tills: TestTill[] = [];
const till = (index: number): TestTill => tills[index] as TestTill;

/** The shop's sale of a receipt number as a till lists it, once it is there (and `ready` says so). */
async function shopSale(at: TestTill, number: string, ready: (order: ShopOrder) => boolean = () => true, timeoutMs = 20_000): Promise<ShopOrder> {
  return waitFor(
    `${number} listed at ${at.name}`,
    async () => {
      const listed = await api<ShopOrder[]>(at.server, 'GET', `/orders?scope=shop&search=${number}`, { token: at.cashier });
      expect(listed.status).toBe(200);
      const order = listed.body.find((candidate) => candidate.number === number);
      return order !== undefined && ready(order) ? order : undefined;
    },
    timeoutMs,
  );
}

function refundAtShop(at: TestTill, sale: ShopOrder, body: Record<string, unknown>) {
  return api<OrderRefund & { code?: string; data?: Record<string, unknown> }>(at.server, 'POST', `/orders/shop/${sale.till.id}/${sale.id}/refunds`, {
    token: at.cashier,
    body,
  });
}

const lineOf = (order: Order | ShopOrder): number => order.line_items[0]?.id ?? 0;

describe('a refund at any till of a sale made at another', () => {
  beforeAll(async () => {
    ({ tills } = await startTills(['Till A', 'Till B', 'Till C']));
  }, 90_000);

  afterAll(async () => {
    await closeTills(tills);
  });

  it('refunds at B a sale of A found by its receipt number while A is stopped, and counts every till against what was sold', async () => {
    const [a, b] = [till(0), till(1)];
    const manager = (await login(b.server, 'shop_manager')).access_token;
    const opened = await api(b.server, 'POST', '/registers/1/open', { token: manager, body: { opening_float: '100.00' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);

    // Two coffees at A; A gives one back itself, and that refund reaches B before A stops.
    const sale = await sellCoffees(a, 2);
    const unit = new Decimal(sale.total).div(2);
    const own = await api(a.server, 'POST', `/orders/${sale.id}/refunds`, { token: a.cashier, body: { line_items: [{ id: lineOf(sale), quantity: 1 }] } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const listed = await shopSale(b, sale.number, (order) => order.refunded_total === formatMoney(unit, 2));
    expect(listed).toMatchObject({ till: { id: a.id, name: 'Till A' }, order_here: null, total: sale.total });
    await stopTill(a);

    // B refunds the other coffee in cash: adopted as an order of B's, paid out of B's drawer, journaled at B.
    const refund = await refundAtShop(b, listed, { line_items: [{ id: lineOf(listed), quantity: 1 }], refund_destination: 'pos_cash', reason: 'cold' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(refund.body.amount).toBe(formatMoney(unit, 2));
    const copyId = Number(/\/orders\/(\d+)\/refunds\//.exec(refund.headers.get('location') ?? '')?.[1]);
    const copy = (await api<Order>(b.server, 'GET', `/orders/${copyId}`, { token: b.cashier })).body;
    expect(copy).toMatchObject({
      number: sale.number,
      total: sale.total,
      status: 'refunded',
      origin: { till: { id: a.id, name: 'Till A' }, order_id: sale.id },
    });
    // A's refund of the other coffee shows on B's copy, by the copy's line, for a refund form to leave it out.
    expect(copy.refunded_at_other_tills).toEqual([{ id: lineOf(copy), quantity: 1 }]);
    const report = (await api<SessionReport>(b.server, 'GET', '/registers/1/session', { token: manager })).body;
    expect(report.drawer).toMatchObject({ cash_refunded: formatMoney(unit, 2), expected_cash: formatMoney(new Decimal(100).minus(unit), 2) });
    // The copy is no sale of B's: nothing sold in B's session, no sale in B's journal.
    expect(report.sales.count).toBe(0);
    const journal = withDb(b.server, (db) =>
      db.prepare<[], { kind: string; order_id: number }>("SELECT kind, order_id FROM journal WHERE kind != 'closure'").all(),
    );
    expect(journal).toEqual([{ kind: 'refund', order_id: copyId }]);
    const ownList = (await api<Order[]>(b.server, 'GET', '/orders', { token: b.cashier })).body;
    expect(ownList.map((order) => [order.id, order.number])).toEqual([[copyId, sale.number]]);

    // Both coffees are refunded, one at A and one at B: a third is refused at B, whether by line or by amount.
    const more = await refundAtShop(b, listed, { line_items: [{ id: lineOf(listed), quantity: 1 }] });
    expect(more.status, JSON.stringify(more.body)).toBe(400);
    expect(more.body.code).toBe('woocommerce_rest_cannot_create_order_refund');
    const byAmount = await api<{ code: string }>(b.server, 'POST', `/orders/${copyId}/refunds`, { token: b.cashier, body: { amount: '0.01' } });
    expect(byAmount.body.code).toBe('woocommerce_rest_cannot_create_order_refund');
    expect(await shopSale(b, sale.number)).toMatchObject({ refunded_total: sale.total, order_here: copyId });

    // A, back, holds B's refund of its sale, lists the sale as refunded at both, and refuses to refund more.
    await restartTill(a);
    const atA = await shopSale(a, sale.number, (order) => order.refunded_total === sale.total);
    expect(atA).toMatchObject({ order_here: sale.id, till: { id: a.id } });
    const saleAtA = (await api<Order>(a.server, 'GET', `/orders/${sale.id}`, { token: a.cashier })).body;
    expect(saleAtA.refunded_at_other_tills).toEqual([{ id: lineOf(sale), quantity: 1 }]);
    const again = await api<{ code: string }>(a.server, 'POST', `/orders/${sale.id}/refunds`, { token: a.cashier, body: { amount: '0.01' } });
    expect(again.status, JSON.stringify(again.body)).toBe(400);
    expect(again.body.code).toBe('woocommerce_rest_cannot_create_order_refund');
    // C lists the sale once, A's, refunded at both tills; B's copy is not a sale of B's.
    const atC = await shopSale(till(2), sale.number, (order) => order.refunded_total === sale.total);
    expect(atC.till.id).toBe(a.id);
    const listedAtC = (await api<ShopOrder[]>(till(2).server, 'GET', `/orders?scope=shop&search=${sale.number}`, { token: till(2).cashier })).body;
    expect(listedAtC.map((order) => order.till.name)).toEqual(['Till A']);
    // C's shop report: A sold two and refunded one, B sold nothing and refunded one.
    const cManager = (await login(till(2).server, 'shop_manager')).access_token;
    const shopDay = (await api<ShopReport>(till(2).server, 'GET', '/reports/shop', { token: cManager })).body;
    const row = (name: string) => shopDay.tills.find((candidate) => candidate.name === name);
    expect(row('Till A')).toMatchObject({ sales: 1, refunds: 1, refunds_amount: formatMoney(unit, 2) });
    expect(row('Till B')).toMatchObject({ sales: 0, refunds: 1, refunds_amount: formatMoney(unit, 2) });
  }, 120_000);

  it("takes a return with restock at B back onto B's shelf, once per unit", async () => {
    const [a, b] = [till(0), till(1)];
    const sale = await sellCoffees(a, 1);
    const listed = await shopSale(b, sale.number);
    const stock = async () =>
      (await api<{ stock_quantity: number }>(b.server, 'GET', `/products/${b.catalogue.coffee}`, { token: b.cashier })).body.stock_quantity;
    const before = await stock();
    const returned = await refundAtShop(b, listed, { line_items: [{ id: lineOf(listed), quantity: 1 }], api_restock: true, reason: 'returned' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(await stock()).toBe(before + 1);
    // A second try finds the same copy, with nothing left to give back.
    const twice = await refundAtShop(b, listed, { line_items: [{ id: lineOf(listed), quantity: 1 }], api_restock: true });
    expect(twice.status).toBe(400);
    expect(await stock()).toBe(before + 1);
    const copies = withDb(b.server, (db) =>
      db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM adopted_orders WHERE origin_order_id = ?').get(sale.id),
    );
    expect(copies).toEqual({ n: 1 });
  }, 60_000);

  it('lets two tills cut apart each refund the last unit (no quorum), and shows it on both once healed, refusing any more', async () => {
    // Both listeners closed: neither till reaches the other, as a failed switch would leave them.
    const [a, b] = [till(0), till(1)];
    const sale = await sellCoffees(a, 1);
    const listed = await shopSale(b, sale.number);
    await Promise.all([a.network.cut(), b.network.cut()]);
    const atA = await api(a.server, 'POST', `/orders/${sale.id}/refunds`, { token: a.cashier, body: { line_items: [{ id: lineOf(sale), quantity: 1 }] } });
    // Long enough for A's refund to have reached B, were they linked (it takes some 30 ms).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const atB = await refundAtShop(b, listed, { line_items: [{ id: lineOf(listed), quantity: 1 }] });
    expect([atA.status, atB.status]).toEqual([201, 201]);
    // The listeners open again at their addresses; the replication's retry waits up to 15 s between tries.
    await Promise.all([a.network.listen(), b.network.listen()]);
    const twice = formatMoney(new Decimal(sale.total).times(2), 2);
    await shopSale(a, sale.number, (order) => order.refunded_total === twice, 40_000);
    await shopSale(b, sale.number, (order) => order.refunded_total === twice, 40_000);
    const more = await api<{ code: string }>(a.server, 'POST', `/orders/${sale.id}/refunds`, { token: a.cashier, body: { amount: '0.01' } });
    expect(more.body.code).toBe('woocommerce_rest_cannot_create_order_refund');
    expect((await refundAtShop(b, listed, { amount: '0.01' })).body.code).toBe('woocommerce_rest_cannot_create_order_refund');
  }, 120_000);

  it('refuses an item the sale does not have, and a sale no till holds, leaving no copy behind', async () => {
    const [a, b] = [till(0), till(1)];
    const sale = await sellCoffees(a, 1);
    const listed = await shopSale(b, sale.number);
    const wrong = await refundAtShop(b, listed, { line_items: [{ id: lineOf(listed) + 1000, quantity: 1 }] });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(wrong.body.code).toBe('woocommerce_rest_invalid_item_id');
    const none = await refundAtShop(b, { ...listed, id: 99_999 }, { amount: '1.00' });
    expect(none.status).toBe(404);
    const copies = withDb(b.server, (db) =>
      db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM adopted_orders WHERE origin_order_id = ?').get(sale.id),
    );
    expect(copies).toEqual({ n: 0 });
  }, 60_000);
});
