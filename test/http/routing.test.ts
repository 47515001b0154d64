import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api, login, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** One raw request with a body of the test's choosing, whatever the method (Node's client sends a GET's body without a length unless told). */
function raw(
  server: TestServer,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const url = new URL(server.apiUrl);
  return new Promise((resolve, reject) => {
    const headers =
      options.body === undefined || options.headers?.['transfer-encoding'] !== undefined
        ? options.headers
        : { 'content-length': String(Buffer.byteLength(options.body)), ...options.headers };
    const req = httpRequest({ host: url.hostname, port: url.port, method: options.method, path: options.path, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const { server, tokens } = useServer({ roles: ['cashier'] });

/**
 * The API's routers share one mount point that sends a request only to the routers with a route
 * for its first path segment: what Express would have matched, it still matches.
 */
describe('routing', () => {
  it('matches paths as Express does: any letter case, a trailing slash, the namespace root', async () => {
    const statuses = await api(server, 'GET', '/data/order_statuses', { token: tokens.cashier });
    expect(statuses.status).toBe(200);
    for (const path of ['/Data/Order_Statuses', '/DATA/order_statuses/']) {
      const response = await api(server, 'GET', path, { token: tokens.cashier });
      expect([path, response.status, response.body]).toEqual([path, 200, statuses.body]);
    }
    expect((await api(server, 'GET', '/PRODUCTS?per_page=1', { token: tokens.cashier })).status).toBe(200);
    expect((await api(server, 'GET', '/products/', { token: tokens.cashier })).status).toBe(200);
    const index = await api(server, 'GET', '/');
    expect([index.status, index.body.namespace]).toEqual([200, 'pos/v1']);
  });

  it('a path no router has is rest_no_route, whatever its first segment', async () => {
    for (const path of ['/nope', '/products/nope/nope', '/%70roducts', '//products']) {
      const response = await api(server, 'GET', path, { token: tokens.cashier });
      expect([path, response.status, response.body.code]).toEqual([path, 404, 'rest_no_route']);
    }
  });

  it('the second router of a segment answers what the first does not have (POST /products after GET /products)', async () => {
    const admin = (await login(server, 'administrator')).access_token;
    const created = await api(server, 'POST', '/products', { token: admin, body: { name: 'Routed', regular_price: '1.00' } });
    expect(created.status).toBe(201);
    expect((await api(server, 'GET', `/products/${created.body.id}`, { token: tokens.cashier })).body.name).toBe('Routed');
    expect((await api(server, 'GET', '/products/categories', { token: tokens.cashier })).status).toBe(200);
  });
});

describe('bodies', () => {
  const json = { 'content-type': 'application/json' };
  it('a GET does not read a body, even one that would be refused', async () => {
    const auth = { authorization: `Bearer ${tokens.cashier}` };
    const broken = await raw(server, { method: 'GET', path: '/pos/v1/data/order_statuses', headers: { ...auth, ...json }, body: '{broken' });
    expect([broken.status, broken.body]).toEqual([200, expect.any(Array)]);
    const deep = await raw(server, { method: 'GET', path: '/pos/v1/data/order_statuses', headers: { ...auth, ...json }, body: '['.repeat(10_000) });
    expect(deep.status).toBe(200);
    // POST ?_method=GET is routed as the GET: a list, whatever the body says.
    const overridden = await raw(server, { method: 'POST', path: '/pos/v1/orders?_method=GET', headers: { ...auth, ...json }, body: '{broken' });
    expect([overridden.status, Array.isArray(overridden.body)]).toEqual([200, true]);
  });

  it('other methods still parse and refuse bodies, with or without a Content-Type, and read no body that is not there', async () => {
    const auth = { authorization: `Bearer ${tokens.cashier}` };
    const broken = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth, ...json }, body: '{broken' });
    expect([broken.status, broken.body.code]).toEqual([400, 'rest_invalid_json']);
    const deep = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth, ...json }, body: '['.repeat(100) });
    expect(deep.status).toBe(400);
    const form = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: `a${'[b]'.repeat(20)}=1`,
    });
    expect(form.status).toBe(400);
    // Without a body, a POST is validated as an empty one.
    const empty = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: auth });
    expect(empty.status).toBe(201);
    const chunked = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth, ...json, 'transfer-encoding': 'chunked' },
      body: '{"customer_note":"chunked"}',
    });
    expect([chunked.status, chunked.body.customer_note]).toEqual([201, 'chunked']);
  });
});
