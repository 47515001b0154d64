/**
 * The cart at the till (renderer/sale.ts) in this process, against a real server: what a line's
 * removal, a discount or a price set by hand, a note, a coupon, a fee, shipping and a customer send;
 * parking, voiding, and the list of parked and unfinished sales taken up again.
 */
import { describe, expect, it } from 'vitest';
import * as productsApi from '../../renderer/api/products.js';
import { Sale } from '../../renderer/sale.js';
import type { Order } from '../../shared/resources/orders.js';
import { api } from '../helpers/server.js';
import { addCoupon, addCustomer, createOrder } from '../helpers/shop-data.js';
import { tillInProcess, type InProcessTill } from '../helpers/till-in-process.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' });

async function selling(): Promise<{ pos: InProcessTill; sale: Sale }> {
  const pos = await tillInProcess(server);
  return { pos, sale: new Sale(pos.till) };
}

/** The till's cart with one coffee (10.00 before 20 % VAT) in it. */
async function coffeeInCart(): Promise<{ pos: InProcessTill; sale: Sale; order: Order }> {
  const { pos, sale } = await selling();
  await sale.addProduct(await productsApi.tile(pos.till.client, catalogue.coffee));
  return { pos, sale, order: pos.till.state.get().order! };
}

const lastPatch = (pos: InProcessTill, order: Order) => pos.bodies[pos.requests.lastIndexOf(`PATCH /orders/${order.id}`)];
const statusOf = async (id: number): Promise<string> => (await api(server, 'GET', `/orders/${id}`, { token: tokens.cashier })).body.status as string;

describe('without a cart', () => {
  it('nothing that changes a sale is sent', async () => {
    const { pos, sale } = await selling();
    const line = { id: 1, product_id: catalogue.coffee, variation_id: 0, quantity: 1, subtotal: '10.00' } as Order['line_items'][number];
    const before = pos.requests.length;
    const outcomes = [
      await sale.setQuantity(line, 2),
      await sale.discountSale([{ id: 1, subtotal: '10.00', total: '9.00' }]),
      await sale.setLineTotal(line, '9.00', 'discount'),
      await sale.setNote('note'),
      await sale.applyCoupon('SAVE'),
      await sale.addFee('Bag', '0.10'),
      await sale.addShipping('Courier', '5.00'),
      await sale.setCustomer(null),
      await sale.park(),
      await sale.voidSale(),
    ];
    expect(outcomes).toEqual(Array.from({ length: outcomes.length }, () => false));
    expect(pos.requests.length).toBe(before);
  });
});

describe('the lines of a cart', () => {
  it('takes a line off; the last line off voids the sale and leaves no order waiting', async () => {
    const { pos, sale, order } = await coffeeInCart();
    await sale.addProduct(await productsApi.tile(pos.till.client, catalogue.tea));
    const [coffee, tea] = pos.till.state.get().order!.line_items;
    expect(await sale.remove(coffee!)).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ line_items: [{ id: coffee!.id, quantity: 0 }] });
    expect(pos.till.state.get().order?.line_items.map((line) => line.product_id)).toEqual([catalogue.tea]);
    expect(await sale.remove(tea!)).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ status: 'cancelled' });
    expect(pos.till.state.get().order).toBeNull();
    expect(await statusOf(order.id)).toBe('cancelled');
  });

  it('keeps an order whose last item went but a fee or shipping stays; a removal that fails says so', async () => {
    const { pos, sale, order } = await coffeeInCart();
    expect(await sale.addFee('Bag', '0.10')).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ fee_lines: [{ name: 'Bag', total: '0.10' }] });
    expect(await sale.remove(order.line_items[0]!)).toBe(true);
    expect(pos.till.state.get().order?.fee_lines).toHaveLength(1);
    expect(await statusOf(order.id)).toBe('pending');

    const shipped = await coffeeInCart();
    expect(await shipped.sale.addShipping('Courier', '5.00')).toBe(true);
    expect(lastPatch(shipped.pos, shipped.order)).toEqual({ shipping_lines: [{ method_id: 'flat_rate', method_title: 'Courier', total: '5.00' }] });
    expect(await shipped.sale.remove(shipped.order.line_items[0]!)).toBe(true);
    expect(shipped.pos.till.state.get().order?.shipping_lines).toHaveLength(1);

    const failing = await coffeeInCart();
    failing.pos.cut(/^PATCH /);
    expect(await failing.sale.remove(failing.order.line_items[0]!)).toBe(false);
    expect(failing.pos.till.state.get().order).toEqual(failing.order);
  });

  it('a cancel of the emptied sale that fails says why and keeps the cart', async () => {
    const { pos, sale, order } = await coffeeInCart();
    const line = order.line_items[0]!;
    const patchBodies = () => pos.bodies.filter((_body, index) => pos.requests[index] === `PATCH /orders/${order.id}`);
    // The line goes; the cancel after it cannot reach the server.
    const removing = sale.remove(line);
    pos.till.state.subscribe(() => {
      if (patchBodies().length === 1 && pos.till.state.get().order?.line_items.length === 0) pos.cut(/^PATCH /);
    });
    expect(await removing).toBe(false);
    expect(pos.till.state.get().status?.message).toBe('The Tillbase server could not be reached.');
    expect(pos.till.state.get().order?.line_items).toEqual([]);
  });
});

describe('prices and discounts', () => {
  it('a discount keeps the price before it; a price set by hand replaces both', async () => {
    const { pos, sale, order } = await coffeeInCart();
    const line = order.line_items[0]!;
    expect(await sale.setLineTotal(line, '9.00', 'discount')).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ line_items: [{ id: line.id, subtotal: '10.00', total: '9.00' }] });
    expect(pos.till.state.get().order?.line_items[0]).toMatchObject({ subtotal: '10.00', total: '9.00' });
    expect(await sale.setLineTotal(sale.currentLine(line.id)!, '8.00', 'override')).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ line_items: [{ id: line.id, subtotal: '8.00', total: '8.00' }] });
    expect(pos.till.state.get().order?.line_items[0]).toMatchObject({ subtotal: '8.00', total: '8.00' });
  });

  it('a discount on the whole sale sends every line as the discounts rule gave it', async () => {
    const { pos, sale, order } = await coffeeInCart();
    const spread = [{ id: order.line_items[0]!.id, subtotal: '10.00', total: '7.50' }];
    expect(await sale.discountSale(spread)).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ line_items: spread });
    expect(pos.till.state.get().order?.total).toBe('9.00');
  });

  it('a coupon and a note go on the order', async () => {
    addCoupon(server, { code: 'tenoff', discount_type: 'percent', amount: '10' });
    const { pos, sale, order } = await coffeeInCart();
    expect(await sale.applyCoupon('tenoff')).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ coupon_lines: [{ code: 'tenoff' }] });
    expect(pos.till.state.get().order?.coupon_lines.map((coupon) => coupon.code)).toEqual(['tenoff']);
    expect(await sale.setNote('Gift wrap')).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ customer_note: 'Gift wrap' });
    expect(pos.till.state.get().order?.customer_note).toBe('Gift wrap');
  });
});

describe('the customer', () => {
  it('is found by a search, set with their name, and taken off again', async () => {
    const id = addCustomer(server, 'ada@example.test');
    const { pos, sale, order } = await coffeeInCart();
    const [ada] = await sale.findCustomers('ada@example');
    expect(ada?.id).toBe(id);
    expect(await sale.setCustomer(ada!)).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ customer_id: id, billing: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' } });
    expect(pos.till.state.get().order?.customer_id).toBe(id);
    expect(await sale.setCustomer(null)).toBe(true);
    expect(lastPatch(pos, order)).toEqual({ customer_id: 0, billing: { first_name: '', last_name: '', email: '' } });
    expect(pos.till.state.get().order?.customer_id).toBe(0);
  });

  it('a new customer is created and set on the sale; one the server refuses says why', async () => {
    const { pos, sale, order } = await coffeeInCart();
    expect(await sale.createCustomer({ first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' })).toBe(true);
    expect(lastPatch(pos, order)).toMatchObject({ billing: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test' } });
    expect(pos.till.state.get().order?.billing.email).toBe('grace@example.test');
    expect(await sale.createCustomer({ first_name: 'Grace', last_name: 'Again', email: 'grace@example.test' })).toBe(false);
    expect(pos.till.state.get().status?.kind).toBe('error');
  });
});

describe('parking, voiding and taking a sale up again', () => {
  it('parks the cart on hold and voids another, each in plain words', async () => {
    const parked = await coffeeInCart();
    expect(await parked.sale.park()).toBe(true);
    expect(lastPatch(parked.pos, parked.order)).toEqual({ status: 'on-hold' });
    expect(parked.pos.till.state.get().order).toBeNull();
    expect(parked.pos.till.state.get().status).toEqual({ kind: 'info', message: `Order ${parked.order.number} is parked.` });
    expect(await statusOf(parked.order.id)).toBe('on-hold');

    const voided = await coffeeInCart();
    expect(await voided.sale.voidSale()).toBe(true);
    expect(lastPatch(voided.pos, voided.order)).toEqual({ status: 'cancelled' });
    expect(voided.pos.till.state.get().order).toBeNull();
    expect(voided.pos.till.state.get().status).toEqual({ kind: 'info', message: `Sale ${voided.order.number} is void: nothing was sold.` });
    expect(await statusOf(voided.order.id)).toBe('cancelled');
  });

  it('lists parked sales, then this cashier’s unfinished ones that are not the cart and have lines', async () => {
    const parked = await coffeeInCart();
    await parked.sale.park();
    const { pos, sale, order: cart } = await coffeeInCart();
    const unfinished = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 1 }] })) as Order;
    await createOrder(server, tokens.cashier, { line_items: [] });
    const othersUnfinished = (await createOrder(server, tokens.shop_manager, { line_items: [{ product_id: catalogue.tea, quantity: 1 }] })) as Order;
    pos.till.state.set({ parked: [] });
    const loading = sale.loadParked();
    expect(pos.till.state.get().parked).toBeNull();
    await loading;
    const ids = pos.till.state.get().parked!.map((order) => order.id);
    expect(ids).toContain(parked.order.id);
    expect(ids.indexOf(parked.order.id)).toBeLessThan(ids.indexOf(unfinished.id));
    expect(ids).not.toContain(cart.id);
    expect(ids).not.toContain(othersUnfinished.id);
    expect(pos.till.state.get().parked!.every((order) => order.line_items.length > 0)).toBe(true);
    const lists = pos.requests.filter((request) => request.startsWith('GET /orders?'));
    expect(lists.slice(-2).sort()).toEqual([
      'GET /orders?status=on-hold&per_page=50&orderby=date&order=desc',
      `GET /orders?status=pending&pos_cashier=${server.users.cashier.id}&per_page=50&orderby=date&order=desc`,
    ]);
  });

  it('without a user only the parked ones are asked for; a list that fails is empty and says why', async () => {
    const { pos, sale } = await selling();
    pos.till.state.set({ user: null });
    await sale.loadParked();
    expect(pos.requests.filter((request) => request.startsWith('GET /orders?status=pending'))).toEqual([]);
    expect(pos.till.state.get().parked!.every((order) => order.status === 'on-hold')).toBe(true);
    pos.cut(/^GET \/orders\?/);
    await sale.loadParked();
    expect(pos.till.state.get().parked).toEqual([]);
    expect(pos.till.state.get().status?.message).toBe('The Tillbase server could not be reached.');
  });

  it('resumes a parked sale, parking the cart first; an unfinished one comes back as the server has it', async () => {
    const first = await coffeeInCart();
    await first.sale.park();
    const { pos, sale, order: cart } = await coffeeInCart();
    pos.till.state.set({ parked: [] });
    const parkedNow = (await api(server, 'GET', `/orders/${first.order.id}`, { token: tokens.cashier })).body as Order;
    expect(await sale.resume(parkedNow)).toBe(true);
    expect(await statusOf(cart.id)).toBe('on-hold');
    expect(lastPatch(pos, parkedNow)).toEqual({ status: 'pending' });
    expect(pos.till.state.get().order?.id).toBe(first.order.id);
    expect(pos.till.state.get().parked).toBeNull();

    // Resuming the cart itself parks nothing.
    const sent = pos.requests.length;
    const unfinished = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 2 }] })) as Order;
    pos.till.state.set({ order: null });
    expect(await sale.resume(unfinished)).toBe(true);
    expect(pos.requests.slice(sent)).toEqual([`GET /orders/${unfinished.id}`]);
    expect(pos.till.state.get().order?.id).toBe(unfinished.id);
    expect(await sale.resume(pos.till.state.get().order!)).toBe(true);
    expect(pos.requests.slice(sent + 1)).toEqual([`GET /orders/${unfinished.id}`]);
  });

  it('a resume that fails keeps the list; a cart that cannot be parked is not replaced', async () => {
    const { pos, sale, order: cart } = await coffeeInCart();
    const other = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 1 }] })) as Order;
    const list = [other];
    pos.till.state.set({ parked: list });
    pos.cut(/^PATCH /);
    expect(await sale.resume(other)).toBe(false);
    expect(pos.till.state.get().order?.id).toBe(cart.id);
    expect(pos.till.state.get().parked).toBe(list);
    pos.mend();
    pos.till.state.set({ order: null });
    pos.cut(/^GET \/orders\/\d+$/);
    expect(await sale.resume(other)).toBe(false);
    expect(pos.till.state.get().parked).toBe(list);
  });

  it('voids an unfinished sale from the list and reads the list again; a void that fails says why', async () => {
    const { pos, sale } = await selling();
    const unfinished = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 1 }] })) as Order;
    await sale.voidUnfinished(unfinished);
    expect(await statusOf(unfinished.id)).toBe('cancelled');
    expect(pos.till.state.get().status).toEqual({ kind: 'info', message: `Sale ${unfinished.number} is void: nothing was sold.` });
    expect(pos.till.state.get().parked?.map((order) => order.id)).not.toContain(unfinished.id);

    const another = (await createOrder(server, tokens.cashier, { line_items: [{ product_id: catalogue.tea, quantity: 1 }] })) as Order;
    pos.till.state.set({ parked: [another] });
    pos.cut(/^PATCH /);
    await sale.voidUnfinished(another);
    expect(pos.till.state.get().status?.message).toBe('The Tillbase server could not be reached.');
    expect(pos.till.state.get().parked).toEqual([another]);
  });
});
