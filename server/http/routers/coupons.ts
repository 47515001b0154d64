import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { couponInputSchema } from '../../domain/coupons/input.js';
import { shapeCoupon } from '../../domain/coupons/shape.js';
import type { CouponRecord } from '../../model/coupons/types.js';
import { invalidParams } from '../../domain/errors.js';
import { COUPON_ORDERBY } from '../../domain/lists.js';
import { apiBase, collectionFilterOf, isSyncAudit, offsetOf, orderQuery, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idListSchema, idParams, parseBody, parseParams, parseQuery, parseWith, queryBoolean, queryDate } from '../validation.js';

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

/**
 * Coupon lookup for the till: `code` finds one case-insensitively (woocommerce-reference §2.5).
 * Creating, changing and deleting coupons takes `manage_products`, as the catalogue does.
 */
export function createCouponsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { couponLookup: coupons, stores } = services;

  routes.get('/coupons', (req, res) => {
    if (isSyncAudit(req)) {
      const query = parseWith(couponsQuery, { ...req.query, per_page: undefined, page: undefined });
      const index = coupons.modificationIndex({ ...collectionFilterOf(query), code: query.code }, { orderby: query.orderby, order: query.order, include: query.include });
      sendPage(req, res, index, index.length, { page: 1, per_page: Math.max(index.length, 1) });
      return;
    }
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

  const writer = services.couponWriter;
  const shape = (req: Request, record: CouponRecord) => shapeCoupon(record, apiBase(req), stores.defaultStore());
  const record = (res: Response, message: string, couponId: number) => {
    logs.add({ level: 'info', source: 'coupons', message, context: { coupon_id: couponId, user_id: principalOf(res).user.id } });
  };

  routes.get('/coupons/{id}', (req, res) => {
    sendItem(req, res, shape(req, writer.coupon(parseParams(idParams, req).id)));
  });

  routes.post('/coupons', (req, res) => {
    const created = writer.create(parseBody(couponInputSchema, req));
    record(res, `Coupon ${created.id} (${created.code}) created`, created.id);
    sendItem(req, res, shape(req, created), { location: `${apiBase(req)}/coupons/${created.id}` });
  });

  const update = (req: Request, res: Response) => {
    const { id } = parseParams(idParams, req);
    const updated = writer.update(id, parseBody(couponInputSchema, req));
    record(res, `Coupon ${id} updated`, id);
    sendItem(req, res, shape(req, updated));
  };
  routes.patch('/coupons/{id}', update);
  routes.put('/coupons/{id}', update);

  routes.delete('/coupons/{id}', (req, res) => {
    const { id } = parseParams(idParams, req);
    const { force } = parseQuery(z.object({ force: queryBoolean.default(false) }), req);
    const before = writer.delete(id, force);
    record(res, `Coupon ${id} ${force ? 'deleted' : 'moved to the trash'}`, id);
    sendItem(req, res, shape(req, force ? before : writer.coupon(id)));
  });

  return routes.router;
}
