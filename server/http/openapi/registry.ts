import type { z } from 'zod';
import { productInputSchema, stockAdjustmentSchema, variationInputSchema } from '../../domain/catalogue/product-input.js';
import { termInputSchema } from '../../domain/catalogue/term-writer.js';
import { couponInputSchema } from '../../domain/coupons/input.js';
import { customerCreateInput, customerUpdateInput } from '../../domain/customers/input.js';
import { orderCreateInput, orderUpdateInput } from '../../domain/orders/input.js';
import { refundInput } from '../../domain/orders/refunds.js';
import { pagingQuery } from '../collection.js';
import { batchBody } from '../routers/batch.js';
import { couponsQuery } from '../routers/coupons.js';
import { customersQuery } from '../routers/customers.js';
import { importProductsQuery } from '../routers/imports.js';
import { ordersQuery } from '../routers/orders.js';
import { catalogueQuery, productsQuery, termsQuery } from '../routers/products.js';
import { taxesQuery } from '../routers/taxes.js';
import { previewQuery } from '../routers/templates.js';

/** The zod schemas a route validates its query string and its body with: the very ones its router uses. */
export interface RouteSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body that is a file as it is (a CSV), not JSON: its media type. */
  rawBody?: string;
}

const TERM_COLLECTIONS = ['/products/categories', '/products/tags', '/products/brands'];

/**
 * Route (`METHOD /path` as in the policy table) → its request schemas, for the OpenAPI document and
 * the namespace index. A route absent here is still listed, with its path parameters only.
 */
export const ROUTE_SCHEMAS: ReadonlyMap<string, RouteSchemas> = new Map<string, RouteSchemas>([
  ['GET /products', { query: productsQuery }],
  ['GET /products/variations', { query: catalogueQuery }],
  ['GET /products/{id}/variations', { query: pagingQuery }],
  ['POST /products', { body: productInputSchema }],
  ['PATCH /products/{id}', { body: productInputSchema }],
  ['PUT /products/{id}', { body: productInputSchema }],
  ['POST /products/{id}/variations', { body: variationInputSchema }],
  ['PATCH /products/{id}/variations/{variation_id}', { body: variationInputSchema }],
  ['PUT /products/{id}/variations/{variation_id}', { body: variationInputSchema }],
  ['GET /products/{id}/stock', { query: pagingQuery }],
  ['POST /products/{id}/stock', { body: stockAdjustmentSchema }],
  ...TERM_COLLECTIONS.flatMap((path): Array<[string, RouteSchemas]> => [
    [`GET ${path}`, { query: termsQuery }],
    [`POST ${path}`, { body: termInputSchema }],
    [`PATCH ${path}/{id}`, { body: termInputSchema }],
    [`PUT ${path}/{id}`, { body: termInputSchema }],
  ]),
  ['GET /coupons', { query: couponsQuery }],
  ['POST /coupons', { body: couponInputSchema }],
  ['PATCH /coupons/{id}', { body: couponInputSchema }],
  ['PUT /coupons/{id}', { body: couponInputSchema }],
  ['GET /orders', { query: ordersQuery }],
  ['POST /orders', { body: orderCreateInput }],
  ['PATCH /orders/{id}', { body: orderUpdateInput }],
  ['POST /orders/{id}/refunds', { body: refundInput }],
  ['GET /customers', { query: customersQuery }],
  ['POST /customers', { body: customerCreateInput }],
  ['PATCH /customers/{id}', { body: customerUpdateInput }],
  ['GET /taxes', { query: taxesQuery }],
  ['POST /orders/batch', { body: batchBody }],
  ['POST /customers/batch', { body: batchBody }],
  ['POST /products/batch', { body: batchBody }],
  ['POST /imports/products', { query: importProductsQuery, rawBody: 'text/csv' }],
  ['GET /templates/{id}/preview', { query: previewQuery }],
]);
