import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * A store's favourites over real HTTP: kept in the manager's order, read by every till role, set by
 * managers only; an unknown product, a variation, an unknown store or more than a page refused
 * with nothing changed; each change in the audit trail.
 */
const { server, tokens, catalogue } = useServer({ catalogue: 'sale' });

describe('the favourites of a store', () => {
  it('keeps the order a manager gave, without repeats, and every till role reads it', async () => {
    const body = { product_ids: [catalogue.tea, catalogue.coffee, catalogue.tea, catalogue.shirt] };
    const saved = await api(server, 'PUT', '/stores/1/favourites', { token: tokens.shop_manager, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ store_id: 1, product_ids: [catalogue.tea, catalogue.coffee, catalogue.shirt] });
    const read = await api(server, 'GET', '/stores/1/favourites', { token: tokens.cashier });
    expect(read.body).toEqual(saved.body);
    const audit = await api(server, 'GET', '/logs?source=audit&action=store.favourites', { token: tokens.administrator });
    expect(JSON.stringify(audit.body)).toContain("set the till's favourites of store 1 (3 products)");
  });

  it('refuses a cashier, an unknown product, a variation, an unknown store and more than a page, changing nothing', async () => {
    const before = (await api(server, 'GET', '/stores/1/favourites', { token: tokens.cashier })).body;
    const put = (body: unknown, token = tokens.shop_manager, store = 1) => api(server, 'PUT', `/stores/${store}/favourites`, { token, body });
    expect((await put({ product_ids: [catalogue.mug] }, tokens.cashier)).status).toBe(403);
    const unknown = await put({ product_ids: [catalogue.mug, 999_999] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.params.product_ids).toBe('no product with id 999999');
    expect((await put({ product_ids: [catalogue.shirtRed] })).body.data.params.product_ids).toBe(`no product with id ${catalogue.shirtRed}`);
    expect((await put({ product_ids: [catalogue.mug] }, tokens.shop_manager, 999)).status).toBe(404);
    expect((await put({ product_ids: Array.from({ length: 25 }, (_, index) => index + 1) })).status).toBe(400);
    expect((await api(server, 'GET', '/stores/1/favourites', { token: tokens.cashier })).body).toEqual(before);
  });

  it('empties the list', async () => {
    const cleared = await api(server, 'PUT', '/stores/1/favourites', { token: tokens.administrator, body: { product_ids: [] } });
    expect(cleared.body).toEqual({ store_id: 1, product_ids: [] });
  });
});
