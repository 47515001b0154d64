/**
 * The composition root's part for the catalogue: its services (reading it, writing it, the documents
 * kept of its products) and the imports', which also run over a connection of their own.
 */
import { createRepositories, type Repositories } from './composition-repositories.js';
import { openDatabase, type Database } from './data/database.js';
import { Catalogue } from './domain/catalogue/catalogue.js';
import { CatalogueWriter } from './domain/catalogue/catalogue-writer.js';
import { ProductDocuments } from './domain/catalogue/documents.js';
import { catalogueGuard, type CatalogueGuard } from './domain/catalogue/managed-catalogue.js';
import { StockHistory } from './domain/catalogue/stock-history.js';
import { TermWriter } from './domain/catalogue/term-writer.js';
import { TillFilter } from './domain/catalogue/till-filter.js';
import { CouponLookup } from './domain/coupons/coupon-lookup.js';
import { CouponWriter } from './domain/coupons/coupon-writer.js';
import type { ImportConnection } from './domain/import/jobs.js';
import { undoAbandonedImports, type ImportJournalParts } from './domain/import/journal.js';
import { ProductImporter } from './domain/import/products.js';
import { TaxRateImporter } from './domain/import/taxes.js';
import { ShippingMethods } from './domain/shipping/shipping-methods.js';
import { TaxTables } from './domain/taxes/tax-tables.js';

/** The catalogue's services: reading it (and the documents kept of its products) and writing it. */
export function createCatalogueServices(db: Database, r: Repositories, guard: CatalogueGuard) {
  const catalogue = new Catalogue({ products: r.products, terms: r.terms });
  return {
    catalogue,
    productDocuments: new ProductDocuments({ catalogue, products: r.products, documents: r.productDocuments }),
    catalogueWriter: new CatalogueWriter(db, {
      products: r.products,
      writes: r.productWrites,
      stock: r.productStock,
      taxClasses: r.taxClasses,
      settings: r.settings,
      guard,
    }),
    termWriter: new TermWriter({ terms: r.terms, guard }),
    couponWriter: new CouponWriter(db, { coupons: r.coupons, writes: r.couponWrites, terms: r.productWrites, guard }),
    couponLookup: new CouponLookup({ coupons: r.coupons }),
    tillFilter: new TillFilter({ settings: r.settings, barcodes: r.barcodes, stores: r.stores }),
    stockHistory: new StockHistory({ ledger: r.stockLedger }),
    taxTables: new TaxTables({ rates: r.taxRates, classes: r.taxClasses }),
    shippingMethods: new ShippingMethods({ methods: r.shippingMethods }),
  };
}

/** Imports write over the connection they are given (the CLI's, or one of the server's imports' own). */
export function createImportServices(db: Database, r: Repositories) {
  const guard = managedCatalogueGuard(r);
  const journal: ImportJournalParts = {
    runs: r.importJournal,
    lookups: r.importLookups,
    writes: r.productWrites,
    ledger: r.stockLedger,
    search: r.searchIndex,
  };
  return {
    /** A new importer for one file (it keeps the file's rejections and progress). */
    productImporter: () =>
      new ProductImporter(db, {
        products: r.products,
        terms: r.terms,
        lookups: r.importLookups,
        writes: r.productWrites,
        stores: r.stores,
        taxClasses: r.taxClasses,
        journal,
        guard,
      }),
    taxRateImporter: () => new TaxRateImporter(db, { rates: r.taxRates, taxClasses: r.taxClasses, guard }),
    /** Undoes the imports whose process is gone (import/journal.ts); at every start of the server and of an import. */
    undoAbandonedImports: () => undoAbandonedImports(db, journal),
  };
}

/** While the till is connected, WooCommerce masters the catalogue: one check, over the connection row, for every catalogue writer. */
export function managedCatalogueGuard(r: Repositories): CatalogueGuard {
  return catalogueGuard(() => r.syncConnection.find()?.url);
}

/** Opens a connection of the import's own, with the importer built over it (domain/import/jobs.ts says why). */
export function importConnection(path: string): ImportConnection {
  const connection = openDatabase(path);
  const imports = createImportServices(connection, createRepositories(connection));
  return {
    productImporter: imports.productImporter,
    close: () => {
      connection.close();
    },
  };
}
