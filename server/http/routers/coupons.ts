import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { couponInputSchema } from '../../domain/coupons/input.js';
import { shapeCoupon } from '../../domain/coupons/shape.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import { invalidParams } from '../../domain/errors.js';
import { COUPON_ORDERBY } from '../../domain/lists.js';
import { apiBase, collectionFilterOf, isSyncAudit, offsetOf, orderQuery, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type RouteHandler } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idListSchema, idParams, queryBoolean, queryDate } from '../validation.js';

export const couponsQuery = pagingQuery.extend({
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

const deleteQuery = z.object({ force: queryBoolean.default(false) });

/**
 * Coupon lookup for the till: `code` finds one case-insensitively (woocommerce-reference §2.5).
 * Creating, changing and deleting coupons takes `manage_products`, as the catalogue does.
 */
export function createCouponsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { couponLookup: coupons, stores } = services;

  routes.get('/coupons', { query: couponsQuery, syncAudit: true }, (req, res, { query }) => {
    if (isSyncAudit(req)) {
      const index = coupons.modificationIndex(
        { ...collectionFilterOf(query), code: query.code },
        { orderby: query.orderby, order: query.order, include: query.include },
      );
      sendPage(req, res, index, index.length, { page: 1, per_page: Math.max(index.length, 1) });
      return;
    }
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
    sendPage(
      req,
      res,
      records.map((record) => shapeCoupon(record, base, store)),
      total,
      query,
    );
  });

  const writer = services.couponWriter;
  const shape = (req: Request, record: CouponRecord) => shapeCoupon(record, apiBase(req), stores.defaultStore());
  const record = (res: Response, message: string, couponId: number) => {
    logs.add({ level: 'info', source: 'coupons', message, context: { coupon_id: couponId, user_id: principalOf(res).user.id } });
  };

  routes.get('/coupons/{id}', { params: idParams }, (req, res, { params }) => {
    sendItem(req, res, shape(req, writer.coupon(params.id)));
  });

  routes.post('/coupons', { body: couponInputSchema }, (req, res, { body }) => {
    const created = writer.create(body);
    record(res, `Coupon ${created.id} (${created.code}) created`, created.id);
    sendItem(req, res, shape(req, created), { location: `${apiBase(req)}/coupons/${created.id}` });
  });

  const updateRoute = { params: idParams, body: couponInputSchema };
  const update: RouteHandler<typeof updateRoute> = (req, res, { params, body }) => {
    const { id } = params;
    const updated = writer.update(id, body);
    record(res, `Coupon ${id} updated`, id);
    sendItem(req, res, shape(req, updated));
  };
  routes.patch('/coupons/{id}', updateRoute, update);
  routes.put('/coupons/{id}', updateRoute, update);

  routes.delete('/coupons/{id}', { params: idParams, query: deleteQuery }, (req, res, { params, query }) => {
    const { id } = params;
    const { force } = query;
    const before = writer.delete(id, force);
    record(res, `Coupon ${id} ${force ? 'deleted' : 'moved to the trash'}`, id);
    sendItem(req, res, shape(req, force ? before : writer.coupon(id)));
  });

  return routes.router;
}
