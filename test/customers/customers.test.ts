import { beforeAll, describe, expect, it } from 'vitest';
import { CustomersRepository } from '../../server/data/repositories/customers.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens } = useServer({ roles: ['cashier'] });

interface Customer {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  avatar_url: string;
  meta_data: unknown[];
  _links: { self: Array<{ href: string }> };
  [field: string]: unknown;
}
/** A customer, or an error body: the tests look at the fields that the status implies. */
type Body = Customer & { code: string; message: string; data: { status: number; params: Record<string, string> } };

const post = (body: unknown) => api<Body>(server, 'POST', '/customers', { token: tokens.cashier, body });
const patch = (id: number, body: unknown) => api<Body>(server, 'PATCH', `/customers/${id}`, { token: tokens.cashier, body });
const get = (path: string) => api<Body>(server, 'GET', path, { token: tokens.cashier });
const list = (path: string) => api<Customer[]>(server, 'GET', path, { token: tokens.cashier });

const BILLING = {
  first_name: 'Maya',
  last_name: 'Lindqvist',
  company: 'Lindqvist Design',
  address_1: '88 Valencia Street',
  address_2: 'Apt 4',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94103',
  country: 'us',
  email: 'billing@lindqvist.example',
  phone: '+1 415 555 0142',
};

describe('POST /customers', () => {
  it('creates a customer: 201, Location and the WooCommerce shape', async () => {
    const response = await post({
      email: 'Maya@Example.com',
      first_name: 'Maya',
      last_name: 'Lindqvist',
      billing: BILLING,
      shipping: { city: 'Oakland', country: 'US' },
      password: 'ignored',
      role: 'administrator',
    });
    expect(response.status).toBe(201);
    const id = response.body.id;
    expect(response.headers.get('location')).toBe(`${server.apiUrl}/customers/${id}`);
    expect(response.body).toMatchObject({
      id,
      email: 'Maya@Example.com',
      first_name: 'Maya',
      last_name: 'Lindqvist',
      role: 'customer',
      username: 'maya',
      is_paying_customer: false,
      billing: { ...BILLING, country: 'US' },
      shipping: {
        first_name: '',
        last_name: '',
        company: '',
        address_1: '',
        address_2: '',
        city: 'Oakland',
        state: '',
        postcode: '',
        country: 'US',
        phone: '',
      },
      meta_data: [],
    });
    expect(response.body).not.toHaveProperty('password');
    expect(response.body.date_created_gmt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(response.body.date_modified_gmt).toBe(response.body.date_created_gmt);
    expect(response.body.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?/);
    expect(response.body._links).toEqual({ self: [{ href: `${server.apiUrl}/customers/${id}` }], collection: [{ href: `${server.apiUrl}/customers` }] });

    const fetched = await get(`/customers/${id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(response.body);
  });

  it('refuses a duplicate email with 400 registration-error-email-exists, also when only the case differs', async () => {
    await post({ email: 'dup@example.com' });
    for (const email of ['dup@example.com', 'DUP@Example.COM']) {
      const response = await post({ email, first_name: 'Again' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('registration-error-email-exists');
      expect(response.body.message).toContain(email);
      expect(response.body.data.status).toBe(400);
    }
    expect((await list('/customers?search=dup@example.com')).headers.get('x-wp-total')).toBe('1');
  });

  it('makes generated usernames unique and refuses a taken explicit username', async () => {
    const first = await post({ email: 'sam@one.example' });
    const second = await post({ email: 'sam@two.example' });
    expect([first.body.username, second.body.username]).toEqual(['sam', 'sam2']);
    const taken = await post({ email: 'sam@three.example', username: 'SAM' });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe('registration-error-username-exists');
    const chosen = await post({ email: 'sam@four.example', username: 'sam.four' });
    expect(chosen.body.username).toBe('sam.four');
  });

  it('validates the body with 400 rest_invalid_param and data.params', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['email']],
      [{ email: 'not-an-email' }, ['email']],
      [{ email: 'ok@example.com', billing: { country: 'USA' } }, ['billing.country']],
      [{ email: 'ok@example.com', billing: { email: 'nope' } }, ['billing.email']],
      [{ email: 'ok@example.com', first_name: 42 }, ['first_name']],
      [{ email: 'ok@example.com', shipping: 'somewhere' }, ['shipping']],
      [{ email: 'ok@example.com', meta_data: [{ value: 1 }] }, ['meta_data[0].key']],
      [{ email: 'ok@example.com', username: '' }, ['username']],
      [{ email: 'ok@example.com', uuid: 'abc' }, ['uuid']],
    ];
    for (const [body, params] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('rest_invalid_param');
      expect(Object.keys(response.body.data.params)).toEqual(params);
    }
    expect((await post({})).body.data.params.email).toBe('email is required');
    expect((await list('/customers?email=ok@example.com')).body).toEqual([]);
  });

  it('keeps a client uuid (meta _pos_uuid) and answers a replay with the existing customer (200)', async () => {
    const uuid = '6f1c1f1e-0f7a-4c57-9a43-3f7b2a9d8e11';
    const first = await post({
      email: 'offline@example.com',
      first_name: 'Off',
      meta_data: [
        { key: '_pos_uuid', value: uuid },
        { key: 'loyalty', value: 'gold' },
      ],
    });
    expect(first.status).toBe(201);
    expect(first.body.meta_data).toEqual([
      { id: 1, key: 'loyalty', value: 'gold' },
      { id: 2, key: '_pos_uuid', value: uuid },
    ]);
    const replay = await post({ email: 'offline@example.com', first_name: 'Off', uuid: uuid.toUpperCase() });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('location')).toBeNull();
    expect(replay.body.id).toBe(first.body.id);

    const db = openDataDirDatabase(server.dataDir);
    try {
      expect(new CustomersRepository(db).findByUuid(uuid)?.id).toBe(first.body.id);
    } finally {
      db.close();
    }
  });
});

describe('PATCH /customers/{id}', () => {
  let id: number;

  beforeAll(() => {
    const db = openDataDirDatabase(server.dataDir);
    try {
      id = new CustomersRepository(db).create({
        email: 'patch.me@example.com',
        username: 'patchme',
        first_name: 'Pat',
        last_name: 'Chen',
        billing: { ...BILLING, country: 'US', first_name: 'Pat', last_name: 'Chen', email: 'patch.me@example.com' },
        date_created_gmt: '2024-05-01T08:00:00',
      }).id;
    } finally {
      db.close();
    }
  });

  it('updates only the fields sent and moves date_modified', async () => {
    const response = await patch(id, { last_name: 'Chen-Ruiz', billing: { phone: '+1 415 555 0199', city: 'Berkeley' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      email: 'patch.me@example.com',
      first_name: 'Pat',
      last_name: 'Chen-Ruiz',
      username: 'patchme',
      date_created_gmt: '2024-05-01T08:00:00',
      billing: { ...BILLING, country: 'US', first_name: 'Pat', last_name: 'Chen', email: 'patch.me@example.com', phone: '+1 415 555 0199', city: 'Berkeley' },
    });
    expect(response.body.date_modified_gmt > '2024-05-01T08:00:00').toBe(true);
    expect(Math.abs(Date.parse(`${response.body.date_modified_gmt}Z`) - Date.now())).toBeLessThan(60_000);
    expect((await get(`/customers/${id}`)).body.last_name).toBe('Chen-Ruiz');
  });

  it('changes the email, but not to one that another customer has (any case)', async () => {
    await post({ email: 'taken@example.com' });
    const refused = await patch(id, { email: 'TAKEN@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('registration-error-email-exists');
    const sameInOtherCase = await patch(id, { email: 'Patch.Me@Example.com' });
    expect(sameInOtherCase.status).toBe(200);
    expect(sameInOtherCase.body.email).toBe('Patch.Me@Example.com');
    const changed = await patch(id, { email: 'pat.chen@example.com' });
    expect(changed.body.email).toBe('pat.chen@example.com');
  });

  it('keeps the username immutable', async () => {
    const refused = await patch(id, { username: 'someone-else' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('woocommerce_rest_customer_invalid_argument');
    expect((await patch(id, { username: 'patchme', first_name: 'Patricia' })).body.first_name).toBe('Patricia');
  });

  it('upserts meta_data by id, then by key', async () => {
    const added = await patch(id, {
      meta_data: [
        { key: 'note', value: 'regular' },
        { key: 'tier', value: 'silver' },
      ],
    });
    expect(added.body.meta_data).toEqual([
      { id: 1, key: 'note', value: 'regular' },
      { id: 2, key: 'tier', value: 'silver' },
    ]);
    const updated = await patch(id, {
      meta_data: [
        { id: 1, key: 'note', value: 'VIP' },
        { key: 'tier', value: 'gold' },
      ],
    });
    expect(updated.body.meta_data).toEqual([
      { id: 1, key: 'note', value: 'VIP' },
      { id: 2, key: 'tier', value: 'gold' },
    ]);
  });

  it('validates like create and answers 404 for unknown ids', async () => {
    const invalid = await patch(id, { email: 'broken', billing: { country: 'Germany' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('rest_invalid_param');
    expect(Object.keys(invalid.body.data.params).sort()).toEqual(['billing.country', 'email']);
    const missing = await patch(987_654, { first_name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('pos_rest_customer_invalid_id');
  });
});

describe('GET /customers', () => {
  let ids: { zed: number; ana: number; bo: number };

  beforeAll(() => {
    const db = openDataDirDatabase(server.dataDir);
    try {
      const repository = new CustomersRepository(db);
      const add = (email: string, first: string, last: string, phone: string, created: string) =>
        repository.create({
          email,
          first_name: first,
          last_name: last,
          billing: { ...BILLING, first_name: first, last_name: last, email, phone, country: 'US' },
          date_created_gmt: created,
        }).id;
      ids = {
        zed: add('zed.abbott@search.example', 'Zed', 'Abbott', '+1 650 555 0101', '2023-01-01T00:00:00'),
        ana: add('ana.zimmer@search.example', 'Ana', 'Zimmer', '+1 650 555 0202', '2023-01-03T00:00:00'),
        bo: add('bo.mills@search.example', 'Bo', 'Mills', '+1 650 555 0303', '2023-01-02T00:00:00'),
      };
    } finally {
      db.close();
    }
  });

  it('searches first name, last name, email and billing phone case-insensitively', async () => {
    const names = async (search: string) => (await list(`/customers?search=${encodeURIComponent(search)}`)).body.map((customer) => customer.first_name);
    expect(await names('zIMMER')).toEqual(['Ana']);
    expect(await names('zed')).toEqual(['Zed']);
    expect(await names('BO.MILLS@')).toEqual(['Bo']);
    expect(await names('555 0303')).toEqual(['Bo']);
    expect(await names('search.example')).toEqual(['Zed', 'Bo', 'Ana']);
    expect(await names('nobody-like-this')).toEqual([]);
  });

  it('filters by exact email (any case), include and exclude', async () => {
    const idsOf = async (path: string) => (await list(path)).body.map((customer) => customer.id);
    expect(await idsOf('/customers?email=ANA.ZIMMER@search.example')).toEqual([ids.ana]);
    expect(await idsOf('/customers?email=ana@search.example')).toEqual([]);
    expect(await idsOf(`/customers?include=${ids.ana},${ids.bo}&orderby=id`)).toEqual([ids.ana, ids.bo]);
    expect(await idsOf(`/customers?search=search.example&exclude=${ids.zed}`)).toEqual([ids.bo, ids.ana]);
    expect((await get('/customers?email=nope')).status).toBe(400);
  });

  it('orders by name (default, asc), registered_date, id and include', async () => {
    const order = async (query: string) => (await list(`/customers?search=search.example&${query}`)).body.map((customer) => customer.id);
    expect(await order('')).toEqual([ids.zed, ids.bo, ids.ana]);
    expect(await order('order=desc')).toEqual([ids.ana, ids.bo, ids.zed]);
    expect(await order('orderby=registered_date')).toEqual([ids.zed, ids.bo, ids.ana]);
    expect(await order('orderby=registered_date&order=desc')).toEqual([ids.ana, ids.bo, ids.zed]);
    expect(await order('orderby=id&order=desc')).toEqual([ids.bo, ids.ana, ids.zed]);
    expect(await order(`orderby=include&include=${ids.bo},${ids.zed},${ids.ana}`)).toEqual([ids.bo, ids.zed, ids.ana]);
    expect((await get('/customers?orderby=nickname')).status).toBe(400);
  });

  it('pages with X-WP-Total, X-WP-TotalPages and Link', async () => {
    const response = await list('/customers?search=search.example&per_page=2&page=1');
    expect(response.body).toHaveLength(2);
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.headers.get('x-wp-totalpages')).toBe('2');
    expect(response.headers.get('link')).toMatch(/page=2>; rel="next"$/);
  });

  it('answers 404 pos_rest_customer_invalid_id for an unknown customer', async () => {
    const response = await get('/customers/424242');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('pos_rest_customer_invalid_id');
  });
});
