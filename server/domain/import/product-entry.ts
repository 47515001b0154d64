import type { ProductChanges } from '../../model/catalogue/types.js';
import type { ProductRecord, Taxonomy } from '../../model/catalogue/types.js';
import type { ImportedType, RowAttribute, TermPath } from './product-row.js';

export type ParentRef = { sourceId: number } | { sku: string };

/** One accepted row of a product import on its way into the catalogue. */
export interface Entry {
  line: number;
  sku: string;
  /** The row's `ID` in the store it was exported from (for `id:N` parents). */
  sourceId: number | null;
  type: ImportedType;
  /** The product or variation the row updates; undefined when it creates one. */
  existing: ProductRecord | undefined;
  /** The fields whose columns the file has, read and normalised. */
  changes: ProductChanges;
  /** The terms of each taxonomy whose column the file has (replacing the product's). */
  terms: Partial<Record<Taxonomy, TermPath[]>>;
  /** The attributes the row names; none keeps the product's (WooCommerce sets attributes only when a row names one). */
  attributes: RowAttribute[];
  parentRef: ParentRef | null | undefined;
  /** A variation's parent: a row of the file or a product already in the catalogue. */
  parent?: { entry: Entry } | { record: ProductRecord };
}
