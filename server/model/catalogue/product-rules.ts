import type { MetaData } from '../stores.js';
import { slugify, variationName } from './naming.js';
import { managedStockStatus } from './stock.js';
import type { CatalogueItemType, NewProduct, ProductFields, ProductRecord } from './types.js';

/** What the rules need of a variation's parent product: undefined when there is no such product. */
export type ParentProduct = Pick<ProductRecord, 'name' | 'type'>;

/** Only a variable product has variations (WooCommerce's `WC_Product_Variable`). */
export const hasVariations = (type: string): boolean => type === 'variable';

/** A variable or grouped product has no price of its own: its children's prices make the one it shows. */
export const hasOwnPrice = (type: CatalogueItemType): boolean => type !== 'variable' && type !== 'grouped';

/** The tax class an item takes when none is given: a variation follows its parent's, a product is in the standard class (`''`). */
export const defaultTaxClass = (type: CatalogueItemType): string => (type === 'variation' ? 'parent' : '');

/** Meta entries with their ids: an entry given without one is numbered by its place (from 1), as WooCommerce's list numbers them. */
export const numberedMeta = (entries: ReadonlyArray<{ id?: number | undefined; key: string; value: unknown }>): MetaData =>
  entries.map((entry, index) => ({ id: entry.id ?? index + 1, key: entry.key, value: entry.value }));

/** `base`, or the first of `base-2`, `base-3`... that is not taken (WordPress's `wp_unique_post_slug`). */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  let slug = base;
  for (let suffix = 2; taken(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}

/**
 * The name a new item is stored with. A variation needs a variable parent, and its name is made from
 * the parent's and its options ("T-Shirt - Red, Large"); a product needs a name of its own.
 */
export function newItemName(product: Pick<NewProduct, 'type' | 'name' | 'parent_id' | 'variation_attributes'>, parent: ParentProduct | undefined): string {
  if (product.type === 'variation') {
    if (parent === undefined || !hasVariations(parent.type))
      throw new Error(`a variation needs a variable parent product; ${product.parent_id ?? 0} is not one`);
    return variationName(parent.name, product.variation_attributes ?? []);
  }
  if (product.name === undefined || product.name.trim() === '') throw new Error('a product needs a name');
  return product.name;
}

/**
 * A new item's stock: not managed unless asked, no backorders; a managed item starts at 0 unless
 * given a quantity and its status follows the quantity; an unmanaged one is in stock unless told otherwise.
 */
export function openingStock(
  product: Pick<NewProduct, 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'>,
): Pick<ProductFields, 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'> {
  const manageStock = product.manage_stock ?? false;
  const backorders = product.backorders ?? 'no';
  const stockQuantity = manageStock ? (product.stock_quantity ?? 0) : null;
  return {
    manage_stock: manageStock,
    stock_quantity: stockQuantity,
    stock_status: stockQuantity !== null ? managedStockStatus(stockQuantity, backorders) : (product.stock_status ?? 'instock'),
    backorders,
  };
}

/**
 * Every stored field of a new product or variation: what `product` gives, and for the rest the
 * WooCommerce schema's defaults. Throws when the item breaks a rule (see `newItemName`). A product's
 * slug is made unique among products' with `slugTaken`; a variation's need not be.
 */
export function newProductFields(
  product: NewProduct,
  parent: ParentProduct | undefined,
  context: { now: string; slugTaken: (slug: string) => boolean },
): ProductFields {
  const isVariation = product.type === 'variation';
  const name = newItemName(product, parent);
  const priced = hasOwnPrice(product.type);
  const created = product.date_created_gmt ?? context.now;
  return {
    parent_id: product.parent_id ?? 0,
    type: product.type,
    name,
    slug: isVariation ? slugify(name) : uniqueSlug(product.slug ?? slugify(name), context.slugTaken),
    status: product.status ?? 'publish',
    featured: product.featured === true,
    catalog_visibility: product.catalog_visibility ?? 'visible',
    description: product.description ?? '',
    short_description: product.short_description ?? '',
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    regular_price: priced ? (product.regular_price ?? '') : '',
    sale_price: priced ? (product.sale_price ?? '') : '',
    date_on_sale_from_gmt: product.date_on_sale_from_gmt ?? null,
    date_on_sale_to_gmt: product.date_on_sale_to_gmt ?? null,
    virtual: product.virtual === true,
    tax_status: product.tax_status ?? 'taxable',
    tax_class: product.tax_class ?? defaultTaxClass(product.type),
    ...openingStock(product),
    sold_individually: product.sold_individually === true,
    weight: product.weight ?? '',
    menu_order: product.menu_order ?? 0,
    total_sales: product.total_sales ?? 0,
    attributes: isVariation ? [] : (product.attributes ?? []),
    variation_attributes: isVariation ? (product.variation_attributes ?? []) : [],
    default_attributes: product.default_attributes ?? [],
    images: product.images ?? [],
    meta_data: numberedMeta(product.meta_data ?? []),
    date_created_gmt: created,
    date_modified_gmt: product.date_modified_gmt ?? created,
  };
}
