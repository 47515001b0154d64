import type { Router } from 'express';
import { z } from 'zod';
import { COUPON_ORDERBY, CouponsRepository } from '../../data/repositories/coupons.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { shapeCoupon } from '../../domain/coupons/shape.js';
import { invalidParams } from '../../domain/errors.js';
import { apiBase, collectionFilterOf, offsetOf, orderQuery, pagingQuery, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { idListSchema, parseQuery, queryDate } from '../validation.js';

const couponsQuery = pagingQuery.extend({
  code: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  search: z.string().trim().max(200).optional(),
  include: idListSchema,
  exclude: idListSchema,
  orderby: z.enum(COUPON_ORDERBY).default('date'),
  order: orderQuery.default('desc'),
  after: queryDate.optional(),
  before: queryDate.optional(),
  modified_after: queryDate.optional(),
  modified_before: queryDate.optional(),
});

/** Coupon lookup for the till: `code` finds one case-insensitively (woocommerce-reference §2.5). */
export function createCouponsRouter({ auth, db }: AppContext): Router {
  const routes = endpointRouter(auth);
  const coupons = new CouponsRepository(db);
  const stores = new StoresRepository(db);

  routes.get('/coupons', (req, res) => {
    const query = parseQuery(couponsQuery, req);
    if (query.orderby === 'include' && query.include === undefined) throw invalidParams({ orderby: 'orderby=include needs the include parameter' });
    const { records, total } = coupons.list(
      {
        ...collectionFilterOf(query),
        code: query.code,
      },
      { orderby: query.orderby, order: query.order, include: query.include },
      query.per_page,
      offsetOf(query),
    );
    const store = stores.defaultStore();
    const base = apiBase(req);
    sendPage(req, res, records.map((record) => shapeCoupon(record, base, store)), total, query);
  });

  return routes.router;
}
