/**
 * Exchanges over real HTTP: the goods brought back are a return refunded to exchange credit (the
 * drawer does not move), the credit pays the new sale first (`POST /orders/{id}/exchange-credit`),
 * the customer pays the rest or gets the rest back in cash; a credit is spent once, at its own till's
 * open session; the X and Z reports show exchange credit as its own line that nets to zero.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { createOrder } from '../helpers/shop-data.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' });

interface Line {
  gateway_id: string;
  amount: string;
  tendered?: string;
  change?: string;
  title: string;
}

const openRegister = async (name: string): Promise<number> => {
  const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name } });
  expect(created.status).toBe(201);
  expect((await api(server, 'POST', `/registers/${created.body.id}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
  return created.body.id as number;
};
const session = async (register: number) => (await api(server, 'GET', `/registers/${register}/session`, { token: tokens.shop_manager })).body;
const stockOf = async (id: number): Promise<number> => {
  // The red shirt is a variation: its stock is read under its parent.
  const path = id === catalogue.shirtRed ? `/products/${catalogue.shirt}/variations/${id}` : `/products/${id}`;
  return (await api(server, 'GET', path, { token: tokens.cashier })).body.stock_quantity as number;
};
/** A return of one unit refunded to exchange credit at `register`; its order id. */
const returnForCredit = async (register: number, productId: number): Promise<number> => {
  const returned = await api(server, 'POST', '/returns', {
    token: tokens.cashier,
    body: { line_items: [{ product_id: productId, quantity: 1 }], refund_destination: 'pos_exchange_credit', restock: true, register_id: register },
  });
  expect(returned.status).toBe(201);
  return returned.body.order_id as number;
};
const saleAt = async (register: number, productId: number): Promise<{ id: number; total: string }> =>
  createOrder(server, tokens.cashier, { line_items: [{ product_id: productId }], meta_data: [{ key: '_pos_register', value: String(register) }] });
const spend = (saleId: number, returnOrderId: number) =>
  api(server, 'POST', `/orders/${saleId}/exchange-credit`, { token: tokens.cashier, body: { return_order_id: returnOrderId } });
/** The credits waiting at `register` (`GET /registers/{id}/exchange-credit`), as return id and amount. */
const waitingAt = async (register: number): Promise<Array<[number, string]>> => {
  const waiting = await api(server, 'GET', `/registers/${register}/exchange-credit`, { token: tokens.cashier });
  expect(waiting.status).toBe(200);
  return (waiting.body as Array<{ return_order_id: number; credit: string }>).map((credit) => [credit.return_order_id, credit.credit]);
};
const creditLine = (lines: Line[]) => lines.find((line) => line.gateway_id === 'pos_exchange_credit');

describe('an exchange', () => {
  it('dearer goods: the credit pays first, the customer pays the difference in cash, the drawer rises by exactly it; a credit is spent once', async () => {
    const register = await openRegister('Exchange till');
    const before = await session(register);
    const [coffeeBefore, shirtBefore] = [await stockOf(catalogue.coffee), await stockOf(catalogue.shirtRed)];
    // A coffee (12.00 with VAT) brought back for a red shirt (18.00).
    const returnId = await returnForCredit(register, catalogue.coffee);
    const afterReturn = await session(register);
    expect(afterReturn.drawer.expected_cash).toBe(before.drawer.expected_cash);
    // The credit waits at its register until a sale spends it.
    expect(await waitingAt(register)).toEqual([[returnId, '12.00']]);
    const sale = await saleAt(register, catalogue.shirtRed);
    expect(sale.total).toBe('18.00');
    const credited = await spend(sale.id, returnId);
    expect(credited.status).toBe(200);
    expect(await waitingAt(register)).toEqual([]);
    expect(credited.body).toMatchObject({ credit: '12.00', used: '12.00', change_due: '0.00', amount_due: '6.00', status: 'pending' });
    const paid = await api(server, 'POST', `/orders/${sale.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '10.00' } },
    });
    expect([paid.status, paid.body.status, paid.body.amount_due, paid.body.provider_data.change_due]).toEqual([200, 'completed', '0.00', '4.00']);
    const order = (await api(server, 'GET', `/orders/${sale.id}`, { token: tokens.cashier })).body;
    expect(order.meta_data.find((meta: { key: string }) => meta.key === '_pos_exchange_return')?.value).toBe(returnId);

    const after = await session(register);
    expect(cents(after.drawer.expected_cash) - cents(before.drawer.expected_cash)).toBe(600);
    expect(after.sales.count).toBe((before.sales.count as number) + 1);
    expect(creditLine(after.payments)).toMatchObject({ title: 'Exchange credit', amount: '12.00', tendered: '12.00', change: '0.00' });
    expect(creditLine(after.refunds)).toMatchObject({ title: 'Exchange credit', amount: '12.00' });
    expect([await stockOf(catalogue.coffee), await stockOf(catalogue.shirtRed)]).toEqual([coffeeBefore + 1, shirtBefore - 1]);

    // The same credit again, on another sale: refused, and nothing paid.
    const another = await saleAt(register, catalogue.tea);
    const reused = await spend(another.id, returnId);
    expect([reused.status, reused.body.code]).toEqual([409, 'pos_exchange_credit_used']);
    const untouched = (await api(server, 'GET', `/orders/${another.id}/checkout`, { token: tokens.cashier })).body;
    expect([untouched.amount_paid, untouched.payments]).toEqual(['0.00', []]);
    // A client cannot clear the link to spend it again.
    const cleared = await api(server, 'PATCH', `/orders/${returnId}`, {
      token: tokens.shop_manager,
      body: { meta_data: [{ key: '_pos_exchange_sale', value: '' }] },
    });
    expect(cleared.status).toBe(200);
    expect((await spend(another.id, returnId)).body.code).toBe('pos_exchange_credit_used');
    // An ordinary order is no credit.
    expect((await spend(another.id, sale.id)).body.code).toBe('pos_exchange_no_credit');
  });

  it('cheaper goods: the credit pays it all and the rest comes back as cash change; the X and Z show the credit netting to zero', async () => {
    const register = await openRegister('Cheaper exchange till');
    const before = await session(register);
    const [coffeeBefore, shirtBefore] = [await stockOf(catalogue.coffee), await stockOf(catalogue.shirtRed)];
    const returnId = await returnForCredit(register, catalogue.shirtRed);
    const sale = await saleAt(register, catalogue.coffee);
    const credited = await spend(sale.id, returnId);
    expect(credited.status).toBe(200);
    expect(credited.body).toMatchObject({ credit: '18.00', used: '12.00', change_due: '6.00', amount_due: '0.00', status: 'completed' });
    const after = await session(register);
    expect(cents(after.drawer.expected_cash) - cents(before.drawer.expected_cash)).toBe(-600);
    expect(after.drawer.change_given).toBe('6.00');
    expect(after.sales).toMatchObject({ count: (before.sales.count as number) + 1, gross: '12.00', refunds: '18.00' });
    const [coffee, shirt] = [await stockOf(catalogue.coffee), await stockOf(catalogue.shirtRed)];
    expect([coffee, shirt]).toEqual([coffeeBefore - 1, shirtBefore + 1]);

    const paidIn = creditLine(after.payments);
    const paidOut = creditLine(after.refunds);
    expect(paidIn).toMatchObject({ amount: '12.00', tendered: '18.00', change: '6.00' });
    expect(paidOut).toMatchObject({ amount: '18.00' });
    const closed = await api(server, 'POST', `/registers/${register}/close`, { token: tokens.cashier, body: { counted_cash: after.drawer.expected_cash } });
    expect([closed.status, closed.body.variance]).toEqual([200, '0.00']);
    expect(creditLine(closed.body.payments)).toMatchObject({ tendered: '18.00', change: '6.00' });
    expect(creditLine(closed.body.refunds)).toMatchObject({ amount: '18.00' });
    const z = await api(server, 'GET', `/closures/${closed.body.id}?format=text`, { token: tokens.cashier });
    expect(z.body).toContain('Exchange credit');
    expect(z.body).not.toContain('pos_exchange_credit');
  });

  it('a credit the customer does not spend is given back in cash from the drawer, once', async () => {
    const register = await openRegister('Cash-out till');
    const before = await session(register);
    const returnId = await returnForCredit(register, catalogue.coffee);
    const cashOut = () => api(server, 'POST', `/returns/${returnId}/cash-out`, { token: tokens.cashier });
    const paidOut = await cashOut();
    expect([paidOut.status, paidOut.body.change_due]).toEqual([200, '12.00']);
    const after = await session(register);
    expect(cents(after.drawer.expected_cash) - cents(before.drawer.expected_cash)).toBe(-1200);
    expect(creditLine(after.payments)).toMatchObject({ amount: '0.00', tendered: '12.00', change: '12.00' });
    expect(creditLine(after.refunds)).toMatchObject({ amount: '12.00' });
    expect((await cashOut()).body.code).toBe('pos_exchange_credit_used');
    expect(await waitingAt(register)).toEqual([]);
    const sale = await saleAt(register, catalogue.tea);
    expect((await spend(sale.id, returnId)).body.code).toBe('pos_exchange_credit_used');
  });

  it('a credit pays only at the till and in the session that took the goods back', async () => {
    const first = await openRegister('Exchange till A');
    const second = await openRegister('Exchange till B');
    const returnId = await returnForCredit(first, catalogue.coffee);
    expect([await waitingAt(first), await waitingAt(second)]).toEqual([[[returnId, '12.00']], []]);
    expect((await api(server, 'GET', '/registers/9999/exchange-credit', { token: tokens.cashier })).status).toBe(404);
    const elsewhere = await saleAt(second, catalogue.shirtRed);
    const refused = await spend(elsewhere.id, returnId);
    expect([refused.status, refused.body.code]).toEqual([409, 'pos_exchange_credit_elsewhere']);
    expect((await api(server, 'GET', `/orders/${elsewhere.id}/checkout`, { token: tokens.cashier })).body.amount_paid).toBe('0.00');

    // Closed and opened again: a credit of the earlier session is refused too.
    const counted = (await session(first)).drawer.expected_cash as string;
    expect((await api(server, 'POST', `/registers/${first}/close`, { token: tokens.cashier, body: { counted_cash: counted } })).status).toBe(200);
    expect((await api(server, 'POST', `/registers/${first}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
    const later = await saleAt(first, catalogue.shirtRed);
    expect(await waitingAt(first)).toEqual([]);
    expect((await spend(later.id, returnId)).body.code).toBe('pos_exchange_credit_elsewhere');
    // Exchange credit is no tender a checkout takes.
    const direct = await api(server, 'POST', `/orders/${later.id}/checkout`, { token: tokens.cashier, body: { gateway_id: 'pos_exchange_credit' } });
    expect(direct.status).toBe(400);
  });
});

/** Two-decimal amounts in whole cents, for the test's own sums. */
function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return amount.startsWith('-') ? -value : value;
}
