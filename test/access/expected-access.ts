import type { Capability, RoleName } from '../../shared/access.js';

/**
 * Who may call each route outside the seed's 40-route matrix (test/access/access-matrix.json holds
 * those 40), written by hand from CONTRACT.md sections 2 and 3 and the docs, NOT read from
 * server/domain/access/policy.ts: a second statement of the same rules, so that a route moved to
 * another capability in the policy table disagrees with this list and fails
 * test/access/expected-access.test.ts. Change a line here only when the documents say so.
 *
 * Each line: the route, what it needs (`public`: no token; `authenticated`: any valid access token;
 * or the one capability), and who gets through with the default roles (`no token` for public routes).
 */
export type Needs = 'public' | 'authenticated' | Capability;
export type Callers = 'no token' | readonly RoleName[];
export type ExpectedRoute = readonly [route: `${'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} /${string}`, needs: Needs, callers: Callers];

const EVERY_ROLE: Callers = ['administrator', 'shop_manager', 'cashier'];
const MANAGERS: Callers = ['administrator', 'shop_manager'];
const ADMINISTRATORS: Callers = ['administrator'];

export const EXPECTED_ACCESS: readonly ExpectedRoute[] = [
  // CONTRACT 2: logging in, refreshing and the token test take no token ("never 401/403").
  ['POST /auth/login', 'public', 'no token'],
  ['POST /auth/refresh', 'public', 'no token'],
  ['GET /auth/test', 'public', 'no token'],
  // docs/clients.md "Pointing a WooCommerce or WCPOS client": the namespace index and the OpenAPI document, "before any login".
  ['GET /', 'public', 'no token'],
  ['GET /openapi.json', 'public', 'no token'],
  // docs/several-tills.md "How a tablet trusts the shop CA": the CA certificate is fetched before any login.
  ['GET /peers/ca.pem', 'public', 'no token'],

  // CONTRACT 2: logout and the caller's own sessions take a bearer token and nothing more (a
  // manage_pos user may revoke any session: an object rule inside the route, not its access).
  ['POST /auth/logout', 'authenticated', EVERY_ROLE],
  ['GET /auth/sessions', 'authenticated', EVERY_ROLE],
  ['DELETE /auth/sessions/{id}', 'authenticated', EVERY_ROLE],
  // docs/http-api.md "Users, PINs and approvals": anyone sets their own PIN.
  ['POST /auth/pin', 'authenticated', EVERY_ROLE],
  // docs/clients.md: each batch item runs under its own operation's capability, so the call itself needs only a login.
  ['POST /orders/batch', 'authenticated', EVERY_ROLE],
  ['POST /customers/batch', 'authenticated', EVERY_ROLE],
  ['POST /products/batch', 'authenticated', EVERY_ROLE],

  // CONTRACT 3 access_pos covers the stores list and taxes; docs/clients.md: every collection has its single-record route.
  ['GET /stores/{id}', 'access_pos', EVERY_ROLE],
  // Issue 25 "Selling speed": every till shows its store's favourites as its first page; managers choose them.
  ['GET /stores/{id}/favourites', 'access_pos', EVERY_ROLE],
  ['PUT /stores/{id}/favourites', 'manage_pos', MANAGERS],
  ['GET /taxes/{id}', 'access_pos', EVERY_ROLE],
  // The till reads which registers its store has (docs/till-app.md "The drawer day"): the till's set-up, as the stores list.
  ['GET /registers', 'access_pos', EVERY_ROLE],
  ['GET /registers/{id}', 'access_pos', EVERY_ROLE],
  // docs/till-app.md "Manager approval": the cashier's till asks for the approval with the cashier's own token.
  ['POST /auth/approvals', 'access_pos', EVERY_ROLE],

  // CONTRACT 3 read_products: products, variations, categories, tags, brands; their single records too.
  ['GET /products/{id}', 'read_products', EVERY_ROLE],
  ['GET /products/variations/{id}', 'read_products', EVERY_ROLE],
  ['GET /products/{id}/variations', 'read_products', EVERY_ROLE],
  ['GET /products/{id}/variations/{variation_id}', 'read_products', EVERY_ROLE],
  ['GET /products/categories/{id}', 'read_products', EVERY_ROLE],
  ['GET /products/tags/{id}', 'read_products', EVERY_ROLE],
  ['GET /products/brands/{id}', 'read_products', EVERY_ROLE],
  // CONTRACT 3 read_coupons, read_orders (orders and their refunds), list_customers: the single records.
  ['GET /coupons/{id}', 'read_coupons', EVERY_ROLE],
  ['GET /orders/{id}', 'read_orders', EVERY_ROLE],
  ['GET /orders/{id}/refunds', 'read_orders', EVERY_ROLE],
  ['GET /orders/{id}/refunds/{refund_id}', 'read_orders', EVERY_ROLE],
  ['GET /customers/{id}', 'list_customers', EVERY_ROLE],

  // CONTRACT 3 manage_pos: the settings groups (read and write), the licence, role and user admin.
  ['POST /settings/general', 'manage_pos', MANAGERS],
  ['POST /settings/checkout', 'manage_pos', MANAGERS],
  ['POST /settings/tax_ids', 'manage_pos', MANAGERS],
  ['POST /settings/payment-gateways', 'manage_pos', MANAGERS],
  ['GET /settings/license', 'manage_pos', MANAGERS],
  ['GET /settings/approvals', 'manage_pos', MANAGERS],
  ['POST /settings/approvals', 'manage_pos', MANAGERS],
  // docs/http-api.md "Receipt templates": the templates settings group and the preview are manage_pos.
  ['GET /settings/templates', 'manage_pos', MANAGERS],
  ['POST /settings/templates', 'manage_pos', MANAGERS],
  ['GET /templates/{id}/preview', 'manage_pos', MANAGERS],
  // docs/http-api.md "Users, PINs and approvals": managers (manage_pos) manage users and roles over HTTP.
  ['GET /users', 'manage_pos', MANAGERS],
  ['POST /users', 'manage_pos', MANAGERS],
  ['GET /users/{id}', 'manage_pos', MANAGERS],
  ['PATCH /users/{id}', 'manage_pos', MANAGERS],
  ['GET /roles', 'manage_pos', MANAGERS],
  ['PATCH /roles/{role}', 'manage_pos', MANAGERS],

  // CONTRACT 3 manage_stores; docs/http-api.md: managers choose who sells where, and stores and registers are manage_stores.
  ['GET /stores/{id}/users', 'manage_stores', MANAGERS],
  ['PUT /stores/{id}/users', 'manage_stores', MANAGERS],
  ['POST /registers', 'manage_stores', MANAGERS],
  ['PATCH /registers/{id}', 'manage_stores', MANAGERS],
  // Setting up the drawer's printer is the manager's (as the register itself); its test opens the drawer, audited.
  ['POST /registers/{id}/drawer-test', 'manage_stores', MANAGERS],

  // docs/http-api.md "A day at the till": open, cash and close need handle_cash (every role by default); the
  // cashier reads the X report blind, and the Z closures once counted.
  ['POST /registers/{id}/open', 'handle_cash', EVERY_ROLE],
  ['POST /registers/{id}/cash', 'handle_cash', EVERY_ROLE],
  // docs/till-app.md "The drawer day": a no-sale opens the drawer like cash in or out, and is audited.
  ['POST /registers/{id}/no-sale', 'handle_cash', EVERY_ROLE],
  ['POST /registers/{id}/close', 'handle_cash', EVERY_ROLE],
  ['GET /registers/{id}/session', 'handle_cash', EVERY_ROLE],
  ['GET /registers/{id}/closures', 'handle_cash', EVERY_ROLE],
  ['GET /closures/{id}', 'handle_cash', EVERY_ROLE],
  // docs/several-tills.md "The shop's X report": reached as the session's X report, blind for whoever lacks manage_pos.
  ['GET /reports/shop', 'handle_cash', EVERY_ROLE],

  // docs/http-api.md "Managing the catalogue": administrators and shop managers change products, variations,
  // terms and coupons, and the stock (manage_products).
  ['POST /products', 'manage_products', MANAGERS],
  ['PATCH /products/{id}', 'manage_products', MANAGERS],
  ['PUT /products/{id}', 'manage_products', MANAGERS],
  ['DELETE /products/{id}', 'manage_products', MANAGERS],
  ['POST /products/{id}/variations', 'manage_products', MANAGERS],
  ['PATCH /products/{id}/variations/{variation_id}', 'manage_products', MANAGERS],
  ['PUT /products/{id}/variations/{variation_id}', 'manage_products', MANAGERS],
  ['DELETE /products/{id}/variations/{variation_id}', 'manage_products', MANAGERS],
  ['GET /products/{id}/stock', 'manage_products', MANAGERS],
  ['POST /products/{id}/stock', 'manage_products', MANAGERS],
  ['POST /products/categories', 'manage_products', MANAGERS],
  ['PATCH /products/categories/{id}', 'manage_products', MANAGERS],
  ['PUT /products/categories/{id}', 'manage_products', MANAGERS],
  ['DELETE /products/categories/{id}', 'manage_products', MANAGERS],
  ['POST /products/tags', 'manage_products', MANAGERS],
  ['PATCH /products/tags/{id}', 'manage_products', MANAGERS],
  ['PUT /products/tags/{id}', 'manage_products', MANAGERS],
  ['DELETE /products/tags/{id}', 'manage_products', MANAGERS],
  ['POST /products/brands', 'manage_products', MANAGERS],
  ['PATCH /products/brands/{id}', 'manage_products', MANAGERS],
  ['PUT /products/brands/{id}', 'manage_products', MANAGERS],
  ['DELETE /products/brands/{id}', 'manage_products', MANAGERS],
  ['POST /coupons', 'manage_products', MANAGERS],
  ['PATCH /coupons/{id}', 'manage_products', MANAGERS],
  ['PUT /coupons/{id}', 'manage_products', MANAGERS],
  ['DELETE /coupons/{id}', 'manage_products', MANAGERS],
  // docs/http-api.md "Import and backup over HTTP": all three import routes need manage_products.
  ['POST /imports/products', 'manage_products', MANAGERS],
  ['GET /imports', 'manage_products', MANAGERS],
  ['GET /imports/{id}', 'manage_products', MANAGERS],

  // docs/http-api.md "A day at the till": a return without a receipt is a refund (refund_orders, as POST /orders/{id}/refunds in the matrix).
  ['POST /returns', 'refund_orders', EVERY_ROLE],
  // docs/till-app.md "Selling at the till": an exchange's credit pays a sale, as a checkout does (create_orders).
  ['POST /orders/{id}/exchange-credit', 'create_orders', EVERY_ROLE],
  // The credit waiting at the till for its sale, read by whoever may spend it (create_orders).
  ['GET /registers/{id}/exchange-credit', 'create_orders', EVERY_ROLE],
  // An exchange's credit the customer did not spend is given back in cash: a refund (refund_orders).
  ['POST /returns/{id}/cash-out', 'refund_orders', EVERY_ROLE],
  // docs/several-tills.md "A refund at another till": another till's sale refunded here is a refund (refund_orders).
  ['POST /orders/shop/{till_id}/{order_id}/adopt', 'refund_orders', EVERY_ROLE],
  ['POST /orders/shop/{till_id}/{order_id}/refunds', 'refund_orders', EVERY_ROLE],

  // docs/http-api.md "Backup download": install_plugins, administrators only by default.
  ['GET /backup', 'install_plugins', ADMINISTRATORS],

  // Issue 23, item 7: the sync's status is read by every role, because the till shows it; the outbox, its
  // retry and "mark handled" need manage_sync (administrator and shop manager).
  ['GET /sync/status', 'access_pos', EVERY_ROLE],
  ['GET /sync/outbox', 'manage_sync', MANAGERS],
  ['POST /sync/outbox/{id}/retry', 'manage_sync', MANAGERS],
  ['POST /sync/outbox/{id}/handled', 'manage_sync', MANAGERS],
  // Issue 23, item 1 (docs/woocommerce-sync.md "Connecting to WooCommerce"): connecting and disconnecting need manage_sync, administrator and shop manager.
  // docs/several-tills.md "Pairing": a manager lists, invites and removes tills, and joins a till alone to a shop.
  ['GET /peers', 'manage_pos', MANAGERS],
  ['POST /peers/invitations', 'manage_pos', MANAGERS],
  ['POST /peers/join', 'manage_pos', MANAGERS],
  ['DELETE /peers/{id}', 'manage_pos', MANAGERS],
  ['PUT /sync/connection', 'manage_sync', MANAGERS],
  ['DELETE /sync/connection', 'manage_sync', MANAGERS],
  // Resuming a sending paused by a refused key, with the saved key: as connecting, managers only.
  ['POST /sync/resume', 'manage_sync', MANAGERS],
  // Issue 23, item 7 (docs/woocommerce-sync.md "Sync in the till app"): each order's sync badge for whoever reads orders; verify for managers.
  ['GET /sync/orders', 'read_orders', EVERY_ROLE],
  ['POST /sync/verify', 'manage_sync', MANAGERS],
];
