import type { Router } from 'express';
import type { AppContext } from '../context.js';
import type { MountedRoute } from '../endpoints.js';
import { createAuthRouter } from './auth.js';
import { createBackupRouter } from './backup.js';
import { createBatchRouter } from './batch.js';
import { createCashierRouter } from './cashier.js';
import { createCatalogueWritesRouter } from './catalogue-writes.js';
import { createCheckoutRouter } from './checkout.js';
import { createCouponsRouter } from './coupons.js';
import { createCustomersRouter } from './customers.js';
import { createDiscoveryRouter } from './discovery.js';
import { createExtensionsRouter } from './extensions.js';
import { createFavouritesRouter } from './favourites.js';
import { createImportsRouter } from './imports.js';
import { createLogsRouter } from './logs.js';
import { createOrderStatusesRouter } from './order-statuses.js';
import { createOrdersRouter } from './orders.js';
import { createPaymentGatewaysRouter } from './payment-gateways.js';
import { createPeersRouter } from './peers.js';
import { createProductTermsRouter } from './product-terms.js';
import { createProductsRouter } from './products.js';
import { createReceiptsRouter } from './receipts.js';
import { createReturnsRouter } from './returns.js';
import { createExchangesRouter } from './exchanges.js';
import { createRegistersRouter } from './registers.js';
import { createSettingsRouter } from './settings.js';
import { createShippingMethodsRouter } from './shipping-methods.js';
import { createShopReportRouter } from './shop-report.js';
import { createStoresRouter } from './stores.js';
import { createSyncRouter } from './sync.js';
import { createSyncConnectionRouter } from './sync-connection.js';
import { createSyncScreensRouter } from './sync-screens.js';
import { createTaxesRouter } from './taxes.js';
import { createTemplatesRouter } from './templates.js';
import { createUsersRouter } from './users.js';

/**
 * One router per resource area, each mounted under /pos/v1. `mountedRoutes` gives every route of
 * them all once they are built (for the routes that describe the API: discovery.ts).
 */
export const ROUTERS: ReadonlyArray<(context: AppContext, mountedRoutes: () => readonly MountedRoute[]) => Router> = [
  createAuthRouter,
  // Before the routers whose `{id}` routes would take `batch` for an id.
  createBatchRouter,
  createDiscoveryRouter,
  createSettingsRouter,
  createStoresRouter,
  createFavouritesRouter,
  createCashierRouter,
  createProductsRouter,
  createCatalogueWritesRouter,
  createProductTermsRouter,
  createCouponsRouter,
  createOrdersRouter,
  createCheckoutRouter,
  createReceiptsRouter,
  createReturnsRouter,
  createExchangesRouter,
  createRegistersRouter,
  createShopReportRouter,
  createOrderStatusesRouter,
  createCustomersRouter,
  createTaxesRouter,
  createShippingMethodsRouter,
  createPaymentGatewaysRouter,
  createTemplatesRouter,
  createExtensionsRouter,
  createLogsRouter,
  createUsersRouter,
  createImportsRouter,
  createBackupRouter,
  createSyncRouter,
  createSyncConnectionRouter,
  createSyncScreensRouter,
  createPeersRouter,
];
