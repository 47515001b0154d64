import { describe, expect, it } from 'vitest';
import { withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { createOrder } from '../helpers/shop-data.js';
import { servicesOf } from '../helpers/services.js';

/**
 * An order line's `image` (WooCommerce's `{id, src}`): the product's or variation's own first
 * image, else its parent's, else `{id: 0, src: ''}`. The sellable read carries the first image, so
 * only a variation without one of its own reads its parent.
 */

const ids = { plain: 0, pictured: 0, ownImage: 0, parentsImage: 0, noImage: 0 };

const { server, tokens } = useServer({ roles: ['cashier'] }, () => {
  withDb(server, (db) => {
    const products = servicesOf(db).repositories.products;
    const image = (id: number, name: string) => ({ id, src: `https://example.test/${name}.jpg`, name, alt: name });
    ids.plain = products.create({ type: 'simple', name: 'Plain Loaf', regular_price: '2.00' }).id;
    ids.pictured = products.create({ type: 'simple', name: 'Pictured Loaf', regular_price: '3.00', images: [image(31, 'loaf'), image(32, 'loaf-side')] }).id;
    const mug = products.create({ type: 'variable', name: 'Mug', images: [image(41, 'mug')] }).id;
    const bare = products.create({ type: 'variable', name: 'Bare Mug' }).id;
    const variation = (parent: number, option: string, images: ReturnType<typeof image>[] = []) =>
      products.create({
        type: 'variation',
        parent_id: parent,
        regular_price: '6.00',
        variation_attributes: [{ id: 0, name: 'Colour', slug: 'colour', option }],
        images,
      }).id;
    ids.ownImage = variation(mug, 'Red', [image(42, 'mug-red')]);
    ids.parentsImage = variation(mug, 'Blue');
    ids.noImage = variation(bare, 'Green');
  });
});

describe('order line images', () => {
  it("are the item's own first image, else its parent's, else none", async () => {
    const order = await createOrder(server, tokens.cashier, {
      line_items: [
        { product_id: ids.plain, quantity: 1 },
        { product_id: ids.pictured, quantity: 1 },
        { variation_id: ids.ownImage, quantity: 1 },
        { variation_id: ids.parentsImage, quantity: 1 },
        { variation_id: ids.noImage, quantity: 1 },
      ],
    });
    expect(order.line_items.map((line: { image: unknown }) => line.image)).toEqual([
      { id: 0, src: '' },
      { id: 31, src: 'https://example.test/loaf.jpg' },
      { id: 42, src: 'https://example.test/mug-red.jpg' },
      { id: 41, src: 'https://example.test/mug.jpg' },
      { id: 0, src: '' },
    ]);
  });
});
