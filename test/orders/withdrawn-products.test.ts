import { describe, expect, it } from 'vitest';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

/**
 * A product WooCommerce does not sell (draft, pending, private, or trashed by the pull because the
 * shop deleted it) is not sold at the till either: the line is refused with the product and why.
 * A private one is sold only when `settings/general` sell_private_products is on.
 */
const { server, tokens, catalogue } = useServer({ roles: ['cashier', 'shop_manager'], store: 'uk', catalogue: 'sale' });

const setStatus = async (id: number, status: string, parent?: number) => {
  const path = parent === undefined ? `/products/${id}` : `/products/${parent}/variations/${id}`;
  const changed = await api(server, 'PUT', path, { token: tokens.shop_manager, body: { status } });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
};
const order = (line: Record<string, unknown>) => api(server, 'POST', '/orders', { token: tokens.cashier, body: { line_items: [line] } });

describe('a product the shop does not sell', () => {
  it.each(['draft', 'pending', 'private'])('is refused when %s, by id and by SKU, naming the product and why', async (status) => {
    await setStatus(catalogue.tea, status);
    for (const line of [{ product_id: catalogue.tea }, { sku: 'TEA-1' }]) {
      const refused = await order(line);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'pos_product_not_for_sale',
        message: expect.stringContaining(`withdrawn in WooCommerce: ${status}`),
        data: { product_id: catalogue.tea, product_status: status },
      });
      expect(refused.body.message).toContain(`Product ${catalogue.tea}`);
    }
    await setStatus(catalogue.tea, 'publish');
    expect((await order({ product_id: catalogue.tea })).status).toBe(201);
  });

  it('refuses a variation whose product is a draft, and one of its own status', async () => {
    await setStatus(catalogue.shirt, 'draft');
    expect((await order({ variation_id: catalogue.shirtRed, product_id: catalogue.shirt })).body).toMatchObject({ data: { product_status: 'draft' } });
    await setStatus(catalogue.shirt, 'publish');
    await setStatus(catalogue.shirtRed, 'private', catalogue.shirt);
    expect((await order({ variation_id: catalogue.shirtRed, product_id: catalogue.shirt })).body).toMatchObject({ data: { product_status: 'private' } });
    await setStatus(catalogue.shirtRed, 'publish', catalogue.shirt);
    expect((await order({ variation_id: catalogue.shirtRed, product_id: catalogue.shirt })).status).toBe(201);
  });

  it('sells a private product when the setting says so', async () => {
    await setStatus(catalogue.mug, 'private');
    expect((await order({ product_id: catalogue.mug })).status).toBe(400);
    const on = await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { sell_private_products: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((await order({ product_id: catalogue.mug })).status).toBe(201);
    await setStatus(catalogue.mug, 'draft');
    expect((await order({ product_id: catalogue.mug })).status).toBe(400);
    await api(server, 'POST', '/settings/general', { token: tokens.shop_manager, body: { sell_private_products: false } });
    await setStatus(catalogue.mug, 'publish');
  });
});
