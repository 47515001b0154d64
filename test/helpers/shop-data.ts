import { CouponsRepository, type NewCoupon } from '../../server/data/repositories/coupons.js';
import { CustomersRepository } from '../../server/data/repositories/customers.js';
import type { NewProduct } from '../../server/model/catalogue/types.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { TaxRatesRepository } from '../../server/data/repositories/tax-rates.js';
import { TermsRepository } from '../../server/data/repositories/terms.js';
import { storeFieldsSchema } from '../../server/model/stores.js';
import { api, withDb, type TestServer } from './server.js';
import { servicesOf } from './services.js';

/**
 * Test data for the sale suites (orders, receipts, registers, audit, templates), written through the
 * repositories on a second connection to the test server's database. The API writes products,
 * customers, coupons and stores too, but set-up that goes underneath it does not depend on the routes
 * and capabilities the suites test; tax rates it cannot write (they come from `tillbase import taxes`).
 */

/** A UK shop (GBP, 20 % standard, 5 % reduced), prices exclusive of tax, taxed at the shop. */
export const UK_STORE: Record<string, unknown> = {
  store_address: '1 High Street',
  store_city: 'London',
  store_postcode: 'SW1A 1AA',
  store_state: '',
  store_country: 'GB',
  currency: 'GBP',
  phone: '020 7946 0000',
  email: 'shop@example.test',
  tax_ids: [{ type: 'vat', value: 'GB123456789' }],
  calc_taxes: true,
  prices_include_tax: false,
  tax_based_on: 'base',
};

/** Rewrites a store's fields (defaults for anything not named). */
export function setStore(server: TestServer, fields: Record<string, unknown>, storeId = 1): void {
  withDb(server, (db) => {
    const stores = new StoresRepository(db);
    const store = stores.find(storeId);
    if (!store) throw new Error(`no store ${storeId}`);
    stores.update(storeId, store.name, storeFieldsSchema.parse(fields), store.meta_data);
  });
}

export function addStore(server: TestServer, name: string, fields: Record<string, unknown>): number {
  return withDb(server, (db) => new StoresRepository(db).create(name, storeFieldsSchema.parse(fields), []).id);
}

export interface Catalogue {
  /** Simple, 10.00, stock managed (50), category Drinks, SKU COF-1. */
  coffee: number;
  /** Simple, 4.00, reduced-rate class, SKU TEA-1. */
  tea: number;
  /** Variable parent and its red variation (15.00, stock 10, SKU TS-RED). */
  shirt: number;
  shirtRed: number;
  /** Simple, 25.00, not taxable, SKU GIFT-1. */
  giftCard: number;
  /** Simple, regular 8.00, on sale at 6.00, SKU MUG-1. */
  mug: number;
  drinks: number;
  rates: { standard: number; reduced: number };
}

export function seedCatalogue(server: TestServer): Catalogue {
  return withDb(server, (db) => {
    const products = servicesOf(db).repositories.products;
    const terms = new TermsRepository(db);
    const taxRates = new TaxRatesRepository(db);
    const make = (product: NewProduct) => products.create(product).id;
    const drinks = terms.create('product_cat', { name: 'Drinks' }).id;
    const standard = taxRates.create({
      country: 'GB',
      state: '',
      postcodes: [],
      cities: [],
      rate: '20',
      name: 'VAT',
      priority: 1,
      compound: false,
      shipping: true,
      class: '',
    }).id;
    const reduced = taxRates.create({
      country: 'GB',
      state: '',
      postcodes: [],
      cities: [],
      rate: '5',
      name: 'Reduced VAT',
      priority: 1,
      compound: false,
      shipping: true,
      class: 'reduced-rate',
    }).id;
    const coffee = make({
      type: 'simple',
      name: 'Coffee',
      sku: 'COF-1',
      regular_price: '10.00',
      manage_stock: true,
      stock_quantity: 50,
      category_ids: [drinks],
    });
    const tea = make({ type: 'simple', name: 'Tea', sku: 'TEA-1', regular_price: '4.00', tax_class: 'reduced-rate', category_ids: [drinks] });
    const shirt = make({ type: 'variable', name: 'T-Shirt', sku: 'TS' });
    const shirtRed = make({
      type: 'variation',
      parent_id: shirt,
      sku: 'TS-RED',
      regular_price: '15.00',
      manage_stock: true,
      stock_quantity: 10,
      variation_attributes: [{ id: 0, name: 'Color', slug: 'color', option: 'Red' }],
    });
    const giftCard = make({ type: 'simple', name: 'Gift card', sku: 'GIFT-1', regular_price: '25.00', tax_status: 'none' });
    const mug = make({ type: 'simple', name: 'Mug', sku: 'MUG-1', regular_price: '8.00', sale_price: '6.00' });
    return { coffee, tea, shirt, shirtRed, giftCard, mug, drinks, rates: { standard, reduced } };
  });
}

export function addCoupon(server: TestServer, coupon: NewCoupon): number {
  return withDb(server, (db) => new CouponsRepository(db).create(coupon).id);
}

export function couponOf(server: TestServer, id: number) {
  return withDb(server, (db) => new CouponsRepository(db).findById(id));
}

export function productOf(server: TestServer, id: number) {
  return withDb(server, (db) => servicesOf(db).repositories.products.find(id));
}

export function addCustomer(server: TestServer, email: string, billing: Record<string, string> = {}): number {
  const address = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    address_1: '12 Analytical Row',
    address_2: '',
    city: 'London',
    state: '',
    postcode: 'N1 9GU',
    country: 'GB',
    phone: '',
  };
  return withDb(
    server,
    (db) =>
      new CustomersRepository(db).create({
        email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        billing: { ...address, email, ...billing },
        shipping: { ...address },
      }).id,
  );
}

/** `POST /orders`, failing the test unless it is created. */
export async function createOrder(server: TestServer, token: string, body: Record<string, unknown>) {
  const response = await api(server, 'POST', '/orders', { token, body });
  if (response.status !== 201) throw new Error(`order not created: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
