/**
 * The cash drawer's kick: the ESC/POS pulse sent to the receipt printer the drawer is wired to, over
 * raw TCP (port 9100 on a real printer). A TCP listener on 127.0.0.1 stands in for the printer and
 * keeps every connection's bytes: the protocol is the real one, five bytes on a socket.
 */
import { describe, expect, it } from 'vitest';
import { PIN_2_PULSE, PIN_5_PULSE, refusingAddress, useStandInPrinter } from '../helpers/drawer-printer.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** How long a kick that should not come is waited for. */
const QUIET_MS = 400;

const printer = useStandInPrinter();

/** Waits until the printer has had `count` connections, then a little longer for any that should not come. */
function kicksAfter(count: number): Promise<number[][]> {
  return printer.kicks(count, { waitMs: 5000, quietMs: QUIET_MS });
}

const { server, tokens, catalogue } = useServer({ catalogue: 'sale' });

async function registerWithDrawer(name: string, drawer: { drawer_printer: string; drawer_pin?: 2 | 5 }): Promise<number> {
  const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name } });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const patched = await api(server, 'PATCH', `/registers/${id}`, { token: tokens.shop_manager, body: drawer });
  expect(patched.status).toBe(200);
  expect((await api(server, 'POST', `/registers/${id}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } })).status).toBe(201);
  return id;
}

async function sale(register: number, gateway: 'pos_cash' | 'pos_card', key: string) {
  const order = await api(server, 'POST', '/orders', {
    token: tokens.cashier,
    body: { line_items: [{ product_id: catalogue.coffee, quantity: 1 }], meta_data: [{ key: '_pos_register', value: register }] },
  });
  expect(order.status).toBe(201);
  const paymentData = gateway === 'pos_cash' ? { amount_tendered: '50.00' } : {};
  const checkout = () =>
    api(server, 'POST', `/orders/${order.body.id}/checkout`, {
      token: tokens.cashier,
      body: { gateway_id: gateway, payment_data: paymentData },
      headers: { 'Idempotency-Key': key },
    });
  const paid = await checkout();
  expect([paid.status, paid.body.status]).toEqual([200, 'completed']);
  return { orderId: order.body.id as number, checkout, drawer: paid.body.provider_data.drawer as unknown };
}

describe('the drawer printer of a register', () => {
  it('is none by default, takes host:port (a bare host is port 9100) and pin 2 or 5, and refuses anything else', async () => {
    const created = await api(server, 'POST', '/registers', { token: tokens.shop_manager, body: { name: 'Setting till' } });
    expect(created.body).toMatchObject({ drawer_printer: '', drawer_pin: 2 });
    const path = `/registers/${created.body.id}`;
    const bare = await api(server, 'PATCH', path, { token: tokens.shop_manager, body: { drawer_printer: ' 192.168.1.50 ', drawer_pin: 5 } });
    expect(bare.body).toMatchObject({ drawer_printer: '192.168.1.50:9100', drawer_pin: 5 });
    for (const body of [{ drawer_printer: 'http://printer/' }, { drawer_printer: '192.168.1.50:70000' }, { drawer_pin: 3 }]) {
      const refused = await api(server, 'PATCH', path, { token: tokens.shop_manager, body });
      expect([refused.status, refused.body.code], JSON.stringify(body)).toEqual([400, 'rest_invalid_param']);
    }
    const cleared = await api(server, 'PATCH', path, { token: tokens.shop_manager, body: { drawer_printer: '' } });
    expect(cleared.body).toMatchObject({ drawer_printer: '', drawer_pin: 5 });
  });
});

describe('the drawer kick', () => {
  it('a no-sale sends exactly the pulse for pin 2, once, and says the drawer is open', async () => {
    const address = await printer.address;
    const register = await registerWithDrawer('Kick till', { drawer_printer: address });
    const answer = await api(server, 'POST', `/registers/${register}/no-sale`, { token: tokens.cashier, body: { reason: 'change' } });
    expect(answer.status).toBe(201);
    expect(answer.body.drawer).toEqual({ opened: true, printer: address, message: 'The drawer is open.' });
    expect(await kicksAfter(1)).toEqual([PIN_2_PULSE]);
  });

  it('the manager’s test sends the pulse for pin 5, audited; a register without a printer says to use the key', async () => {
    const address = await printer.address;
    const register = await registerWithDrawer('Pin 5 till', { drawer_printer: address, drawer_pin: 5 });
    const tested = await api(server, 'POST', `/registers/${register}/drawer-test`, { token: tokens.shop_manager });
    expect([tested.status, tested.body.opened]).toEqual([200, true]);
    expect(await kicksAfter(1)).toEqual([PIN_5_PULSE]);
    const audit = await api(server, 'GET', `/logs?source=audit&register=${register}&action=drawer.test`, { token: tokens.shop_manager });
    expect(audit.body.entries).toHaveLength(1);

    const none = await registerWithDrawer('Keyed till', { drawer_printer: '' });
    const noPrinter = await api(server, 'POST', `/registers/${none}/no-sale`, { token: tokens.cashier, body: {} });
    expect(noPrinter.status).toBe(201);
    expect(noPrinter.body.drawer).toEqual({ opened: false, printer: null, message: 'Keyed till has no drawer printer set: open the drawer with its key.' });
    expect(await kicksAfter(0)).toEqual([]);
  });

  it('a cash sale opens the drawer, a card sale does not, and a replayed cash checkout does not open it again', async () => {
    const register = await registerWithDrawer('Selling till', { drawer_printer: await printer.address });
    await sale(register, 'pos_card', 'card-sale-1');
    expect(await kicksAfter(0)).toEqual([]);
    const cash = await sale(register, 'pos_cash', 'cash-sale-1');
    // The cash sale's answer says what became of the drawer, as the no-sale's does.
    expect(cash.drawer).toEqual({ opened: true, printer: await printer.address, message: 'The drawer is open.' });
    expect(await kicksAfter(1)).toEqual([PIN_2_PULSE]);
    const replay = await cash.checkout();
    // The replay is the first answer, the drawer's outcome with it, and opens nothing.
    expect([replay.status, replay.body.status, replay.body.provider_data.drawer]).toEqual([200, 'completed', cash.drawer]);
    expect(await kicksAfter(0)).toEqual([]);
  });

  it('two cash checkouts sent at once with one key: one pulse, and the same answer, the drawer’s outcome in both', async () => {
    const address = await printer.address;
    const register = await registerWithDrawer('Double-tap till', { drawer_printer: address });
    const order = await api(server, 'POST', '/orders', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee, quantity: 1 }], meta_data: [{ key: '_pos_register', value: register }] },
    });
    const pay = () =>
      api(server, 'POST', `/orders/${order.body.id}/checkout`, {
        token: tokens.cashier,
        body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '50.00' } },
        headers: { 'Idempotency-Key': 'double-tap' },
      });
    const [first, second] = await Promise.all([pay(), pay()]);
    expect(first.body.provider_data.drawer).toEqual({ opened: true, printer: address, message: 'The drawer is open.' });
    expect(second.body).toEqual(first.body);
    expect(await kicksAfter(1)).toEqual([PIN_2_PULSE]);
  });

  it('a cash refund and a cash return without a receipt open the drawer; a refund to the card does not', async () => {
    const register = await registerWithDrawer('Refund till', { drawer_printer: await printer.address });
    const card = await sale(register, 'pos_card', 'card-sale-2');
    const cash = await sale(register, 'pos_cash', 'cash-sale-2');
    expect(await kicksAfter(1)).toHaveLength(1);
    const refund = (orderId: number) => api(server, 'POST', `/orders/${orderId}/refunds`, { token: tokens.shop_manager, body: { amount: '1.00' } });
    expect((await refund(card.orderId)).status).toBe(201);
    expect(await kicksAfter(0)).toEqual([]);
    expect((await refund(cash.orderId)).status).toBe(201);
    expect(await kicksAfter(1)).toEqual([PIN_2_PULSE]);

    // A return without a receipt goes to the store's first register: its drawer is the one to open.
    const [first] = (await api(server, 'GET', '/registers', { token: tokens.shop_manager })).body as Array<{ id: number; session: unknown }>;
    if (!first) throw new Error('the store has no register');
    await api(server, 'PATCH', `/registers/${first.id}`, { token: tokens.shop_manager, body: { drawer_printer: await printer.address } });
    if (first.session === null) await api(server, 'POST', `/registers/${first.id}/open`, { token: tokens.cashier, body: { opening_float: '50.00' } });
    const returned = await api(server, 'POST', '/returns', {
      token: tokens.cashier,
      body: { line_items: [{ product_id: catalogue.coffee, quantity: 1 }], refund_destination: 'pos_cash', restock: true },
    });
    expect(returned.status).toBe(201);
    expect(await kicksAfter(1)).toEqual([PIN_2_PULSE]);
  });

  it('a printer that does not answer: the no-sale says so in plain words, and a cash sale still completes', async () => {
    const dead = await refusingAddress();
    const register = await registerWithDrawer('Unplugged till', { drawer_printer: dead });
    const answer = await api(server, 'POST', `/registers/${register}/no-sale`, { token: tokens.cashier, body: {} });
    expect(answer.status).toBe(201);
    expect(answer.body.drawer).toEqual({ opened: false, printer: dead, message: `The drawer did not open: the printer at ${dead} did not answer.` });
    const { orderId, drawer } = await sale(register, 'pos_cash', 'cash-sale-unplugged');
    expect(drawer).toEqual({ opened: false, printer: dead, message: `The drawer did not open: the printer at ${dead} did not answer.` });
    expect((await api(server, 'GET', `/orders/${orderId}`, { token: tokens.cashier })).body.status).toBe('completed');
    const tested = await api(server, 'POST', `/registers/${register}/drawer-test`, { token: tokens.shop_manager });
    expect(tested.body).toMatchObject({ opened: false, message: `The drawer did not open: the printer at ${dead} did not answer.` });
    // Each failure is in the managers' log, with the register, the address and why the drawer was opened: nothing else.
    // The log is written apart from the answers: poll for its entries a moment.
    const drawerLog = async () =>
      (
        (await api(server, 'GET', '/logs?source=drawer&level=warning', { token: tokens.administrator })).body.entries as Array<{
          message: string;
          context: Record<string, unknown>;
        }>
      ).filter((entry) => entry.context.register_id === register);
    let entries = await drawerLog();
    for (let tries = 0; entries.length < 3 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      entries = await drawerLog();
    }
    expect(entries.map((entry) => entry.context.cause).sort()).toEqual(['no_sale', 'sale', 'test']);
    expect(entries.every((entry) => Object.keys(entry.context).sort().join() === 'cause,printer,register_id' && entry.context.printer === dead)).toBe(true);
    expect(entries[0]?.message).toBe(`Unplugged till: The drawer did not open: the printer at ${dead} did not answer.`);
  });
});
