import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { WooCommerceClient, type WooCommerceAuth, type WooCommerceClientOptions, type WooCommerceOutcome } from '../../server/sync/shop/client.js';
import type { InjectedFault } from '../helpers/woocommerce-double.js';

/**
 * The client's cases, run against the WooCommerce double (woocommerce-client.test.ts, in both auth
 * modes) and against a real WooCommerce when one is given (woocommerce-client.real.test.ts): the same
 * expectations hold the client and the double to what WooCommerce does (docs/woocommerce-observed.md).
 */

export interface ClientTarget {
  readonly url: string;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly readOnly?: { readonly consumerKey: string; readonly consumerSecret: string };
  /** The double's fault injection; a real WooCommerce has none. */
  readonly inject?: (fault: InjectedFault) => void;
}

export interface TargetTraits {
  readonly auth: WooCommerceAuth;
  readonly faults: boolean;
  readonly readOnlyKey: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function expectOk(outcome: WooCommerceOutcome): { status: number; body: any; paging: { total: number | null; totalPages: number | null } } {
  if (outcome.kind !== 'ok') expect.fail(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome;
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}

export function defineClientCases(target: () => ClientTarget, traits: TargetTraits): void {
  const client = (over: Partial<WooCommerceClientOptions> = {}): WooCommerceClient => {
    const t = target();
    return new WooCommerceClient({ url: t.url, consumerKey: t.consumerKey, consumerSecret: t.consumerSecret, auth: traits.auth, timeoutMs: 30_000, ...over });
  };
  const tag = (): string => randomUUID().slice(0, 8);
  const product = async (stock = 10): Promise<any> =>
    expectOk(
      await client().post('products', {
        name: `Client case ${tag()}`,
        sku: `CASE-${tag()}`,
        regular_price: '10.00',
        manage_stock: true,
        stock_quantity: stock,
      }),
    ).body;
  const sale = (productId: number, uuid: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    status: 'completed',
    set_paid: true,
    created_via: 'tillbase',
    payment_method: 'cash',
    payment_method_title: 'Cash',
    billing: { email: `buyer-${tag()}@example.test`, first_name: 'Buyer' },
    line_items: [{ product_id: productId, quantity: 2, subtotal: '15.00', total: '15.00' }],
    meta_data: [{ key: '_tillbase_uuid', value: uuid }],
    ...extra,
  });
  /** Orders carrying the uuid, among the newest hundred made by the till. */
  const ordersWith = async (uuid: string): Promise<any[]> => {
    const listed = expectOk(await client().get('orders', { created_via: 'tillbase', per_page: 100 }));
    return (listed.body as any[]).filter((o) => o.meta_data.some((m: any) => m.key === '_tillbase_uuid' && m.value === uuid));
  };

  it('ok: a product made, read back, and a collection paged by X-WP-Total/X-WP-TotalPages', async () => {
    const made = [await product(), await product(), await product()];
    const read = expectOk(await client().get(`products/${made[0].id}`));
    expect(read.status).toBe(200);
    expect(read.body.sku).toBe(made[0].sku);
    const first = expectOk(await client().get('products', { include: made.map((p) => p.id), per_page: 2 }));
    expect(first.paging).toEqual({ total: 3, totalPages: 2 });
    const all = await client().getAll('products', { include: made.map((p) => p.id) });
    expect(all.outcome.kind).toBe('ok');
    expect(all.records.map((p: any) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
  });

  it('not_sent: nothing listens at the address', async () => {
    const outcome = await new WooCommerceClient({
      url: `http://127.0.0.1:${await closedPort()}`,
      consumerKey: 'ck_x',
      consumerSecret: 'cs_x',
      auth: traits.auth,
    }).post('orders', {});
    expect(outcome).toMatchObject({ kind: 'not_sent', cause: 'ECONNREFUSED' });
  });

  it('unauthorized: a wrong secret (and the message never holds it)', async () => {
    const outcome = await client({ consumerSecret: 'cs_wrong_secret_0000000000000000000000000' }).get('orders', { per_page: 1 });
    expect(outcome).toMatchObject({ kind: 'unauthorized', status: 401, code: 'woocommerce_rest_authentication_error' });
    expect(outcome.kind === 'unauthorized' && outcome.message).toBe(
      traits.auth === 'oauth1' ? 'Invalid signature - provided signature does not match.' : 'Consumer secret is invalid.',
    );
    expect(JSON.stringify(outcome)).not.toContain('cs_wrong_secret');
  });

  it('unauthorized: an unknown key', async () => {
    const outcome = await client({ consumerKey: 'ck_unknown_key_00000000000000000000000000' }).get('orders', { per_page: 1 });
    // Over OAuth WooCommerce names the key; with Basic an unknown key is a guest, who may not list (§1.4, §1.8).
    expect(outcome).toMatchObject(
      traits.auth === 'oauth1'
        ? { kind: 'unauthorized', status: 401, code: 'woocommerce_rest_authentication_error', message: 'Consumer key is invalid.' }
        : { kind: 'unauthorized', status: 401, code: 'woocommerce_rest_cannot_view' },
    );
  });

  it.skipIf(traits.auth !== 'oauth1')('unauthorized: a timestamp 16 minutes off, either way; 14 minutes is accepted', async () => {
    const now = (): number => Math.floor(Date.now() / 1000);
    for (const offset of [-16 * 60, 16 * 60]) {
      const outcome = await client({ nowSeconds: () => now() + offset }).get('orders', { per_page: 1 });
      expect(outcome).toMatchObject({ kind: 'unauthorized', status: 401, code: 'woocommerce_rest_authentication_error', message: 'Invalid timestamp.' });
    }
    expect((await client({ nowSeconds: () => now() - 14 * 60 }).get('orders', { per_page: 1 })).kind).toBe('ok');
  });

  it.skipIf(!traits.readOnlyKey)('unauthorized: a read-only key may read but not write', async () => {
    const readOnly = target().readOnly!;
    expect((await client(readOnly).get('orders', { per_page: 1 })).kind).toBe('ok');
    expect(await client(readOnly).post('orders', { status: 'pending' })).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: 'woocommerce_rest_authentication_error',
      message: 'The API key provided does not have write permissions.',
    });
  });

  it('rejected: per_page over 100, and a batch of 101 items', async () => {
    expect(await client().get('orders', { per_page: 101 })).toMatchObject({ kind: 'rejected', status: 400, code: 'rest_invalid_param' });
    const batch = await client().post('products/batch', { create: Array.from({ length: 101 }, (_, i) => ({ name: `Too many ${i}` })) });
    expect(batch).toMatchObject({ kind: 'rejected', status: 413, code: 'woocommerce_rest_request_entity_too_large' });
  });

  it('ok with failed items: a batch is not atomic', async () => {
    const sku = `BATCH-${tag()}`;
    const outcome = expectOk(
      await client().post('products/batch', {
        create: [
          { name: 'One', regular_price: '1.00', sku },
          { name: 'Two', regular_price: '1.00', sku },
        ],
      }),
    );
    expect(outcome.body.create[0].id).toBeGreaterThan(0);
    expect(outcome.body.create[1]).toMatchObject({ id: 0, error: { code: 'product_invalid_sku' } });
    expect(expectOk(await client().get(`products/${outcome.body.create[0].id}`)).body.sku).toBe(sku);
  });

  it('rejected: a coupon refused at create, with the checkout-draft it leaves behind', async () => {
    const code = `expired-${tag()}`;
    expectOk(await client().post('coupons', { code, discount_type: 'percent', amount: '10', date_expires: '2020-01-01T00:00:00' }));
    const { id } = await product();
    const uuid = randomUUID();
    const outcome = await client().post('orders', sale(id, uuid, { coupon_lines: [{ code }] }));
    expect(outcome).toMatchObject({ kind: 'rejected', status: 400, code: 'woocommerce_rest_invalid_coupon' });
    const draftId = outcome.kind === 'rejected' ? (outcome.data as { new_draft_order_id: number }).new_draft_order_id : 0;
    const drafts = expectOk(await client().get('orders', { status: 'checkout-draft', include: [draftId] }));
    expect(drafts.body).toHaveLength(1);
    expect(drafts.body[0]).toMatchObject({ status: 'checkout-draft', created_via: 'tillbase', coupon_lines: [] });
    expect(drafts.body[0].meta_data).toContainEqual(expect.objectContaining({ key: '_tillbase_uuid', value: uuid }));
    expect(expectOk(await client().get(`products/${id}`)).body.stock_quantity).toBe(10);
  });

  it('ok and rejected refunds: api_refund false restocks with api_restock; more than is left is refused (a 500) and leaves nothing', async () => {
    const { id } = await product();
    const order = expectOk(await client().post('orders', sale(id, randomUUID()))).body;
    expect(expectOk(await client().get(`products/${id}`)).body.stock_quantity).toBe(8);
    const refund = expectOk(
      await client().post(`orders/${order.id}/refunds`, {
        amount: '7.50',
        api_refund: false,
        api_restock: true,
        line_items: [{ id: order.line_items[0].id, quantity: 1, refund_total: '7.50' }],
        meta_data: [{ key: '_tillbase_uuid', value: 'refund-uuid' }],
      }),
    );
    expect(refund.status).toBe(201);
    expect(refund.body.meta_data).toContainEqual(expect.objectContaining({ key: '_tillbase_uuid', value: 'refund-uuid' }));
    expect(expectOk(await client().get(`products/${id}`)).body.stock_quantity).toBe(9);
    const tooMuch = await client().post(`orders/${order.id}/refunds`, { amount: '100.00', api_refund: false });
    expect(tooMuch).toMatchObject({ kind: 'rejected', status: 500, code: 'woocommerce_rest_cannot_create_order_refund', message: 'Invalid refund amount.' });
    expect(expectOk(await client().get(`orders/${order.id}/refunds`)).body.map((r: any) => r.id)).toEqual([refund.body.id]);
  });

  it('unknown: a reply slower than the timeout, and the order was made all the same', async () => {
    const { id } = await product();
    const uuid = randomUUID();
    target().inject?.({ method: 'POST', route: /^orders$/, fault: { kind: 'slow_reply', delayMs: 2_000 } });
    // The double holds its reply back; a real WooCommerce took 200-300 ms to make such an order (§2.3, §3.1).
    const outcome = await client({ timeoutMs: traits.faults ? 300 : 60 }).post('orders', sale(id, uuid));
    expect(outcome).toMatchObject({ kind: 'unknown', cause: 'timeout' });
    let found: any[] = [];
    for (let tries = 0; tries < 20 && found.length === 0; tries++) {
      await sleep(250);
      found = await ordersWith(uuid);
    }
    expect(found).toHaveLength(1);
  });

  it.skipIf(!traits.faults)('unknown: the connection cut after the order was made (a lost response)', async () => {
    const { id } = await product();
    const uuid = randomUUID();
    target().inject!({ method: 'POST', route: /^orders$/, fault: { kind: 'drop_after_commit' } });
    expect(await client().post('orders', sale(id, uuid))).toMatchObject({ kind: 'unknown', cause: 'reset' });
    expect(await ordersWith(uuid)).toHaveLength(1);
  });

  it.skipIf(!traits.faults)('unknown: a 5xx, whether or not the order was made; unauthorized: a 401 from a revoked key', async () => {
    const { id } = await product();
    for (const commit of [true, false]) {
      const uuid = randomUUID();
      target().inject!({ method: 'POST', route: /^orders$/, fault: { kind: 'server_error', commit } });
      expect(await client().post('orders', sale(id, uuid))).toMatchObject({ kind: 'unknown', cause: 'server_error', status: 500 });
      expect(await ordersWith(uuid)).toHaveLength(commit ? 1 : 0);
    }
    target().inject!({ method: 'POST', route: /^orders$/, fault: { kind: 'unauthorized' } });
    expect(await client().post('orders', sale(id, randomUUID()))).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      code: 'woocommerce_rest_authentication_error',
    });
  });

  it('orders: no idempotency; created_via kept and filtered; _ meta kept; search skips meta; dates of arrival; posted totals; stock once', async () => {
    const { id } = await product();
    const uuid = randomUUID();
    const body = sale(id, uuid, { date_created: '2020-01-01T10:00:00', date_paid: '2020-01-01T10:00:00' });
    const first = expectOk(await client().post('orders', body)).body;
    const second = expectOk(await client().post('orders', body)).body;
    expect(second.id).not.toBe(first.id);
    expect(first).toMatchObject({ status: 'completed', created_via: 'tillbase' });
    expect(first.date_created_gmt.startsWith('2020')).toBe(false);
    expect(first.line_items[0]).toMatchObject({ subtotal: '15.00', total: '15.00' });
    expect(first.meta_data).toContainEqual(expect.objectContaining({ key: '_tillbase_uuid', value: uuid }));
    expect((await ordersWith(uuid)).map((o) => o.id).sort()).toEqual([first.id, second.id].sort());
    expect(expectOk(await client().get('orders', { created_via: 'rest-api', include: [first.id] })).body).toEqual([]);
    expect(expectOk(await client().get('orders', { search: uuid })).body).toEqual([]);
    expect(expectOk(await client().get(`products/${id}`)).body.stock_quantity).toBe(6);
    expectOk(await client().put(`orders/${first.id}`, { status: 'processing' }));
    expectOk(await client().put(`orders/${first.id}`, { status: 'completed' }));
    expect(expectOk(await client().get(`products/${id}`)).body.stock_quantity).toBe(6);
  });

  it('customers: _ meta dropped, one account per e-mail, found by e-mail', async () => {
    const email = `customer-${tag()}@example.test`;
    const made = expectOk(
      await client().post('customers', {
        email,
        first_name: 'Ann',
        meta_data: [
          { key: '_tillbase_uuid', value: 'u' },
          { key: 'tillbase_uuid', value: 'u' },
        ],
      }),
    ).body;
    expect(made.meta_data.map((m: any) => m.key)).not.toContain('_tillbase_uuid');
    expect(made.meta_data.map((m: any) => m.key)).toContain('tillbase_uuid');
    expect(await client().post('customers', { email })).toMatchObject({ kind: 'rejected', status: 400, code: 'registration-error-email-exists' });
    expect(expectOk(await client().get('customers', { email: email.toUpperCase() })).body.map((c: any) => c.id)).toEqual([made.id]);
  });

  it('return orders (§19): pending with lines marked _reduced_stock takes no stock; a full refund restocks marked lines only and leaves it refunded; cancelled, it moves nothing unless it went through processing', async () => {
    const made = await product(10);
    const stock = async (): Promise<number> => expectOk(await client().get(`products/${made.id}`)).body.stock_quantity;
    const returnOrder = async (marked: boolean): Promise<any> =>
      expectOk(
        await client().post('orders', {
          ...sale(made.id, randomUUID(), { status: 'pending', set_paid: false }),
          line_items: [
            { product_id: made.id, quantity: 2, subtotal: '15.00', total: '15.00', meta_data: marked ? [{ key: '_reduced_stock', value: '2' }] : [] },
          ],
        }),
      ).body;
    const refundAll = async (order: any): Promise<void> => {
      const line = { id: order.line_items[0].id, quantity: 2, refund_total: '15.00' };
      expectOk(await client().post(`orders/${order.id}/refunds`, { amount: '15.00', api_refund: false, api_restock: true, line_items: [line] }));
    };
    const reducedOf = async (order: any): Promise<unknown> =>
      expectOk(await client().get(`orders/${order.id}`)).body.line_items[0].meta_data.find((m: any) => m.key === '_reduced_stock')?.value;
    const marked = await returnOrder(true);
    expect([marked.status, await stock()]).toEqual(['pending', 10]);
    await refundAll(marked);
    expect([expectOk(await client().get(`orders/${marked.id}`)).body.status, await reducedOf(marked), await stock()]).toEqual(['refunded', '0', 12]);
    await refundAll(await returnOrder(false));
    expect(await stock()).toBe(12);
    const cancelled = await returnOrder(true);
    expectOk(await client().put(`orders/${cancelled.id}`, { status: 'cancelled' }));
    expect(await stock()).toBe(12);
    const processed = await returnOrder(true);
    expectOk(await client().put(`orders/${processed.id}`, { status: 'processing' }));
    expect(await stock()).toBe(12);
    expectOk(await client().put(`orders/${processed.id}`, { status: 'cancelled' }));
    expect(await stock()).toBe(14);
  });

  it('modified_after is a strict > on whole seconds; a product deleted with force is gone from it', async () => {
    const made = await product();
    const at = made.date_modified_gmt as string;
    const secondBefore = new Date(Date.parse(`${at}Z`) - 1000).toISOString().slice(0, 19);
    const ids = async (after: string): Promise<number[]> =>
      expectOk(await client().get('products', { modified_after: after, dates_are_gmt: true, include: [made.id] })).body.map((p: any) => p.id);
    expect(await ids(at)).toEqual([]);
    expect(await ids(secondBefore)).toEqual([made.id]);
    expect(await client().get('products', { modified_after: 'yesterday', dates_are_gmt: true })).toMatchObject({
      kind: 'rejected',
      code: 'rest_invalid_param',
    });
    expectOk(await client().delete(`products/${made.id}`, { force: true }));
    expect(await ids(secondBefore)).toEqual([]);
    expect(await client().get(`products/${made.id}`)).toMatchObject({ kind: 'rejected', status: 404, code: 'woocommerce_rest_product_invalid_id' });
  });
}
