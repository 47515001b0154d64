/** Every repository over one connection, built once: the data floor of the composition root (composition.ts). */
import type { Database } from './data/database.js';
import { ApprovalsRepository } from './data/repositories/approvals.js';
import { AuditTrailRepository } from './data/repositories/audit-trail.js';
import { BarcodesRepository } from './data/repositories/barcodes.js';
import { CheckoutsRepository } from './data/repositories/checkouts.js';
import { CouponWritesRepository } from './data/repositories/coupon-writes.js';
import { CouponsRepository } from './data/repositories/coupons.js';
import { CustomersRepository } from './data/repositories/customers.js';
import { ExtensionsRepository } from './data/repositories/extensions.js';
import { ImportJournalRepository, ImportRepository } from './data/repositories/import.js';
import { JournalRepository } from './data/repositories/journal.js';
import { LogsRepository } from './data/repositories/logs.js';
import { OrderChangesRepository } from './data/repositories/order-changes.js';
import { OrderStatusesRepository } from './data/repositories/order-statuses.js';
import { OrderNumbersRepository } from './data/repositories/order-numbers.js';
import { OrdersRepository } from './data/repositories/orders.js';
import { PairingRepository } from './data/repositories/pairing.js';
import { PaymentGatewaysRepository } from './data/repositories/payment-gateways.js';
import { PaymentsRepository } from './data/repositories/payments.js';
import { SearchIndexRepository } from './data/repositories/search-index.js';
import { TillsRepository } from './data/repositories/tills.js';
import { ProductDocumentsRepository } from './data/repositories/product-documents.js';
import { ProductStockRepository } from './data/repositories/product-stock.js';
import { ProductWritesRepository } from './data/repositories/product-writes.js';
import { ProductsRepository } from './data/repositories/products.js';
import { RefundsRepository } from './data/repositories/refunds.js';
import { RegistersRepository } from './data/repositories/registers.js';
import { RolesRepository } from './data/repositories/roles.js';
import { SessionsRepository } from './data/repositories/sessions.js';
import { SettingsRepository } from './data/repositories/settings.js';
import { ShopPeopleRepository } from './data/repositories/shop-people.js';
import { ShopReplicaRepository } from './data/repositories/shop-replica.js';
import { ShopRefundsRepository } from './data/repositories/shop-refunds.js';
import { ShopReportsRepository } from './data/repositories/shop-reports.js';
import { ShippingMethodsRepository } from './data/repositories/shipping-methods.js';
import { ShopStockRepository } from './data/repositories/shop-stock.js';
import { StockLedgerRepository } from './data/repositories/stock-ledger.js';
import { StoresRepository, StoreUsersRepository } from './data/repositories/stores.js';
import { StoreFavouritesRepository } from './data/repositories/store-favourites.js';
import { SyncCatalogueRepository } from './data/repositories/sync-catalogue.js';
import { SyncCatalogueRowsRepository } from './data/repositories/sync-catalogue-rows.js';
import { SyncConnectionRepository } from './data/repositories/sync-connection.js';
import { SyncIdsRepository } from './data/repositories/sync-ids.js';
import { SyncOutboxRepository } from './data/repositories/sync-outbox.js';
import { SyncSourcesRepository } from './data/repositories/sync-sources.js';
import { SyncUnsentStockRepository } from './data/repositories/sync-unsent-stock.js';
import { TaxClassesRepository } from './data/repositories/tax-classes.js';
import { TaxRatesRepository } from './data/repositories/tax-rates.js';
import { TemplatesRepository } from './data/repositories/templates.js';
import { TermsRepository } from './data/repositories/terms.js';
import { UsersRepository } from './data/repositories/users.js';

/** Every repository over one connection; the stock ledger and a product's stock are shared by the writers of stock, and orders, products and coupons by an order's changes. */
export function createRepositories(db: Database) {
  const stockLedger = new StockLedgerRepository(db);
  const productStock = new ProductStockRepository(db, stockLedger);
  const orders = new OrdersRepository(db);
  const productWrites = new ProductWritesRepository(db);
  const products = new ProductsRepository(db, productStock, stockLedger, productWrites);
  const coupons = new CouponsRepository(db);
  const shopStock = new ShopStockRepository(db);
  return {
    approvals: new ApprovalsRepository(db),
    auditTrail: new AuditTrailRepository(db),
    barcodes: new BarcodesRepository(db),
    checkouts: new CheckoutsRepository(db),
    couponWrites: new CouponWritesRepository(db),
    coupons,
    customers: new CustomersRepository(db),
    extensions: new ExtensionsRepository(db),
    importLookups: new ImportRepository(db),
    importJournal: new ImportJournalRepository(db),
    journal: new JournalRepository(db),
    logs: new LogsRepository(db),
    orderNumbers: new OrderNumbersRepository(db),
    orderStatuses: new OrderStatusesRepository(db),
    orderChanges: new OrderChangesRepository(db, orders, products, coupons),
    orders,
    pairing: new PairingRepository(db),
    paymentGateways: new PaymentGatewaysRepository(db),
    payments: new PaymentsRepository(db),
    productDocuments: new ProductDocumentsRepository(db),
    productStock,
    productWrites,
    products,
    refunds: new RefundsRepository(db),
    registers: new RegistersRepository(db),
    roles: new RolesRepository(db),
    searchIndex: new SearchIndexRepository(db),
    sessions: new SessionsRepository(db),
    settings: new SettingsRepository(db),
    shippingMethods: new ShippingMethodsRepository(db),
    shopPeople: new ShopPeopleRepository(db),
    shopReplica: new ShopReplicaRepository(db),
    shopRefunds: new ShopRefundsRepository(db),
    shopReports: new ShopReportsRepository(db),
    shopStock,
    stockLedger,
    stores: new StoresRepository(db),
    storeUsers: new StoreUsersRepository(db),
    storeFavourites: new StoreFavouritesRepository(db),
    syncCatalogue: new SyncCatalogueRepository(db),
    syncCatalogueRows: new SyncCatalogueRowsRepository(db),
    syncConnection: new SyncConnectionRepository(db),
    syncIds: new SyncIdsRepository(db),
    syncOutbox: new SyncOutboxRepository(db),
    syncSources: new SyncSourcesRepository(db),
    syncUnsentStock: new SyncUnsentStockRepository(db, shopStock),
    taxClasses: new TaxClassesRepository(db),
    taxRates: new TaxRatesRepository(db),
    templates: new TemplatesRepository(db),
    terms: new TermsRepository(db),
    tills: new TillsRepository(db),
    users: new UsersRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
