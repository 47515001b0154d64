/**
 * The till's manager approvals (renderer/approvals.ts) in this process, against a real server: what
 * the till asks for, which approvals it sends again and how, and what a cancel, a refusal or a broken
 * answer leaves. The Chromium test (approval.test.ts) walks the dialog; this one checks the rules.
 */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../renderer/api-client.js';
import { actionWords, ApprovalCancelled } from '../../renderer/approvals.js';
import * as ordersApi from '../../renderer/api/orders.js';
import type { Order } from '../../shared/resources/orders.js';
import { api } from '../helpers/server.js';
import { createOrder } from '../helpers/shop-data.js';
import { tillInProcess, type InProcessTill } from '../helpers/till-in-process.js';
import { useServer } from '../helpers/use-server.js';

const PIN = '4821';
const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' }, async ({ server, tokens }) => {
  const body = { required: ['price_override', 'discount'], discount_above_percent: 10 };
  expect((await api(server, 'POST', '/settings/approvals', { token: tokens.administrator, body })).status).toBe(200);
  const current_password = server.users.shop_manager.password;
  expect((await api(server, 'POST', '/auth/pin', { token: tokens.shop_manager, body: { pin: PIN, current_password } })).status).toBe(200);
});

const manager = () => server.users.shop_manager.username;
const coffeeSale = async (): Promise<Order> => createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.coffee, quantity: 1 }] });

/** Resolves once the till shows the approval dialog (the server refused and the till asked). */
async function asked(pos: InProcessTill): Promise<NonNullable<ReturnType<InProcessTill['till']['state']['get']>['approval']>> {
  for (let tries = 0; tries < 200; tries += 1) {
    const ask = pos.till.state.get().approval;
    if (ask !== null) return ask;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the till never asked for an approval');
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const approvalHeaderOf = (pos: InProcessTill, index: number): string | undefined => pos.headers[index]?.['X-POS-Approval'];
const patches = (pos: InProcessTill, orderId: number): number[] =>
  pos.requests.flatMap((request, index) => (request === `PATCH /orders/${orderId}` ? [index] : []));

describe('manager approvals at the till', () => {
  it('asks for a price set by hand, keeps a wrong PIN in the dialog in the server words, and sends the approval it got', async () => {
    const pos = await tillInProcess(server);
    const order = await coffeeSale();
    const line = order.line_items[0]!;
    const changed = pos.till.approvals.run(order.id, (headers) =>
      ordersApi.update(pos.till.client, order.id, { line_items: [{ id: line.id, subtotal: '9.50', total: '9.50' }] }, headers),
    );
    expect(await asked(pos)).toEqual({ action: 'price_override', orderId: order.id, error: '' });
    // The first request goes without any approval header.
    const [first] = patches(pos, order.id);
    expect(pos.headers[first!]).not.toHaveProperty('X-POS-Approval');

    await pos.till.approvals.submit(manager(), { pin: '0000' });
    const refused = await api(server, 'POST', '/auth/approvals', {
      token: tokens.cashier,
      body: { username: manager(), pin: '0000', action: 'price_override', order_id: order.id },
    });
    expect(pos.till.state.get().approval).toEqual({ action: 'price_override', orderId: order.id, error: refused.body.message });

    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect(pos.till.state.get().approval).toBeNull();
    const done = await changed;
    expect(done.line_items[0]?.total).toBe('9.50');
    const sent = patches(pos, order.id);
    expect(sent).toHaveLength(2);
    expect(approvalHeaderOf(pos, sent[1]!)).toMatch(/^\S+$/);
    // The approval is asked for this order, by the manager, with the secret typed.
    expect(pos.bodies[pos.requests.lastIndexOf('POST /auth/approvals')]).toEqual({
      username: manager(),
      pin: PIN,
      action: 'price_override',
      order_id: order.id,
    });
  });

  it('asks twice for a price that is also a large discount, and sends both approvals, comma separated', async () => {
    const pos = await tillInProcess(server);
    const order = await coffeeSale();
    const line = order.line_items[0]!;
    const changed = pos.till.approvals.run(order.id, (headers) =>
      ordersApi.update(pos.till.client, order.id, { line_items: [{ id: line.id, subtotal: line.subtotal, total: '5.00' }] }, headers),
    );
    const firstAsk = await asked(pos);
    await pos.till.approvals.submit(manager(), { password: server.users.shop_manager.password });
    const secondAsk = await asked(pos);
    expect([firstAsk.action, secondAsk.action].sort()).toEqual(['discount', 'price_override']);
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect((await changed).line_items[0]?.total).toBe('5.00');
    const sent = patches(pos, order.id);
    expect(sent).toHaveLength(3);
    expect(approvalHeaderOf(pos, sent[1]!)).toMatch(/^\S+$/);
    const both = approvalHeaderOf(pos, sent[2]!)!.split(', ');
    expect(both).toHaveLength(2);
    expect(both[0]).toBe(approvalHeaderOf(pos, sent[1]!));
    expect(both[1]).toMatch(/^\S+$/);
  });

  it('cancelled: the request is not made, the dialog closes, and the caller hears ApprovalCancelled', async () => {
    const pos = await tillInProcess(server);
    const order = await coffeeSale();
    const line = order.line_items[0]!;
    const changed = pos.till.approvals.run(order.id, (headers) =>
      ordersApi.update(pos.till.client, order.id, { line_items: [{ id: line.id, subtotal: '1.00', total: '1.00' }] }, headers),
    );
    await asked(pos);
    pos.till.approvals.cancel();
    expect(pos.till.state.get().approval).toBeNull();
    const error = await rejectionOf(changed);
    expect(error).toBeInstanceOf(ApprovalCancelled);
    expect(error).toMatchObject({ name: 'ApprovalCancelled', message: 'No manager approved the request.' });
    expect((await api(server, 'GET', `/orders/${order.id}`, { token: tokens.cashier })).body.line_items[0].total).toBe('10.00');
    // Nothing waits any more: a late submit sends nothing.
    const before = pos.requests.length;
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect(pos.requests.length).toBe(before);
  });

  it('a second request asking while one waits cancels the first', async () => {
    const pos = await tillInProcess(server);
    const [one, two] = [await coffeeSale(), await coffeeSale()];
    const override = (order: Order) =>
      pos.till.approvals.run(order.id, (headers) =>
        ordersApi.update(pos.till.client, order.id, { line_items: [{ id: order.line_items[0]!.id, subtotal: '9.00', total: '9.00' }] }, headers),
      );
    const first = override(one);
    await asked(pos);
    const second = override(two);
    expect(await rejectionOf(first)).toBeInstanceOf(ApprovalCancelled);
    for (let tries = 0; pos.till.state.get().approval?.orderId !== two.id && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pos.till.state.get().approval).toEqual({ action: 'price_override', orderId: two.id, error: '' });
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect((await second).line_items[0]?.total).toBe('9.00');
  });

  it('an action without an order is approved without an order id; one the server does not name is asked as ""', async () => {
    const pos = await tillInProcess(server);
    let sends = 0;
    const refusal = (data: Record<string, unknown>) =>
      new ApiRequestError({ code: 'pos_approval_required', message: 'A manager has to approve it.', data: { status: 403, ...data } });
    const received: Array<Record<string, string>> = [];
    const outcome = pos.till.approvals.run(null, (headers) => {
      received.push(headers);
      sends += 1;
      if (sends === 1) return Promise.reject(refusal({ action: 'no_sale' }));
      if (sends === 2) return Promise.reject(refusal({ action: 7 }));
      return Promise.resolve('sent');
    });
    expect(await asked(pos)).toEqual({ action: 'no_sale', orderId: null, error: '' });
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect(pos.till.state.get().approval).toBeNull();
    expect(pos.bodies[pos.requests.lastIndexOf('POST /auth/approvals')]).toEqual({ username: manager(), pin: PIN, action: 'no_sale' });
    expect(await asked(pos)).toEqual({ action: '', orderId: null, error: '' });
    pos.till.approvals.cancel();
    expect(await rejectionOf(outcome)).toBeInstanceOf(ApprovalCancelled);
    expect(received).toHaveLength(2);
    expect(received[0]).toEqual({});
    expect(received[1]?.['X-POS-Approval']).toMatch(/^\S+$/);
  });

  it('stops after five approvals: a server asking for more is a loop, not a request', async () => {
    const pos = await tillInProcess(server);
    let sends = 0;
    const outcome = pos.till.approvals.run(null, () => {
      sends += 1;
      return Promise.reject(new ApiRequestError({ code: 'pos_approval_required', message: 'Again.', data: { status: 403, action: 'no_sale' } }));
    });
    for (let approved = 0; approved < 5; approved += 1) {
      await asked(pos);
      await pos.till.approvals.submit(manager(), { pin: PIN });
    }
    const error = await rejectionOf(outcome);
    expect(error).toMatchObject({ code: 'pos_approval_required', message: 'Again.' });
    expect(sends).toBe(6);
    expect(pos.till.state.get().approval).toBeNull();
  });

  it('passes any other failure straight on, asking nobody', async () => {
    const pos = await tillInProcess(server);
    const notFound = await rejectionOf(
      pos.till.approvals.run(999_999, (headers) => ordersApi.update(pos.till.client, 999_999, { customer_note: 'x' }, headers)),
    );
    expect(notFound).toBeInstanceOf(ApiRequestError);
    expect((notFound as ApiRequestError).status).toBe(404);
    const plain = Object.assign(new Error('not from the server'), { code: 'pos_approval_required', data: { action: 'refund' } });
    expect(await rejectionOf(pos.till.approvals.run(null, () => Promise.reject(plain)))).toBe(plain);
    expect(pos.till.state.get().approval).toBeNull();
  });

  it('a submit with no request waiting sends nothing, even with a dialog showing', async () => {
    const pos = await tillInProcess(server);
    pos.till.state.set({ approval: { action: 'refund', orderId: 1, error: '' } });
    const before = pos.requests.length;
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect(pos.requests.length).toBe(before);
    expect(pos.till.state.get().approval).toEqual({ action: 'refund', orderId: 1, error: '' });
  });

  it('an answer it cannot read stays in the dialog in plain words, and the request still waits', async () => {
    const pos = await tillInProcess(server);
    const order = await coffeeSale();
    const changed = pos.till.approvals.run(order.id, (headers) =>
      ordersApi.update(pos.till.client, order.id, { line_items: [{ id: order.line_items[0]!.id, subtotal: '8.00', total: '8.00' }] }, headers),
    );
    await asked(pos);
    pos.garble(/^POST \/auth\/approvals/);
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect(pos.till.state.get().approval?.error).toBe('The approval could not be checked.');
    pos.cut(/^POST \/auth\/approvals/);
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect(pos.till.state.get().approval?.error).toBe('The Tillbase server could not be reached.');
    pos.mend();
    await pos.till.approvals.submit(manager(), { pin: PIN });
    expect((await changed).line_items[0]?.total).toBe('8.00');
  });
});

describe('the approval dialog words', () => {
  it('names each action the shop can put behind approval, and an unknown one as the server named it', () => {
    expect(['refund', 'price_override', 'discount', 'cash_out', 'cancel_paid_order', 'no_sale', 'return_without_receipt', 'tip_out'].map(actionWords)).toEqual([
      'a refund',
      'a price set by hand',
      'a discount this large',
      'taking cash out of the drawer',
      'cancelling a paid order',
      'opening the drawer without a sale',
      'a return without a receipt',
      'tip_out',
    ]);
  });
});
