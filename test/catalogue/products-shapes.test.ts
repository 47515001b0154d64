import { describe, expect, it } from 'vitest';
import { server, ids, coffee, organic, acme, tshirtRed, tshirtBlue, get, fail, idsOf, type Item, useCatalogueFixture } from '../helpers/product-list.js';

/** The product lists over HTTP: shapes and the variations list (the catalogue: catalogue-fixture.ts). */
useCatalogueFixture();

describe('GET /products shapes', () => {
  it('trims items to _fields', async () => {
    const response = await get(`/products?include=${ids.espresso}&_fields=id,name,price,categories`);
    expect(response.body).toEqual([
      { id: ids.espresso, name: 'Espresso Beans 250g', price: '9.50', categories: [{ id: coffee, name: 'Coffee', slug: 'coffee' }] },
    ]);
    const single = await get<Item>(`/products/${ids.greenTea}?_fields=id,sku,barcode`);
    expect(single.body).toEqual({ id: ids.greenTea, sku: 'TEA-1', barcode: '5012345678900' });
  });

  it('shapes a simple product as WooCommerce does, with barcode', async () => {
    const response = await get<Item>(`/products/${ids.espresso}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: ids.espresso,
      name: 'Espresso Beans 250g',
      slug: 'espresso-beans-250g',
      type: 'simple',
      status: 'publish',
      sku: 'ESP-250',
      barcode: '4006381333931',
      global_unique_id: '4006381333931',
      price: '9.50',
      regular_price: '12.00',
      sale_price: '9.50',
      on_sale: true,
      purchasable: true,
      tax_status: 'taxable',
      tax_class: 'zero-rate',
      manage_stock: true,
      stock_quantity: 5,
      stock_status: 'instock',
      backorders: 'no',
      date_created: '2025-03-01T10:00:00',
      date_created_gmt: '2025-03-01T10:00:00',
      date_on_sale_from: null,
      date_on_sale_to_gmt: null,
      categories: [{ id: coffee, name: 'Coffee', slug: 'coffee' }],
      tags: [{ id: organic, name: 'Organic', slug: 'organic' }],
      brands: [{ id: acme, name: 'Acme Roasters', slug: 'acme-roasters' }],
      images: [],
      variations: [],
      meta_data: [],
      price_html:
        '<del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>12.00</bdi></span></del> <ins><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">$</span>9.50</bdi></span></ins>',
    });
    expect(response.body._links).toEqual({
      self: [{ href: `${server.apiUrl}/products/${ids.espresso}` }],
      collection: [{ href: `${server.apiUrl}/products` }],
    });
  });

  it('prices a sale outside its window at the regular price', async () => {
    const mug = (await get<Item>(`/products/${ids.expiredSale}`)).body;
    expect(mug).toMatchObject({ price: '8.00', regular_price: '8.00', sale_price: '5.00', on_sale: false, date_on_sale_to_gmt: '2020-01-31T23:59:59' });
    const teapot = (await get<Item>(`/products/${ids.futureSale}`)).body;
    expect(teapot).toMatchObject({ price: '30.00', on_sale: false, date_on_sale_from: '2999-01-01T00:00:00' });
  });

  it('gives a variable product its variations, the lowest variation price and a derived on_sale', async () => {
    const response = await get<Item>(`/products/${ids.tshirt}`);
    expect(response.body).toMatchObject({
      type: 'variable',
      variations: [tshirtRed, tshirtBlue],
      price: '15.00',
      regular_price: '',
      sale_price: '',
      on_sale: true,
      has_options: true,
      stock_status: 'instock',
    });
    expect(response.body.attributes).toEqual([
      { id: 0, name: 'Colour', slug: 'colour', position: 0, visible: true, variation: true, options: ['Red', 'Blue'] },
      { id: 0, name: 'Size', slug: 'size', position: 1, visible: true, variation: true, options: ['Small', 'Large'] },
    ]);
  });

  it('answers 404 pos_rest_product_invalid_id for unknown ids and for variation ids', async () => {
    for (const id of [999_999, tshirtRed]) {
      const response = await fail(`/products/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('pos_rest_product_invalid_id');
      expect(response.body.data.status).toBe(404);
    }
  });
});

describe('GET /products/variations', () => {
  it('lists variations of every product, flat, with parent, name, attributes and one image', async () => {
    const response = await get('/products/variations?orderby=id&order=asc');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wp-total')).toBe('2');
    const [red, blue] = response.body;
    if (!red || !blue) throw new Error('two variations expected');
    expect(red).toMatchObject({
      id: tshirtRed,
      type: 'variation',
      parent_id: ids.tshirt,
      name: 'T-Shirt - Red, Large',
      sku: 'TSHIRT-RED-L',
      barcode: '4000000000017',
      price: '20.00',
      on_sale: false,
      tax_class: '',
      attributes: [
        { id: 0, name: 'Colour', slug: 'colour', option: 'Red' },
        { id: 0, name: 'Size', slug: 'size', option: 'Large' },
      ],
      image: { id: 7, src: 'https://example.test/red.jpg', name: 'red', alt: 'Red T-Shirt' },
    });
    expect(blue).toMatchObject({
      id: tshirtBlue,
      name: 'T-Shirt - Blue, Small',
      price: '15.00',
      regular_price: '18.00',
      sale_price: '15.00',
      on_sale: true,
      image: null,
    });
    expect(red).not.toHaveProperty('categories');
    expect(red._links.up).toEqual([{ href: `${server.apiUrl}/products/${ids.tshirt}` }]);
  });

  it('filters variations by parent, sku, barcode, search, on_sale and include/exclude', async () => {
    expect(idsOf((await get(`/products/variations?parent=${ids.tshirt}&orderby=id&order=asc`)).body)).toEqual([tshirtRed, tshirtBlue]);
    expect((await get(`/products/variations?parent=${ids.espresso}`)).body).toEqual([]);
    expect(idsOf((await get('/products/variations?sku=TSHIRT-BLUE-S')).body)).toEqual([tshirtBlue]);
    expect(idsOf((await get('/products/variations?barcode=4000000000017')).body)).toEqual([tshirtRed]);
    expect(idsOf((await get('/products/variations?search=red')).body)).toEqual([tshirtRed]);
    expect(idsOf((await get('/products/variations?on_sale=true')).body)).toEqual([tshirtBlue]);
    expect(idsOf((await get(`/products/variations?exclude=${tshirtBlue}`)).body)).toEqual([tshirtRed]);
    expect(idsOf((await get('/products/variations?orderby=price&order=desc')).body)).toEqual([tshirtRed, tshirtBlue]);
  });

  it('serves the offline-sync audit and refuses other per_page=-1 uses', async () => {
    const audit = await get('/products/variations?per_page=-1&_fields=id,date_modified_gmt&orderby=id&order=asc');
    expect(audit.body).toEqual([
      { id: tshirtRed, date_modified_gmt: '2025-03-08T10:01:00' },
      { id: tshirtBlue, date_modified_gmt: '2025-03-08T10:02:00' },
    ]);
    expect(audit.headers.get('x-wp-totalpages')).toBe('1');
    expect((await get('/products/variations?per_page=-1')).status).toBe(400);
  });

  it('does not list variations in /products', async () => {
    expect((await get('/products?sku=TSHIRT-RED-L')).body).toEqual([]);
  });
});
