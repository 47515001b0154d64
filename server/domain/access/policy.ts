import type { Capability } from '../../../shared/access.js';

/**
 * The access policy as data: every route the server answers, with the one thing it requires.
 * `public` routes take no token; `authenticated` routes take any valid access token; every other
 * route names the capability of CONTRACT section 3. The HTTP layer refuses to mount a route that
 * is missing here, and the access-matrix test checks this table against access-matrix.json.
 */
export type Access = 'public' | 'authenticated' | Capability;
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface EndpointPolicy {
  method: HttpMethod;
  /** Relative to /pos/v1, with `{name}` path parameters as in the seed. */
  path: string;
  access: Access;
}

const table: Record<Access, ReadonlyArray<`${HttpMethod} /${string}`>> = {
  // The namespace index and the OpenAPI document describe routes and capabilities, never data: a
  // client reads them before it has a token, as it reads WordPress's index.
  public: [
    'POST /auth/login',
    'POST /auth/refresh',
    'GET /auth/test',
    'GET /',
    'GET /openapi.json',
    // The shop CA's certificate, which a tablet installs to trust the till's HTTPS before it can log in: a certificate is no secret.
    'GET /peers/ca.pem',
  ],
  // Batch routes check each operation's capability per item inside the batch (http/batch.ts).
  authenticated: [
    'POST /auth/logout',
    'GET /auth/sessions',
    'DELETE /auth/sessions/{id}',
    'POST /auth/pin',
    'POST /orders/batch',
    'POST /customers/batch',
    'POST /products/batch',
  ],
  access_pos: [
    'GET /settings',
    'GET /stores',
    'GET /stores/{id}',
    // The till's first page: every till shows its store's favourites.
    'GET /stores/{id}/favourites',
    'GET /cashier/{id}',
    'GET /cashier/{id}/stores',
    'GET /data/order_statuses',
    'GET /taxes',
    'GET /taxes/classes',
    'GET /taxes/{id}',
    'GET /shipping_methods',
    'GET /templates',
    'GET /templates/active',
    'GET /templates/gallery',
    'GET /registers',
    'GET /registers/{id}',
    'POST /auth/approvals',
    // The till's bar shows the sync's state to whoever is at it (issue 23, item 7).
    'GET /sync/status',
  ],
  read_products: [
    'GET /products',
    'GET /products/{id}',
    'GET /products/variations',
    'GET /products/variations/{id}',
    'GET /products/categories',
    'GET /products/tags',
    'GET /products/brands',
    'GET /products/{id}/variations',
    'GET /products/{id}/variations/{variation_id}',
    'GET /products/categories/{id}',
    'GET /products/tags/{id}',
    'GET /products/brands/{id}',
  ],
  read_coupons: ['GET /coupons', 'GET /coupons/{id}'],
  read_orders: [
    'GET /orders',
    'GET /orders/{id}',
    'GET /orders/{id}/refunds',
    'GET /orders/{id}/refunds/{refund_id}',
    'GET /receipts/{order_id}',
    // The Orders history's badge of each sale on its way to WooCommerce (issue 23, item 7).
    'GET /sync/orders',
  ],
  create_orders: [
    'POST /orders',
    'GET /orders/{id}/checkout',
    'POST /orders/{id}/checkout',
    'POST /orders/{id}/exchange-credit',
    'GET /registers/{id}/exchange-credit',
    'GET /payment-gateways',
    'POST /payment-gateways/{id}/bootstrap',
  ],
  edit_orders: ['PATCH /orders/{id}'],
  refund_orders: [
    'POST /orders/{id}/refunds',
    'POST /returns',
    'POST /returns/{id}/cash-out',
    // A sale of any till of the shop refunded here (docs/several-tills.md, "A refund at another till").
    'POST /orders/shop/{till_id}/{order_id}/adopt',
    'POST /orders/shop/{till_id}/{order_id}/refunds',
  ],
  list_customers: ['GET /customers', 'GET /customers/{id}'],
  create_customers: ['POST /customers'],
  edit_customers: ['PATCH /customers/{id}'],
  manage_pos: [
    // The shop's tills (issue 31): who is paired, inviting one, removing one (its certificate refused from then on).
    'GET /peers',
    'POST /peers/invitations',
    'POST /peers/join',
    'DELETE /peers/{id}',
    // The till's layout, not the catalogue: it stays the till's when WooCommerce masters the catalogue.
    'PUT /stores/{id}/favourites',
    'GET /settings/general',
    'POST /settings/general',
    'GET /settings/checkout',
    'POST /settings/checkout',
    'GET /settings/tax_ids',
    'POST /settings/tax_ids',
    'GET /settings/payment-gateways',
    'POST /settings/payment-gateways',
    'GET /settings/license',
    'POST /settings/license',
    'GET /settings/templates',
    'POST /settings/templates',
    'GET /templates/{id}/preview',
    'GET /extensions',
    'GET /logs',
    'GET /settings/approvals',
    'POST /settings/approvals',
    'GET /users',
    'POST /users',
    'GET /users/{id}',
    'PATCH /users/{id}',
    'GET /roles',
    'PATCH /roles/{role}',
  ],
  manage_stores: [
    'GET /stores/{id}/edit',
    'POST /stores',
    'PATCH /stores/{id}',
    'GET /stores/{id}/users',
    'PUT /stores/{id}/users',
    'POST /registers',
    'PATCH /registers/{id}',
    'POST /registers/{id}/drawer-test',
  ],
  // Z closures exist only once counted, so whoever handles the cash may read them (the X report is blind instead).
  handle_cash: [
    'POST /registers/{id}/open',
    'POST /registers/{id}/cash',
    'POST /registers/{id}/no-sale',
    'POST /registers/{id}/close',
    'GET /registers/{id}/session',
    // The shop's X report (issue 31): reached as the session's X report, and blind as it is for whoever lacks manage_pos.
    'GET /reports/shop',
    'GET /registers/{id}/closures',
    'GET /closures/{id}',
  ],
  // The catalogue, its stock and its coupons: what the shop sells and at what price.
  manage_products: [
    'POST /products',
    'PATCH /products/{id}',
    'PUT /products/{id}',
    'DELETE /products/{id}',
    'POST /products/{id}/variations',
    'PATCH /products/{id}/variations/{variation_id}',
    'PUT /products/{id}/variations/{variation_id}',
    'DELETE /products/{id}/variations/{variation_id}',
    'GET /products/{id}/stock',
    'POST /products/{id}/stock',
    'POST /products/categories',
    'PATCH /products/categories/{id}',
    'PUT /products/categories/{id}',
    'DELETE /products/categories/{id}',
    'POST /products/tags',
    'PATCH /products/tags/{id}',
    'PUT /products/tags/{id}',
    'DELETE /products/tags/{id}',
    'POST /products/brands',
    'PATCH /products/brands/{id}',
    'PUT /products/brands/{id}',
    'DELETE /products/brands/{id}',
    'POST /coupons',
    'PATCH /coupons/{id}',
    'PUT /coupons/{id}',
    'DELETE /coupons/{id}',
    // A CSV of products imported in the background, followed while it runs.
    'POST /imports/products',
    'GET /imports',
    'GET /imports/{id}',
  ],
  // Connecting (issue 23, item 1), the sync's outbox with retry and "mark handled" (item 7); the capability is granted by migration 19.
  manage_sync: [
    'PUT /sync/connection',
    'DELETE /sync/connection',
    'POST /sync/resume',
    'GET /sync/outbox',
    'POST /sync/outbox/{id}/retry',
    'POST /sync/outbox/{id}/handled',
    'POST /sync/verify',
  ],
  // The backup holds every password hash, session and sale: only administrators hold this by default.
  install_plugins: ['POST /extensions/action', 'GET /backup'],
};

export const ENDPOINT_POLICIES: readonly EndpointPolicy[] = Object.entries(table).flatMap(([access, routes]) =>
  routes.map((route) => {
    const [method, path] = route.split(' ') as [HttpMethod, string];
    return { method, path, access: access as Access };
  }),
);

export function findPolicy(method: HttpMethod, path: string): EndpointPolicy | undefined {
  return ENDPOINT_POLICIES.find((policy) => policy.method === method && policy.path === path);
}
