import { describe, expect, it } from 'vitest';
import { CouponsRepository } from '../../server/data/repositories/coupons.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const ids: Record<string, number> = {};

const { server, tokens } = useServer({ roles: ['cashier'] }, () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const coupons = new CouponsRepository(db);
    ids.summer = coupons.create({
      code: 'Summer10',
      amount: '10',
      discount_type: 'percent',
      description: 'Ten percent off in summer',
      date_expires_gmt: '2030-09-01T00:00:00',
      usage_limit: 100,
      individual_use: true,
      exclude_sale_items: true,
      product_categories: [3, 4],
      email_restrictions: ['*@example.com'],
      minimum_amount: '20',
      date_created_gmt: '2025-06-01T09:00:00',
    }).id;
    ids.five = coupons.create({
      code: 'FIVEOFF',
      amount: '5.00',
      discount_type: 'fixed_cart',
      description: 'Five off the basket',
      date_created_gmt: '2025-06-02T09:00:00',
    }).id;
    ids.muffin = coupons.create({
      code: 'muffin-deal',
      amount: '0.5',
      discount_type: 'fixed_product',
      product_ids: [42],
      limit_usage_to_x_items: 2,
      date_created_gmt: '2025-06-03T09:00:00',
    }).id;
    ids.trashed = coupons.create({ code: 'OLDCODE', amount: '1', status: 'trash', date_created_gmt: '2025-06-04T09:00:00' }).id;
  } finally {
    db.close();
  }
});

interface Coupon {
  id: number;
  code: string;
  [field: string]: unknown;
}
const get = (path: string) => api<Coupon[]>(server, 'GET', path, { token: tokens.cashier });
const codes = (body: Array<{ code: string }>) => body.map((coupon) => coupon.code);

describe('GET /coupons', () => {
  it('lists coupons newest first, without trashed ones, in the WooCommerce shape', async () => {
    const response = await get('/coupons');
    expect(response.status).toBe(200);
    expect(codes(response.body)).toEqual(['muffin-deal', 'FIVEOFF', 'Summer10']);
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.body[2]).toEqual({
      id: ids.summer,
      code: 'Summer10',
      amount: '10.00',
      status: 'publish',
      date_created: '2025-06-01T09:00:00',
      date_created_gmt: '2025-06-01T09:00:00',
      date_modified: '2025-06-01T09:00:00',
      date_modified_gmt: '2025-06-01T09:00:00',
      discount_type: 'percent',
      description: 'Ten percent off in summer',
      date_expires: '2030-09-01T00:00:00',
      date_expires_gmt: '2030-09-01T00:00:00',
      usage_count: 0,
      individual_use: true,
      product_ids: [],
      excluded_product_ids: [],
      usage_limit: 100,
      usage_limit_per_user: null,
      limit_usage_to_x_items: null,
      free_shipping: false,
      product_categories: [3, 4],
      excluded_product_categories: [],
      exclude_sale_items: true,
      minimum_amount: '20.00',
      maximum_amount: '0.00',
      email_restrictions: ['*@example.com'],
      used_by: [],
      meta_data: [],
      _links: { self: [{ href: `${server.apiUrl}/coupons?include=${ids.summer}` }], collection: [{ href: `${server.apiUrl}/coupons` }] },
    });
    expect(response.body[0]).toMatchObject({ amount: '0.50', discount_type: 'fixed_product', product_ids: [42], limit_usage_to_x_items: 2 });
  });

  it('finds a coupon by exact code, case-insensitively', async () => {
    expect(codes((await get('/coupons?code=summer10')).body)).toEqual(['Summer10']);
    expect(codes((await get('/coupons?code=SUMMER10')).body)).toEqual(['Summer10']);
    expect(codes((await get('/coupons?code=Muffin-Deal')).body)).toEqual(['muffin-deal']);
    expect((await get('/coupons?code=summer')).body).toEqual([]);
    expect((await get('/coupons?code=oldcode')).body).toEqual([]);
  });

  it('searches code and description, filters include/exclude, orders and pages', async () => {
    expect(codes((await get('/coupons?search=off')).body)).toEqual(['FIVEOFF', 'Summer10']);
    expect(codes((await get(`/coupons?include=${ids.five},${ids.summer}&orderby=include&order=asc`)).body)).toEqual(['FIVEOFF', 'Summer10']);
    expect(codes((await get(`/coupons?exclude=${ids.five}`)).body)).toEqual(['muffin-deal', 'Summer10']);
    expect(codes((await get('/coupons?orderby=title&order=asc')).body)).toEqual(['FIVEOFF', 'muffin-deal', 'Summer10']);
    expect(codes((await get('/coupons?orderby=id&order=asc')).body)).toEqual(['Summer10', 'FIVEOFF', 'muffin-deal']);
    expect(codes((await get('/coupons?after=2025-06-01T12:00:00&order=asc')).body)).toEqual(['FIVEOFF', 'muffin-deal']);
    const page = await get('/coupons?per_page=2&page=2');
    expect(codes(page.body)).toEqual(['Summer10']);
    expect(page.headers.get('x-wp-totalpages')).toBe('2');
    expect((await get('/coupons?per_page=-1')).status).toBe(400);
    expect((await get('/coupons?orderby=amount')).status).toBe(400);
  });
});

describe('CouponsRepository for the order engine', () => {
  it('finds by code case-insensitively and counts uses with used_by', async () => {
    const db = openDataDirDatabase(server.dataDir);
    try {
      const coupons = new CouponsRepository(db);
      const found = coupons.findByCode('  fiveoff ');
      expect(found).toMatchObject({
        id: ids.five,
        code: 'FIVEOFF',
        amount: '5.00',
        discount_type: 'fixed_cart',
        usage_count: 0,
        usage_limit: null,
        used_by: [],
        minimum_amount: '',
        individual_use: false,
      });
      expect(coupons.findByCode('oldcode')).toBeUndefined();
      coupons.incrementUsage(ids.five!, '12');
      coupons.incrementUsage(ids.five!, 'guest@example.com');
      expect(coupons.findByCode('FIVEOFF')).toMatchObject({ usage_count: 2, used_by: ['12', 'guest@example.com'] });
    } finally {
      db.close();
    }
    const listed = await get('/coupons?code=fiveoff');
    expect(listed.body[0]).toMatchObject({ usage_count: 2, used_by: ['12', 'guest@example.com'] });
  });
});
