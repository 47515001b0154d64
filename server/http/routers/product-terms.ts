import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { shapeTerm } from '../../domain/catalogue/shape.js';
import { termInputSchema } from '../../domain/catalogue/term-writer.js';
import type { Taxonomy } from '../../model/catalogue/types.js';
import { apiBase, sendItem } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams, parseBody, parseParams, parseQuery, queryBoolean } from '../validation.js';
import { shapeContextOf } from './products.js';

const PATHS: ReadonlyArray<[string, Taxonomy]> = [
  ['/products/categories', 'product_cat'],
  ['/products/tags', 'product_tag'],
  ['/products/brands', 'product_brand'],
];

/** Categories, tags and brands: one by id (`read_products`), and their writes (`manage_products`). */
export function createProductTermsRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { termWriter: writer, stores } = services;
  const record = (res: Response, message: string, termId: number) => {
    logs.add({ level: 'info', source: 'catalogue', message, context: { term_id: termId, user_id: principalOf(res).user.id } });
  };

  for (const [path, taxonomy] of PATHS) {
    const shape = (req: Request, id: number) => shapeTerm(writer.term(taxonomy, id), shapeContextOf(req, stores));

    routes.get(`${path}/{id}`, (req, res) => {
      sendItem(req, res, shape(req, parseParams(idParams, req).id));
    });

    routes.post(path, (req, res) => {
      const created = writer.create(taxonomy, parseBody(termInputSchema, req));
      record(res, `Term ${created.id} (${taxonomy} ${created.name}) created`, created.id);
      sendItem(req, res, shapeTerm(created, shapeContextOf(req, stores)), { location: `${apiBase(req)}${path}/${created.id}` });
    });

    const update = (req: Request, res: Response) => {
      const { id } = parseParams(idParams, req);
      writer.update(taxonomy, id, parseBody(termInputSchema, req));
      record(res, `Term ${id} (${taxonomy}) updated`, id);
      sendItem(req, res, shape(req, id));
    };
    routes.patch(`${path}/{id}`, update);
    routes.put(`${path}/{id}`, update);

    routes.delete(`${path}/{id}`, (req, res) => {
      const { id } = parseParams(idParams, req);
      const { force } = parseQuery(z.object({ force: queryBoolean.default(false) }), req);
      const before = writer.delete(taxonomy, id, force);
      record(res, `Term ${id} (${taxonomy}) deleted`, id);
      sendItem(req, res, shapeTerm(before, shapeContextOf(req, stores)));
    });
  }

  return routes.router;
}
