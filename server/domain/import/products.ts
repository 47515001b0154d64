import type { Database } from '../../data/database.js';
import type { ImportRepository } from '../../data/repositories/import.js';
import type { ProductWritesRepository } from '../../data/repositories/product-writes.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { TaxClassesRepository, TaxClass } from '../../data/repositories/tax-classes.js';
import type { TermsRepository } from '../../data/repositories/terms.js';
import { slugify } from '../../model/catalogue/naming.js';
import type { ProductChanges, Taxonomy } from '../../model/catalogue/types.js';
import { money } from '../../model/money.js';
import { localToGmt, problemsOf } from './cells.js';
import { cellsOf, mapColumns, requireColumns, unescapeCell, type ColumnIndex } from './columns.js';
import type { CsvTable } from './csv.js';
import type { Entry } from './product-entry.js';
import {
  attributeColumnOf,
  NO_SKU,
  PRODUCT_COLUMNS,
  productRowSchema,
  REQUIRED_PRODUCT_COLUMNS,
  type ImportedType,
  type ProductColumn,
  type ProductRow,
  type RawAttribute,
} from './product-row.js';
import { ProductWriter, type StockMode } from './product-writer.js';
import type { ImportProgress } from './progress.js';
import { Rejections, type ImportReport } from './report.js';
import { DEFAULT_STEP_TIMING, writeInSteps, type StepTiming } from './steps.js';
import { Slices } from './pacing.js';
import { TermResolver } from './terms.js';
import { AcrossRows, sameName, type RowLines } from './product-links.js';
import { UNGUARDED, type CatalogueGuard } from '../catalogue/managed-catalogue.js';
import type { ImportJournalParts } from './journal.js';

const TAXONOMY_OF = { categories: 'product_cat', tags: 'product_tag', brands: 'product_brand' } as const satisfies Record<string, Taxonomy>;

/** WooCommerce's importer: 1 published, 0 private, -1 draft; a variation cannot be a draft (the exporter writes -1 for those of a draft parent). */
function statusOf(published: number, type: ImportedType): string {
  if (type === 'variation') return published === 0 ? 'private' : 'publish';
  return published === 1 ? 'publish' : published === 0 ? 'private' : 'draft';
}

export interface ImportRunOptions {
  /** The file's name, for the journal. */
  file: string;
  onProgress?: (progress: ImportProgress) => void;
  /** True once the user asks to stop (Ctrl-C): the import stops between two steps and is undone. */
  stopRequested?: () => boolean;
  timing?: StepTiming;
  /**
   * Called every few tens of milliseconds while the rows are read and checked, which takes no lock but
   * the thread: a server running the import lets its requests through there.
   */
  pause?: () => Promise<void>;
  /** Reads and checks every row and writes nothing: `created` and `updated` say what the rows would do. */
  dryRun?: boolean;
  /** `set` (the default) makes each row's Stock the product's stock; `add` adds it, recorded in the ledger as received. */
  stock?: StockMode;
}

/** What a ProductImporter is built from: the repositories over the import's connection (server/composition.ts). */
export interface ProductImporterParts {
  products: ProductsRepository;
  terms: TermsRepository;
  lookups: ImportRepository;
  writes: ProductWritesRepository;
  stores: StoresRepository;
  taxClasses: TaxClassesRepository;
  journal: ImportJournalParts;
  /** Refuses the import while WooCommerce masters the catalogue (catalogue/managed-catalogue.ts). */
  guard?: CatalogueGuard;
}

/**
 * `tillbase import products`: WooCommerce's product CSV export into the catalogue, created or
 * updated by SKU. Rows with errors are reported and left out; the others are imported.
 *
 * Every row is read and checked first, without taking the write lock. The accepted rows are then
 * written in short journaled transactions with pauses between them, so that the tills keep
 * selling; the last transaction ends the journal's run, and until then a failure, a stop or a crash
 * undoes every step written (see journal.ts): the import is all-or-nothing.
 */
export class ProductImporter {
  private readonly products: ProductsRepository;
  private readonly terms: TermsRepository;
  private readonly lookups: ImportRepository;
  private readonly parts: ProductImporterParts;
  private readonly rejections = new Rejections();
  private readonly resolver: TermResolver;
  private taxClasses: readonly TaxClass[] = [];
  private timezone = 'UTC';
  private progress: ImportProgress = { rows: 0, read: 0, rejected: 0, written: 0, toWrite: undefined };

  constructor(
    private readonly db: Database,
    parts: ProductImporterParts,
  ) {
    this.products = parts.products;
    this.terms = parts.terms;
    this.lookups = parts.lookups;
    this.parts = parts;
    this.resolver = new TermResolver(this.lookups, this.terms);
  }

  /** Imports a parsed CSV file; throws `UnusableFileError` (nothing written) for a file that is not a product export. One importer per file. */
  async run(table: CsvTable, options: ImportRunOptions): Promise<ImportReport> {
    (this.parts.guard ?? UNGUARDED)();
    const columns = mapColumns(table.header, PRODUCT_COLUMNS);
    requireColumns(table.header, columns, PRODUCT_COLUMNS, REQUIRED_PRODUCT_COLUMNS, 'a WooCommerce product export');
    const report = (progress: Partial<ImportProgress>): void => {
      this.progress = { ...this.progress, ...progress };
      options.onProgress?.(this.progress);
    };
    report({ rows: table.records.length });

    const store = this.parts.stores.defaultStore();
    this.timezone = store.timezone;
    this.taxClasses = this.parts.taxClasses.all();
    const slices = new Slices(options.pause);
    const { entries, rows } = await this.readRows(table, columns, productRowSchema(store.price_decimal_sep), report, slices);
    const accepted = await new AcrossRows(this.products, this.lookups, this.rejections).check(entries, rows, slices);
    report({ read: table.records.length, rejected: this.rejections.count(), toWrite: options.dryRun === true ? 0 : accepted.length });
    if (options.dryRun === true) {
      const created = accepted.filter((entry) => entry.existing === undefined).length;
      return { created, updated: accepted.length - created, unchanged: 0, rejected: this.rejections.list(), notes: [] };
    }

    let writer: ProductWriter | undefined;
    const stockMode = options.stock ?? 'set';
    if (accepted.length > 0) {
      await writeInSteps(
        {
          db: this.db,
          journal: this.parts.journal,
          kind: 'products',
          file: options.file,
          timing: options.timing ?? DEFAULT_STEP_TIMING,
          afterStep: () => {
            report({ written: writer?.written ?? 0, ...(writer ? { counts: { ...writer.counts } } : {}) });
          },
          stopRequested: options.stopRequested ?? (() => false),
          // Every stock the import sets is in the ledger as an `import` of this file; stock it adds arrived, as `received`.
          inStep: (work) => this.products.recordingStock({ reason: stockMode === 'add' ? 'received' : 'import', reference: options.file }, work),
        },
        (journal) => {
          writer = new ProductWriter(this.parts, this.resolver, journal, stockMode);
          return writer.steps(accepted);
        },
      );
    }
    const counts = writer?.counts ?? { created: 0, updated: 0, unchanged: 0 };
    return { ...counts, rejected: this.rejections.list(), notes: writer?.notes() ?? [] };
  }

  /** Every row read and checked on its own; the rows that pass become entries. */
  private async readRows(
    table: CsvTable,
    columns: ColumnIndex<ProductColumn>,
    schema: ReturnType<typeof productRowSchema>,
    report: (progress: Partial<ImportProgress>) => void,
    slices: Slices,
  ): Promise<{ entries: Entry[]; rows: RowLines }> {
    const attributeColumns = table.header.flatMap((cell, position) => {
      const column = attributeColumnOf(cell);
      return column ? [{ ...column, position }] : [];
    });
    const entries: Entry[] = [];
    const rows: RowLines = { bySku: new Map(), byId: new Map() };
    // A cell's problem names its column as the file's header does.
    const columnOf = (key: string): string | undefined => {
      const position = columns.get(key as ProductColumn);
      return position === undefined ? undefined : table.header[position]?.trim();
    };
    let index = 0;
    for (const record of table.records) {
      if (index++ % 500 === 0) report({ read: index - 1, rejected: this.rejections.count() });
      if (index % 50 === 0) await slices.maybePause();
      const cells = cellsOf(record.fields, columns);
      const rawSku = unescapeCell(cells.sku ?? '')
        .trim()
        .toLowerCase();
      const rawId = (cells.id ?? '').trim();
      const earlier = rows.bySku.get(rawSku);
      if (rawSku !== '' && earlier === undefined) rows.bySku.set(rawSku, record.line);
      if (/^\d+$/.test(rawId) && !rows.byId.has(Number(rawId))) rows.byId.set(Number(rawId), record.line);
      if (record.fields.length > table.header.length) {
        this.rejections.add(record.line, `the row has ${record.fields.length} fields, the header ${table.header.length}`);
        continue;
      }
      const attributes = new Map<number, RawAttribute>();
      for (const column of attributeColumns) {
        const value = record.fields[column.position];
        if (value !== undefined) attributes.set(column.number, { ...(attributes.get(column.number) ?? { number: column.number }), [column.part]: value });
      }
      const parsed = schema.safeParse({ ...cells, attributes: [...attributes.values()] });
      if (!parsed.success) {
        this.rejections.addProblems(record.line, problemsOf(parsed.error, columnOf));
        continue;
      }
      // The SKU column is required, so only a row too short to reach it has none.
      const sku = parsed.data.sku;
      if (sku === undefined) {
        this.rejections.add(record.line, NO_SKU);
        continue;
      }
      // The same SKU twice: which row is right cannot be told, so the later one is refused.
      if (earlier !== undefined) {
        this.rejections.add(record.line, `SKU ${sku} is also on line ${earlier}`);
        continue;
      }
      const entry = this.entryOf(record.line, sku, parsed.data);
      if (entry) entries.push(entry);
    }
    return { entries, rows };
  }

  /** Records why a row is left out; false, so that a check can `return this.reject(...)`. */
  private reject(entry: { line: number }, reason: string): false {
    this.rejections.add(entry.line, reason);
    return false;
  }

  /** A row's fields, checked on their own and against the product it updates. */
  private entryOf(line: number, sku: string, row: ProductRow): Entry | false {
    const at = { line };
    const existingId = this.lookups.productIdBySku(sku);
    const existing = existingId === undefined ? undefined : this.products.find(existingId);
    const existingType = existing?.type;
    if (existingType === 'grouped' || existingType === 'external')
      return this.reject(at, `SKU ${sku} is a ${existingType} product, which the import does not change`);
    const type: ImportedType = row.type?.type ?? existingType ?? 'simple';
    if (existing && existing.type !== type) return this.reject(at, `SKU ${sku} is a ${existing.type} product; the import cannot make it ${type}`);

    const changes: ProductChanges = {};
    if (type !== 'variation' && row.name !== undefined) {
      if (row.name === '') return this.reject(at, 'the name is empty');
      changes.name = row.name;
    }
    if (type !== 'variation' && !existing && changes.name === undefined) return this.reject(at, 'the name is empty');
    if (row.published !== undefined) changes.status = statusOf(row.published, type);
    else if (existing?.status === 'trash') changes.status = 'publish';
    if (row.featured !== undefined) changes.featured = row.featured;
    if (row.catalog_visibility !== undefined) changes.catalog_visibility = row.catalog_visibility;
    if (row.short_description !== undefined) changes.short_description = row.short_description;
    if (row.description !== undefined) changes.description = row.description;
    if (row.type !== undefined) changes.virtual = row.type.virtual;
    if (row.tax_status !== undefined) changes.tax_status = row.tax_status;
    if (row.backorders !== undefined) changes.backorders = row.backorders;
    if (row.sold_individually !== undefined) changes.sold_individually = row.sold_individually;
    if (row.weight !== undefined) changes.weight = row.weight;
    if (row.position !== undefined) changes.menu_order = row.position;
    if (row.images !== undefined) changes.images = row.images;
    if (row.stock !== undefined) {
      changes.manage_stock = row.stock !== null;
      changes.stock_quantity = row.stock;
    }
    // A variable product's stock status follows its variations.
    if (row.stock_status !== undefined && type !== 'variable') changes.stock_status = row.stock_status;

    if (row.gtin !== undefined && row.barcode !== undefined && row.gtin !== '' && row.barcode !== '' && row.gtin !== row.barcode) {
      return this.reject(at, `GTIN ${row.gtin} and barcode ${row.barcode} differ`);
    }
    if (row.gtin !== undefined || row.barcode !== undefined) changes.barcode = row.gtin !== undefined && row.gtin !== '' ? row.gtin : (row.barcode ?? '');

    if (row.tax_class !== undefined) {
      const taxClass = this.taxClassOf(row.tax_class, type);
      if (taxClass === undefined)
        return this.reject(at, `tax class ${row.tax_class} does not exist (classes: ${this.taxClasses.map((entry) => entry.slug).join(', ')})`);
      changes.tax_class = taxClass;
    }

    if (row.sale_from !== undefined) changes.date_on_sale_from_gmt = row.sale_from === null ? null : localToGmt(`${row.sale_from}T00:00:00`, this.timezone);
    if (row.sale_to !== undefined) changes.date_on_sale_to_gmt = row.sale_to === null ? null : localToGmt(`${row.sale_to}T23:59:59`, this.timezone);
    const saleFrom = changes.date_on_sale_from_gmt !== undefined ? changes.date_on_sale_from_gmt : (existing?.date_on_sale_from_gmt ?? null);
    const saleTo = changes.date_on_sale_to_gmt !== undefined ? changes.date_on_sale_to_gmt : (existing?.date_on_sale_to_gmt ?? null);
    if (saleFrom !== null && saleTo !== null && saleFrom > saleTo)
      return this.reject(at, `date sale price ends ${row.sale_to ?? saleTo} is before date sale price starts ${row.sale_from ?? saleFrom}`);

    // A variable product has no price of its own: its variations have.
    if (type !== 'variable') {
      if (row.regular_price !== undefined) changes.regular_price = row.regular_price;
      if (row.sale_price !== undefined) changes.sale_price = row.sale_price;
      if (row.regular_price !== undefined || row.sale_price !== undefined) {
        const regular = changes.regular_price ?? existing?.regular_price ?? '';
        const sale = changes.sale_price ?? existing?.sale_price ?? '';
        if (sale !== '' && regular === '') return this.reject(at, `sale price ${sale} has no regular price`);
        if (sale !== '' && !money(sale).lessThan(money(regular))) return this.reject(at, `sale price ${sale} is not below regular price ${regular}`);
      }
    }

    const terms: Entry['terms'] = {};
    if (type !== 'variation') {
      for (const column of ['categories', 'tags', 'brands'] as const) {
        const paths = row[column];
        if (paths !== undefined) terms[TAXONOMY_OF[column]] = paths;
      }
    }

    if (type === 'variable') {
      for (const attribute of row.attributes) {
        if (attribute.default !== '' && !attribute.options.some((option) => sameName(option, attribute.default))) {
          return this.reject(at, `the default ${attribute.name} ${attribute.default} is not one of its options (${attribute.options.join(', ')})`);
        }
      }
    }
    if (type === 'variation' && !existing && (row.parent === undefined || row.parent === null)) {
      return this.reject(at, 'a variation needs a Parent: the SKU of its variable product, or id:N for the row whose ID is N');
    }
    return { line, sku, sourceId: row.id ?? null, type, existing, changes, terms, attributes: row.attributes, parentRef: row.parent };
  }

  /** `''` (standard), `parent` (a variation's), or the slug of an existing class; undefined for an unknown class. */
  private taxClassOf(value: string, type: ImportedType): string | undefined {
    if (value === '') return '';
    if (type === 'variation' && value.toLowerCase() === 'parent') return 'parent';
    const found = this.taxClasses.find((taxClass) => taxClass.slug === value || taxClass.slug === slugify(value) || sameName(taxClass.name, value));
    if (!found) return undefined;
    return found.slug === 'standard' ? '' : found.slug;
  }
}
