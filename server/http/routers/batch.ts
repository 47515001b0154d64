import type { Request, Router } from 'express';
import { z } from 'zod';
import type { Capability } from '../../../shared/access.js';
import { APPROVAL_HEADER } from '../../domain/approvals/approval-service.js';
import type { Principal } from '../../domain/auth/auth-service.js';
import { productInputSchema } from '../../domain/catalogue/product-input.js';
import { shapeCustomer } from '../../domain/customers/customers.js';
import { customerCreateInput, customerUpdateInput } from '../../domain/customers/input.js';
import { ApiError } from '../../domain/errors.js';
import { orderCreateInput, orderUpdateInput } from '../../domain/orders/input.js';
import { apiBase } from '../collection.js';
import type { AppContext } from '../context.js';
import { endpointRouter, type RouteHandler } from '../endpoints.js';
import { principalOf } from '../middleware/access.js';
import { idSchema, parseWith } from '../validation.js';
import type { Logger } from '../../logging.js';

/** WooCommerce's limit for one batch, over create, update and delete together. */
export const BATCH_LIMIT = 100;

export const batchBody = z.object({
  create: z.array(z.record(z.string(), z.unknown())).optional(),
  update: z.array(z.record(z.string(), z.unknown())).optional(),
  delete: z.array(z.union([idSchema, z.object({ id: idSchema })])).optional(),
});
const updateId = z.object({ id: idSchema });

type Operation = 'create' | 'update' | 'delete';
type ItemResult = object | { id: number; error: { code: string; message: string; data: Record<string, unknown> } };

/** One resource's batch: the capability of each operation and what one item of it does. */
interface BatchHandlers {
  capabilities: Record<Operation, Capability>;
  create(item: Record<string, unknown>, req: Request, principal: Principal): object;
  update(id: number, item: Record<string, unknown>, req: Request, principal: Principal): object;
  delete(id: number, req: Request, principal: Principal): object;
}

function errorOf(error: unknown, logger: Logger): { code: string; message: string; data: Record<string, unknown> } {
  if (error instanceof ApiError) return { code: error.code, message: error.message, data: { ...error.data, status: error.status } };
  logger.error({ err: error }, 'unexpected error in a batch item');
  return { code: 'pos_internal_error', message: 'An unexpected error occurred. The details are in the server log.', data: { status: 500 } };
}

function forbidden(capability: Capability, principal: Principal): ApiError {
  return new ApiError(403, 'pos_rest_forbidden', 'Sorry, you are not allowed to do that.', {
    reason: 'missing_capability',
    capability,
    current_user: principal.user.id,
    token_expired: false,
  });
}

/**
 * `POST <collection>/batch` as WooCommerce answers it: 200 with one result per item, in the sections
 * sent, each the item or `{id, error}`. Every item is checked against its operation's capability and
 * runs in its own transaction, so one refusal or failure leaves the others standing. A caller who holds
 * none of the capabilities still gets 200 with every item refused: the answer says which item needed what.
 */
function runBatch(handlers: BatchHandlers, logger: Logger): RouteHandler<{ body: typeof batchBody }> {
  return (req, res, { body }) => {
    const count = (body.create?.length ?? 0) + (body.update?.length ?? 0) + (body.delete?.length ?? 0);
    if (count > BATCH_LIMIT)
      throw new ApiError(400, 'pos_rest_batch_too_large', `Unable to accept more than ${BATCH_LIMIT} items for this request.`, {
        limit: BATCH_LIMIT,
        items: count,
      });
    const principal = principalOf(res);
    const attempt = (operation: Operation, id: number, work: () => object): ItemResult => {
      try {
        if (!principal.capabilities.includes(handlers.capabilities[operation])) throw forbidden(handlers.capabilities[operation], principal);
        return work();
      } catch (error) {
        return { id, error: errorOf(error, logger) };
      }
    };
    const result: Partial<Record<Operation, ItemResult[]>> = {};
    if (body.create) result.create = body.create.map((item) => attempt('create', 0, () => handlers.create(item, req, principal)));
    if (body.update) {
      result.update = body.update.map((item) => {
        const parsed = updateId.safeParse(item);
        const id = parsed.success ? parsed.data.id : 0;
        return attempt('update', id, () => {
          if (!parsed.success)
            throw new ApiError(400, 'rest_invalid_param', 'Invalid parameter(s): id', { params: { id: 'an update needs the id of the record' } });
          return handlers.update(id, item, req, principal);
        });
      });
    }
    if (body.delete) {
      result.delete = body.delete.map((entry) => {
        const id = typeof entry === 'number' ? entry : entry.id;
        return attempt('delete', id, () => handlers.delete(id, req, principal));
      });
    }
    res.json(result);
  };
}

/** An update item's fields without its `id`, which names the record and is not a change to it. */
function withoutId(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'id'));
}

function notDeletable(resource: string): ApiError {
  return new ApiError(405, `pos_rest_${resource}_cannot_delete`, `A till keeps every ${resource}: it cannot be deleted.`);
}

/** Batches of orders, customers and products (woocommerce-reference §5). */
export function createBatchRouter({ auth, logger, services }: AppContext): Router {
  const routes = endpointRouter(auth);
  const { orders, orderWrites, customers, catalogueWriter: writer, catalogue, stores } = services;
  const productOf = (req: Request, id: number) =>
    catalogue.getProduct(id, { store: stores.defaultStore(), apiBase: apiBase(req), nowGmt: new Date().toISOString().slice(0, 19) });

  routes.post(
    '/orders/batch',
    { body: batchBody },
    runBatch(
      {
        // Orders are cancelled, never deleted, at a till: a delete is refused per item.
        capabilities: { create: 'create_orders', update: 'edit_orders', delete: 'edit_orders' },
        create: (item, req, principal) => {
          const input = parseWith(orderCreateInput, item);
          const { order } = orderWrites.create(principal, req.get(APPROVAL_HEADER), input);
          return orders.respond(order, apiBase(req));
        },
        update: (id, item, req, principal) => {
          const changes = withoutId(item);
          const input = parseWith(orderUpdateInput, changes);
          return orders.respond(orderWrites.update(principal, req.get(APPROVAL_HEADER), id, input), apiBase(req));
        },
        delete: () => {
          throw notDeletable('order');
        },
      },
      logger,
    ),
  );

  routes.post(
    '/customers/batch',
    { body: batchBody },
    runBatch(
      {
        capabilities: { create: 'create_customers', update: 'edit_customers', delete: 'edit_customers' },
        create: (item, req) => shapeCustomer(customers.create(parseWith(customerCreateInput, item)).customer, apiBase(req), stores.defaultStore().timezone),
        update: (id, item, req) => {
          const changes = withoutId(item);
          return shapeCustomer(customers.update(id, parseWith(customerUpdateInput, changes)), apiBase(req), stores.defaultStore().timezone);
        },
        delete: () => {
          throw notDeletable('customer');
        },
      },
      logger,
    ),
  );

  routes.post(
    '/products/batch',
    { body: batchBody },
    runBatch(
      {
        capabilities: { create: 'manage_products', update: 'manage_products', delete: 'manage_products' },
        create: (item, req, principal) => productOf(req, writer.createProduct(parseWith(productInputSchema, item), principal.user.id).id),
        update: (id, item, req, principal) => {
          const changes = withoutId(item);
          writer.updateProduct(id, parseWith(productInputSchema, changes), principal.user.id);
          return productOf(req, id);
        },
        // As WooCommerce's batch: a delete is `force=true`, and answers the product as it was.
        delete: (id, req) => {
          const before = productOf(req, id);
          writer.deleteProduct(id, true);
          return before;
        },
      },
      logger,
    ),
  );

  return routes.router;
}
