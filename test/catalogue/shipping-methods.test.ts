import { describe, expect, it } from 'vitest';
import { api, login } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server } = useServer({ roles: [] });

describe('GET /shipping_methods', () => {
  it('lists the shipping methods of the database, unpaginated', async () => {
    const { access_token } = await login(server, 'cashier');
    const response = await api(server, 'GET', '/shipping_methods', { token: access_token });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.headers.get('x-wp-totalpages')).toBe('1');
    const collection = [{ href: `${server.apiUrl}/shipping_methods` }];
    expect(response.body).toEqual([
      { id: 'flat_rate', title: 'Flat rate', description: 'Lets you charge a fixed rate for shipping.', _links: { self: collection, collection } },
      {
        id: 'free_shipping',
        title: 'Free shipping',
        description: 'Free shipping is a special method which can be triggered with coupons and minimum spends.',
        _links: { self: collection, collection },
      },
      { id: 'local_pickup', title: 'Local pickup', description: 'Allow customers to pick up orders themselves.', _links: { self: collection, collection } },
    ]);
    const trimmed = await api(server, 'GET', '/shipping_methods?_fields=id', { token: access_token });
    expect(trimmed.body).toEqual([{ id: 'flat_rate' }, { id: 'free_shipping' }, { id: 'local_pickup' }]);
  });
});
