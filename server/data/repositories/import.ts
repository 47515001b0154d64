import type { Database } from '../database.js';
import { gmtNow } from '../../domain/dates.js';
import { variableStockStatus } from '../../domain/catalogue/stock.js';
import type { ProductRecord, Taxonomy } from '../../domain/catalogue/types.js';

/** The product fields a CSV import may change on an existing product or variation. */
export type ProductChanges = Partial<
  Pick<
    ProductRecord,
    | 'name'
    | 'slug'
    | 'status'
    | 'featured'
    | 'catalog_visibility'
    | 'description'
    | 'short_description'
    | 'barcode'
    | 'regular_price'
    | 'sale_price'
    | 'date_on_sale_from_gmt'
    | 'date_on_sale_to_gmt'
    | 'virtual'
    | 'tax_status'
    | 'tax_class'
    | 'manage_stock'
    | 'stock_quantity'
    | 'stock_status'
    | 'backorders'
    | 'sold_individually'
    | 'weight'
    | 'menu_order'
    | 'attributes'
    | 'variation_attributes'
    | 'default_attributes'
    | 'images'
  >
>;

/** How each changeable field is written: its column and its stored form. */
const COLUMN_OF: { [K in keyof Required<ProductChanges>]: [column: string, encode: (value: Required<ProductChanges>[K]) => unknown] } = {
  name: ['name', (value) => value],
  slug: ['slug', (value) => value],
  status: ['status', (value) => value],
  featured: ['featured', (value) => (value ? 1 : 0)],
  catalog_visibility: ['catalog_visibility', (value) => value],
  description: ['description', (value) => value],
  short_description: ['short_description', (value) => value],
  barcode: ['barcode', (value) => (value === '' ? null : value)],
  regular_price: ['regular_price', (value) => value],
  sale_price: ['sale_price', (value) => value],
  date_on_sale_from_gmt: ['date_on_sale_from_gmt', (value) => value],
  date_on_sale_to_gmt: ['date_on_sale_to_gmt', (value) => value],
  virtual: ['virtual', (value) => (value ? 1 : 0)],
  tax_status: ['tax_status', (value) => value],
  tax_class: ['tax_class', (value) => value],
  manage_stock: ['manage_stock', (value) => (value ? 1 : 0)],
  stock_quantity: ['stock_quantity', (value) => value],
  stock_status: ['stock_status', (value) => value],
  backorders: ['backorders', (value) => value],
  sold_individually: ['sold_individually', (value) => (value ? 1 : 0)],
  weight: ['weight', (value) => value],
  menu_order: ['menu_order', (value) => value],
  // Products and variations share the attributes column: a product's attributes, a variation's choices.
  attributes: ['attributes', (value) => JSON.stringify(value)],
  variation_attributes: ['attributes', (value) => JSON.stringify(value)],
  default_attributes: ['default_attributes', (value) => JSON.stringify(value)],
  images: ['images', (value) => JSON.stringify(value)],
};

export interface TermMatch {
  id: number;
  name: string;
  slug: string;
}

/** The SQL of the CSV imports that the catalogue and tax repositories do not have. */
export class ImportRepository {
  constructor(private readonly db: Database) {}

  /** A product or variation by SKU, whatever its status: case-insensitively, an exact-case match first (as WooCommerce looks SKUs up). */
  productIdBySku(sku: string): number | undefined {
    return this.db.prepare<{ sku: string }, { id: number }>('SELECT id FROM products WHERE sku = @sku COLLATE NOCASE ORDER BY sku = @sku DESC, id LIMIT 1').get({ sku })?.id;
  }

  /** Products and variations (not in the trash) that carry a barcode. */
  barcodeOwners(barcode: string): Array<{ id: number; sku: string }> {
    return this.db
      .prepare<[string], { id: number; sku: string | null }>("SELECT id, sku FROM products WHERE barcode = ? AND status <> 'trash' ORDER BY id")
      .all(barcode)
      .map((row) => ({ id: row.id, sku: row.sku ?? '' }));
  }

  /** A term by name (case-insensitively) or by the slug of that name, under a parent, as WordPress's `term_exists` finds one. */
  findTerm(taxonomy: Taxonomy, name: string, slug: string, parent: number): TermMatch | undefined {
    return this.db
      .prepare<{ taxonomy: string; name: string; slug: string; parent: number }, TermMatch>(
        `SELECT id, name, slug FROM terms WHERE taxonomy = @taxonomy AND parent = @parent AND (name = @name COLLATE NOCASE OR slug = @slug)
         ORDER BY name = @name DESC, id LIMIT 1`,
      )
      .get({ taxonomy, name, slug, parent });
  }

  termSlugTaken(taxonomy: Taxonomy, slug: string): boolean {
    return this.db.prepare<[string, string], { n: number }>('SELECT COUNT(*) AS n FROM terms WHERE taxonomy = ? AND slug = ?').get(taxonomy, slug)?.n === 1;
  }

  termSlug(id: number): string | undefined {
    return this.db.prepare<[number], { slug: string }>('SELECT slug FROM terms WHERE id = ?').get(id)?.slug;
  }

  /** Makes a product's terms of one taxonomy exactly `termIds`. */
  replaceTerms(productId: number, taxonomy: Taxonomy, termIds: readonly number[]): void {
    this.db.prepare('DELETE FROM product_terms WHERE product_id = ? AND term_id IN (SELECT id FROM terms WHERE taxonomy = ?)').run(productId, taxonomy);
    const add = this.db.prepare('INSERT OR IGNORE INTO product_terms (product_id, term_id) VALUES (?, ?)');
    for (const termId of termIds) add.run(productId, termId);
  }

  /** Writes the given fields of a product or variation and stamps its modification date. */
  updateProduct(id: number, changes: ProductChanges): void {
    const assignments: string[] = [];
    const values: Record<string, unknown> = { id, date_modified_gmt: gmtNow() };
    for (const key of Object.keys(changes) as Array<keyof ProductChanges>) {
      const value = changes[key];
      if (value === undefined) continue;
      const [column, encode] = COLUMN_OF[key] as [string, (value: unknown) => unknown];
      assignments.push(`${column} = @${column}`);
      values[column] = encode(value);
    }
    if (assignments.length === 0) return;
    this.db.prepare(`UPDATE products SET ${assignments.join(', ')}, date_modified_gmt = @date_modified_gmt WHERE id = @id`).run(values);
  }

  /** A variable product's stock status from its published variations (WC_Product_Variable::sync_stock_status). */
  syncVariableStockStatus(parentId: number): void {
    const parent = this.db.prepare<[number], { stock_status: string; type: string }>('SELECT stock_status, type FROM products WHERE id = ?').get(parentId);
    if (parent?.type !== 'variable') return;
    const children = this.db
      .prepare<[number], { stock_status: string }>("SELECT stock_status FROM products WHERE parent_id = ? AND type = 'variation' AND status = 'publish'")
      .all(parentId)
      .map((child) => child.stock_status);
    const status = variableStockStatus(children);
    if (status !== parent.stock_status) this.db.prepare('UPDATE products SET stock_status = ?, date_modified_gmt = ? WHERE id = ?').run(status, gmtNow(), parentId);
  }
}
