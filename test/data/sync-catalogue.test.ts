/**
 * The catalogue pull's repositories (server/data/repositories/sync-catalogue.ts and
 * sync-catalogue-rows.ts) on a real SQLite file, without WooCommerce: the id map, the local-only
 * marks and the pull's marks, and the rows the pull writes, each read back as stored. The pull tests
 * (test/sync/pull-*.test.ts) prove the pull end to end against the WooCommerce double.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { PulledCouponRow, PulledTaxRateRow } from '../../server/data/repositories/sync-catalogue-rows.js';
import { writeTransaction } from '../../server/data/write-transaction.js';
import { openDataDirDatabase } from '../../server/start.js';
import { makeDataDir } from '../helpers/server.js';
import { servicesOf } from '../helpers/services.js';

const dataDir = makeDataDir();
const db = openDataDirDatabase(dataDir);
const { repositories } = servicesOf(db);
const { syncCatalogue: catalogue, syncCatalogueRows: rows, products } = repositories;
afterAll(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The pull writes inside its own transactions. */
const inPull = <T>(work: () => T): T => writeTransaction(db, work);
const row = (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as Record<string, unknown> | undefined;

describe('the id map of the pull', () => {
  it('maps, remaps and unmaps WooCommerce ids to local ones, with the stock WooCommerce reported', () => {
    expect(catalogue.catalogueIsEmpty()).toBe(true);
    inPull(() => {
      catalogue.map('product', 30, 103, 12);
      catalogue.map('product', 10, 101);
      catalogue.map('term', 10, 7);
    });
    expect(catalogue.mappings('product')).toEqual([
      { remoteId: 10, localId: 101, remoteStock: null },
      { remoteId: 30, localId: 103, remoteStock: 12 },
    ]);
    expect(catalogue.mapping('product', 30)).toEqual({ remoteId: 30, localId: 103, remoteStock: 12 });
    expect(catalogue.mapping('term', 30)).toBeUndefined();
    expect(catalogue.remoteIdOf('product', 103)).toBe(30);
    expect(catalogue.remoteIdOf('term', 7)).toBe(10);
    expect(catalogue.remoteIdOf('coupon', 7)).toBeUndefined();
    inPull(() => {
      catalogue.map('product', 30, 104, 9);
    });
    expect(catalogue.mapping('product', 30)).toEqual({ remoteId: 30, localId: 104, remoteStock: 9 });
    inPull(() => {
      catalogue.unmap('product', 30);
    });
    expect(catalogue.mapping('product', 30)).toBeUndefined();
    expect(catalogue.mappings('term')).toEqual([{ remoteId: 10, localId: 7, remoteStock: null }]);
  });

  it('marks products as the till’s own, once each, and lists those no pull brought', () => {
    const [a, b, c] = ['A', 'B', 'C'].map((name) => products.create({ type: 'simple', name, sku: `LO-${name}`, regular_price: '1.00' }).id) as [
      number,
      number,
      number,
    ];
    expect(catalogue.catalogueIsEmpty()).toBe(false);
    inPull(() => {
      catalogue.map('product', 500, a);
    });
    expect(catalogue.unmappedProducts()).toEqual([
      { id: b, sku: 'LO-B' },
      { id: c, sku: 'LO-C' },
    ]);
    inPull(() => {
      catalogue.markLocalOnly([c, b, c]);
    });
    expect(catalogue.localOnly()).toEqual([b, c]);
    expect([catalogue.isLocalOnly(b), catalogue.isLocalOnly(a)]).toEqual([true, false]);
    expect(catalogue.unmappedProducts()).toEqual([]);
    inPull(() => {
      catalogue.unmarkLocalOnly(b);
    });
    expect(catalogue.localOnly()).toEqual([c]);
    expect(catalogue.isLocalOnly(b)).toBe(false);
    expect(catalogue.unmappedProducts()).toEqual([{ id: b, sku: 'LO-B' }]);
  });

  it('keeps the marks an incremental pull starts from', () => {
    expect(catalogue.mark('products.modified_after')).toBeUndefined();
    inPull(() => {
      catalogue.setMark('products.modified_after', '2026-11-29T10:00:00');
    });
    expect(catalogue.mark('products.modified_after')).toBe('2026-11-29T10:00:00');
    inPull(() => {
      catalogue.setMark('products.modified_after', '2026-11-29T11:00:00');
    });
    expect(catalogue.mark('products.modified_after')).toBe('2026-11-29T11:00:00');
  });
});

describe('the rows the pull writes', () => {
  it('a product’s stock, found by SKU, its status and type, and its trash with its variations', () => {
    const parent = products.create({ type: 'variable', name: 'Pulled tee', sku: 'PT' }).id;
    const variation = products.create({
      type: 'variation',
      parent_id: parent,
      sku: 'PT-S',
      regular_price: '9.00',
      variation_attributes: [{ id: 0, name: 'Size', slug: 'size', option: 'S' }],
    }).id;
    const other = products.create({ type: 'simple', name: 'Other', sku: 'OTHER', regular_price: '1.00' }).id;
    inPull(() => {
      rows.writeStock(other, 7, 'instock');
    });
    expect(row('SELECT stock_quantity, stock_status FROM products WHERE id = ?', other)).toEqual({ stock_quantity: 7, stock_status: 'instock' });
    inPull(() => {
      rows.writeStock(other, null, 'onbackorder');
    });
    expect(row('SELECT stock_quantity, stock_status FROM products WHERE id = ?', other)).toEqual({ stock_quantity: null, stock_status: 'onbackorder' });
    expect([rows.productBySku('PT-S'), rows.productBySku('pt-s'), rows.productBySku('NONE')]).toEqual([variation, undefined, undefined]);
    expect([rows.productExists(parent), rows.productExists(999_999)]).toEqual([true, false]);
    expect([rows.productType(parent), rows.productType(variation), rows.productType(999_999)]).toEqual(['product', 'variation', undefined]);
    expect(rows.variationIds(parent)).toEqual([variation]);
    expect(rows.variationIds(other)).toEqual([]);
    expect(rows.productStatus(parent)).toBe('publish');
    expect(rows.productStatus(999_999)).toBeUndefined();
    inPull(() => {
      rows.trashProduct(parent);
    });
    expect([rows.productStatus(parent), rows.productStatus(variation), rows.productStatus(other)]).toEqual(['trash', 'trash', 'publish']);
  });

  it('a term at the id given, or a new one; found by slug; deleted with its children moved to the top', () => {
    const term = { taxonomy: 'product_cat' as const, name: 'Drinks', slug: 'drinks', parent: 0, description: '', menu_order: 0 };
    const at = inPull(() => rows.writeTerm(900, term));
    expect(at).toBe(900);
    expect(inPull(() => rows.writeTerm(900, { ...term, name: 'Cold drinks' }))).toBe(900);
    expect(row('SELECT name, slug FROM terms WHERE id = 900')).toEqual({ name: 'Cold drinks', slug: 'drinks' });
    const child = inPull(() => rows.writeTerm(null, { ...term, name: 'Juice', slug: 'juice', parent: 900 }));
    expect(child).not.toBe(900);
    expect(child).toBeGreaterThan(0);
    expect([rows.termBySlug('product_cat', 'juice'), rows.termBySlug('product_tag', 'juice')]).toEqual([child, undefined]);
    expect([rows.termExists(child), rows.termExists(999_999)]).toEqual([true, false]);
    expect([rows.termTaxonomy(child), rows.termTaxonomy(999_999)]).toEqual(['product_cat', undefined]);
    // Not there at that id: written as a new one at it.
    expect(inPull(() => rows.writeTerm(950, { ...term, slug: 'tea', name: 'Tea' }))).toBe(950);
    inPull(() => {
      rows.deleteTerm(900);
    });
    expect(rows.termExists(900)).toBe(false);
    expect(row('SELECT parent FROM terms WHERE id = ?', child)).toEqual({ parent: 0 });
  });

  it('a coupon with its flags and lists as SQLite stores them, found by code whatever its case', () => {
    const coupon: PulledCouponRow = {
      code: 'summer',
      amount: '10.00',
      discount_type: 'percent',
      status: 'publish',
      description: '',
      date_expires_gmt: null,
      usage_count: 0,
      individual_use: true,
      product_ids: [1, 2],
      excluded_product_ids: [],
      product_categories: [],
      excluded_product_categories: [],
      usage_limit: null,
      usage_limit_per_user: null,
      limit_usage_to_x_items: null,
      free_shipping: false,
      exclude_sale_items: false,
      minimum_amount: '0.00',
      maximum_amount: '0.00',
      email_restrictions: [],
      used_by: [],
      meta_data: [],
      date_created_gmt: '2026-11-29T10:00:00',
      date_modified_gmt: '2026-11-29T10:00:00',
    };
    const id = inPull(() => rows.writeCoupon(null, coupon));
    expect(row('SELECT individual_use, free_shipping, product_ids FROM coupons WHERE id = ?', id)).toEqual({
      individual_use: 1,
      free_shipping: 0,
      product_ids: '[1,2]',
    });
    expect(inPull(() => rows.writeCoupon(id, { ...coupon, amount: '15.00' }))).toBe(id);
    expect(row('SELECT amount FROM coupons WHERE id = ?', id)).toEqual({ amount: '15.00' });
    expect(inPull(() => rows.writeCoupon(777, { ...coupon, code: 'winter' }))).toBe(777);
    expect([rows.couponByCode('SUMMER'), rows.couponByCode('autumn')]).toEqual([id, undefined]);
    expect([rows.couponExists(777), rows.couponExists(999_999)]).toEqual([true, false]);
    inPull(() => {
      rows.deleteCoupon(777);
    });
    expect(rows.couponExists(777)).toBe(false);
  });

  it('tax classes made WooCommerce’s, in its order, keeping one still in use; tax rates at their ids', () => {
    const classes = () => db.prepare('SELECT slug, name, position FROM tax_classes ORDER BY position, slug').all();
    const first = inPull(() =>
      rows.writeTaxClasses([
        { slug: 'reduced-rate', name: 'Reduced rate' },
        { slug: 'zero-rate', name: 'Zero rate' },
        { slug: 'luxury', name: 'Luxury' },
      ]),
    );
    expect(first.created).toBeGreaterThan(0);
    const rate: PulledTaxRateRow = {
      country: 'GB',
      state: '',
      postcodes: [],
      cities: [],
      rate: '5.0000',
      name: 'Reduced',
      priority: 1,
      compound: false,
      shipping: true,
      rate_order: 0,
      class: 'reduced-rate',
    };
    const rateId = inPull(() => rows.writeTaxRate(null, rate));
    expect(row('SELECT compound, shipping, class FROM tax_rates WHERE id = ?', rateId)).toEqual({ compound: 0, shipping: 1, class: 'reduced-rate' });
    expect(inPull(() => rows.writeTaxRate(rateId, { ...rate, rate: '6.0000' }))).toBe(rateId);
    expect(row('SELECT rate FROM tax_rates WHERE id = ?', rateId)).toEqual({ rate: '6.0000' });
    expect(inPull(() => rows.writeTaxRate(4000, { ...rate, name: 'Other' }))).toBe(4000);
    expect(rows.taxRateIds()).toEqual(expect.arrayContaining([rateId, 4000]));
    expect(rows.taxRateIds()).toEqual([...rows.taxRateIds()].sort((a, b) => a - b));
    products.create({ type: 'simple', name: 'Caviar', sku: 'CAV', regular_price: '90.00', tax_class: 'luxury' });

    // Renamed and moved; zero-rate goes; reduced-rate (a rate) and luxury (a product) stay though WooCommerce dropped them.
    const second = inPull(() => rows.writeTaxClasses([{ slug: 'new-rate', name: 'New' }]));
    expect(second).toEqual({ created: 1, updated: 0, deleted: 1 });
    const slugs = (classes() as Array<{ slug: string }>).map((taxClass) => taxClass.slug);
    expect(slugs).toContain('reduced-rate');
    expect(slugs).toContain('luxury');
    expect(slugs).not.toContain('zero-rate');
    expect(inPull(() => rows.writeTaxClasses([{ slug: 'new-rate', name: 'Newer' }]))).toEqual({ created: 0, updated: 1, deleted: 0 });
    const luxuryBack = () =>
      inPull(() =>
        rows.writeTaxClasses([
          { slug: 'luxury', name: 'Luxury' },
          { slug: 'new-rate', name: 'Newer' },
        ]),
      );
    // Luxury takes position 0 and new-rate moves to 1: both updated; the same again changes nothing.
    expect(luxuryBack()).toEqual({ created: 0, updated: 2, deleted: 0 });
    expect(luxuryBack()).toEqual({ created: 0, updated: 0, deleted: 0 });
    inPull(() => {
      rows.deleteTaxRate(4000);
    });
    expect(rows.taxRateIds()).not.toContain(4000);
  });
});
