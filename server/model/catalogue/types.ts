import type { MetaData } from '../stores.js';

export const PRODUCT_TYPES = ['simple', 'grouped', 'external', 'variable'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export type CatalogueItemType = ProductType | 'variation';

export const PRODUCT_STATUSES = ['draft', 'pending', 'private', 'publish', 'future', 'trash'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const TAX_STATUSES = ['taxable', 'shipping', 'none'] as const;
export type TaxStatus = (typeof TAX_STATUSES)[number];

/** An attribute of a product (`options` are the term names it offers). */
export interface ProductAttribute {
  id: number;
  name: string;
  slug: string;
  position: number;
  visible: boolean;
  variation: boolean;
  options: string[];
}

/** The attribute choice of one variation (`option` is the term name). */
export interface VariationAttribute {
  id: number;
  name: string;
  slug: string;
  option: string;
}

export interface DefaultAttribute {
  id: number;
  name: string;
  option: string;
}

export interface ProductImage {
  id: number;
  src: string;
  name: string;
  alt: string;
}

/** One row of the products table (a product or a variation), with JSON and flags decoded. */
export interface ProductRecord {
  id: number;
  parent_id: number;
  type: CatalogueItemType;
  name: string;
  slug: string;
  status: string;
  featured: boolean;
  catalog_visibility: string;
  description: string;
  short_description: string;
  sku: string;
  barcode: string;
  regular_price: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
  virtual: boolean;
  tax_status: TaxStatus;
  /** `''` = standard; a variation may hold `'parent'`. */
  tax_class: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: string;
  backorders: string;
  sold_individually: boolean;
  weight: string;
  menu_order: number;
  total_sales: number;
  /** A product's attributes (empty on a variation). */
  attributes: ProductAttribute[];
  /** A variation's attribute choices (empty on a product). */
  variation_attributes: VariationAttribute[];
  default_attributes: DefaultAttribute[];
  images: ProductImage[];
  meta_data: MetaData;
  date_created_gmt: string;
  date_modified_gmt: string;
  /** The parent's name and tax class, for variations (null on products). */
  parent_name: string | null;
  parent_tax_class: string | null;
  /** wcpos visibility: `''` everywhere, `pos_only`, or `online_only` (hidden at the till while `pos_only_products` is on). */
  pos_visibility: string;
}

/**
 * A product row's own fields as written: a record without its id (SQLite's), its parent's joined
 * fields and its wcpos visibility (the table's default until written).
 */
export type ProductFields = Omit<ProductRecord, 'id' | 'parent_name' | 'parent_tax_class' | 'pos_visibility'>;

/**
 * The fields that may change on a product or variation that exists (the API's edits, an import's
 * rows, the retitling of variations): all but what it was created as and its sales.
 */
export type ProductChanges = Partial<Omit<ProductFields, 'parent_id' | 'type' | 'total_sales' | 'date_created_gmt' | 'date_modified_gmt'>> &
  Partial<Pick<ProductRecord, 'pos_visibility'>>;

/** What a variable product's shape and price take from each variation: which it is, whether it sells, and its prices. */
export type VariationPricing = Pick<
  ProductRecord,
  'id' | 'parent_id' | 'status' | 'regular_price' | 'sale_price' | 'date_on_sale_from_gmt' | 'date_on_sale_to_gmt'
>;

export const POS_VISIBILITIES = ['', 'pos_only', 'online_only'] as const;

export type Taxonomy = 'product_cat' | 'product_tag' | 'product_brand';

export interface TermRecord {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  parent: number;
  description: string;
  menu_order: number;
  /** Published products in the term. */
  count: number;
}

/** A term as it appears inside a product (`categories`, `tags`, `brands`). */
export interface TermReference {
  id: number;
  name: string;
  slug: string;
}

/** A product or variation to create (seed, import, tests). Fields as in the WooCommerce schema; omitted ones take the schema defaults. */
export interface NewProduct {
  type: CatalogueItemType;
  /** Required for products; a variation's name is made from its parent's name and its options. */
  name?: string;
  parent_id?: number;
  slug?: string;
  status?: string;
  featured?: boolean;
  catalog_visibility?: string;
  description?: string;
  short_description?: string;
  sku?: string;
  barcode?: string;
  regular_price?: string;
  sale_price?: string;
  date_on_sale_from_gmt?: string | null;
  date_on_sale_to_gmt?: string | null;
  virtual?: boolean;
  tax_status?: TaxStatus;
  tax_class?: string;
  manage_stock?: boolean;
  stock_quantity?: number | null;
  /** Used when stock is not managed; a managed item's status follows its quantity. */
  stock_status?: string;
  backorders?: string;
  sold_individually?: boolean;
  weight?: string;
  menu_order?: number;
  total_sales?: number;
  attributes?: ProductAttribute[];
  variation_attributes?: VariationAttribute[];
  default_attributes?: DefaultAttribute[];
  images?: ProductImage[];
  meta_data?: Array<{ id?: number; key: string; value: unknown }>;
  date_created_gmt?: string;
  date_modified_gmt?: string;
  category_ids?: number[];
  tag_ids?: number[];
  brand_ids?: number[];
}
