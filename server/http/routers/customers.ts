import type { Router } from 'express';
import { z } from 'zod';
import { shapeCustomer } from '../../domain/customers/customers.js';
import { customerCreateInput, customerUpdateInput } from '../../domain/customers/input.js';
import { invalidParams } from '../../domain/errors.js';
import { CUSTOMER_ORDERBY } from '../../domain/lists.js';
import { apiBase, isSyncAudit, offsetOf, orderQuery, pagingQuery, sendAudit, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idListSchema, idParams } from '../validation.js';

export const customersQuery = pagingQuery.extend({
  search: z.string().trim().max(200).optional(),
  email: z.email('must be a valid email address').trim().optional(),
  include: idListSchema,
  exclude: idListSchema,
  orderby: z.enum(CUSTOMER_ORDERBY).default('name'),
  order: orderQuery.default('asc'),
  // Every record here is a customer, so both values list the same; others are refused as WooCommerce refuses unknown roles.
  role: z.enum(['all', 'customer']).optional(),
});

/** Customer search, lookup, create and update (woocommerce-reference §2.9). */
export function createCustomersRouter({ auth, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { customers, stores } = services;
  const timeZone = () => stores.defaultStore().timezone;

  routes.get('/customers', { query: customersQuery, syncAudit: true }, (req, res, { query }) => {
    if (isSyncAudit(req)) {
      const index = customers.modificationIndex(
        { search: query.search, email: query.email, include: query.include, exclude: query.exclude },
        { orderby: query.orderby, order: query.order, include: query.include },
      );
      sendAudit(req, res, index);
      return;
    }
    if (query.orderby === 'include' && query.include === undefined) throw invalidParams({ orderby: 'orderby=include needs the include parameter' });
    const { records, total } = customers.list(
      { search: query.search, email: query.email, include: query.include, exclude: query.exclude },
      { orderby: query.orderby, order: query.order, include: query.include },
      query.per_page,
      offsetOf(query),
    );
    const base = apiBase(req);
    const zone = timeZone();
    sendPage(
      req,
      res,
      records.map((record) => shapeCustomer(record, base, zone)),
      total,
      query,
    );
  });

  routes.get('/customers/{id}', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, shapeCustomer(customers.get(params.id), apiBase(req), timeZone()));
  });

  routes.post('/customers', { body: customerCreateInput }, (req, res, { body: input }) => {
    const { customer, created } = customers.create(input);
    const base = apiBase(req);
    const body = shapeCustomer(customer, base, timeZone());
    if (created) sendItem(req, res, body, { location: `${base}/customers/${customer.id}` });
    else sendItem(req, res, body);
  });

  routes.patch('/customers/{id}', { params: idParams, body: customerUpdateInput }, (req, res, { params, body }) => {
    sendItem(req, res, shapeCustomer(customers.update(params.id, body), apiBase(req), timeZone()));
  });

  return routes.router;
}
