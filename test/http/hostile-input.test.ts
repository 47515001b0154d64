import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';

/** One raw request, so that the test controls every byte of the path, the headers and the body. */
function raw(server: TestServer, options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string }): Promise<{ status: number; body: any }> {
  const url = new URL(server.apiUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: unknown = text;
        try { body = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The WordPress error shape, with data.status equal to the HTTP status and nothing of the internals. */
function expectErrorBody(response: { status: number; body: any }, status: number): void {
  expect(response.status).toBe(status);
  expect(typeof response.body.code).toBe('string');
  expect(typeof response.body.message).toBe('string');
  expect(response.body.data.status).toBe(status);
  expect(JSON.stringify(response.body)).not.toMatch(/SQLITE|SELECT |at \/|\.ts:\d|node_modules|password/i);
}

describe('hostile input is a 4xx with the WordPress error body, never a 500', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await login(server, 'cashier')).access_token;
  });
  afterAll(async () => {
    await server.close();
  });
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('broken percent-encoding in a path (no token needed)', async () => {
    expectErrorBody(await raw(server, { method: 'GET', path: '/pos/v1/orders/%ZZ' }), 400);
    expectErrorBody(await raw(server, { method: 'GET', path: '/pos/v1/orders/%ZZ', headers: auth() }), 400);
  });

  it('a Content-Encoding: gzip header over a body that is not gzip, and an unknown encoding', async () => {
    const lie = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: '{"line_items":[]}' });
    expectErrorBody(lie, 400);
    const unknown = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'zstd-nonsense' }, body: '{}' });
    expectErrorBody(unknown, 415);
    // A real gzip body still works.
    const real = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{}') });
    expect(real.status).toBe(201);
  });

  it('a form body of 1,001 fields and a form body nested 33 levels', async () => {
    const fields = Array.from({ length: 1001 }, (_, index) => `f${index}=1`).join('&');
    expectErrorBody(await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, body: fields }), 413);
    const nested = `a${'[b]'.repeat(33)}=1`;
    expectErrorBody(await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, body: nested }), 400);
  });

  it('JSON nested 4,000 levels inside meta_data is refused before any handler walks it', async () => {
    const deep = `{"meta_data":[{"key":"x","value":${'['.repeat(4000)}${']'.repeat(4000)}}]}`;
    const response = await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json' }, body: deep });
    expectErrorBody(response, 400);
    expect(response.body.code).toBe('rest_invalid_json');
    // 32 levels is still fine; brackets inside strings do not count.
    const shallow = `{"meta_data":[{"key":"x","value":"${'['.repeat(100)}"}]}`;
    expect((await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json' }, body: shallow })).status).toBe(201);
  });

  it('a Host that is not host[:port] is refused as foreign', async () => {
    for (const host of ['localhost:80:90', 'localhost/evil', 'local host', 'localhost:abc', '127.0.0.1:8787@evil.net']) {
      expectErrorBody(await raw(server, { method: 'GET', path: '/pos/v1/auth/test', headers: { host } }), 403);
    }
    expect((await raw(server, { method: 'GET', path: '/pos/v1/auth/test', headers: { host: 'localhost:8787' } })).status).toBe(200);
  });

  it('a refused order state reports the HTTP status in data.status and the order status apart', async () => {
    const order = await api(server, 'POST', '/orders', { token, body: {} });
    const refund = await api(server, 'POST', `/orders/${order.body.id}/refunds`, { token, body: { amount: '1.00' } });
    expectErrorBody(refund, 400);
    expect(refund.body.data.order_status).toBe('pending');
  });

  it('an unexpected fault answers the generic 500 body, without SQL or a stack', async () => {
    const spare = await startTestServer();
    try {
      const admin = (await login(spare, 'administrator')).access_token;
      withDb(spare, (db) => db.exec('ALTER TABLE customers RENAME TO customers_gone'));
      const response = await api(spare, 'GET', '/customers', { token: admin });
      expectErrorBody(response, 500);
      expect(response.body.code).toBe('pos_internal_error');
    } finally {
      await spare.close();
    }
  });

  it('still answers normally afterwards', async () => {
    const response = await api(server, 'GET', '/products?per_page=1', { token });
    expect(response.status).toBe(200);
  });
});
