import type {
  CatalogueItemType,
  DefaultAttribute,
  ProductAttribute,
  ProductImage,
  ProductRecord,
  TaxStatus,
  VariationAttribute,
} from '../../model/catalogue/types.js';
import type { MetaData } from '../../model/stores.js';

/** One row of `products` as SQLite returns it, with the parent's name and tax class joined for variations. */
export interface ProductRow {
  id: number;
  parent_id: number;
  type: CatalogueItemType;
  name: string;
  slug: string;
  status: string;
  featured: number;
  catalog_visibility: string;
  description: string;
  short_description: string;
  sku: string | null;
  barcode: string | null;
  regular_price: string;
  sale_price: string;
  date_on_sale_from_gmt: string | null;
  date_on_sale_to_gmt: string | null;
  virtual: number;
  tax_status: TaxStatus;
  tax_class: string;
  manage_stock: number;
  stock_quantity: number | null;
  stock_status: string;
  backorders: string;
  sold_individually: number;
  weight: string;
  menu_order: number;
  total_sales: number;
  attributes: string;
  default_attributes: string;
  images: string;
  meta_data: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  parent_name: string | null;
  parent_tax_class: string | null;
  pos_visibility: string;
}

/** Where each column of a product row read as an array (better-sqlite3's raw mode) sits. */
export type ProductRowPositions = Readonly<Record<keyof ProductRow, number>>;

const ROW_COLUMNS: readonly (keyof ProductRow)[] = [
  'id',
  'parent_id',
  'type',
  'name',
  'slug',
  'status',
  'featured',
  'catalog_visibility',
  'description',
  'short_description',
  'sku',
  'barcode',
  'regular_price',
  'sale_price',
  'date_on_sale_from_gmt',
  'date_on_sale_to_gmt',
  'virtual',
  'tax_status',
  'tax_class',
  'manage_stock',
  'stock_quantity',
  'stock_status',
  'backorders',
  'sold_individually',
  'weight',
  'menu_order',
  'total_sales',
  'attributes',
  'default_attributes',
  'images',
  'meta_data',
  'date_created_gmt',
  'date_modified_gmt',
  'parent_name',
  'parent_tax_class',
  'pos_visibility',
];

/** The positions of a statement's columns (`statement.columns()`); a column of ProductRow it lacks is an error. */
export function productRowPositions(columns: readonly { name: string }[]): ProductRowPositions {
  const names = columns.map((column) => column.name);
  const positions: Partial<Record<keyof ProductRow, number>> = {};
  for (const column of ROW_COLUMNS) {
    const position = names.indexOf(column);
    if (position < 0) throw new Error(`the product row has no column ${column}`);
    positions[column] = position;
  }
  return positions as ProductRowPositions;
}

/**
 * A product row from its values as an array. Why: better-sqlite3 builds a row object through V8's
 * API one property at a time, and for these 36 columns that was 0.87-1.1 ms for 100 rows; the
 * values as an array and this literal (one shape for every row) take 0.52 ms.
 */
export function productRowOf(values: readonly unknown[], at: ProductRowPositions): ProductRow {
  return {
    id: values[at.id],
    parent_id: values[at.parent_id],
    type: values[at.type],
    name: values[at.name],
    slug: values[at.slug],
    status: values[at.status],
    featured: values[at.featured],
    catalog_visibility: values[at.catalog_visibility],
    description: values[at.description],
    short_description: values[at.short_description],
    sku: values[at.sku],
    barcode: values[at.barcode],
    regular_price: values[at.regular_price],
    sale_price: values[at.sale_price],
    date_on_sale_from_gmt: values[at.date_on_sale_from_gmt],
    date_on_sale_to_gmt: values[at.date_on_sale_to_gmt],
    virtual: values[at.virtual],
    tax_status: values[at.tax_status],
    tax_class: values[at.tax_class],
    manage_stock: values[at.manage_stock],
    stock_quantity: values[at.stock_quantity],
    stock_status: values[at.stock_status],
    backorders: values[at.backorders],
    sold_individually: values[at.sold_individually],
    weight: values[at.weight],
    menu_order: values[at.menu_order],
    total_sales: values[at.total_sales],
    attributes: values[at.attributes],
    default_attributes: values[at.default_attributes],
    images: values[at.images],
    meta_data: values[at.meta_data],
    date_created_gmt: values[at.date_created_gmt],
    date_modified_gmt: values[at.date_modified_gmt],
    parent_name: values[at.parent_name],
    parent_tax_class: values[at.parent_tax_class],
    pos_visibility: values[at.pos_visibility],
  } as ProductRow;
}

/** Most products have no attributes, images or meta: `[]` needs no parser. */
const parseList = <T>(text: string): T[] => (text === '[]' ? [] : (JSON.parse(text) as T[]));

export function toRecord(row: ProductRow): ProductRecord {
  const attributes = parseList<unknown>(row.attributes);
  const isVariation = row.type === 'variation';
  return {
    id: row.id,
    parent_id: row.parent_id,
    type: row.type,
    name: row.name,
    slug: row.slug,
    status: row.status,
    featured: row.featured === 1,
    catalog_visibility: row.catalog_visibility,
    description: row.description,
    short_description: row.short_description,
    sku: row.sku ?? '',
    barcode: row.barcode ?? '',
    regular_price: row.regular_price,
    sale_price: row.sale_price,
    date_on_sale_from_gmt: row.date_on_sale_from_gmt,
    date_on_sale_to_gmt: row.date_on_sale_to_gmt,
    virtual: row.virtual === 1,
    tax_status: row.tax_status,
    tax_class: row.tax_class,
    manage_stock: row.manage_stock === 1,
    stock_quantity: row.manage_stock === 1 ? row.stock_quantity : null,
    stock_status: row.stock_status,
    backorders: row.backorders,
    sold_individually: row.sold_individually === 1,
    weight: row.weight,
    menu_order: row.menu_order,
    total_sales: row.total_sales,
    attributes: isVariation ? [] : (attributes as ProductAttribute[]),
    variation_attributes: isVariation ? (attributes as VariationAttribute[]) : [],
    default_attributes: parseList<DefaultAttribute>(row.default_attributes),
    images: parseList<ProductImage>(row.images),
    meta_data: parseList<MetaData[number]>(row.meta_data),
    date_created_gmt: row.date_created_gmt,
    date_modified_gmt: row.date_modified_gmt,
    parent_name: isVariation ? row.parent_name : null,
    parent_tax_class: isVariation ? row.parent_tax_class : null,
    pos_visibility: row.pos_visibility,
  };
}

export const SELECT_RECORD = `SELECT p.*, parent.name AS parent_name, parent.tax_class AS parent_tax_class
  FROM products p LEFT JOIN products parent ON parent.id = p.parent_id AND p.type = 'variation'`;

/**
 * The columns a new product or variation is written with: a row's own columns but its id (SQLite's)
 * and `pos_visibility` (the table's default until written), without the parent's, which are joined.
 */
const NOT_INSERTED: ReadonlySet<keyof ProductRow> = new Set(['id', 'parent_name', 'parent_tax_class', 'pos_visibility']);
export const INSERT_COLUMNS: readonly (keyof ProductRow)[] = ROW_COLUMNS.filter((column) => !NOT_INSERTED.has(column));

/** The one INSERT of a new product row (ProductWritesRepository's), named parameters by column. */
export const INSERT_PRODUCT = `INSERT INTO products (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')})`;
