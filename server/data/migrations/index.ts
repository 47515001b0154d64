import { migration as access } from './0001-access.js';
import { migration as storeAndSales } from './0002-store-and-sales.js';
import { migration as referenceData } from './0003-reference-data.js';
import { migration as productSearch } from './0004-product-search.js';
import { migration as usersApprovalsAudit } from './0005-users-approvals-audit.js';
import { migration as registersAndJournal } from './0006-registers-and-journal.js';
import { migration as stockLedgerAndStoreUsers } from './0007-stock-ledger-and-store-users.js';
import { migration as importJournal } from './0008-import-journal.js';
import { migration as accessVersion } from './0009-access-version.js';
import { migration as catalogueVersion } from './0010-catalogue-version.js';
import { migration as productDocuments } from './0011-product-documents.js';
import { migration as searchVersion } from './0012-search-version.js';
import { migration as documentsVersion } from './0013-documents-version.js';
import { migration as trashedProducts } from './0014-trashed-products.js';
import { migration as auditByKind } from './0015-audit-by-kind.js';
import { migration as configVersion } from './0016-config-version.js';
import { migration as auditEntries } from './0017-audit-entries.js';
import { migration as catalogueSync } from './0018-catalogue-sync.js';
import { migration as sync } from './0019-sync.js';
import { migration as storeFavourites } from './0020-store-favourites.js';
import { migration as drawerPrinter } from './0021-drawer-printer.js';
import { migration as syncedSalesIndex } from './0022-synced-sales-index.js';
import { migration as syncDegraded } from './0023-sync-degraded.js';
import { migration as tills } from './0024-tills.js';
import { migration as shopReplica } from './0025-shop-replica.js';
import { migration as entriesByDate } from './0026-entries-by-date.js';
import { migration as shopPeople } from './0027-shop-people.js';
import { migration as shopStock } from './0028-shop-stock.js';
import { migration as adoptedOrders } from './0029-adopted-orders.js';
import type { Migration } from './migration.js';

/** Every schema step in order; a step's version is its position, counted from 1. */
export const MIGRATIONS: readonly Migration[] = [
  access,
  storeAndSales,
  referenceData,
  productSearch,
  usersApprovalsAudit,
  registersAndJournal,
  stockLedgerAndStoreUsers,
  importJournal,
  accessVersion,
  catalogueVersion,
  productDocuments,
  searchVersion,
  documentsVersion,
  trashedProducts,
  auditByKind,
  configVersion,
  auditEntries,
  catalogueSync,
  sync,
  storeFavourites,
  drawerPrinter,
  syncedSalesIndex,
  syncDegraded,
  tills,
  shopReplica,
  entriesByDate,
  shopPeople,
  shopStock,
  adoptedOrders,
];
