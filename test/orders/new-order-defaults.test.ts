import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { addCustomer, addStore, createOrder, setStore, UK_STORE } from '../helpers/shop-data.js';

/**
 * Who a new order is for and where it is sold when the request does not say (issue 8, items 4 and
 * 7): `settings/general` `default_customer` and `default_customer_is_cashier`, and the cashier's
 * store assignments.
 */
const { server, tokens, catalogue } = useServer({ store: 'uk', catalogue: 'sale' });

const setGeneral = async (body: Record<string, unknown>) => {
  const response = await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};
const aSale = () => ({ line_items: [{ product_id: catalogue.coffee, quantity: 1 }] });

describe('default_customer', () => {
  it('is the customer of an order that names none; a customer_id sent (0 for a guest) wins', async () => {
    const walkIn = addCustomer(server, 'walk-in@example.test', { first_name: 'Walk', last_name: 'In' });
    expect((await createOrder(server, tokens.cashier, aSale())).customer_id).toBe(0);
    await setGeneral({ default_customer: walkIn });
    try {
      const order = await createOrder(server, tokens.cashier, aSale());
      expect([order.customer_id, order.billing.email, order.billing.first_name]).toEqual([walkIn, 'walk-in@example.test', 'Walk']);
      expect((await createOrder(server, tokens.cashier, { ...aSale(), customer_id: 0 })).customer_id).toBe(0);
    } finally {
      await setGeneral({ default_customer: 0 });
    }
  });
});

describe("a store's own default_customer", () => {
  it('comes before the general one', async () => {
    const general = addCustomer(server, 'general-default@example.test');
    const local = addCustomer(server, 'store-default@example.test');
    await setGeneral({ default_customer: general });
    try {
      setStore(server, { ...UK_STORE, default_customer: local });
      expect((await createOrder(server, tokens.cashier, aSale())).customer_id).toBe(local);
      setStore(server, UK_STORE);
      expect((await createOrder(server, tokens.cashier, aSale())).customer_id).toBe(general);
    } finally {
      setStore(server, UK_STORE);
      await setGeneral({ default_customer: 0 });
    }
  });
});

describe('default_customer_is_cashier', () => {
  it("makes the cashier's own customer account the customer, the same one every time", async () => {
    await setGeneral({ default_customer_is_cashier: true });
    try {
      const first = await createOrder(server, tokens.cashier, aSale());
      expect(first.customer_id).toBeGreaterThan(0);
      expect(first.billing.email).toBe('test-cashier@example.test');
      const customer = await api(server, 'GET', `/customers/${first.customer_id}`, { token: tokens.shop_manager });
      expect([customer.status, customer.body.email, customer.body.username]).toEqual([200, 'test-cashier@example.test', 'test-cashier']);
      const second = await createOrder(server, tokens.cashier, aSale());
      expect(second.customer_id).toBe(first.customer_id);
      const managerSale = await createOrder(server, tokens.shop_manager, aSale());
      expect([managerSale.customer_id !== first.customer_id, managerSale.billing.email]).toEqual([true, 'test-manager@example.test']);
    } finally {
      await setGeneral({ default_customer_is_cashier: false });
    }
    expect((await createOrder(server, tokens.cashier, aSale())).customer_id).toBe(0);
  });
});

describe("the store of a new order: the cashier's", () => {
  it('puts a cashier assigned to another store in that store, and refuses a store they are not assigned to', async () => {
    const storeOf = (order: any) => order.meta_data.find((entry: any) => entry.key === '_pos_store')?.value;
    const branch = addStore(server, 'Branch', { ...UK_STORE, store_city: 'Leeds' });
    expect(storeOf(await createOrder(server, tokens.cashier, aSale()))).toBe(1);
    const assigned = await api(server, 'PUT', `/stores/${branch}/users`, { token: tokens.administrator, body: { user_ids: [server.users.cashier.id] } });
    expect(assigned.status).toBe(200);

    expect(storeOf(await createOrder(server, tokens.cashier, aSale()))).toBe(branch);
    const elsewhere = await api(server, 'POST', '/orders', { token: tokens.cashier, body: { ...aSale(), meta_data: [{ key: '_pos_store', value: 1 }] } });
    expect([elsewhere.status, elsewhere.body.code, elsewhere.body.data.store_id]).toEqual([403, 'pos_rest_store_not_assigned', 1]);
    const named = await createOrder(server, tokens.cashier, { ...aSale(), meta_data: [{ key: '_pos_store', value: branch }] });
    expect(storeOf(named)).toBe(branch);
    // Managers sell in every store.
    expect(storeOf(await createOrder(server, tokens.shop_manager, { ...aSale(), meta_data: [{ key: '_pos_store', value: 1 }] }))).toBe(1);
  });
});
