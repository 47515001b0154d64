/**
 * Products, variations and their terms as `GET /products…` answers them (woocommerce-reference
 * §2.1–2.4, plus `barcode`): the return types of the server's shapeProduct, shapeVariation and
 * shapeTerm (server/domain/catalogue/shape.ts), and what the till reads.
 */
import type { Link, MetaDataEntry, SelfLinks } from './common.js';

export type CatalogueItemType = 'simple' | 'grouped' | 'external' | 'variable' | 'variation';

export interface TermReference {
  id: number;
  name: string;
  slug: string;
}

export interface ProductImage {
  id: number;
  src: string;
  name: string;
  alt: string;
  date_created: string | null;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string;
}

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

export interface DefaultAttribute {
  id: number;
  name: string;
  option: string;
}

type CatalogueLinks = SelfLinks & { up?: Link };

/** The fields products and variations share (§2.2, first paragraph). */
export interface CatalogueItemFields {
  description: string;
  sku: string;
  global_unique_id: string;
  barcode: string;
  date_on_sale_from: string | null;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to: string | null;
  date_on_sale_to_gmt: string | null;
  virtual: boolean;
  downloadable: boolean;
  downloads: never[];
  download_limit: number;
  download_expiry: number;
  tax_status: 'taxable' | 'shipping' | 'none';
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: string;
  backorders: string;
  backorders_allowed: boolean;
  backordered: boolean;
  low_stock_amount: number | null;
  weight: string;
  dimensions: { length: string; width: string; height: string };
  shipping_class: string;
  shipping_class_id: number;
  menu_order: number;
  meta_data: MetaDataEntry[];
  _links: CatalogueLinks;
}

export interface Product extends CatalogueItemFields {
  id: number;
  name: string;
  slug: string;
  permalink: string;
  date_created: string | null;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string;
  type: CatalogueItemType;
  status: string;
  featured: boolean;
  catalog_visibility: string;
  short_description: string;
  price: string;
  regular_price: string;
  sale_price: string;
  price_html: string;
  on_sale: boolean;
  purchasable: boolean;
  total_sales: number;
  external_url: string;
  button_text: string;
  tax_class: string;
  sold_individually: boolean;
  shipping_required: boolean;
  shipping_taxable: boolean;
  reviews_allowed: boolean;
  average_rating: string;
  rating_count: number;
  upsell_ids: number[];
  cross_sell_ids: number[];
  related_ids: number[];
  parent_id: number;
  purchase_note: string;
  categories: TermReference[];
  tags: TermReference[];
  brands: TermReference[];
  images: ProductImage[];
  has_options: boolean;
  attributes: ProductAttribute[];
  default_attributes: DefaultAttribute[];
  /** The ids of a variable product's variations. */
  variations: number[];
  grouped_products: number[];
  post_password: string;
}

/**
 * What a `barcode=` lookup matched, shown on each product it returns: `exact` (the code, or another
 * GTIN form of it), or `variable_measure` (a GS1 20-29 code), with the weight (kg) or price it carries.
 */
export interface BarcodeMatch {
  code: string;
  match: 'exact' | 'variable_measure';
  /** The code the product carries. */
  product_code: string;
  measure: 'weight' | 'price' | null;
  quantity: string | null;
  price: string | null;
}

/** A product or variation as a `barcode=` lookup returns it. */
export type ScannedProduct = Product & { barcode_match?: BarcodeMatch };

export interface Variation extends CatalogueItemFields {
  id: number;
  type: 'variation';
  parent_id: number;
  name: string;
  permalink: string;
  date_created: string | null;
  date_created_gmt: string;
  date_modified: string | null;
  date_modified_gmt: string;
  status: string;
  price: string;
  regular_price: string;
  sale_price: string;
  on_sale: boolean;
  purchasable: boolean;
  tax_class: string;
  image: ProductImage | null;
  attributes: Array<{ id: number; name: string; slug: string; option: string }>;
}

/** A tag (§2.4): no parent, display, image or menu order. */
export interface ProductTag {
  id: number;
  name: string;
  slug: string;
  description: string;
  count: number;
  _links: CatalogueLinks;
}

/** A category or brand (§2.3). */
export interface ProductCategory extends ProductTag {
  parent: number;
  display: string;
  image: null;
  menu_order: number;
}

export type ProductTerm = ProductTag | ProductCategory;

/** One line of a product's stock ledger (`GET /products/{id}/stock`, newest first), its date in the store's time. */
export interface StockLedgerEntry {
  id: number;
  product_id: number;
  /** Units, up to three decimal places. */
  change: number;
  /** The stock after this change. */
  balance: number;
  reason: string;
  order_id: number | null;
  reference: string;
  note: string;
  user_id: number | null;
  /** Who made the change: its user's name, or for a sale the cashier who rang it up; null when nobody is known. */
  user_name: string | null;
  date_created: string;
}

/** The answer of a stock adjustment (`POST /products/{id}/stock`). */
export interface StockAdjustmentAnswer {
  id: number;
  stock_quantity: number | null;
  stock_status: string;
  entry: StockLedgerEntry | null;
}
