import type { Services } from '../../server/composition.js';
import { api, withDb, type TestServer } from './server.js';
import { servicesOf } from './services.js';
import { createOrder } from './shop-data.js';

/**
 * A till connected to a WooCommerce that is never asked: the connection is made and paused on a
 * second connection to the test server's database, so the outbox's triggers write its entries while
 * the push worker sends none of them. The sales, refunds, customers and stock changes are made over
 * HTTP as a till makes them; the sync repositories are then read on a connection of the test's own.
 */
export function connectPaused(server: TestServer): void {
  withDb(server, (db) => {
    const connection = servicesOf(db).repositories.syncConnection;
    connection.connect('http://127.0.0.1:9', 'ck_never_used');
    connection.pause('paused for the test: nothing goes up');
  });
}

/** Runs `work` with the repositories over a connection of the test's own. */
export function withRepositories<T>(server: TestServer, work: (repositories: Services['repositories']) => T): T {
  return withDb(server, (db) => work(servicesOf(db).repositories));
}

let keys = 0;

/** A sale of `quantity` of `productId`, paid in cash: its order id and its line's id. */
export async function paidSale(server: TestServer, token: string, productId: number, quantity = 1): Promise<{ orderId: number; lineId: number }> {
  const order = await createOrder(server, token, { line_items: [{ product_id: productId, quantity }] });
  keys += 1;
  const paid = await api(server, 'POST', `/orders/${order.id}/checkout`, {
    token,
    body: { gateway_id: 'pos_cash', payment_data: { amount_tendered: '1000.00' } },
    headers: { 'Idempotency-Key': `outbox-shop-${process.pid}-${keys}` },
  });
  if (paid.status !== 200) throw new Error(`sale not paid: ${paid.status} ${JSON.stringify(paid.body)}`);
  return { orderId: order.id as number, lineId: order.line_items[0].id as number };
}

/** A refund of `quantity` of the sale's line, with the units back on the shelf (or not). */
export async function refundOf(server: TestServer, token: string, sale: { orderId: number; lineId: number }, quantity = 1, restock = true): Promise<number> {
  const refunded = await api(server, 'POST', `/orders/${sale.orderId}/refunds`, {
    token,
    body: { api_restock: restock, line_items: [{ id: sale.lineId, quantity }] },
  });
  if (refunded.status !== 201) throw new Error(`refund not made: ${refunded.status} ${JSON.stringify(refunded.body)}`);
  return refunded.body.id as number;
}
