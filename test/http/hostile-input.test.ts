import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** One raw request, so that the test controls every byte of the path, the headers and the body. */
function raw(
  server: TestServer,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; body: any }> {
  const url = new URL(server.apiUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
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

/**
 * The five causes of the 319 answers of 500 that a hostile-client run found in 20,986 requests,
 * reproduced over HTTP against 940d470 before the fix (the regressions below), and their neighbours.
 */
describe('hostile input is a 4xx with the WordPress error body, never a 500', () => {
  const { server, tokens } = useServer({ roles: ['cashier', 'administrator'] });
  const auth = () => ({ authorization: `Bearer ${tokens.cashier}` });

  it('regression 1: broken percent-encoding in a path (no token needed) was a 500', async () => {
    expectErrorBody(await raw(server, { method: 'GET', path: '/pos/v1/orders/%ZZ' }), 400);
    expectErrorBody(await raw(server, { method: 'GET', path: '/pos/v1/orders/%ZZ', headers: auth() }), 400);
  });

  it('regression 2: a Content-Encoding: gzip header over a body that is not gzip was a 500; an unknown encoding is 415', async () => {
    const lie = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: '{"line_items":[]}',
    });
    expectErrorBody(lie, 400);
    const unknown = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'zstd-nonsense' },
      body: '{}',
    });
    expectErrorBody(unknown, 415);
    // A real gzip body still works.
    const real = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth(), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync('{}'),
    });
    expect(real.status).toBe(201);
  });

  it('regression 3: a form body of 1,001 fields was a 500 (and its raw body went to the log)', async () => {
    const fields = Array.from({ length: 1001 }, (_, index) => `f${index}=1`).join('&');
    const response = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: fields,
    });
    expectErrorBody(response, 413);
    expect(response.body.code).toBe('rest_request_too_large');
    const atLimit = Array.from({ length: 1000 }, (_, index) => `f${index}=1`).join('&');
    expect(
      (
        await raw(server, {
          method: 'POST',
          path: '/pos/v1/orders',
          headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
          body: atLimit,
        })
      ).status,
    ).toBe(201);
  });

  it('regression 4: a form body nested 33 levels was a 500', async () => {
    const nested = `a${'[b]'.repeat(33)}=1`;
    const response = await raw(server, {
      method: 'POST',
      path: '/pos/v1/orders',
      headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
      body: nested,
    });
    expectErrorBody(response, 400);
    expect(response.body.code).toBe('rest_invalid_body');
  });

  it('regression 5: JSON nested thousands of levels inside meta_data overflowed the stack (a 500); it is refused before any handler walks it', async () => {
    // 4,000 levels was the report; 10,000 overflowed on a 2-core test machine, where the limit is the stack size.
    for (const depth of [4000, 10_000]) {
      for (const [open, close] of [
        ['[', ']'],
        ['{"a":', '}'],
      ] as const) {
        const deep = `{"name":"Deep","meta_data":[{"key":"x","value":${open.repeat(depth)}1${close.repeat(depth)}}]}`;
        for (const path of ['/pos/v1/orders', '/pos/v1/stores']) {
          const response = await raw(server, {
            method: 'POST',
            path,
            headers: { authorization: `Bearer ${tokens.administrator}`, 'content-type': 'application/json' },
            body: deep,
          });
          expectErrorBody(response, 400);
          expect(response.body.code).toBe('rest_invalid_json');
        }
      }
    }
    // 32 levels is still fine; brackets inside strings do not count.
    const shallow = `{"meta_data":[{"key":"x","value":"${'['.repeat(100)}"}]}`;
    expect(
      (await raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json' }, body: shallow })).status,
    ).toBe(201);
  });

  it('a Host that is not host[:port] is refused as foreign', async () => {
    for (const host of [
      'localhost:80:90',
      'localhost/evil',
      'local host',
      'localhost:abc',
      '127.0.0.1:8787@evil.net',
      'localhost:99999',
      'localhost:0',
      'localhost:',
      '[::1',
    ]) {
      expectErrorBody(await raw(server, { method: 'GET', path: '/pos/v1/auth/test', headers: { host } }), 403);
    }
    expect((await raw(server, { method: 'GET', path: '/pos/v1/auth/test', headers: { host: 'localhost:8787' } })).status).toBe(200);
  });

  it('any other failure to read a body is a 4xx: other lying encodings, truncated gzip, a body inflating past 1 MiB, stacked encodings', async () => {
    const post = (headers: Record<string, string>, body: Buffer | string) =>
      raw(server, { method: 'POST', path: '/pos/v1/orders', headers: { ...auth(), 'content-type': 'application/json', ...headers }, body });
    expectErrorBody(await post({ 'content-encoding': 'deflate' }, '{}'), 400);
    expectErrorBody(await post({ 'content-encoding': 'br' }, '{}'), 400);
    expectErrorBody(await post({ 'content-encoding': 'gzip' }, gzipSync('{"line_items":[]}').subarray(0, 12)), 400);
    expectErrorBody(await post({ 'content-encoding': 'gzip' }, gzipSync(Buffer.alloc(20_000_000, 0x20))), 413);
    expectErrorBody(await post({ 'content-encoding': 'gzip, gzip' }, gzipSync(gzipSync('{}'))), 415);
    expectErrorBody(await post({ 'content-type': 'application/json; charset=latin1' }, '{}'), 415);
    expect((await post({ 'content-encoding': 'identity' }, '{}')).status).toBe(201);
  });

  it('data.status is the HTTP status in every kind of error body', async () => {
    const manager = (await login(server, 'shop_manager')).access_token;
    const cases: Array<[Promise<{ status: number; body: any }>, number]> = [
      [raw(server, { method: 'GET', path: '/pos/v1/no-such-route' }), 404],
      [raw(server, { method: 'GET', path: '/pos/v1/orders' }), 401],
      [raw(server, { method: 'GET', path: '/pos/v1/orders', headers: { authorization: 'Bearer nonsense' } }), 403],
      [raw(server, { method: 'GET', path: '/pos/v1/settings/general', headers: auth() }), 403],
      [raw(server, { method: 'GET', path: '/pos/v1/orders/999999', headers: auth() }), 404],
      [raw(server, { method: 'GET', path: '/pos/v1/orders?per_page=-1', headers: auth() }), 400],
      [raw(server, { method: 'POST', path: '/pos/v1/customers', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"email":' }), 400],
      [
        raw(server, {
          method: 'PATCH',
          path: '/pos/v1/users/999999',
          headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
          body: '{}',
        }),
        404,
      ],
    ];
    for (const [pending, status] of cases) expectErrorBody(await pending, status);
  });

  it('a refused order state reports the HTTP status in data.status and the order status apart', async () => {
    const order = await api(server, 'POST', '/orders', { token: tokens.cashier, body: {} });
    const refund = await api(server, 'POST', `/orders/${order.body.id}/refunds`, { token: tokens.cashier, body: { amount: '1.00' } });
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
    const response = await api(server, 'GET', '/products?per_page=1', { token: tokens.cashier });
    expect(response.status).toBe(200);
  });
});
