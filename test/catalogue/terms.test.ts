import { describe, expect, it } from 'vitest';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { openDataDirDatabase } from '../../server/start.js';
import { api } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';
import { servicesOf } from '../helpers/services.js';

const cat: Record<string, number> = {};
const tag: Record<string, number> = {};
const brand: Record<string, number> = {};
let latte: number;

const { server, tokens } = useServer({ roles: ['shop_manager'] }, () => {
  const db = openDataDirDatabase(server.dataDir);
  try {
    const terms = new TermsRepository(db);
    const products = servicesOf(db).repositories.products;
    cat.drinks = terms.create('product_cat', { name: 'Drinks', description: 'Everything to drink' }).id;
    cat.coffee = terms.create('product_cat', { name: 'Coffee', parent: cat.drinks, menu_order: 2 }).id;
    cat.tea = terms.create('product_cat', { name: 'Tea', parent: cat.drinks }).id;
    cat.bakery = terms.create('product_cat', { name: 'Bakery' }).id;
    cat.empty = terms.create('product_cat', { name: 'Apparel' }).id;
    tag.vegan = terms.create('product_tag', { name: 'Vegan' }).id;
    tag.hot = terms.create('product_tag', { name: 'Hot' }).id;
    brand.house = terms.create('product_brand', { name: 'House Blend Co.', slug: 'house-blend' }).id;
    brand.other = terms.create('product_brand', { name: 'Other Brand' }).id;

    latte = products.create({
      type: 'simple',
      name: 'Latte',
      regular_price: '4.50',
      category_ids: [cat.drinks, cat.coffee],
      tag_ids: [tag.hot],
      brand_ids: [brand.house],
    }).id;
    products.create({ type: 'simple', name: 'Flat White', regular_price: '4.20', category_ids: [cat.coffee], tag_ids: [tag.hot, tag.vegan] });
    products.create({ type: 'simple', name: 'Sencha', regular_price: '3.80', category_ids: [cat.tea], tag_ids: [tag.hot, tag.vegan] });
    products.create({ type: 'simple', name: 'Croissant', regular_price: '3.20', category_ids: [cat.bakery] });
    // Not counted: a draft, a trashed product and a variation (only published products count).
    products.create({ type: 'simple', name: 'Secret Scone', regular_price: '2.00', status: 'draft', category_ids: [cat.bakery], tag_ids: [tag.vegan] });
    products.create({ type: 'simple', name: 'Old Bagel', regular_price: '2.00', status: 'trash', category_ids: [cat.bakery] });
    const mug = products.create({ type: 'variable', name: 'Mug', category_ids: [cat.empty], status: 'draft' }).id;
    const variation = products.create({
      type: 'variation',
      parent_id: mug,
      regular_price: '9.00',
      variation_attributes: [{ id: 0, name: 'Colour', slug: 'colour', option: 'Black' }],
    });
    terms.assign(variation.id, [cat.empty]);
  } finally {
    db.close();
  }
});

interface Term {
  id: number;
  name: string;
  slug: string;
  count: number;
  [field: string]: unknown;
}
const get = (path: string) => api<Term[]>(server, 'GET', path, { token: tokens.shop_manager });
const pairs = (body: Array<{ name: string; count: number }>) => body.map((term) => [term.name, term.count]);

describe('GET /products/categories', () => {
  it('lists categories by name with published-product counts and the WooCommerce shape', async () => {
    const response = await get('/products/categories');
    expect(response.status).toBe(200);
    expect(pairs(response.body)).toEqual([
      ['Apparel', 0],
      ['Bakery', 1],
      ['Coffee', 2],
      ['Drinks', 1],
      ['Tea', 1],
    ]);
    expect(response.headers.get('x-wp-total')).toBe('5');
    const drinks = response.body.find((term) => term.id === cat.drinks);
    expect(drinks).toEqual({
      id: cat.drinks,
      name: 'Drinks',
      slug: 'drinks',
      parent: 0,
      description: 'Everything to drink',
      display: 'default',
      image: null,
      menu_order: 0,
      count: 1,
      _links: {
        self: [{ href: `${server.apiUrl}/products/categories?include=${cat.drinks}` }],
        collection: [{ href: `${server.apiUrl}/products/categories` }],
      },
    });
  });

  it('filters by hide_empty, parent, product, slug, search, include and exclude', async () => {
    expect(pairs((await get('/products/categories?hide_empty=true')).body).map(([name]) => name)).toEqual(['Bakery', 'Coffee', 'Drinks', 'Tea']);
    expect(pairs((await get(`/products/categories?parent=${cat.drinks}`)).body)).toEqual([
      ['Coffee', 2],
      ['Tea', 1],
    ]);
    expect((await get('/products/categories?parent=0')).body.map((term) => term.name)).toEqual(['Apparel', 'Bakery', 'Drinks']);
    expect((await get(`/products/categories?product=${latte}`)).body.map((term) => term.name)).toEqual(['Coffee', 'Drinks']);
    expect((await get('/products/categories?slug=tea,bakery')).body.map((term) => term.name)).toEqual(['Bakery', 'Tea']);
    expect((await get('/products/categories?search=COF')).body.map((term) => term.name)).toEqual(['Coffee']);
    expect((await get(`/products/categories?include=${cat.tea},${cat.bakery}`)).body.map((term) => term.id)).toEqual([cat.bakery, cat.tea]);
    expect((await get(`/products/categories?exclude=${cat.tea},${cat.bakery},${cat.empty}`)).body.map((term) => term.id)).toEqual([cat.coffee, cat.drinks]);
  });

  it('orders by count, id, slug and include, asc by default', async () => {
    // Ties (Bakery, Tea and Drinks all count 1) are broken by id in the same direction.
    expect((await get('/products/categories?orderby=count&order=desc')).body.map((term) => term.name)).toEqual([
      'Coffee',
      'Bakery',
      'Tea',
      'Drinks',
      'Apparel',
    ]);
    expect((await get('/products/categories?orderby=id')).body.map((term) => term.id)).toEqual([cat.drinks, cat.coffee, cat.tea, cat.bakery, cat.empty]);
    expect((await get('/products/categories?orderby=slug&order=desc')).body.map((term) => term.slug)).toEqual(['tea', 'drinks', 'coffee', 'bakery', 'apparel']);
    expect((await get(`/products/categories?orderby=include&include=${cat.tea},${cat.drinks}`)).body.map((term) => term.id)).toEqual([cat.tea, cat.drinks]);
    expect((await get('/products/categories?orderby=popularity')).status).toBe(400);
  });

  it('pages with the totals headers and Link', async () => {
    const response = await get('/products/categories?per_page=2&page=2');
    expect(response.body.map((term) => term.name)).toEqual(['Coffee', 'Drinks']);
    expect(response.headers.get('x-wp-total')).toBe('5');
    expect(response.headers.get('x-wp-totalpages')).toBe('3');
    expect(response.headers.get('link')).toContain('rel="prev"');
    expect(response.headers.get('link')).toContain('rel="next"');
    expect((await get('/products/categories?per_page=0')).status).toBe(400);
  });
});

describe('GET /products/tags and /products/brands', () => {
  it('lists tags with counts in the tag shape (no parent, display or image)', async () => {
    const response = await get('/products/tags');
    expect(response.body).toEqual([
      {
        id: tag.hot,
        name: 'Hot',
        slug: 'hot',
        description: '',
        count: 3,
        _links: { self: [{ href: `${server.apiUrl}/products/tags?include=${tag.hot}` }], collection: [{ href: `${server.apiUrl}/products/tags` }] },
      },
      {
        id: tag.vegan,
        name: 'Vegan',
        slug: 'vegan',
        description: '',
        count: 2,
        _links: { self: [{ href: `${server.apiUrl}/products/tags?include=${tag.vegan}` }], collection: [{ href: `${server.apiUrl}/products/tags` }] },
      },
    ]);
  });

  it('lists brands with counts and the category shape', async () => {
    const response = await get('/products/brands?_fields=id,name,slug,count,parent');
    expect(response.body).toEqual([
      { id: brand.house, name: 'House Blend Co.', slug: 'house-blend', count: 1, parent: 0 },
      { id: brand.other, name: 'Other Brand', slug: 'other-brand', count: 0, parent: 0 },
    ]);
    expect((await get('/products/brands?hide_empty=1')).body.map((term) => term.id)).toEqual([brand.house]);
  });
});
