import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { shapeTerm } from '../../domain/catalogue/shape.js';
import { termInputSchema } from '../../domain/catalogue/term-writer.js';
import type { Taxonomy } from '../../model/catalogue/types.js';
import { apiBase, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type RouteHandler } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams, queryBoolean } from '../validation.js';
import { shapeContextOf } from './products.js';

const PATHS: ReadonlyArray<[string, Taxonomy]> = [
  ['/products/categories', 'product_cat'],
  ['/products/tags', 'product_tag'],
  ['/products/brands', 'product_brand'],
];

const deleteQuery = z.object({ force: queryBoolean.default(false) });
const updateRoute = { params: idParams, body: termInputSchema };

/** Categories, tags and brands: one by id (`read_products`), and their writes (`manage_products`). */
export function createProductTermsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { termWriter: writer, stores } = services;
  const record = (res: Response, message: string, termId: number) => {
    logs.add({ level: 'info', source: 'catalogue', message, context: { term_id: termId, user_id: principalOf(res).user.id } });
  };

  for (const [path, taxonomy] of PATHS) {
    const shape = (req: Request, id: number) => shapeTerm(writer.term(taxonomy, id), shapeContextOf(req, stores));

    routes.get(`${path}/{id}`, { params: idParams }, (req, res, { params }) => {
      sendItem(req, res, shape(req, params.id));
    });

    routes.post(path, { body: termInputSchema }, (req, res, { body }) => {
      const created = writer.create(taxonomy, body);
      record(res, `Term ${created.id} (${taxonomy} ${created.name}) created`, created.id);
      sendItem(req, res, shapeTerm(created, shapeContextOf(req, stores)), { location: `${apiBase(req)}${path}/${created.id}` });
    });

    const update: RouteHandler<typeof updateRoute> = (req, res, { params, body }) => {
      const { id } = params;
      writer.update(taxonomy, id, body);
      record(res, `Term ${id} (${taxonomy}) updated`, id);
      sendItem(req, res, shape(req, id));
    };
    routes.patch(`${path}/{id}`, updateRoute, update);
    routes.put(`${path}/{id}`, updateRoute, update);

    routes.delete(`${path}/{id}`, { params: idParams, query: deleteQuery }, (req, res, { params, query }) => {
      const { id } = params;
      const { force } = query;
      const before = writer.delete(taxonomy, id, force);
      record(res, `Term ${id} (${taxonomy}) deleted`, id);
      sendItem(req, res, shapeTerm(before, shapeContextOf(req, stores)));
    });
  }

  return routes.router;
}
