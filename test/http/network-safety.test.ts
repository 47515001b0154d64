import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { api, login, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** A raw request, so that Host and Origin can be set as a browser or an attacker would. */
function raw(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(`${server.apiUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

let port: string;
const trustedOrigin = 'https://pos.example.com';

const { server } = useServer({ roles: [], serve: { allowedOrigins: [trustedOrigin], allowedHosts: ['till-1.local'] } }, () => {
  port = new URL(server.origin).port;
});

describe('Host allow-list (DNS rebinding)', () => {
  it.each(['localhost', '127.0.0.1', '[::1]', 'till-1.local', 'TILL-1.local'])('accepts %s with a port', async (host) => {
    const response = await raw(server, 'GET', '/auth/test', { host: `${host}:${port}` });
    expect(response.status).toBe(200);
  });

  it.each(['evil.example', '127.0.0.1.evil.example', '192.168.1.20', 'localhost.'])('refuses %s with 403 pos_rest_bad_host', async (host) => {
    const response = await raw(server, 'GET', '/auth/test', { host: `${host}:${port}` });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'pos_rest_bad_host', data: { status: 403 } });
  });
});

describe('CORS', () => {
  const host = () => `127.0.0.1:${port}`;

  it('answers a preflight from an allowed origin and exposes the paging headers', async () => {
    const response = await raw(server, 'OPTIONS', '/products', {
      host: host(),
      origin: trustedOrigin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(trustedOrigin);
    expect(response.headers['access-control-allow-headers']).toContain('Authorization');
    expect(response.headers['access-control-expose-headers']).toContain('X-WP-Total');
  });

  it('refuses look-alikes of an allowed origin', async () => {
    for (const origin of [
      'https://pos.example.com.evil.net',
      'https://pos.example.com:444',
      'http://pos.example.com',
      'https://evil-pos.example.com',
      'null',
    ]) {
      const response = await raw(server, 'GET', '/auth/test', { host: host(), origin });
      expect(response.status, origin).toBe(403);
      expect(JSON.parse(response.body).code).toBe('pos_rest_bad_origin');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('marks real responses for an allowed origin', async () => {
    const response = await raw(server, 'GET', '/auth/test', { host: host(), origin: trustedOrigin });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(trustedOrigin);
    const exposed = String(response.headers['access-control-expose-headers']);
    // X-Tillbase-Sale-Copies: a web client of another origin reads where its sale is held (docs/several-tills.md).
    for (const header of ['X-WP-Total', 'X-WP-TotalPages', 'Link', 'X-Tillbase-Sale-Copies']) expect(exposed).toContain(header);
  });

  it('refuses other origins before anything runs', async () => {
    const body = JSON.stringify({ username: 'test-admin', password: 'admin-password-1' });
    for (const method of ['OPTIONS', 'POST']) {
      const response = await raw(
        server,
        method,
        '/auth/login',
        method === 'POST'
          ? { host: host(), origin: 'https://evil.example', 'content-type': 'application/json', 'content-length': String(body.length) }
          : { host: host(), origin: 'https://evil.example', 'access-control-request-method': 'POST' },
        method === 'POST' ? body : undefined,
      );
      expect(response.status).toBe(403);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(response.body)).toMatchObject({ code: 'pos_rest_bad_origin' });
    }
  });

  it('needs no CORS for the app’s own origin', async () => {
    const response = await raw(server, 'GET', '/auth/test', { host: host(), origin: `http://${host()}` });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('request errors', () => {
  it('answers an unknown route or method with 404 rest_no_route, before authentication', async () => {
    for (const [method, path] of [
      ['GET', '/no-such-thing'],
      ['DELETE', '/products'],
      ['PUT', '/settings'],
    ] as const) {
      const response = await api(server, method, path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'rest_no_route', message: expect.any(String), data: { status: 404 } });
    }
  });

  it('answers unparseable JSON with 400 rest_invalid_json, after the access checks', async () => {
    const { access_token } = await login(server, 'cashier');
    const allowed = await api(server, 'POST', '/customers', { token: access_token, body: '{"email": ' });
    expect(allowed.status).toBe(400);
    expect(allowed.body).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
    // A refused caller gets 403 whatever the body.
    const refused = await api(server, 'POST', '/stores', { token: access_token, body: '{"name": ' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'pos_rest_forbidden' });
  });

  it('answers a body over 1 MiB with 413 rest_request_too_large', async () => {
    const { access_token } = await login(server, 'administrator');
    const response = await api(server, 'POST', '/customers', {
      token: access_token,
      body: JSON.stringify({ email: 'big@example.test', first_name: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
  });

  it('never shows a stack trace or SQL', async () => {
    const { access_token } = await login(server, 'administrator');
    const response = await api(server, 'GET', '/orders/99999999999999999999', { token: access_token });
    expect(response.status).toBeLessThan(500);
    expect(JSON.stringify(response.body)).not.toMatch(/SELECT|at \w+ \(|\.ts:\d+/);
  });
});

describe('login throttling', () => {
  it('locks a username after repeated failures with 429 and Retry-After, and the right password does not bypass it', async () => {
    const attempt = (password: string) => api(server, 'POST', '/auth/login', { body: { username: 'test-manager', password } });
    for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong-${i}`)).status).toBe(401);
    const locked = await attempt('manager-password-1');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'pos_auth_too_many_attempts', data: { status: 429 } });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Other users are not locked out by one user's failures.
    expect((await api(server, 'POST', '/auth/login', { body: { username: 'test-admin', password: 'admin-password-1' } })).status).toBe(200);
  });
});
