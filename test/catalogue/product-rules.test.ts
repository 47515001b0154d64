import { describe, expect, it } from 'vitest';
import { newProductFields, numberedMeta, openingStock, uniqueSlug, type ParentProduct } from '../../server/model/catalogue/product-rules.js';
import type { NewProduct } from '../../server/model/catalogue/types.js';

const NOW = '2026-01-02T03:04:05';
const nothingTaken = { now: NOW, slugTaken: () => false };
const fields = (product: NewProduct, parent?: ParentProduct) => newProductFields(product, parent, nothingTaken);

describe('the rules of a new product or variation', () => {
  it('gives a product the WooCommerce schema defaults for what it leaves out', () => {
    expect(fields({ type: 'simple', name: 'Rye Loaf' })).toEqual({
      parent_id: 0,
      type: 'simple',
      name: 'Rye Loaf',
      slug: 'rye-loaf',
      status: 'publish',
      featured: false,
      catalog_visibility: 'visible',
      description: '',
      short_description: '',
      sku: '',
      barcode: '',
      regular_price: '',
      sale_price: '',
      date_on_sale_from_gmt: null,
      date_on_sale_to_gmt: null,
      virtual: false,
      tax_status: 'taxable',
      tax_class: '',
      manage_stock: false,
      stock_quantity: null,
      stock_status: 'instock',
      backorders: 'no',
      sold_individually: false,
      weight: '',
      menu_order: 0,
      total_sales: 0,
      attributes: [],
      variation_attributes: [],
      default_attributes: [],
      images: [],
      meta_data: [],
      date_created_gmt: NOW,
      date_modified_gmt: NOW,
    });
  });

  it('refuses a product without a name, and a variation without a variable parent', () => {
    expect(() => fields({ type: 'simple' })).toThrow('a product needs a name');
    expect(() => fields({ type: 'simple', name: '  ' })).toThrow('a product needs a name');
    expect(() => fields({ type: 'variation', parent_id: 7 })).toThrow('a variation needs a variable parent product; 7 is not one');
    expect(() => fields({ type: 'variation', parent_id: 7 }, { name: 'Bun', type: 'simple' })).toThrow('7 is not one');
  });

  it("names a variation after its parent and options, in the parent's tax class, with a slug of its own that need not be unique", () => {
    const variation = newProductFields(
      { type: 'variation', parent_id: 7, name: 'ignored', variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'Large' }] },
      { name: 'T-Shirt', type: 'variable' },
      { now: NOW, slugTaken: (slug) => slug === 't-shirt-large' },
    );
    expect(variation).toMatchObject({ parent_id: 7, name: 'T-Shirt - Large', slug: 't-shirt-large', tax_class: 'parent', attributes: [] });
    expect(variation.variation_attributes).toEqual([{ id: 0, name: 'Size', slug: 'size', option: 'Large' }]);
  });

  it('keeps no price of their own on variable and grouped products', () => {
    for (const type of ['variable', 'grouped'] as const) {
      expect(fields({ type, name: 'Box', regular_price: '9.00', sale_price: '8.00' })).toMatchObject({ regular_price: '', sale_price: '' });
    }
    expect(fields({ type: 'external', name: 'Box', regular_price: '9.00', sale_price: '8.00' })).toMatchObject({ regular_price: '9.00', sale_price: '8.00' });
  });

  it('starts managed stock at 0 unless given, with the status its quantity and backorders make', () => {
    expect(openingStock({ manage_stock: true })).toEqual({ manage_stock: true, stock_quantity: 0, stock_status: 'outofstock', backorders: 'no' });
    expect(openingStock({ manage_stock: true, stock_quantity: 3, stock_status: 'outofstock' })).toMatchObject({ stock_quantity: 3, stock_status: 'instock' });
    expect(openingStock({ manage_stock: true, backorders: 'notify' })).toMatchObject({ stock_status: 'onbackorder' });
    expect(openingStock({ stock_quantity: 3, stock_status: 'onbackorder' })).toEqual({
      manage_stock: false,
      stock_quantity: null,
      stock_status: 'onbackorder',
      backorders: 'no',
    });
  });

  it("makes a product's slug unique as WordPress does, and numbers meta entries by their place", () => {
    const taken = new Set(['bun', 'bun-2']);
    expect(uniqueSlug('bun', (slug) => taken.has(slug))).toBe('bun-3');
    expect(newProductFields({ type: 'simple', name: 'Bun' }, undefined, { now: NOW, slugTaken: (slug) => taken.has(slug) }).slug).toBe('bun-3');
    expect(
      numberedMeta([
        { key: 'a', value: 1 },
        { id: 40, key: 'b', value: 2 },
        { key: 'c', value: 3 },
      ]).map((entry) => entry.id),
    ).toEqual([1, 40, 3]);
  });
});
