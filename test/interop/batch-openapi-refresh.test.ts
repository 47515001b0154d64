import { describe, expect, it } from 'vitest';
import { ConfigError, defaultServeOptions } from '../../server/config.js';
import { ENDPOINT_POLICIES } from '../../server/domain/access/policy.js';
import { api, login, startTestServer, type TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { validate, type Schema } from './validate.js';

const { server, tokens, catalogue } = useServer({ roles: ['administrator', 'cashier'], store: 'uk', catalogue: 'sale' });

describe('batch', () => {
  it('answers each item of a mixed batch on its own: results and errors in WooCommerce’s shape', async () => {
    const existing = await api(server, 'POST', '/customers', { token: tokens.administrator, body: { email: 'old@example.test', first_name: 'Old' } });
    const response = await api(server, 'POST', '/customers/batch', {
      token: tokens.cashier,
      body: {
        create: [{ email: 'new@example.test', first_name: 'New' }, { email: 'not-an-email' }],
        update: [
          { id: existing.body.id, last_name: 'Timer' },
          { id: 999_999, last_name: 'Ghost' },
        ],
        delete: [existing.body.id],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.create[0]).toMatchObject({ email: 'new@example.test', first_name: 'New' });
    expect(response.body.create[1]).toMatchObject({ id: 0, error: { code: 'rest_invalid_param', data: { status: 400 } } });
    expect(response.body.update[0]).toMatchObject({ id: existing.body.id, last_name: 'Timer' });
    expect(response.body.update[1]).toMatchObject({ id: 999_999, error: { data: { status: 404 } } });
    expect(response.body.delete[0]).toMatchObject({ id: existing.body.id, error: { code: 'pos_rest_customer_cannot_delete' } });
    expect((await api(server, 'GET', `/customers/${existing.body.id}`, { token: tokens.cashier })).body.last_name).toBe('Timer');
    const orders = await api(server, 'POST', '/orders/batch', {
      token: tokens.cashier,
      body: { create: [{ line_items: [{ product_id: catalogue.coffee, quantity: 1 }] }, { line_items: [{ product_id: 999_999 }] }] },
    });
    expect(orders.body.create[0]).toMatchObject({ status: 'pending', created_via: 'pos' });
    expect(orders.body.create[1].error.data.status).toBe(400);
  });

  it('refuses each item of a cashier’s product batch by capability, and answers 200', async () => {
    const response = await api(server, 'POST', '/products/batch', {
      token: tokens.cashier,
      body: { create: [{ name: 'Scone', regular_price: '2.00' }], update: [{ id: catalogue.coffee, regular_price: '0.01' }], delete: [catalogue.tea] },
    });
    expect(response.status).toBe(200);
    for (const section of ['create', 'update', 'delete']) {
      expect(response.body[section][0].error, section).toMatchObject({ code: 'pos_rest_forbidden', data: { status: 403, capability: 'manage_products' } });
    }
    expect((await api(server, 'GET', `/products/${catalogue.coffee}`, { token: tokens.cashier })).body.regular_price).toBe('10.00');
    expect((await api(server, 'GET', `/products/${catalogue.tea}`, { token: tokens.cashier })).status).toBe(200);
    const managed = await api(server, 'POST', '/products/batch', { token: tokens.administrator, body: { create: [{ name: 'Scone', regular_price: '2.00' }] } });
    expect(managed.body.create[0]).toMatchObject({ name: 'Scone', price: '2.00' });
  });

  it('takes at most 100 items in all, and needs a token', async () => {
    const tooMany = await api(server, 'POST', '/customers/batch', {
      token: tokens.cashier,
      body: { create: [], update: [], delete: Array.from({ length: 101 }, (_, index) => index + 1) },
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'pos_rest_batch_too_large']);
    expect((await api(server, 'POST', '/orders/batch', { body: { create: [] } })).status).toBe(401);
  });
});

describe('the API describes itself', () => {
  it('GET /pos/v1 is the WordPress namespace index', async () => {
    const response = await api(server, 'GET', '');
    expect(response.status).toBe(200);
    expect(response.body.namespace).toBe('pos/v1');
    const products = response.body.routes['/pos/v1/products'];
    expect(products.methods).toEqual(expect.arrayContaining(['GET', 'POST']));
    const get = products.endpoints.find((endpoint: { methods: string[] }) => endpoint.methods[0] === 'GET');
    expect(get.args.orderby.enum).toEqual(expect.arrayContaining(['popularity', 'rating']));
    expect(response.body.routes['/pos/v1/products/(?P<id>[\\d]+)'].methods).toEqual(expect.arrayContaining(['GET', 'PATCH', 'DELETE']));
  });

  it('serves an OpenAPI 3.1 document with every policy route and its capability, against which real requests and answers validate', async () => {
    const response = await api(server, 'GET', '/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body as {
      openapi: string;
      paths: Record<
        string,
        Record<
          string,
          Schema & {
            'x-capability': string;
            parameters: Array<{ name: string; in: string; schema: Schema }>;
            requestBody?: { content: { 'application/json': { schema: Schema } } };
          }
        >
      >;
    } & Schema;
    expect(document.openapi).toBe('3.1.0');
    for (const policy of ENDPOINT_POLICIES) {
      expect(document.paths[policy.path]?.[policy.method.toLowerCase()]?.['x-capability'], `${policy.method} ${policy.path}`).toBe(policy.access);
    }
    const bodyOf = (path: string, method: string) => document.paths[path]?.[method]?.requestBody?.content['application/json'].schema ?? {};
    const order = { line_items: [{ product_id: catalogue.coffee, quantity: 2 }], fee_lines: [{ name: 'Wrap', total: '1.00' }] };
    expect(validate(order, bodyOf('/orders', 'post'))).toEqual([]);
    expect(validate({ line_items: 'none' }, bodyOf('/orders', 'post'))).not.toEqual([]);
    expect((await api(server, 'POST', '/orders', { token: tokens.cashier, body: order })).status).toBe(201);
    const customer = { email: 'doc@example.test', first_name: 'Doc' };
    expect(validate(customer, bodyOf('/customers', 'post'))).toEqual([]);
    expect((await api(server, 'POST', '/customers', { token: tokens.cashier, body: customer })).status).toBe(201);
    const orderby = document.paths['/products']?.get?.parameters.find((parameter) => parameter.name === 'orderby');
    expect(validate('popularity', orderby?.schema ?? {})).toEqual([]);
    expect(validate('bogus', orderby?.schema ?? {})).not.toEqual([]);
    const refused = await api(server, 'GET', '/settings/general', { token: tokens.cashier });
    expect(validate(refused.body, { $ref: '#/components/schemas/Error' }, document)).toEqual([]);
  });
});

describe('refresh rotation', () => {
  const refresh = (target: TestServer, token: string) => api(target, 'POST', '/auth/refresh', { body: { refresh_token: token } });

  it('is on unless TILLBASE_REFRESH_ROTATION=off', () => {
    expect(defaultServeOptions({}).refreshRotation).toBe(true);
    expect(defaultServeOptions({ TILLBASE_REFRESH_ROTATION: 'off' }).refreshRotation).toBe(false);
    expect(() => defaultServeOptions({ TILLBASE_REFRESH_ROTATION: 'maybe' })).toThrow(ConfigError);
  });

  it('on (the default): each refresh answers a new refresh token', async () => {
    const tokens = await login(server, 'cashier');
    const first = await refresh(server, tokens.refresh_token);
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('off: a client that keeps only the access token refreshes again and again with its first refresh token', async () => {
    const plain = await startTestServer({ refreshRotation: false });
    try {
      const tokens = await login(plain, 'cashier');
      for (let round = 0; round < 3; round += 1) {
        const answer = await refresh(plain, tokens.refresh_token);
        expect(answer.status, `round ${round}`).toBe(200);
        expect(answer.body.refresh_token).toBe(tokens.refresh_token);
        expect((await api(plain, 'GET', '/products', { token: answer.body.access_token })).status).toBe(200);
      }
      // Ending the session still ends the refresh token.
      await api(plain, 'POST', '/auth/logout', { token: tokens.access_token });
      expect((await refresh(plain, tokens.refresh_token)).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
