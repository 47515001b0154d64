import { writtenMeta } from '../../model/catalogue/product-meta.js';
import type { PulledCouponRow, PulledProductRow, PulledTaxRateRow, PulledTermRow } from '../../data/repositories/sync-catalogue-rows.js';
import { defaultTaxClass, hasOwnPrice } from '../../model/catalogue/product-rules.js';
import { BACKORDER_OPTIONS, STOCK_STATUSES } from '../../model/catalogue/stock.js';
import {
  TAX_STATUSES,
  type CatalogueItemType,
  type DefaultAttribute,
  type ProductAttribute,
  type TaxStatus,
  type Taxonomy,
  type VariationAttribute,
} from '../../model/catalogue/types.js';
import { DISCOUNT_TYPES } from '../../model/coupons/types.js';
import type { MetaData } from '../../model/stores.js';
import { isJson, list, objectsOf, text, whole, type Json } from '../shop/answers.js';

/**
 * WooCommerce's records (wc/v3, docs/woocommerce-observed.md §13-§14) in the till's stored form.
 * Pure: the pull (catalogue.ts) resolves ids. A field WooCommerce leaves out or sends in another
 * type takes the till's default, so one odd record cannot stop a pull.
 */

const flag = (value: unknown): boolean => value === true;
const ids = (value: unknown): number[] =>
  list(value)
    .map((item) => whole(isJson(item) ? item.id : item))
    .filter((id) => id > 0);
/** A GMT date as WooCommerce writes it (`2026-11-27T07:45:29`), or null. */
const gmt = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value) ? value.slice(0, 19) : null);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => allowed.find((one) => one === value) ?? fallback;
const meta = (value: unknown): MetaData =>
  list(value).flatMap((entry, index) =>
    isJson(entry) && typeof entry.key === 'string' ? [{ id: whole(entry.id, index + 1), key: entry.key, value: entry.value }] : [],
  );

/** WooCommerce answers a product's own low-stock amount as a field and keeps it out of `meta_data`; the till keeps it as that meta again. */
const withLowStockAmount = (entries: MetaData, amount: unknown): MetaData =>
  typeof amount === 'number' && Number.isFinite(amount) ? (writtenMeta(entries, entries, amount) ?? entries) : entries;

/** The product types the till sells; a plugin's own type (a bundle, say) is left out of the pull and counted. */
const PULLED_TYPES: readonly CatalogueItemType[] = ['simple', 'grouped', 'external', 'variable', 'variation'];
export const isPulledType = (record: Json): boolean => PULLED_TYPES.some((type) => type === record.type);

/** The newest `date_modified_gmt` of some records, or `since` when none is newer. */
export function newestModified(records: readonly Json[], since: string | undefined): string | undefined {
  return records.reduce<string | undefined>((newest, record) => {
    const modified = gmt(record.date_modified_gmt);
    return modified !== null && (newest === undefined || modified > newest) ? modified : newest;
  }, since);
}

/**
 * A product or variation. Prices are kept as WooCommerce stores them, regular and sale with the sale's
 * dates, never its `price`: the till works out the price at the moment of each sale (model/catalogue/
 * pricing.ts), so a sale starts and ends on its dates even before WooCommerce's daily job updates `price`.
 */
export function productRow(record: Json, parentId: number, termIds: number[]): PulledProductRow {
  const type = oneOf(record.type, PULLED_TYPES, 'simple');
  const isVariation = type === 'variation';
  const priced = hasOwnPrice(type);
  const image = record.image;
  const images = isVariation ? (isJson(image) && typeof image.src === 'string' ? [image] : []) : list(record.images);
  const modified = gmt(record.date_modified_gmt) ?? '1970-01-01T00:00:00';
  return {
    parent_id: parentId,
    type,
    // A variation's name is its options ("S") in WooCommerce's answer; the till names it "Parent - S" as WooCommerce's own title does.
    name: text(record.name),
    slug: text(record.slug),
    status: text(record.status, 'publish'),
    featured: flag(record.featured),
    catalog_visibility: text(record.catalog_visibility, 'visible'),
    description: text(record.description),
    short_description: text(record.short_description),
    sku: text(record.sku),
    barcode: text(record.global_unique_id),
    regular_price: priced ? text(record.regular_price) : '',
    sale_price: priced ? text(record.sale_price) : '',
    date_on_sale_from_gmt: gmt(record.date_on_sale_from_gmt),
    date_on_sale_to_gmt: gmt(record.date_on_sale_to_gmt),
    virtual: flag(record.virtual),
    tax_status: oneOf<TaxStatus>(record.tax_status, TAX_STATUSES, 'taxable'),
    tax_class: text(record.tax_class, defaultTaxClass(type)),
    manage_stock: flag(record.manage_stock),
    stock_status: oneOf(record.stock_status, STOCK_STATUSES, 'instock'),
    backorders: oneOf(record.backorders, BACKORDER_OPTIONS, 'no'),
    sold_individually: flag(record.sold_individually),
    weight: text(record.weight),
    menu_order: whole(record.menu_order),
    total_sales: whole(record.total_sales),
    // Read field by field as WooCommerce sends them: a product's attributes, or a variation's choices.
    attributes: isVariation ? [] : productAttributes(record.attributes),
    variation_attributes: isVariation ? variationAttributes(record.attributes) : [],
    default_attributes: defaultAttributes(record.default_attributes),
    images: images.map((entry) => {
      const item = isJson(entry) ? entry : {};
      return { id: whole(item.id), src: text(item.src), name: text(item.name), alt: text(item.alt) };
    }),
    meta_data: withLowStockAmount(meta(record.meta_data), record.low_stock_amount),
    date_created_gmt: gmt(record.date_created_gmt) ?? modified,
    date_modified_gmt: modified,
    term_ids: termIds,
  };
}

/** A variation's attributes as WooCommerce answered them (`[{ id, name, option }]`), for its name. */
export const variationAttributes = (value: unknown): VariationAttribute[] =>
  objectsOf(value).map((attribute) => ({ id: whole(attribute.id), name: text(attribute.name), slug: text(attribute.slug), option: text(attribute.option) }));

/** A product's attributes as WooCommerce answered them (`[{ id, name, slug, position, visible, variation, options }]`). */
const productAttributes = (value: unknown): ProductAttribute[] =>
  objectsOf(value).map((attribute) => ({
    id: whole(attribute.id),
    name: text(attribute.name),
    slug: text(attribute.slug),
    position: whole(attribute.position),
    visible: flag(attribute.visible),
    variation: flag(attribute.variation),
    options: list(attribute.options).map((option) => text(option)),
  }));

/** A variable product's default choices as WooCommerce answered them (`[{ id, name, option }]`). */
const defaultAttributes = (value: unknown): DefaultAttribute[] =>
  objectsOf(value).map((attribute) => ({ id: whole(attribute.id), name: text(attribute.name), option: text(attribute.option) }));

/** The remote ids of a product's categories, tags and brands. */
export const productTermIds = (record: Json): number[] => [...ids(record.categories), ...ids(record.tags), ...ids(record.brands)];

/** A remote stock quantity (a number, or null when stock is not managed). */
export const remoteStock = (record: Json): number | null =>
  flag(record.manage_stock) && typeof record.stock_quantity === 'number' && Number.isFinite(record.stock_quantity) ? record.stock_quantity : null;

export function termRow(record: Json, taxonomy: Taxonomy, parent: number): PulledTermRow {
  return { taxonomy, name: text(record.name), slug: text(record.slug), parent, description: text(record.description), menu_order: whole(record.menu_order) };
}

/** WooCommerce writes "no limit" and "no minimum" as null or 0 (and amounts as `0.00`). */
const limit = (value: unknown): number | null => (whole(value) > 0 ? whole(value) : null);
const spend = (value: unknown): string => (text(value) === '' || Number(text(value)) === 0 ? '' : text(value));

export const isPulledCoupon = (record: Json): boolean => (DISCOUNT_TYPES as readonly string[]).includes(text(record.discount_type));

/** A coupon; product and category ids already resolved to local ones by the caller. */
export function couponRow(record: Json, local: { products: (remoteIds: number[]) => number[]; terms: (remoteIds: number[]) => number[] }): PulledCouponRow {
  const modified = gmt(record.date_modified_gmt) ?? '1970-01-01T00:00:00';
  const strings = (value: unknown): string[] =>
    list(value)
      .map((item) => text(item))
      .filter((item) => item !== '');
  return {
    code: text(record.code),
    amount: text(record.amount, '0'),
    discount_type: oneOf(record.discount_type, DISCOUNT_TYPES, 'fixed_cart'),
    status: text(record.status, 'publish'),
    description: text(record.description),
    date_expires_gmt: gmt(record.date_expires_gmt),
    usage_count: whole(record.usage_count),
    individual_use: flag(record.individual_use),
    product_ids: local.products(ids(record.product_ids)),
    excluded_product_ids: local.products(ids(record.excluded_product_ids)),
    product_categories: local.terms(ids(record.product_categories)),
    excluded_product_categories: local.terms(ids(record.excluded_product_categories)),
    usage_limit: limit(record.usage_limit),
    usage_limit_per_user: limit(record.usage_limit_per_user),
    limit_usage_to_x_items: limit(record.limit_usage_to_x_items),
    free_shipping: flag(record.free_shipping),
    exclude_sale_items: flag(record.exclude_sale_items),
    minimum_amount: spend(record.minimum_amount),
    maximum_amount: spend(record.maximum_amount),
    email_restrictions: strings(record.email_restrictions),
    used_by: strings(record.used_by),
    meta_data: meta(record.meta_data),
    date_created_gmt: gmt(record.date_created_gmt) ?? modified,
    date_modified_gmt: modified,
  };
}

/** A tax rate: WooCommerce lists postcodes and cities (and, for one, the single `postcode`/`city`), the class as `standard` or a slug. */
export function taxRateRow(record: Json): PulledTaxRateRow {
  const places = (many: unknown, one: unknown): string[] => {
    const values = list(many)
      .map((item) => text(item).toUpperCase())
      .filter((item) => item !== '');
    return values.length > 0
      ? values
      : text(one) === ''
        ? []
        : text(one)
            .toUpperCase()
            .split(';')
            .filter((item) => item !== '');
  };
  return {
    country: text(record.country).toUpperCase(),
    state: text(record.state).toUpperCase(),
    postcodes: places(record.postcodes, record.postcode),
    cities: places(record.cities, record.city),
    rate: text(record.rate, '0'),
    name: text(record.name, 'Tax'),
    priority: whole(record.priority, 1),
    compound: flag(record.compound),
    shipping: record.shipping !== false,
    rate_order: whole(record.order),
    class: text(record.class, 'standard') === '' ? 'standard' : text(record.class, 'standard'),
  };
}
