import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_POLICIES } from '../../server/domain/access/policy.js';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';

/** Routes that would end the fuzzing users' own sessions: left out so the run keeps its tokens. */
const SESSION_ENDING = new Set(['POST /auth/logout', 'DELETE /auth/sessions/{id}', 'PATCH /users/{id}', 'PATCH /roles/{role}']);
const ROUTES = ENDPOINT_POLICIES.filter((policy) => !SESSION_ENDING.has(`${policy.method} ${policy.path}`));

const pathSegment = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
  fc.constantFrom('%ZZ', '%', '%00', '..', '0x10', '1e309', '-0', 'NaN', '%E0%A4%A', 'a%2Fb', '%EF%BC%99'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.string({ maxLength: 20 }),
    fc.constantFrom('1e400', '-0.001', '99999999999999999999.99', '', ' ', '<script>', "'; DROP TABLE orders; --"),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('id', 'quantity', 'price', 'total', 'status', 'line_items', 'meta_data', 'key', 'value', 'amount', 'gateway_id', 'sku', 'name', 'email', 'password', 'username', 'capabilities'), tie('value'), { maxKeys: 5 }),
  ),
})).value;
const body = fc.oneof(
  jsonValue.map((value) => ({ type: 'application/json', bytes: JSON.stringify(value) })),
  fc.integer({ min: 30, max: 60 }).map((depth) => ({ type: 'application/json', bytes: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'application/json', bytes: text })),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 6 }).map((fields) => ({ type: 'application/x-www-form-urlencoded', bytes: new URLSearchParams(fields).toString() })),
  fc.constantFrom(
    { type: 'application/x-www-form-urlencoded', bytes: `a${'[b]'.repeat(40)}=1` },
    { type: 'text/plain', bytes: 'hello' },
    { type: 'application/json; charset=utf-16', bytes: '{}' },
    { type: 'application/json', bytes: '\u0000\uFFFF' },
  ),
);
const query = fc.dictionary(
  fc.constantFrom('per_page', 'page', 'search', 'orderby', 'order', 'include', 'include[]', '_fields', 'context', 'status', 'after', 'before', 'format', 'mode', 'width', 'force', 'barcode', 'posts_per_page', '_method', 'dates_are_gmt'),
  fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: -10, max: 1_000_000 }).map(String), fc.constantFrom('-1', '%ZZ', 'edit', 'bogus', '0', 'id,date_modified_gmt')),
  { maxKeys: 3 },
);

function send(server: TestServer, method: string, path: string, token: string, payload: { type: string; bytes: string } | undefined): Promise<{ status: number; text: string }> {
  const url = new URL(server.apiUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (payload) {
      headers['content-type'] = payload.type;
      headers['content-length'] = String(Buffer.byteLength(payload.bytes));
    }
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: `${url.pathname}${path}`, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, text }); });
    });
    req.on('error', reject);
    req.end(payload?.bytes);
  });
}

/**
 * A bounded property-based fuzz over every route of the policy table, as administrator and cashier:
 * no answer is a 5xx, every error has the WordPress shape with data.status equal to the HTTP status,
 * and no body carries internals. A fixed seed keeps a failure reproducible.
 */
describe('fuzzing every route of the policy table', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer();
    tokens.administrator = (await login(server, 'administrator')).access_token;
    tokens.cashier = (await login(server, 'cashier')).access_token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('never answers a 5xx, always the error shape, never internals', async () => {
    const request = fc.record({
      route: fc.constantFrom(...ROUTES),
      role: fc.constantFrom('administrator', 'cashier'),
      segments: fc.array(pathSegment, { minLength: 3, maxLength: 3 }),
      query,
      body: fc.option(body, { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, role, segments, query: params, body: payload }) => {
        let index = 0;
        const path = route.path.replace(/\{\w+\}/g, () => segments[index++] ?? '1');
        const search = Object.entries(params).map(([key, value]) => `${encodeURIComponent(key)}=${value === '%ZZ' ? value : encodeURIComponent(value)}`).join('&');
        const response = await send(server, route.method, `${path}${search ? `?${search}` : ''}`, tokens[role]!, route.method === 'GET' ? undefined : payload);
        expect(response.status, `${route.method} ${path}?${search}`).toBeLessThan(500);
        expect(response.text).not.toMatch(/SQLITE_|SqliteError|\bSELECT\b.+\bFROM\b|\n\s+at |node_modules/);
        if (response.status >= 400) {
          expect(response.text, `${route.method} ${path}: ${response.status}`).toMatch(/^\{/);
          const error = JSON.parse(response.text) as { code: unknown; message: unknown; data: { status: unknown } };
          expect(typeof error.code).toBe('string');
          expect(typeof error.message).toBe('string');
          expect(error.data.status).toBe(response.status);
        }
      }),
      { numRuns: 2500, seed: 20261122, endOnFailure: true },
    );
    // The server still answers correctly afterwards.
    const after = await api(server, 'GET', '/auth/test', { token: tokens.cashier });
    expect(after.status).toBe(200);
    expect(after.body.authenticated).toBe(true);
  }, 120_000);
});
