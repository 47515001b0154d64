import type { Database } from './data/database.js';
import { createRepositories, type Repositories } from './composition-repositories.js';
import { ApprovalService } from './domain/approvals/approval-service.js';
import { GuardedOrders } from './domain/approvals/guarded-orders.js';
import { AuditTrail } from './domain/audit/audit-trail.js';
import { OrderAudit } from './domain/audit/order-events.js';
import { AuthService, type AuthSettings } from './domain/auth/auth-service.js';
import { LoginThrottle } from './domain/auth/throttle.js';
import type { TokenSigner } from './domain/auth/tokens.js';
import { CustomerService } from './domain/customers/customers.js';
import { ImportJobs } from './domain/import/jobs.js';
import { SalesJournal } from './domain/journal/journal.js';
import { CheckoutService } from './domain/orders/checkout.js';
import { Gateways } from './domain/orders/gateways.js';
import { OrderLifecycle } from './domain/orders/lifecycle.js';
import { LineItemBuilder } from './domain/orders/line-items.js';
import { NewOrderDefaults } from './domain/orders/new-order.js';
import { OrderService } from './domain/orders/orders.js';
import { OrderPayments } from './domain/orders/payments.js';
import { ReceiptService } from './domain/orders/receipts.js';
import { ReceiptNumbers } from './domain/orders/receipt-numbers.js';
import { ShopOrders, type ShopTillName } from './domain/orders/shop-orders.js';
import { RefundTenders } from './domain/orders/refund-tenders.js';
import { RefundService } from './domain/orders/refunds.js';
import { ShopRefunds } from './domain/orders/shop-refunds.js';
import { OrderAdoption } from './domain/orders/adoption.js';
import { ReturnService } from './domain/orders/returns.js';
import { ExchangeCredits } from './domain/orders/exchanges.js';
import { RegisterService } from './domain/registers/registers.js';
import { SessionReports } from './domain/registers/reports.js';
import { ShopReports } from './domain/reports/shop-report.js';
import { CashSessions } from './domain/registers/sessions.js';
import { Tills } from './domain/registers/tills.js';
import { readGeneralSettings } from './domain/settings/general.js';
import { StoreAccess } from './domain/store-access.js';
import { TaxRateFinder } from './domain/taxes/location.js';
import { UserAdmin } from './domain/user-admin.js';
import { UserManagement } from './domain/users/user-management.js';
import { OrderWrites } from './domain/approvals/order-writes.js';
import { DatabaseBackup } from './domain/backup/database-backup.js';
import { CashierProfiles } from './domain/cashier/cashier-profiles.js';
import { ExtensionsService } from './domain/extensions/extensions-service.js';
import { SettingsService } from './domain/settings/settings-service.js';
import { StoreService } from './domain/store-service.js';
import { StoreFavourites } from './domain/store-favourites.js';
import { TemplateService } from './domain/templates/template-service.js';
import { errorSummary, type Logger } from './logging.js';
import type { SecretStore } from './secrets/secret-store.js';
import { PushWorker } from './sync/push/worker.js';
import { OrderSyncStates } from './sync/status/order-states.js';
import { SyncStatus } from './sync/status/status.js';
import { verifySync } from './sync/verify/verification.js';
import { createPullWorker, createSyncServices } from './composition-sync.js';
import { createTillsServices } from './composition-tills.js';
import { createCatalogueServices, createImportServices, importConnection, managedCatalogueGuard } from './composition-catalogue.js';
import { receiptPrefixOf } from './domain/orders/receipt-numbers.js';
import type { PeerNetwork } from './tills/peer-network.js';
import type { LanOptions } from './tills/lan/tills-lan.js';

/**
 * The one place where objects are wired (README, "The code"): every repository is built here once
 * per database connection, then every service once, each handed its collaborators. The server
 * builds its services at start-up over its connection; the CLI and an import's own connection
 * build theirs the same way. Nothing here runs per request: the sale path allocates no services.
 */

/** The services of the till's sales: orders, their payments, refunds and receipts, and the cash drawers. */
function createSalesServices(
  db: Database,
  r: Repositories,
  shared: {
    audit: AuditTrail;
    approvals: ApprovalService;
    storeAccess: StoreAccess;
    receiptPrefix: () => string | undefined;
    inShop: () => boolean;
    selfId: () => string;
  },
) {
  const { audit, approvals } = shared;
  const journal = new SalesJournal({ entries: r.journal });
  const tills = new Tills({ registers: r.registers });
  const taxRates = new TaxRateFinder({ rates: r.taxRates, classes: r.taxClasses });
  const numbers = new ReceiptNumbers({ numbers: r.orderNumbers, prefix: shared.receiptPrefix });
  const orderPayments = new OrderPayments({ payments: r.payments, orders: r.orders, stores: r.stores, users: r.users, journal, tills, numbers });
  const lifecycle = new OrderLifecycle({
    settings: r.settings,
    refunds: r.refunds,
    changes: r.orderChanges,
    customers: r.customers,
    stores: r.stores,
  });
  const gateways = new Gateways({ repository: r.paymentGateways, settings: r.settings, stores: r.stores });
  const orders = new OrderService(db, {
    statusRecords: r.orderStatuses,
    terms: r.terms,
    coupons: r.coupons,
    gateways: r.paymentGateways,
    orders: r.orders,
    stores: r.stores,
    products: r.products,
    refunds: r.refunds,
    settings: r.settings,
    finder: taxRates,
    lifecycle,
    payments: orderPayments,
    lines: new LineItemBuilder({ products: r.products, barcodes: r.barcodes }, taxRates),
    defaults: new NewOrderDefaults({ stores: r.stores, customers: r.customers, users: r.users, access: shared.storeAccess }),
  });
  const shopRefunds = new ShopRefunds({ shopRefunds: r.shopRefunds, refunds: r.refunds, payments: r.payments, selfId: shared.selfId });
  const refundTenders = new RefundTenders({ payments: r.payments, stores: r.stores, users: r.users, orderPayments, journal, shopRefunds });
  const refunds = new RefundService(db, {
    statusRecords: r.orderStatuses,
    settings: r.settings,
    tenders: refundTenders,
    orders: r.orders,
    refunds: r.refunds,
    products: r.products,
    stores: r.stores,
    lifecycle,
    shopRefunds,
  });
  const checkout = new CheckoutService(db, {
    statusRecords: r.orderStatuses,
    audit,
    payments: orderPayments,
    orders: r.orders,
    checkouts: r.checkouts,
    stores: r.stores,
    gateways,
    lifecycle,
  });
  const receipts = new ReceiptService(db, {
    orders: r.orders,
    stores: r.stores,
    settings: r.settings,
    statusRecords: r.orderStatuses,
    refunds: r.refunds,
    users: r.users,
    customers: r.customers,
    checkouts: r.checkouts,
    payments: orderPayments,
    fiscal: { journal: r.journal, registers: r.registers },
  });
  const reports = new SessionReports({
    journal: r.journal,
    payments: r.payments,
    registers: r.registers,
    stores: r.stores,
    users: r.users,
    gateways: r.paymentGateways,
    syncConnection: r.syncConnection,
    syncOutbox: r.syncOutbox,
    shopReplica: r.shopReplica,
    inShop: shared.inShop,
  });
  const cashSessions = new CashSessions(db, { audit, approvals, registers: r.registers, stores: r.stores, closures: r.journal, journal, reports });
  const registers = new RegisterService(db, { audit, registers: r.registers, stores: r.stores });
  const guardedOrders = new GuardedOrders({
    approvals,
    audit: new OrderAudit({ registers: r.registers, trail: audit, orders: r.orders, stores: r.stores }),
    orders: r.orders,
  });
  const adoption = new OrderAdoption(db, {
    orders: r.orders,
    shopRefunds: r.shopRefunds,
    replica: r.shopReplica,
    products: r.products,
    stores: r.stores,
    tills,
    selfId: shared.selfId,
  });
  const orderWrites = new OrderWrites(db, { guarded: guardedOrders, orders, refunds, adoption });
  const returns = new ReturnService(db, { orders, refunds, lifecycle, gateways, approvals, audit, registers: r.registers });
  const exchanges = new ExchangeCredits(db, {
    orders: r.orders,
    payments: r.payments,
    registers: r.registers,
    stores: r.stores,
    statusRecords: r.orderStatuses,
    orderPayments,
    lifecycle,
    audit,
  });
  return {
    journal,
    orders,
    refunds,
    shopRefunds,
    adoption,
    returns,
    exchanges,
    checkout,
    gateways,
    receipts,
    cashSessions,
    registers,
    guardedOrders,
    orderWrites,
  };
}

/** What the server knows of this till beyond its database, while it belongs to a shop: its name there and its receipt prefix. */
export interface TillIdentity {
  self: () => ShopTillName | undefined;
  receiptPrefix: () => string | undefined;
}

const ALONE: TillIdentity = { self: () => undefined, receiptPrefix: () => undefined };

/** Every repository and service over one connection, each built once; a till alone (the CLI's, the tests') has no receipt prefix. */
export function createServices(db: Database, till: TillIdentity = ALONE) {
  const repositories = createRepositories(db);
  const r = repositories;
  const audit = new AuditTrail({ entries: r.auditTrail });
  const approvals = new ApprovalService({ approvals: r.approvals, users: r.users, settings: r.settings, orders: r.orders, audit });
  const storeAccess = new StoreAccess({ stores: r.stores, assignments: r.storeUsers, users: r.users });
  const syncStatus = new SyncStatus({ connection: r.syncConnection, outbox: r.syncOutbox });
  const selfInShop = (): ShopTillName => {
    const self = till.self();
    return self === undefined ? { id: r.syncSources.tillId(), name: '' } : { id: self.id, name: self.name };
  };
  const sales = createSalesServices(db, r, {
    audit,
    approvals,
    storeAccess,
    receiptPrefix: till.receiptPrefix,
    inShop: () => till.self() !== undefined,
    selfId: () => selfInShop().id,
  });
  return {
    db,
    repositories,
    audit,
    approvals,
    storeAccess,
    ...sales,
    shopOrders: new ShopOrders({ replica: r.shopReplica, orders: sales.orders, shopRefunds: sales.shopRefunds, self: selfInShop }),
    shopReports: new ShopReports({ reports: r.shopReports, stores: r.stores, gateways: r.paymentGateways, self: selfInShop }),
    ...createCatalogueServices(db, r, managedCatalogueGuard(r)),
    ...createImportServices(db, r),
    customers: new CustomerService({ customers: r.customers, generateUsername: () => readGeneralSettings(r.settings).generate_username }),
    users: new UserManagement(db, { users: r.users, roles: r.roles, sessions: r.sessions, audit }),
    userAdmin: new UserAdmin({ users: r.users, roles: r.roles, sessions: r.sessions }),
    stores: new StoreService({ stores: r.stores, assignments: r.storeUsers }),
    favourites: new StoreFavourites({ favourites: r.storeFavourites }),
    settings: new SettingsService({ settings: r.settings, gateways: r.paymentGateways, templates: r.templates, stores: r.stores }),
    templates: new TemplateService({ templates: r.templates, settings: r.settings, stores: r.stores }),
    extensions: new ExtensionsService({ extensions: r.extensions }),
    cashiers: new CashierProfiles({ users: r.users }),
    backup: new DatabaseBackup(db),
    syncStatus,
    orderSyncStates: new OrderSyncStates(r.syncOutbox, r.syncIds),
    ...createSyncServices(db, r, syncStatus),
  };
}
export type Services = ReturnType<typeof createServices>;

export interface AppServicesOptions {
  /** Signs the access tokens: the installation's key and issuer. */
  signer: TokenSigner;
  tokens: AuthSettings;
  logger: Logger;
  /** Where the sync's consumer secret is kept, and the shop's keys. */
  secrets: SecretStore;
  /** The tills' listeners (`--lan-port`); without it the till is alone. */
  lan?: LanOptions | undefined;
  /** The shop's network given from outside instead of the paired one (the bench's tills); undefined: pairing's. */
  peerNetwork?: PeerNetwork | undefined;
}

/** This till in its shop, as the services see it: its name there and its receipt prefix ("A" for "Till A"), read when asked. */
function tillIdentityOver(network: () => PeerNetwork | undefined): TillIdentity {
  return {
    self: () => network()?.self(),
    receiptPrefix: () => {
      const self = network()?.self();
      return self === undefined ? undefined : receiptPrefixOf(self.name);
    },
  };
}

function createPushWorker(r: Repositories, options: AppServicesOptions): PushWorker {
  const { logger } = options;
  return new PushWorker({
    connection: r.syncConnection,
    outbox: r.syncOutbox,
    ids: r.syncIds,
    sources: r.syncSources,
    orders: r.orders,
    payments: r.payments,
    refunds: r.refunds,
    customers: r.customers,
    shopRefunds: r.shopRefunds,
    secrets: options.secrets,
    log: {
      info: (fields, message) => {
        logger.info(fields, message);
      },
      warn: (fields, message) => {
        logger.warn(fields, message);
      },
    },
  });
}

/** The server's services: those of createServices, its authentication, and the imports it runs in the background. */
export function createAppServices(db: Database, options: AppServicesOptions) {
  // The services number receipts by the till's letter, which pairing (built below, over their
  // repositories) gives: read through the getter when a sale is numbered, never before.
  let network: PeerNetwork | undefined = options.peerNetwork;
  const services = createServices(
    db,
    tillIdentityOver(() => network),
  );
  const { logger } = options;
  const tills = createTillsServices(services.repositories, {
    secrets: options.secrets,
    logger,
    lan: options.lan,
  });
  network ??= tills.network;
  const pullWorker = createPullWorker(services.repositories, services.cataloguePull, options);
  return {
    ...services,
    /** Pulls the catalogue every interval while connected; never two pulls at once. */
    pullWorker,
    /** Connects over the server's secret store; the first pull runs in the pull worker, after any pull under way. */
    syncConnector: services.syncConnectorFor(options.secrets, (client, onProgress) => pullWorker.run('full', onProgress, client)),
    auth: new AuthService({
      users: services.repositories.users,
      sessions: services.repositories.sessions,
      signer: options.signer,
      throttle: new LoginThrottle(),
      settings: options.tokens,
    }),
    /** The shop's tills: identity, pairing, the PeerNetwork and, with --lan-port, its listeners. */
    tills,
    /** Pushes the sync outbox to WooCommerce while the server runs; idle while no connection exists. */
    pushWorker: createPushWorker(services.repositories, options),
    /** The proof `tillbase sync verify` prints, over the server's secret store (the Sync screen's "Verify"). */
    syncVerify: () =>
      verifySync({
        connection: services.repositories.syncConnection,
        outbox: services.repositories.syncOutbox,
        secrets: options.secrets,
        verifyJournal: () => services.journal.verify(),
      }),
    imports: new ImportJobs({
      openConnection: () => importConnection(db.name),
      log: {
        info: (fields, message) => {
          logger.info(fields, message);
        },
        failed: (fields, error) => {
          logger.warn({ ...fields, fault: errorSummary(error) }, 'product import failed');
        },
      },
      // The server's own connection is closed when it stops: a running import stops with it.
      stopped: () => !db.open,
      guard: managedCatalogueGuard(services.repositories),
    }),
  };
}
export type AppServices = ReturnType<typeof createAppServices>;
