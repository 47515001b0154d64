import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoleName } from '../../shared/access.js';
import { findPolicy } from '../../server/domain/access/policy.js';
import { DATABASE_FILE } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { MATRIX, type MatrixEndpoint } from '../helpers/access-matrix.js';

/**
 * The seed's matrix, generated from access-matrix.json: each role calls each endpoint over real
 * HTTP with a bearer token from POST /auth/login. Allowed: never 401 or 403 (and the route exists
 * and does not fail). Denied: 403 naming the caller and the capability, and nothing written.
 */

const fixture = { orderId: 0, customerId: 0 };
let reader: BetterSqlite3.Database | undefined;

function pathFor(endpoint: MatrixEndpoint, role: RoleName): string {
  return endpoint.path
    .replace('/cashier/{id}', `/cashier/${server.users[role].id}`)
    .replace('/stores/{id}', '/stores/1')
    .replace('/orders/{id}', `/orders/${fixture.orderId}`)
    .replace('/receipts/{order_id}', `/receipts/${fixture.orderId}`)
    .replace('/customers/{id}', `/customers/${fixture.customerId}`)
    .replace('/payment-gateways/{id}', '/payment-gateways/pos_cash');
}

/** Small valid bodies, so that an allowed write really runs its handler. */
function bodyFor(endpoint: MatrixEndpoint, role: RoleName): unknown {
  switch (`${endpoint.method} ${endpoint.path}`) {
    case 'POST /orders':
      return { customer_note: `matrix order by ${role}` };
    case 'PATCH /orders/{id}':
      return { customer_note: `updated by ${role}` };
    case 'POST /orders/{id}/checkout':
      return { gateway_id: 'pos_card', payment_data: {} };
    case 'POST /orders/{id}/refunds':
      return { amount: '0.00', reason: 'matrix' };
    case 'POST /customers':
      return { email: `matrix-${role}@example.test`, first_name: 'Matrix' };
    case 'PATCH /customers/{id}':
      return { last_name: role };
    case 'POST /payment-gateways/{id}/bootstrap':
      return { context: {} };
    case 'POST /stores':
      return { name: `Store by ${role}` };
    case 'PATCH /stores/{id}':
      return { name: `Renamed by ${role}` };
    case 'POST /settings/license':
      return { key: `LICENSE-${role}` };
    case 'POST /extensions/action':
      return { action: 'install', slug: `matrix-${role}`, manifest: { name: `Matrix ${role}`, version: '1.0.0' } };
    default:
      return undefined;
  }
}

/** Every table but the ones that authentication itself writes to (sessions, tokens, the access log). */
function snapshot(): string {
  if (!reader) throw new Error('the database reader is not open');
  const db = reader;
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('logs', 'sessions', 'refresh_tokens') AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  // Ordered by the first two columns, or the one of a one-column table.
  const orderOf = (name: string) => ((db.pragma(`table_info("${name}")`) as unknown[]).length > 1 ? '1, 2' : '1');
  return JSON.stringify(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY ${orderOf(name)}`).all()]));
}

const { server, tokens } = useServer({}, async () => {
  const order = await api<{ id: number }>(server, 'POST', '/orders', { token: tokens.administrator, body: {} });
  expect(order.status).toBe(201);
  fixture.orderId = order.body.id;
  const customer = await api<{ id: number }>(server, 'POST', '/customers', {
    token: tokens.administrator,
    body: { email: 'fixture@example.test', first_name: 'Fixture' },
  });
  expect(customer.status).toBe(201);
  fixture.customerId = customer.body.id;
  reader = new BetterSqlite3(join(server.dataDir, DATABASE_FILE), { readonly: true });
});

afterAll(() => {
  reader?.close();
});

for (const role of MATRIX.roles) {
  describe(`as ${role}`, () => {
    for (const endpoint of MATRIX.endpoints) {
      const allowed = endpoint.allowed[role];
      it(`${endpoint.method} ${endpoint.path} is ${allowed ? 'allowed' : 'refused with 403'}`, async () => {
        const before = allowed ? '' : snapshot();
        const response = await api<{ code?: string; data?: Record<string, unknown> }>(server, endpoint.method, pathFor(endpoint, role), {
          token: tokens[role],
          body: bodyFor(endpoint, role),
        });
        if (allowed) {
          expect(response.status, JSON.stringify(response.body)).not.toBe(401);
          expect(response.status, JSON.stringify(response.body)).not.toBe(403);
          expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
          expect(response.body.code).not.toBe('rest_no_route');
        } else {
          expect(response.status).toBe(403);
          expect(response.body.code).toBe('pos_rest_forbidden');
          expect(response.body.data).toMatchObject({
            status: 403,
            current_user: server.users[role].id,
            reason: 'missing_capability',
            capability: findPolicy(endpoint.method, endpoint.path)?.access,
            token_expired: false,
          });
          expect(snapshot(), 'a refused request must not write').toBe(before);
        }
      });
    }
  });
}
