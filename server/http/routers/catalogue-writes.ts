import type { Request, Router } from 'express';
import { z } from 'zod';
import type { StockLedgerEntry } from '../../../shared/resources/products.js';
import type { StockLedgerRecord } from '../../model/records/stock-ledger.js';
import { productInputSchema, stockAdjustmentSchema, variationInputSchema } from '../../domain/catalogue/product-input.js';
import { shapeVariation } from '../../domain/catalogue/shape.js';
import { gmtNow, gmtToLocal } from '../../model/dates.js';
import { apiBase, offsetOf, pagingQuery, sendItem, sendPage } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type RouteHandler } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idParams, idSchema, queryBoolean } from '../validation.js';
import { shapeContextOf } from './products.js';

const variationParams = z.object({ id: idSchema, variation_id: idSchema });
const deleteQuery = z.object({ force: queryBoolean.default(false) });
const productUpdate = { params: idParams, body: productInputSchema };
const variationUpdate = { params: variationParams, body: variationInputSchema };

function ledgerEntry(entry: StockLedgerRecord, timeZone: string): StockLedgerEntry & { date_created_gmt: string } {
  // The ledger's dates are never empty, so the store's time is always there.
  return { ...entry, date_created: gmtToLocal(entry.date_created_gmt, timeZone) ?? entry.date_created_gmt };
}

/**
 * Catalogue writes (`manage_products`): products and their variations at WooCommerce's paths, and
 * the stock ledger: manual adjustments with a reason, and each product's stock history.
 */
export function createCatalogueWritesRouter({ auth, logs, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { catalogueWriter: writer, catalogue, stockHistory, stores } = services;

  const productResource = (req: Request, id: number) => catalogue.getProduct(id, shapeContextOf(req, stores));
  const variationResource = (req: Request, parentId: number, id: number) => shapeVariation(writer.variation(parentId, id), shapeContextOf(req, stores));
  const record = (userId: number, message: string, productId: number) => {
    logs.add({ level: 'info', source: 'catalogue', message, context: { product_id: productId, user_id: userId } });
  };

  routes.post('/products', { body: productInputSchema }, (req, res, { body }) => {
    const userId = principalOf(res).user.id;
    const created = writer.createProduct(body, userId);
    record(userId, `Product ${created.id} (${created.name}) created`, created.id);
    sendItem(req, res, productResource(req, created.id), { location: `${apiBase(req)}/products/${created.id}` });
  });

  const updateProduct: RouteHandler<typeof productUpdate> = (req, res, { params, body }) => {
    const { id } = params;
    const userId = principalOf(res).user.id;
    writer.updateProduct(id, body, userId);
    record(userId, `Product ${id} updated`, id);
    sendItem(req, res, productResource(req, id));
  };
  routes.patch('/products/{id}', productUpdate, updateProduct);
  routes.put('/products/{id}', productUpdate, updateProduct);

  routes.delete('/products/{id}', { params: idParams, query: deleteQuery }, (req, res, { params, query }) => {
    const { id } = params;
    const { force } = query;
    const before = productResource(req, id);
    writer.deleteProduct(id, force);
    record(principalOf(res).user.id, `Product ${id} ${force ? 'deleted' : 'moved to the trash'}`, id);
    sendItem(req, res, force ? before : productResource(req, id));
  });

  routes.get('/products/{id}/variations', { params: idParams, query: pagingQuery }, (req, res, { params, query: paging }) => {
    const { id } = params;
    writer.product(id);
    const page = catalogue.listVariations(
      { now: gmtNow(), parents: [id] },
      { orderby: 'menu_order', order: 'asc' },
      paging.per_page,
      offsetOf(paging),
      shapeContextOf(req, stores),
    );
    sendPage(req, res, page.items, page.total, paging);
  });

  routes.get('/products/{id}/variations/{variation_id}', { params: variationParams }, (req, res, { params }) => {
    const { id, variation_id } = params;
    sendItem(req, res, variationResource(req, id, variation_id));
  });

  routes.post('/products/{id}/variations', { params: idParams, body: variationInputSchema }, (req, res, { params, body }) => {
    const { id } = params;
    const userId = principalOf(res).user.id;
    const created = writer.createVariation(id, body, userId);
    record(userId, `Variation ${created.id} of product ${id} created`, created.id);
    sendItem(req, res, variationResource(req, id, created.id), { location: `${apiBase(req)}/products/${id}/variations/${created.id}` });
  });

  const updateVariation: RouteHandler<typeof variationUpdate> = (req, res, { params, body }) => {
    const { id, variation_id } = params;
    const userId = principalOf(res).user.id;
    writer.updateVariation(id, variation_id, body, userId);
    record(userId, `Variation ${variation_id} of product ${id} updated`, variation_id);
    sendItem(req, res, variationResource(req, id, variation_id));
  };
  routes.patch('/products/{id}/variations/{variation_id}', variationUpdate, updateVariation);
  routes.put('/products/{id}/variations/{variation_id}', variationUpdate, updateVariation);

  routes.delete('/products/{id}/variations/{variation_id}', { params: variationParams, query: deleteQuery }, (req, res, { params, query }) => {
    const { id, variation_id } = params;
    const { force } = query;
    const before = variationResource(req, id, variation_id);
    writer.deleteVariation(id, variation_id, force);
    record(principalOf(res).user.id, `Variation ${variation_id} ${force ? 'deleted' : 'moved to the trash'}`, variation_id);
    sendItem(req, res, force ? before : variationResource(req, id, variation_id));
  });

  // Products and variations alike: both are rows of the catalogue with their own stock.
  routes.get('/products/{id}/stock', { params: idParams, query: pagingQuery }, (req, res, { params, query: paging }) => {
    const item = writer.stockItem(params.id);
    const { records, total } = stockHistory.page(item.id, paging.per_page, offsetOf(paging));
    const timeZone = shapeContextOf(req, stores).store.timezone;
    sendPage(
      req,
      res,
      records.map((entry) => ledgerEntry(entry, timeZone)),
      total,
      paging,
    );
  });

  routes.post('/products/{id}/stock', { params: idParams, body: stockAdjustmentSchema }, (req, res, { params, body: adjustment }) => {
    const { id } = params;
    const userId = principalOf(res).user.id;
    const updated = writer.changeStock(id, adjustment, userId);
    const entry = stockHistory.latest(id);
    record(
      userId,
      `Stock of product ${id} ${adjustment.adjust !== undefined ? `changed by ${adjustment.adjust}` : `set to ${adjustment.set ?? ''}`} (${adjustment.reason})`,
      id,
    );
    const timeZone = shapeContextOf(req, stores).store.timezone;
    sendItem(req, res, {
      id: updated.id,
      stock_quantity: updated.stock_quantity,
      stock_status: updated.stock_status,
      entry: entry === undefined ? null : ledgerEntry(entry, timeZone),
    });
  });

  return routes.router;
}
