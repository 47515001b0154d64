import type { Services } from '../composition.js';
import { DEFAULT_STORE_ID } from '../data/repositories/stores.js';
import { ean13 } from '../model/catalogue/barcode.js';
import { slugify } from '../model/catalogue/naming.js';
import type { ProductAttribute } from '../model/catalogue/types.js';
import { storeFieldsSchema } from '../model/stores.js';
import { writeTransaction } from '../data/write-transaction.js';
import { SIMPLE_ITEMS } from './shelves.js';
import { BRANDS, CATEGORIES, COUPONS, CUSTOMERS, TAGS, TAX_RATES, type BrandKey, type CategoryKey } from './shop.js';
import { VARIABLE_ITEMS } from './variable-items.js';

/*
 * The demo shop: "Mission Corner Café & Market", a small café and general store in San Francisco.
 * Everything is built from the fixed lists in shop.ts, shelves.ts and variable-items.ts, so every
 * run seeds exactly the same data (ids, SKUs, barcodes, prices and dates alike).
 */

/** Products appear to have been added over the shop's first weeks, 37 minutes apart, from this moment on. */
const CATALOGUE_START = Date.UTC(2025, 0, 6, 16, 0, 0);
const createdAt = (position: number): string => new Date(CATALOGUE_START + position * 37 * 60_000).toISOString().slice(0, 19);

/** SKU like `COF-003`: the category's prefix and the product's place in it. */
function skuOf(category: CategoryKey, position: number): string {
  return `${CATEGORIES.find((entry) => entry.key === category)?.sku ?? 'GEN'}-${String(position).padStart(3, '0')}`;
}

const cartesian = (sizes: readonly number[]): number[][] =>
  sizes.reduce<number[][]>(
    (combinations, size) => combinations.flatMap((combination) => Array.from({ length: size }, (_, index) => [...combination, index])),
    [[]],
  );

/**
 * Seeds the demo shop into an empty catalogue, in one transaction: terms, about three hundred products
 * with variations, coupons, customers, the tax rates of the store's base and the store's details.
 * A database that already holds products, coupons or customers is left as it is, so seeding twice
 * changes nothing.
 */
export function seedDemoCatalogue({ db, repositories }: Pick<Services, 'db' | 'repositories'>): void {
  const { products, terms, coupons, customers, stores, taxRates } = repositories;

  writeTransaction(db, () => {
    if (products.count() > 0 || coupons.count() > 0 || customers.count() > 0) return;

    const categoryIds = new Map<CategoryKey, number>();
    for (const category of CATEGORIES) {
      const parent = category.parent === undefined ? 0 : (categoryIds.get(category.parent) ?? 0);
      categoryIds.set(category.key, terms.create('product_cat', { name: category.name, slug: category.key, parent, description: category.description }).id);
    }
    const brandIds = new Map(BRANDS.map((brand) => [brand.key, terms.create('product_brand', { name: brand.name, slug: brand.key }).id]));
    const tagIds = new Map(TAGS.map((tag) => [tag.key, terms.create('product_tag', { name: tag.name, slug: tag.key }).id]));
    const lookup = <K>(ids: Map<K, number>, key: K): number => {
      const id = ids.get(key);
      if (id === undefined) throw new Error(`demo term ${String(key)} is missing`);
      return id;
    };
    const categoryChain = (key: CategoryKey): number[] => {
      const parent = CATEGORIES.find((category) => category.key === key)?.parent;
      return [lookup(categoryIds, key), ...(parent === undefined ? [] : categoryChain(parent))];
    };

    const positionInCategory = new Map<CategoryKey, number>();
    const nextSku = (category: CategoryKey): string => {
      const position = (positionInCategory.get(category) ?? 0) + 1;
      positionInCategory.set(category, position);
      return skuOf(category, position);
    };
    const itemsOfBrand = new Map<BrandKey, number>();
    const nextBarcode = (brand: BrandKey): string => {
      const prefix = BRANDS.find((entry) => entry.key === brand)?.prefix ?? '2000000';
      const item = (itemsOfBrand.get(brand) ?? 0) + 1;
      itemsOfBrand.set(brand, item);
      return ean13(`${prefix}${String(item).padStart(5, '0')}`);
    };
    let position = 0;

    for (const item of SIMPLE_ITEMS) {
      const created = createdAt(position++);
      products.create({
        type: 'simple',
        name: item.name,
        sku: nextSku(item.category),
        barcode: nextBarcode(item.brand),
        regular_price: item.price,
        sale_price: item.sale ?? '',
        // An ended sale keeps its price and window, as WooCommerce keeps them after a scheduled sale.
        date_on_sale_from_gmt: item.saleEnded === true ? '2025-02-01T08:00:00' : null,
        date_on_sale_to_gmt: item.saleEnded === true ? '2025-02-28T23:59:59' : null,
        short_description: `${item.name} from ${BRANDS.find((brand) => brand.key === item.brand)?.name ?? ''}.`,
        virtual: item.virtual ?? false,
        featured: item.featured ?? false,
        tax_status: item.taxStatus ?? 'taxable',
        tax_class: item.taxClass ?? '',
        manage_stock: item.stock !== undefined,
        stock_quantity: item.stock ?? null,
        total_sales: (position * 7) % 23,
        category_ids: categoryChain(item.category),
        brand_ids: [lookup(brandIds, item.brand)],
        tag_ids: (item.tags ?? []).map((tag) => lookup(tagIds, tag)),
        date_created_gmt: created,
      });
    }

    for (const item of VARIABLE_ITEMS) {
      const created = createdAt(position++);
      const attributes: ProductAttribute[] = item.attributes.map((attribute, index) => ({
        id: 0,
        name: attribute.name,
        slug: slugify(attribute.name),
        position: index,
        visible: true,
        variation: true,
        options: attribute.options,
      }));
      const sku = nextSku(item.category);
      const parent = products.create({
        type: 'variable',
        name: item.name,
        sku,
        short_description: `${item.name}, in ${item.attributes.map((attribute) => attribute.options.length).join(' × ')} options.`,
        tax_class: item.taxClass ?? '',
        attributes,
        default_attributes: item.attributes.map((attribute) => ({ id: 0, name: attribute.name, option: attribute.options[0] ?? '' })),
        category_ids: categoryChain(item.category),
        brand_ids: [lookup(brandIds, item.brand)],
        tag_ids: (item.tags ?? []).map((tag) => lookup(tagIds, tag)),
        date_created_gmt: created,
      });
      cartesian(item.attributes.map((attribute) => attribute.options.length)).forEach((combination, index) => {
        const stock = item.stock?.(combination);
        products.create({
          type: 'variation',
          parent_id: parent.id,
          sku: `${sku}-${String(index + 1).padStart(2, '0')}`,
          barcode: nextBarcode(item.brand),
          regular_price: item.price(combination),
          sale_price: item.sales?.[combination.join(',')] ?? '',
          variation_attributes: item.attributes.map((attribute, attributeIndex) => ({
            id: 0,
            name: attribute.name,
            slug: slugify(attribute.name),
            option: attribute.options[combination[attributeIndex] ?? 0] ?? '',
          })),
          manage_stock: stock !== undefined,
          stock_quantity: stock ?? null,
          menu_order: index,
          date_created_gmt: created,
        });
      });
    }

    COUPONS.forEach((coupon, index) => {
      coupons.create({
        code: coupon.code,
        amount: coupon.amount,
        discount_type: coupon.discount_type,
        description: coupon.description,
        individual_use: 'individual_use' in coupon ? coupon.individual_use : false,
        usage_limit_per_user: 'usage_limit_per_user' in coupon ? coupon.usage_limit_per_user : null,
        minimum_amount: 'minimum_amount' in coupon ? coupon.minimum_amount : '',
        product_categories: 'category' in coupon ? [lookup(categoryIds, coupon.category)] : [],
        limit_usage_to_x_items: 'limit_usage_to_x_items' in coupon ? coupon.limit_usage_to_x_items : null,
        date_created_gmt: createdAt(position + index),
      });
    });

    CUSTOMERS.forEach((customer, index) => {
      const address = {
        first_name: customer.first,
        last_name: customer.last,
        company: customer.company,
        address_1: customer.address,
        address_2: '',
        city: customer.city,
        state: 'CA',
        postcode: customer.postcode,
        country: 'US',
        phone: customer.phone,
      };
      customers.create({
        email: customer.email,
        username: customer.email.split('@')[0] ?? customer.email,
        first_name: customer.first,
        last_name: customer.last,
        billing: { ...address, email: customer.email },
        shipping: address,
        date_created_gmt: createdAt(position + COUPONS.length + index),
      });
    });

    for (const rate of TAX_RATES) {
      taxRates.create({
        country: 'US',
        state: 'CA',
        postcodes: [],
        cities: [...rate.cities],
        rate: rate.rate,
        name: rate.name,
        priority: rate.priority,
        compound: false,
        shipping: false,
        class: rate.class,
      });
    }

    const store = stores.find(DEFAULT_STORE_ID);
    if (store) {
      const fields = storeFieldsSchema.parse(store);
      stores.update(
        DEFAULT_STORE_ID,
        'Mission Corner Café & Market',
        {
          ...fields,
          store_address: '2150 Mission Street',
          store_address_2: '',
          store_city: 'San Francisco',
          store_postcode: '94110',
          store_state: 'CA',
          store_country: 'US',
          timezone: 'America/Los_Angeles',
          phone: '+1 415 555 0137',
          email: 'hello@missioncorner.example',
        },
        store.meta_data,
      );
    }
  });
}
