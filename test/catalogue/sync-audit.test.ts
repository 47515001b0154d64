import { beforeAll, describe, expect, it } from 'vitest';
import { api, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/** The offline-sync audit form (`per_page=-1&_fields=id,date_modified_gmt`) for customers and coupons too (issue 8, item 8). */

const { server, tokens } = useServer({ roles: ['cashier', 'shop_manager'] }, async () => {
  for (let index = 0; index < 12; index++) {
    await api(server, 'POST', '/customers', { token: tokens.cashier, body: { email: `audit-${index}@example.test`, first_name: `Audit ${index}` } });
    await api(server, 'POST', '/coupons', { token: tokens.shop_manager, body: { code: `AUDIT${index}`, amount: '1' } });
  }
});

describe('per_page=-1 with _fields=id,date_modified_gmt', () => {
  for (const [path, table] of [
    ['/customers', 'customers'],
    ['/coupons', 'coupons'],
  ] as const) {
    it(`${path} lists every id with its modification time in one answer`, async () => {
      const response = await api(server, 'GET', `${path}?per_page=-1&_fields=id,date_modified_gmt&orderby=id&order=asc`, { token: tokens.cashier });
      expect(response.status).toBe(200);
      const expected = withDb(server, (db) => db.prepare(`SELECT id, date_modified_gmt FROM ${table} ORDER BY id`).all());
      expect(response.body).toEqual(expected);
      expect(response.body).toHaveLength(12);
      expect(response.headers.get('x-wp-total')).toBe('12');
    });

    it(`${path} still refuses per_page=-1 without the audit fields`, async () => {
      const response = await api(server, 'GET', `${path}?per_page=-1`, { token: tokens.cashier });
      expect([response.status, Object.keys(response.body.data.params)]).toEqual([400, ['per_page']]);
    });
  }
});

describe('the products and variations audit, serialised by SQLite', () => {
  let shirt: number;
  let trashed: number;

  beforeAll(async () => {
    for (let index = 0; index < 15; index++) {
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: `Audited ${index}`, regular_price: '1.00', date_created_gmt: `2025-01-0${1 + (index % 3)}T10:00:00` },
      });
    }
    shirt = (
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: 'Audited shirt', type: 'variable', attributes: [{ name: 'Size', options: ['S', 'M', 'L'], variation: true }] },
      })
    ).body.id as number;
    trashed = (
      await api(server, 'POST', '/products', {
        token: tokens.shop_manager,
        body: { name: 'Audited gone', type: 'variable', attributes: [{ name: 'Size', options: ['S'], variation: true }] },
      })
    ).body.id as number;
    for (const [parent, size] of [
      [shirt, 'S'],
      [shirt, 'M'],
      [shirt, 'L'],
      [trashed, 'S'],
    ] as const) {
      const created = await api(server, 'POST', `/products/${parent}/variations`, {
        token: tokens.shop_manager,
        body: { regular_price: '5.00', attributes: [{ name: 'Size', option: size }] },
      });
      expect(created.status).toBe(201);
    }
    expect((await api(server, 'DELETE', `/products/${trashed}`, { token: tokens.shop_manager })).status).toBe(200);
  });

  /** The list's ids and dates, in its order, as SQL reads them apart from the server. */
  const expected = (kind: 'product' | 'variation', order: string) =>
    withDb(server, (db) =>
      db
        .prepare(
          kind === 'product'
            ? `SELECT id, date_modified_gmt FROM products WHERE type <> 'variation' AND status <> 'trash' ORDER BY ${order}`
            : `SELECT v.id, v.date_modified_gmt FROM products v JOIN products owner ON owner.id = v.parent_id WHERE v.type = 'variation' AND v.status <> 'trash' AND owner.status <> 'trash' ORDER BY ${order.replaceAll('date_created_gmt', 'v.date_created_gmt').replaceAll('id ', 'v.id ')}`,
        )
        .all(),
    );

  for (const [kind, path] of [
    ['product', '/products'],
    ['variation', '/products/variations'],
  ] as const) {
    it(`${path}: every id with its modification time, in the list's order, with the total`, async () => {
      for (const [query, order] of [
        ['', 'date_created_gmt DESC, id DESC'],
        ['&orderby=id&order=asc', 'id ASC, id ASC'],
        ['&orderby=date&order=asc', 'date_created_gmt ASC, id ASC'],
      ] as const) {
        const response = await api(server, 'GET', `${path}?per_page=-1&_fields=id,date_modified_gmt${query}`, { token: tokens.cashier });
        expect(response.status).toBe(200);
        const entries = expected(kind, order);
        expect(entries.length).toBeGreaterThan(2);
        expect(response.body, query).toEqual(entries);
        expect([response.headers.get('x-wp-total'), response.headers.get('x-wp-totalpages'), response.headers.get('content-type')]).toEqual([
          String(entries.length),
          '1',
          'application/json; charset=utf-8',
        ]);
      }
    });

    it(`${path}: the fields in the order asked, as _fields trims, byte for byte`, async () => {
      const entries = expected(kind, 'date_created_gmt DESC, id DESC') as Array<{ id: number; date_modified_gmt: string }>;
      const reversed = await fetch(`${server.apiUrl}${path}?per_page=-1&_fields=date_modified_gmt,id`, {
        headers: { authorization: `Bearer ${tokens.cashier}` },
      });
      expect(await reversed.text()).toBe(JSON.stringify(entries.map((entry) => ({ date_modified_gmt: entry.date_modified_gmt, id: entry.id }))));
      const asAsked = await fetch(`${server.apiUrl}${path}?per_page=-1&_fields=id,date_modified_gmt`, {
        headers: { authorization: `Bearer ${tokens.cashier}` },
      });
      expect(await asAsked.text()).toBe(JSON.stringify(entries.map((entry) => ({ id: entry.id, date_modified_gmt: entry.date_modified_gmt }))));
      const ids = await fetch(`${server.apiUrl}${path}?per_page=-1&_fields=id`, { headers: { authorization: `Bearer ${tokens.cashier}` } });
      expect(await ids.text()).toBe(JSON.stringify(entries.map((entry) => ({ id: entry.id }))));
    });
  }

  it('follows a write at once: the entry the index keeps (migration 17) carries the new modification time', async () => {
    const before = expected('product', 'date_created_gmt DESC, id DESC') as Array<{ id: number; date_modified_gmt: string }>;
    const target = before[before.length - 1];
    if (target === undefined) throw new Error('no product to change');
    withDb(server, (db) => db.prepare("UPDATE products SET date_modified_gmt = '2031-02-03T04:05:06' WHERE id = ?").run(target.id));
    const after = await fetch(`${server.apiUrl}/products?per_page=-1&_fields=id,date_modified_gmt`, { headers: { authorization: `Bearer ${tokens.cashier}` } });
    const text = await after.text();
    expect(text).toContain(`{"id":${target.id},"date_modified_gmt":"2031-02-03T04:05:06"}`);
    expect(text).toBe(JSON.stringify(expected('product', 'date_created_gmt DESC, id DESC')));
  });

  it('an empty audit is an empty list with a total of 0', async () => {
    const response = await api(server, 'GET', '/products?per_page=-1&_fields=id,date_modified_gmt&search=nothing-matches-this', { token: tokens.cashier });
    expect([response.status, response.body, response.headers.get('x-wp-total'), response.headers.get('x-wp-totalpages')]).toEqual([200, [], '0', '0']);
  });
});
