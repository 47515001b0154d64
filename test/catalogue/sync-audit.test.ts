import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startTestServer, type TestServer, withDb } from '../helpers/server.js';

/** The offline-sync audit form (`per_page=-1&_fields=id,date_modified_gmt`) for customers and coupons too (issue 8, item 8). */
let server: TestServer;
let token: string;
let manager: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server, 'cashier')).access_token;
  manager = (await login(server, 'shop_manager')).access_token;
  for (let index = 0; index < 12; index++) {
    await api(server, 'POST', '/customers', { token, body: { email: `audit-${index}@example.test`, first_name: `Audit ${index}` } });
    await api(server, 'POST', '/coupons', { token: manager, body: { code: `AUDIT${index}`, amount: '1' } });
  }
});

afterAll(async () => {
  await server.close();
});

describe('per_page=-1 with _fields=id,date_modified_gmt', () => {
  for (const [path, table] of [['/customers', 'customers'], ['/coupons', 'coupons']] as const) {
    it(`${path} lists every id with its modification time in one answer`, async () => {
      const response = await api(server, 'GET', `${path}?per_page=-1&_fields=id,date_modified_gmt&orderby=id&order=asc`, { token });
      expect(response.status).toBe(200);
      const expected = withDb(server, (db) => db.prepare(`SELECT id, date_modified_gmt FROM ${table} ORDER BY id`).all());
      expect(response.body).toEqual(expected);
      expect(response.body).toHaveLength(12);
      expect(response.headers.get('x-wp-total')).toBe('12');
    });

    it(`${path} still refuses per_page=-1 without the audit fields`, async () => {
      const response = await api(server, 'GET', `${path}?per_page=-1`, { token });
      expect([response.status, Object.keys(response.body.data.params)]).toEqual([400, ['per_page']]);
    });
  }
});
