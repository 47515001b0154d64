/**
 * What each route answers, by method and path as the access policy names them (`GET /orders/{id}`).
 * The server mounts a route listed here with a response typed by its answer (server/http/endpoints.ts),
 * so a handler that sends something else fails the server's typecheck; the renderer's endpoint
 * modules call routes by these names (renderer/api-client.ts `call`), so what they read is typed by
 * the same entry. A route missing here answers JSON that is not typed yet.
 */
import type { ApprovalResponse, ManagedRole, ManagedUser } from './api.js';
import type { Customer } from './resources/customers.js';
import type { ExchangeCashOut, ExchangeCreditResult, WaitingExchangeCredit } from './resources/exchanges.js';
import type { StoreFavouritesResource } from './resources/favourites.js';
import type { ImportJobView } from './resources/imports.js';
import type { LogsPage } from './resources/logs.js';
import type { Order, OrderRefund } from './resources/orders.js';
import type { CheckoutState, GatewaySettings, PaymentGateway } from './resources/payments.js';
import type { PeerInvitation, PeerJoined, PeerRemoved, PeerView } from './resources/peers.js';
import type { ProductCategory, ProductTag, ScannedProduct, StockAdjustmentAnswer, StockLedgerEntry, Variation } from './resources/products.js';
import type { CashMovement, ClosureReport, DrawerKick, ReadableReport, Register } from './resources/registers.js';
import type { ReturnResult } from './resources/returns.js';
import type { AllSettings, SettingsGroupName, SettingsGroupValues } from './resources/settings.js';
import type { ShopReport } from './resources/shop-report.js';
import type { StoreResource, StoreUsers } from './resources/stores.js';
import type { OrderSyncView, SyncVerifyView } from './resources/sync-screens.js';
import type { OutboxEntryView, SyncConnectionAnswer, SyncConnectionView, SyncDisconnectAnswer, SyncStatusAnswer } from './resources/sync.js';
import type { TaxClassResource } from './resources/taxes.js';
import type { TemplateItem } from './resources/templates.js';

/** A variation as a `barcode=` lookup of `/products/variations` returns it. */
type ScannedVariation = Variation & { barcode_match?: ScannedProduct['barcode_match'] };

/** A settings group's values, read and saved whole (`GET`/`POST /settings/{group}`). */
type SettingsGroupAnswers = { [Name in SettingsGroupName as `${'GET' | 'POST'} /settings/${Name}`]: SettingsGroupValues };

/** The JSON answer of each route (200, or 201 for a create), before `_fields` trims it. */
export interface RouteAnswers extends SettingsGroupAnswers {
  'POST /auth/approvals': ApprovalResponse;

  'GET /products': ScannedProduct[];
  'GET /products/{id}': ScannedProduct;
  'POST /products': ScannedProduct;
  'PATCH /products/{id}': ScannedProduct;
  'GET /products/{id}/stock': StockLedgerEntry[];
  'POST /products/{id}/stock': StockAdjustmentAnswer;
  'GET /products/variations': ScannedVariation[];
  'GET /products/{id}/variations': Variation[];
  'GET /products/categories': ProductCategory[];
  'GET /products/tags': ProductTag[];
  'GET /products/brands': ProductCategory[];

  'GET /customers': Customer[];
  'GET /customers/{id}': Customer;
  'POST /customers': Customer;
  'PATCH /customers/{id}': Customer;

  'GET /orders': Order[];
  'GET /orders/{id}': Order;
  'POST /orders': Order;
  'PATCH /orders/{id}': Order;
  'GET /orders/{id}/checkout': CheckoutState;
  'POST /orders/{id}/checkout': CheckoutState;
  'GET /orders/{id}/refunds': OrderRefund[];
  'GET /orders/{id}/refunds/{refund_id}': OrderRefund;
  'POST /orders/shop/{till_id}/{order_id}/adopt': Order;
  'POST /orders/shop/{till_id}/{order_id}/refunds': OrderRefund;
  'POST /orders/{id}/refunds': OrderRefund;
  'POST /orders/{id}/exchange-credit': ExchangeCreditResult;
  'POST /returns': ReturnResult;
  'POST /returns/{id}/cash-out': ExchangeCashOut;

  'GET /payment-gateways': PaymentGateway[];
  'GET /taxes/classes': TaxClassResource[];

  'GET /registers': Register[];
  'GET /registers/{id}': Register;
  'POST /registers': Register;
  'PATCH /registers/{id}': Register;
  'GET /registers/{id}/exchange-credit': WaitingExchangeCredit[];
  'POST /registers/{id}/open': ReadableReport;
  'POST /registers/{id}/cash': CashMovement;
  'GET /registers/{id}/session': ReadableReport;
  'GET /reports/shop': ShopReport;
  'POST /registers/{id}/close': ClosureReport;
  'POST /registers/{id}/no-sale': { drawer: DrawerKick };
  'POST /registers/{id}/drawer-test': DrawerKick;

  'GET /settings': AllSettings;
  'GET /settings/payment-gateways': GatewaySettings;
  'POST /settings/payment-gateways': GatewaySettings;

  'GET /stores': StoreResource[];
  'GET /stores/{id}': StoreResource;
  'GET /stores/{id}/edit': StoreResource;
  'POST /stores': StoreResource;
  'PATCH /stores/{id}': StoreResource;
  'GET /stores/{id}/users': StoreUsers;
  'PUT /stores/{id}/users': StoreUsers;
  'GET /stores/{id}/favourites': StoreFavouritesResource;
  'PUT /stores/{id}/favourites': StoreFavouritesResource;

  'GET /imports': ImportJobView[];
  'GET /imports/{id}': ImportJobView;
  'POST /imports/products': ImportJobView;

  'GET /logs': LogsPage;

  'GET /sync/status': SyncStatusAnswer;
  'GET /sync/orders': OrderSyncView[];
  'GET /sync/outbox': OutboxEntryView[];
  'POST /sync/outbox/{id}/retry': OutboxEntryView;
  'POST /sync/outbox/{id}/handled': OutboxEntryView;
  'PUT /sync/connection': SyncConnectionAnswer;
  'POST /sync/resume': SyncConnectionView;
  'DELETE /sync/connection': SyncDisconnectAnswer;
  'POST /sync/verify': SyncVerifyView;

  'GET /peers': PeerView[];
  'POST /peers/invitations': PeerInvitation;
  'POST /peers/join': PeerJoined;
  'DELETE /peers/{id}': PeerRemoved;

  'GET /templates': TemplateItem[];

  'GET /users': ManagedUser[];
  'GET /users/{id}': ManagedUser;
  'POST /users': ManagedUser;
  'PATCH /users/{id}': ManagedUser;
  'GET /roles': ManagedRole[];
  'PATCH /roles/{role}': ManagedRole;
}

/**
 * Routes the renderer reads as a document rather than JSON, and how: `text` (a receipt or a report
 * rendered as HTML) or `blob` (a file to download).
 */
export interface RouteDocuments {
  'GET /receipts/{order_id}': 'text';
  'GET /closures/{id}': 'text';
  'GET /templates/{id}/preview': 'text';
  'GET /backup': 'blob';
}

/** A route as the access policy names it: its method, a space, and its path. */
export type RouteName = keyof RouteAnswers | keyof RouteDocuments;

/** The names of a path's parameters: `/orders/{id}/refunds/{refund_id}` → `'id' | 'refund_id'`. */
export type PathParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParameterNames<Rest> : never;

/** The path of a route name: `GET /orders/{id}` → `/orders/{id}`. */
export type PathOf<Route extends string> = Route extends `${string} ${infer Path}` ? Path : never;
