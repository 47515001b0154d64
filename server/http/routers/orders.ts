import type { Router } from 'express';
import { z } from 'zod';
import { APPROVAL_HEADER } from '../../domain/approvals/approval-service.js';
import { invalidParams } from '../../domain/errors.js';
import { ORDER_ORDERBY, type OrderFilter, type OrderSort } from '../../domain/lists.js';
import { orderCreateInput, orderUpdateInput } from '../../domain/orders/input.js';
import { refundInput } from '../../domain/orders/refunds.js';
import type { Order } from '../../../shared/resources/orders.js';
import {
  apiBase as apiBaseOf,
  collectionFilterOf,
  isSyncAudit,
  offsetOf,
  orderQuery,
  pagingQuery,
  sendAll,
  sendAudit,
  sendItem,
  sendPage,
} from '../collection.js';
import { openDrawerAfterCommit } from '../drawer-after-commit.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idListSchema, idParams, idSchema, queryDate, statusListSchema } from '../validation.js';

const positiveInt = z.coerce.number().int('must be an integer').positive('must be a positive integer');

export const ordersQuery = pagingQuery.extend({
  status: statusListSchema,
  customer: z.coerce.number().int('must be an integer').min(0, 'must be 0 (guests) or a customer id').optional(),
  pos_store: positiveInt.optional(),
  pos_cashier: positiveInt.optional(),
  pos_register: positiveInt.optional(),
  pos_session: positiveInt.optional(),
  search: z.string().trim().max(200).optional(),
  include: idListSchema,
  exclude: idListSchema,
  after: queryDate.optional(),
  before: queryDate.optional(),
  modified_after: queryDate.optional(),
  modified_before: queryDate.optional(),
  orderby: z.enum(ORDER_ORDERBY).default('date'),
  order: orderQuery.default('desc'),
  /** `shop`: every till's sales (their tills and receipt numbers); left out, this till's orders as before. */
  scope: z.enum(['till', 'shop']).optional(),
});
type OrdersQuery = z.output<typeof ordersQuery>;

const refundParams = z.object({ id: idSchema, refund_id: idSchema });
/** A sale of the shop's as its list names it: the till that made it and its order id there. */
const shopSaleParams = z.object({ till_id: z.string().trim().min(1).max(100), order_id: idSchema });

function filterOf(query: OrdersQuery, knownStatuses: readonly string[]): OrderFilter {
  let statuses: string[] | undefined;
  if (query.status && !query.status.includes('any')) {
    const unknown = query.status.filter((status) => !knownStatuses.includes(status));
    if (unknown.length > 0) throw invalidParams({ status: `status is not one of any, ${knownStatuses.join(', ')}.` });
    statuses = query.status;
  }
  return {
    statuses,
    customer: query.customer,
    store: query.pos_store,
    cashier: query.pos_cashier,
    register: query.pos_register,
    session: query.pos_session,
    ...collectionFilterOf(query),
  };
}

/** The filters the shop's list does not take: it lists sales by date, found by receipt number. */
const NOT_FOR_THE_SHOP = [
  'status',
  'customer',
  'pos_store',
  'pos_cashier',
  'pos_register',
  'pos_session',
  'include',
  'exclude',
  'after',
  'before',
  'modified_after',
  'modified_before',
] as const;

function refuseTillFilters(query: OrdersQuery): void {
  const given = NOT_FOR_THE_SHOP.filter((name) => query[name] !== undefined);
  if (query.orderby !== 'date') given.push('orderby' as never);
  if (given.length > 0)
    throw invalidParams(Object.fromEntries(given.map((name) => [name, `${name} does not apply with scope=shop (search, page, per_page and order do)`])));
}

function sortOf(query: OrdersQuery): OrderSort {
  if (query.orderby === 'include' && query.include === undefined) throw invalidParams({ orderby: 'orderby=include needs the include parameter' });
  return { orderby: query.orderby, order: query.order };
}

/** Orders and their refunds (woocommerce-reference §2.6-2.8, CONTRACT 7). */
export function createOrdersRouter(context: AppContext): Router {
  const { auth, services } = context;
  const routes = endpointRouter(auth);
  const { orders, refunds, orderWrites } = services;

  routes.get('/orders', { query: ordersQuery, syncAudit: true }, (req, res, { query }) => {
    const known = orders
      .statuses()
      .list()
      .map((status) => status.status);
    if (query.scope === 'shop' && !isSyncAudit(req)) {
      refuseTillFilters(query);
      const page = services.shopOrders.list(
        { search: query.search, ascending: query.order === 'asc', limit: query.per_page, offset: offsetOf(query) },
        apiBaseOf(req),
      );
      sendPage(req, res, page.orders, page.total, query);
      return;
    }
    if (isSyncAudit(req)) {
      sendAudit(req, res, orders.modificationIndex(filterOf(query, known), sortOf(query)));
      return;
    }
    const page = orders.list({ filter: filterOf(query, known), sort: sortOf(query), limit: query.per_page, offset: offsetOf(query) }, apiBaseOf(req));
    sendPage(req, res, page.orders.map(withShop), page.total, query);
  });

  routes.get('/orders/{id}', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, withShop(orders.respond(orders.get(params.id), apiBaseOf(req))));
  });

  routes.post('/orders', { body: orderCreateInput }, (req, res, { body: input }) => {
    // One transaction (one commit, one fsync) for the order, its approvals and its audit entries.
    const { order, created } = orderWrites.create(principalOf(res), req.get(APPROVAL_HEADER), input);
    const body = orders.respond(order, apiBaseOf(req));
    // A known uuid answers 200 with the order it made the first time.
    sendItem(req, res, body, created ? { location: `${apiBaseOf(req)}/orders/${order.id}` } : undefined);
  });

  routes.patch('/orders/{id}', { params: idParams, body: orderUpdateInput }, (req, res, { params, body }) => {
    const order = orderWrites.update(principalOf(res), req.get(APPROVAL_HEADER), params.id, body);
    sendItem(req, res, orders.respond(order, apiBaseOf(req)));
  });

  routes.get('/orders/{id}/refunds', { params: idParams }, (req, res, { params }) => {
    sendAll(req, res, refunds.list(params.id, apiBaseOf(req)));
  });

  routes.get('/orders/{id}/refunds/{refund_id}', { params: refundParams }, (req, res, { params }) => {
    const { id, refund_id } = params;
    sendItem(req, res, refunds.get(id, refund_id, apiBaseOf(req)));
  });

  routes.post('/orders/{id}/refunds', { params: idParams, body: refundInput }, (req, res, { params, body }) => {
    const { id } = params;
    const refund = orderWrites.refund(principalOf(res), req.get(APPROVAL_HEADER), id, body, apiBaseOf(req));
    // Cash given back opens the drawer it comes out of, once the refund is committed.
    const drawer = services.registers.cashDrawerOfRefund(refund.id);
    if (drawer) void openDrawerAfterCommit(context, drawer, 'refund');
    sendItem(req, res, refund, { location: `${apiBaseOf(req)}/orders/${id}/refunds/${refund.id}` });
  });

  // Another till's sale refunded here: adopted as an order of this till's (once), then refunded as any.
  routes.post('/orders/shop/{till_id}/{order_id}/adopt', { params: shopSaleParams }, (req, res, { params }) => {
    const order = orderWrites.adopt(params);
    sendItem(req, res, withShop(orders.respond(order, apiBaseOf(req))));
  });

  routes.post('/orders/shop/{till_id}/{order_id}/refunds', { params: shopSaleParams, body: refundInput }, (req, res, { params, body }) => {
    const { orderId, refund } = orderWrites.refundShopSale(principalOf(res), req.get(APPROVAL_HEADER), params, body, apiBaseOf(req));
    const drawer = services.registers.cashDrawerOfRefund(refund.id);
    if (drawer) void openDrawerAfterCommit(context, drawer, 'refund');
    sendItem(req, res, refund, { location: `${apiBaseOf(req)}/orders/${orderId}/refunds/${refund.id}` });
  });

  return routes.router;

  /** This till's copy of another till's sale says which sale it copies; any sale, what the other tills refunded of it. */
  function withShop(order: Order): Order {
    const origin = services.adoption.originOf(order.id);
    const elsewhere = services.shopRefunds.unitsRefundedElsewhere(order);
    return { ...order, ...(origin === undefined ? {} : { origin }), ...(elsewhere.length === 0 ? {} : { refunded_at_other_tills: elsewhere }) };
  }
}
