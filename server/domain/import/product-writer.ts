import type { ImportRepository } from '../../data/repositories/import.js';
import type { ProductWritesRepository } from '../../data/repositories/product-writes.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { TermsRepository } from '../../data/repositories/terms.js';
import { slugify, variationName } from '../../model/catalogue/naming.js';
import { managedStockStatus } from '../../model/catalogue/stock.js';
import type { ProductChanges, ProductRecord, Taxonomy } from '../../model/catalogue/types.js';
import { Decimal, money } from '../../model/money.js';
import type { ImportJournal } from './journal.js';
import type { Entry } from './product-entry.js';
import { countPhrase } from './report.js';
import type { TermResolver } from './terms.js';

/** What a price-like field means for comparisons: the same number written as `10.5` or `10.50` is unchanged. */
function sameField(key: keyof ProductChanges, a: unknown, b: unknown): boolean {
  if ((key === 'regular_price' || key === 'sale_price' || key === 'weight') && typeof a === 'string' && typeof b === 'string' && a !== '' && b !== '') {
    return money(a).equals(money(b));
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What a row's Stock does to a product that exists: `set` makes it the stock (a WooCommerce export
 * read back), `add` adds it to the stock there is when the row is written (a delivery received).
 */
export const STOCK_MODES = ['set', 'add'] as const;
export type StockMode = (typeof STOCK_MODES)[number];

/** The rows an import's writes created, updated and found unchanged. */
export interface WriteCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/** What ProductWriter is built from (server/composition.ts builds each once). */
export interface ProductWriterParts {
  products: ProductsRepository;
  terms: TermsRepository;
  lookups: ImportRepository;
  writes: ProductWritesRepository;
}

/** Writes the checked rows of a product import into the catalogue, through the import's journal. */
export class ProductWriter {
  readonly counts: WriteCounts = { created: 0, updated: 0, unchanged: 0 };
  /** Rows written so far (created, updated or found unchanged). */
  get written(): number {
    return this.counts.created + this.counts.updated + this.counts.unchanged;
  }
  private readonly products: ProductsRepository;
  private readonly terms: TermsRepository;
  private readonly lookups: ImportRepository;
  private readonly writes: ProductWritesRepository;

  constructor(
    parts: ProductWriterParts,
    private readonly resolver: TermResolver,
    private readonly journal: ImportJournal,
    private readonly stockMode: StockMode = 'set',
  ) {
    this.products = parts.products;
    this.terms = parts.terms;
    this.lookups = parts.lookups;
    this.writes = parts.writes;
    resolver.onCreate = (termId) => {
      journal.createdTerm(termId);
    };
  }

  /** The stored fields after the row, for a product being updated: only those that differ. */
  private differences(entry: Entry, existing: ProductRecord): ProductChanges {
    const wanted: ProductChanges = { ...entry.changes };
    const manageStock = wanted.manage_stock ?? existing.manage_stock;
    if (manageStock && entry.type !== 'variable')
      wanted.stock_status = managedStockStatus(wanted.stock_quantity ?? existing.stock_quantity ?? 0, wanted.backorders ?? existing.backorders);
    const differing: ProductChanges = {};
    for (const key of Object.keys(wanted) as Array<keyof ProductChanges>) {
      if (!sameField(key, wanted[key], existing[key])) Object.assign(differing, { [key]: wanted[key] });
    }
    return differing;
  }

  /**
   * The product as it is now and the row to write over it. With `add`, the row's stock is added to
   * the stock read in this step's transaction, so that what the tills sold or received since the
   * file was read is kept.
   */
  private asWritten(entry: Entry, read: ProductRecord): { existing: ProductRecord; row: Entry } {
    const received = entry.changes.stock_quantity;
    if (this.stockMode !== 'add' || received === undefined || received === null) return { existing: read, row: entry };
    const existing = this.products.find(read.id) ?? read;
    const stock = new Decimal(existing.stock_quantity ?? 0).plus(received).toNumber();
    return { existing, row: { ...entry, changes: { ...entry.changes, stock_quantity: stock } } };
  }

  /** Whether the row's terms differ from the product's (a term still to be created always differs). */
  private termsDiffer(entry: Entry, existing: ProductRecord): Taxonomy[] {
    const current = this.terms.termsOfProducts([existing.id]).get(existing.id);
    return (Object.keys(entry.terms) as Taxonomy[]).filter((taxonomy) => {
      const ids = (entry.terms[taxonomy] ?? []).map((path) => this.resolver.find(taxonomy, path));
      const now = new Set((current?.[taxonomy] ?? []).map((term) => term.id));
      return ids.some((id) => id === undefined || !now.has(id)) || new Set(ids).size !== now.size;
    });
  }

  private termIds(entry: Entry, taxonomy: Taxonomy): number[] {
    return (entry.terms[taxonomy] ?? []).map((path) => this.resolver.findOrCreate(taxonomy, path));
  }

  /**
   * The writes of the accepted rows, one row at a time: each `yield` is a point where the import may
   * commit and let the tills sell. Every write goes through the journal, which records how to undo it.
   */
  *steps(entries: readonly Entry[]): Generator<void, void> {
    const counts = this.counts;
    const idOfSku = new Map<string, number>();
    const renamedParents = new Set<number>();
    const touchedParents = new Set<number>();

    // Products first, so that every variation finds its parent, whatever the order of the rows.
    for (const entry of [...entries.filter((candidate) => candidate.type !== 'variation'), ...entries.filter((candidate) => candidate.type === 'variation')]) {
      const parentId =
        entry.parent === undefined ? 0 : 'record' in entry.parent ? entry.parent.record.id : (idOfSku.get(entry.parent.entry.sku.toLowerCase()) ?? 0);
      if (!entry.existing) {
        const id = this.writes.insert({
          ...entry.changes,
          type: entry.type,
          sku: entry.sku,
          parent_id: parentId,
          category_ids: this.termIds(entry, 'product_cat'),
          tag_ids: this.termIds(entry, 'product_tag'),
          brand_ids: this.termIds(entry, 'product_brand'),
        });
        this.journal.created(id);
        idOfSku.set(entry.sku.toLowerCase(), id);
        // The parent's stock status follows its variations: worked out once, after all of them.
        if (entry.type === 'variation') touchedParents.add(parentId);
        counts.created++;
        yield;
        continue;
      }
      idOfSku.set(entry.sku.toLowerCase(), entry.existing.id);
      const { existing, row } = this.asWritten(entry, entry.existing);
      const changes = this.differences(row, existing);
      if (entry.type === 'variation') {
        const parentName = (parentId === 0 ? undefined : this.products.find(parentId)?.name) ?? existing.parent_name ?? '';
        const name = variationName(parentName, changes.variation_attributes ?? existing.variation_attributes);
        if (name !== existing.name) Object.assign(changes, { name, slug: slugify(name) });
        touchedParents.add(existing.parent_id);
      }
      const taxonomies = this.termsDiffer(entry, existing);
      if (Object.keys(changes).length === 0 && taxonomies.length === 0) {
        counts.unchanged++;
        yield;
        continue;
      }
      this.journal.updateProduct(existing.id, changes);
      for (const taxonomy of taxonomies) this.journal.replaceTerms(existing.id, taxonomy, this.termIds(entry, taxonomy));
      if (entry.type === 'variable') {
        touchedParents.add(existing.id);
        if (changes.name !== undefined) renamedParents.add(existing.id);
      }
      counts.updated++;
      yield;
    }

    yield* this.flagVariationAttributes(entries);
    // WooCommerce retitles the variations of a renamed product (sync_variation_names).
    for (const parentId of renamedParents) {
      const parent = this.products.find(parentId);
      for (const variation of this.products.variationsOf([parentId])) {
        const name = variationName(parent?.name ?? '', variation.variation_attributes);
        if (name !== variation.name) this.journal.updateProduct(variation.id, { name, slug: slugify(name) });
      }
      yield;
    }
    for (const parentId of touchedParents) {
      const status = this.lookups.variableStockStatusChange(parentId);
      if (status !== undefined) this.journal.updateProduct(parentId, { stock_status: status });
      yield;
    }
  }

  /** What was made besides the rows' own items. */
  notes(): string[] {
    const createdTerms = countPhrase([
      [this.resolver.created.product_cat, 'category', 'categories'],
      [this.resolver.created.product_tag, 'tag', 'tags'],
      [this.resolver.created.product_brand, 'brand', 'brands'],
    ]);
    return createdTerms === '' ? [] : [`created ${createdTerms}`];
  }

  /**
   * A variable product already in the catalogue (and not given attributes by the file) whose new
   * variations use an attribute not yet marked for variations gets it marked, as WooCommerce's importer does.
   */
  private *flagVariationAttributes(entries: readonly Entry[]): Generator<void, void> {
    const usedByParent = new Map<number, Set<string>>();
    for (const entry of entries) {
      if (entry.parent === undefined || entry.changes.variation_attributes === undefined) continue;
      const parent = 'record' in entry.parent ? entry.parent.record : entry.parent.entry.attributes.length === 0 ? entry.parent.entry.existing : undefined;
      if (!parent) continue;
      const used = usedByParent.get(parent.id) ?? new Set<string>();
      for (const choice of entry.changes.variation_attributes) used.add(choice.name.toLowerCase());
      usedByParent.set(parent.id, used);
    }
    for (const [parentId, used] of usedByParent) {
      const parent = this.products.find(parentId);
      if (!parent || parent.attributes.every((attribute) => attribute.variation || !used.has(attribute.name.toLowerCase()))) continue;
      this.journal.updateProduct(parentId, {
        attributes: parent.attributes.map((attribute) => ({ ...attribute, variation: attribute.variation || used.has(attribute.name.toLowerCase()) })),
      });
      yield;
    }
  }
}
