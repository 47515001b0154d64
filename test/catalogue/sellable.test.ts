import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/data/database.js';
import { ProductsRepository } from '../../server/data/repositories/products.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

let db: Database;
let products: ProductsRepository;

const { server, tokens } = useServer({ roles: ['cashier'] }, () => {
  db = openDataDirDatabase(server.dataDir);
  products = servicesOf(db).repositories.products;
});

afterAll(() => {
  db.close();
});

describe('ProductsRepository, as the order engine uses it', () => {
  it('describes a simple product for sale with its active price and resolved class', () => {
    const id = products.create({
      type: 'simple',
      name: 'Oat Milk 1L',
      sku: 'OAT-1L',
      regular_price: '3.49',
      sale_price: '2.99',
      tax_class: 'zero-rate',
      manage_stock: true,
      stock_quantity: 12,
    }).id;
    expect(products.findSellable(id)).toEqual({
      id,
      parentId: 0,
      type: 'simple',
      name: 'Oat Milk 1L',
      parentName: null,
      sku: 'OAT-1L',
      price: '2.99',
      regularPrice: '3.49',
      onSale: true,
      taxStatus: 'taxable',
      taxClass: 'zero-rate',
      manageStock: true,
      stockQuantity: 12,
      stockStatus: 'instock',
      backorders: 'no',
      status: 'publish',
      parentStatus: null,
      soldByWeight: false,
    });
    expect(products.findSellableBySku('oat-1l')?.id).toBe(id);
    expect(products.findSellable(123_456)).toBeUndefined();
    expect(products.findSellableBySku('NOPE')).toBeUndefined();
  });

  it("resolves a variation's 'parent' tax class, its full name and its parent's name", () => {
    const parent = products.create({ type: 'variable', name: 'Coffee Beans', tax_class: 'reduced-rate' }).id;
    const variation = products.create({
      type: 'variation',
      parent_id: parent,
      sku: 'BEANS-1KG',
      regular_price: '32.00',
      variation_attributes: [{ id: 0, name: 'Weight', slug: 'weight', option: '1kg' }],
    }).id;
    expect(products.findSellableBySku('BEANS-1KG')).toMatchObject({
      id: variation,
      parentId: parent,
      type: 'variation',
      name: 'Coffee Beans - 1kg',
      parentName: 'Coffee Beans',
      taxClass: 'reduced-rate',
      price: '32.00',
      manageStock: false,
      stockQuantity: null,
    });
    expect(products.findSellable(parent)).toMatchObject({ type: 'variable', price: '32.00', regularPrice: '', onSale: false });
  });

  it('adjusts managed stock with status and modification date, and leaves unmanaged stock alone', async () => {
    const product = products.create({
      type: 'simple',
      name: 'Brownie',
      sku: 'BROWNIE',
      regular_price: '3.00',
      manage_stock: true,
      stock_quantity: 2,
      date_created_gmt: '2024-02-02T02:02:02',
    });
    products.adjustStock(product.id, -2);
    expect(products.findSellable(product.id)).toMatchObject({ stockQuantity: 0, stockStatus: 'outofstock' });
    const after = products.find(product.id);
    expect(after?.date_modified_gmt).not.toBe('2024-02-02T02:02:02');
    products.adjustStock(product.id, 5);
    expect(products.findSellable(product.id)).toMatchObject({ stockQuantity: 5, stockStatus: 'instock' });

    const backorderable = products.create({
      type: 'simple',
      name: 'Cake to order',
      regular_price: '30.00',
      manage_stock: true,
      stock_quantity: 1,
      backorders: 'notify',
    });
    products.adjustStock(backorderable.id, -3);
    expect(products.findSellable(backorderable.id)).toMatchObject({ stockQuantity: -2, stockStatus: 'onbackorder' });

    const unmanaged = products.create({ type: 'simple', name: 'Tap Water', regular_price: '0.00', date_created_gmt: '2024-03-03T03:03:03' });
    products.adjustStock(unmanaged.id, -10);
    expect(products.find(unmanaged.id)).toMatchObject({ stock_quantity: null, stock_status: 'instock', date_modified_gmt: '2024-03-03T03:03:03' });

    const listed = await api(server, 'GET', `/products/${backorderable.id}`, { token: tokens.cashier });
    expect(listed.body).toMatchObject({ stock_quantity: -2, stock_status: 'onbackorder', backorders_allowed: true, backordered: true });
  });

  it("derives a variable product's stock status from its variations", () => {
    const parent = products.create({ type: 'variable', name: 'Hoodie' }).id;
    const small = products.create({
      type: 'variation',
      parent_id: parent,
      regular_price: '40.00',
      manage_stock: true,
      stock_quantity: 1,
      variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'S' }],
    }).id;
    const large = products.create({
      type: 'variation',
      parent_id: parent,
      regular_price: '40.00',
      manage_stock: true,
      stock_quantity: 1,
      variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'L' }],
    }).id;
    products.adjustStock(small, -1);
    expect(products.find(parent)?.stock_status).toBe('instock');
    products.adjustStock(large, -1);
    expect(products.find(parent)?.stock_status).toBe('outofstock');
    products.adjustStock(large, 1);
    expect(products.find(parent)?.stock_status).toBe('instock');
  });

  it('counts sales, on the parent as well for a variation', () => {
    const parent = products.create({ type: 'variable', name: 'Cap' }).id;
    const variation = products.create({
      type: 'variation',
      parent_id: parent,
      regular_price: '15.00',
      variation_attributes: [{ id: 0, name: 'Colour', slug: 'colour', option: 'Navy' }],
    }).id;
    const simple = products.create({ type: 'simple', name: 'Sticker', regular_price: '1.00' }).id;
    products.addSales(variation, 3);
    products.addSales(simple, 2);
    products.addSales(simple, 1);
    expect(products.find(variation)?.total_sales).toBe(3);
    expect(products.find(parent)?.total_sales).toBe(3);
    expect(products.find(simple)?.total_sales).toBe(3);
  });
});
