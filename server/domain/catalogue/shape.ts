import { listedMeta, lowStockAmountOf } from '../../model/catalogue/product-meta.js';
import { gmtToLocal } from '../../model/dates.js';
import { formatMoney } from '../../model/money.js';
import type { Store } from '../../model/stores.js';
import { itemPriceHtml, rangePriceHtml } from './price-html.js';
import { POS_VISIBILITY_META } from './product-input.js';
import { activePrice, highestPrice, isOnSale, lowestPrice } from '../../model/catalogue/pricing.js';
import type { Product, ProductTerm, Variation } from '../../../shared/resources/products.js';
import type { ProductImage, ProductRecord, TermRecord, TermReference, Taxonomy, VariationPricing } from '../../model/catalogue/types.js';

/** What shaping needs besides the records: the store (decimals, time zone, currency), the API base URL for `_links`, and now. */
export interface ShapeContext {
  store: Store;
  /** `http://127.0.0.1:8787/pos/v1` */
  apiBase: string;
  nowGmt: string;
  /** WordPress's `context`: `edit` shows stored values where `view` resolves them (a variation's `tax_class` "parent"). */
  context?: 'view' | 'embed' | 'edit' | undefined;
}

const links = (self: string, collection: string, up?: string) => ({
  self: [{ href: self }],
  collection: [{ href: collection }],
  ...(up === undefined ? {} : { up: [{ href: up }] }),
});

/** Formatted amounts by decimals and stored value: a catalogue repeats a few hundred prices, and decimal formatting is slow. */
const formattedMoney = new Map<string, string>();
const REMEMBERED_AMOUNTS = 10_000;

function moneyField(value: string, context: ShapeContext): string {
  if (value === '') return '';
  const key = `${context.store.price_num_decimals} ${value}`;
  let formatted = formattedMoney.get(key);
  if (formatted === undefined) {
    formatted = formatMoney(value, context.store.price_num_decimals);
    if (formattedMoney.size >= REMEMBERED_AMOUNTS) formattedMoney.clear();
    formattedMoney.set(key, formatted);
  }
  return formatted;
}

const local = (gmt: string | null, context: ShapeContext) => gmtToLocal(gmt, context.store.timezone);

/** The origin of each API base seen (a till reaches the server by one or two names). */
const origins = new Map<string, string>();
function originOf(apiBase: string): string {
  let origin = origins.get(apiBase);
  if (origin === undefined) {
    origin = new URL(apiBase).origin;
    if (origins.size >= 64) origins.clear();
    origins.set(apiBase, origin);
  }
  return origin;
}

/**
 * An absolute URL, as WooCommerce sends: the product's page on the store's storefront when the store
 * has a `url`, otherwise the product's page in the till's own app, on the server the client reached.
 */
function permalink(record: ProductRecord, context: ShapeContext): string {
  if (context.store.url !== '') return `${context.store.url.replace(/\/+$/, '')}/product/${record.slug}/`;
  const productId = record.type === 'variation' ? record.parent_id : record.id;
  const variation = record.type === 'variation' ? `?variation=${record.id}` : '';
  return `${originOf(context.apiBase)}/app/#/product/${productId}${variation}`;
}

function image(stored: ProductImage, record: ProductRecord, context: ShapeContext) {
  return {
    id: stored.id,
    src: stored.src,
    name: stored.name,
    alt: stored.alt,
    date_created: local(record.date_created_gmt, context),
    date_created_gmt: record.date_created_gmt,
    date_modified: local(record.date_modified_gmt, context),
    date_modified_gmt: record.date_modified_gmt,
  };
}

/** The stored meta, and where the product sells as WCPOS keeps it: the meta `_pos_visibility`, after the others. */
function metaWithPosVisibility(record: ProductRecord): ProductRecord['meta_data'] {
  const meta = listedMeta(record.meta_data);
  if (record.pos_visibility === '') return meta;
  const id = record.meta_data.reduce((highest, entry) => Math.max(highest, entry.id), 0) + 1;
  return [...meta, { id, key: POS_VISIBILITY_META, value: record.pos_visibility }];
}

/** Fields that products and variations share (woocommerce-reference §2.2, first paragraph). */
function commonFields(record: ProductRecord, context: ShapeContext) {
  const managed = record.manage_stock;
  return {
    description: record.description,
    sku: record.sku,
    global_unique_id: record.barcode,
    barcode: record.barcode,
    date_on_sale_from: local(record.date_on_sale_from_gmt, context),
    date_on_sale_from_gmt: record.date_on_sale_from_gmt,
    date_on_sale_to: local(record.date_on_sale_to_gmt, context),
    date_on_sale_to_gmt: record.date_on_sale_to_gmt,
    virtual: record.virtual,
    downloadable: false,
    downloads: [],
    download_limit: -1,
    download_expiry: -1,
    tax_status: record.tax_status,
    manage_stock: managed,
    stock_quantity: record.stock_quantity,
    stock_status: record.stock_status,
    backorders: record.backorders,
    backorders_allowed: record.backorders !== 'no',
    backordered: managed && record.stock_quantity !== null && record.stock_quantity < 0,
    low_stock_amount: lowStockAmountOf(record.meta_data),
    weight: record.weight,
    dimensions: { length: '', width: '', height: '' },
    shipping_class: '',
    shipping_class_id: 0,
    menu_order: record.menu_order,
    meta_data: metaWithPosVisibility(record),
  };
}

/** A product in the WooCommerce v3 shape (§2.1) plus `barcode`. `variations` are the product's children (variable products only). */
export function shapeProduct(
  record: ProductRecord,
  terms: Record<Taxonomy, TermReference[]>,
  variations: readonly VariationPricing[],
  context: ShapeContext,
): Product {
  const now = context.nowGmt;
  const isVariable = record.type === 'variable';
  const sellable = variations.filter((child) => child.status === 'publish');
  const childPrices = sellable.map((child) => activePrice(child, now));
  const price = isVariable ? lowestPrice(childPrices) : activePrice(record, now);
  const onSale = isVariable ? sellable.some((child) => isOnSale(child, now)) : isOnSale(record, now);
  const priceHtml = isVariable
    ? rangePriceHtml(price, highestPrice(childPrices), context.store)
    : itemPriceHtml(moneyField(record.regular_price, context), moneyField(price, context), onSale, context.store);
  const shippingRequired = !record.virtual;
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    permalink: permalink(record, context),
    date_created: local(record.date_created_gmt, context),
    date_created_gmt: record.date_created_gmt,
    date_modified: local(record.date_modified_gmt, context),
    date_modified_gmt: record.date_modified_gmt,
    type: record.type,
    status: record.status,
    featured: record.featured,
    catalog_visibility: record.catalog_visibility,
    short_description: record.short_description,
    price: moneyField(price, context),
    regular_price: moneyField(record.regular_price, context),
    sale_price: moneyField(record.sale_price, context),
    price_html: priceHtml,
    on_sale: onSale,
    purchasable: price !== '' && record.status === 'publish',
    total_sales: record.total_sales,
    external_url: '',
    button_text: '',
    tax_class: record.tax_class,
    sold_individually: record.sold_individually,
    shipping_required: shippingRequired,
    shipping_taxable: shippingRequired && record.tax_status !== 'none',
    reviews_allowed: false,
    average_rating: '0.00',
    rating_count: 0,
    upsell_ids: [],
    cross_sell_ids: [],
    related_ids: [],
    parent_id: record.parent_id,
    purchase_note: '',
    categories: terms.product_cat,
    tags: terms.product_tag,
    brands: terms.product_brand,
    images: record.images.map((stored) => image(stored, record, context)),
    has_options: isVariable,
    attributes: record.attributes,
    default_attributes: record.default_attributes,
    variations: variations.map((child) => child.id),
    grouped_products: [],
    post_password: '',
    ...commonFields(record, context),
    _links: links(`${context.apiBase}/products/${record.id}`, `${context.apiBase}/products`),
  };
}
export type ProductResource = ReturnType<typeof shapeProduct>;

/** A variation in the WooCommerce v3 shape (§2.2) plus `barcode`; `tax_class` "parent" is resolved (view context). */
export function shapeVariation(record: ProductRecord, context: ShapeContext): Variation {
  const now = context.nowGmt;
  const price = activePrice(record, now);
  const onSale = isOnSale(record, now);
  const firstImage = record.images[0];
  return {
    id: record.id,
    // WooCommerce 10's variations controller sends `type` ("variation") but not `price_html`.
    type: 'variation' as const,
    parent_id: record.parent_id,
    name: record.name,
    permalink: permalink(record, context),
    date_created: local(record.date_created_gmt, context),
    date_created_gmt: record.date_created_gmt,
    date_modified: local(record.date_modified_gmt, context),
    date_modified_gmt: record.date_modified_gmt,
    status: record.status,
    price: moneyField(price, context),
    regular_price: moneyField(record.regular_price, context),
    sale_price: moneyField(record.sale_price, context),
    on_sale: onSale,
    purchasable: price !== '' && record.status === 'publish',
    tax_class: record.tax_class === 'parent' && context.context !== 'edit' ? (record.parent_tax_class ?? '') : record.tax_class,
    image: firstImage === undefined ? null : image(firstImage, record, context),
    attributes: record.variation_attributes.map((attribute) => ({ id: attribute.id, name: attribute.name, slug: attribute.slug, option: attribute.option })),
    ...commonFields(record, context),
    _links: links(
      `${context.apiBase}/products/variations?include=${record.id}`,
      `${context.apiBase}/products/variations?parent=${record.parent_id}`,
      `${context.apiBase}/products/${record.parent_id}`,
    ),
  };
}
export type VariationResource = ReturnType<typeof shapeVariation>;

const TERM_PATHS: Record<Taxonomy, string> = { product_cat: 'categories', product_tag: 'tags', product_brand: 'brands' };

/** A category or brand (§2.3), or a tag (§2.4: no parent, display, image or menu order). */
export function shapeTerm(record: TermRecord, context: ShapeContext): ProductTerm {
  const collection = `${context.apiBase}/products/${TERM_PATHS[record.taxonomy]}`;
  const termLinks = links(`${collection}?include=${record.id}`, collection);
  if (record.taxonomy === 'product_tag') {
    return { id: record.id, name: record.name, slug: record.slug, description: record.description, count: record.count, _links: termLinks };
  }
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    parent: record.parent,
    description: record.description,
    display: 'default',
    image: null,
    menu_order: record.menu_order,
    count: record.count,
    _links: termLinks,
  };
}
