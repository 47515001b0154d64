import { migration as access } from './0001-access.js';
import { migration as storeAndSales } from './0002-store-and-sales.js';
import { migration as referenceData } from './0003-reference-data.js';
import { migration as productSearch } from './0004-product-search.js';
import { migration as stockLedgerAndStoreUsers } from './0005-stock-ledger-and-store-users.js';
import type { Migration } from './migration.js';

/** Every schema step in order; a step's version is its position, counted from 1. */
export const MIGRATIONS: readonly Migration[] = [access, storeAndSales, referenceData, productSearch, stockLedgerAndStoreUsers];
