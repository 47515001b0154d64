import BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { JournalRecord, ClosureRecord } from '../../model/records/journal.js';
import type { CashMovementRecord, CashSessionRecord } from '../../model/records/registers.js';
import type { PaymentRecord, RefundTenderRecord } from '../../model/records/payments.js';
import type { RefundRecord } from '../../model/orders/refund-types.js';
import type { OrderRecord } from '../../model/orders/types.js';

/**
 * The tables that are the shop's, not one till's: a till rebuilt from a peer (`peers restore`)
 * takes them from the peer's copy, parents before children. `select` is what is taken, when not
 * every column as it is. Every other table is the till's own (its orders, journal, drawer, outbox,
 * sessions, identity, the projection of the others) and starts empty; the restore refuses a copy
 * holding a table in neither list (SHOP_TABLES or TILL_TABLES), so a new table must be placed.
 */
export const SHOP_TABLES: ReadonlyArray<{ table: string; select?: string }> = [
  { table: 'stores' },
  { table: 'settings' },
  { table: 'users' },
  { table: 'roles' },
  { table: 'role_capabilities' },
  { table: 'user_roles' },
  { table: 'store_users' },
  { table: 'tax_classes' },
  { table: 'tax_rates' },
  { table: 'terms' },
  { table: 'products' },
  { table: 'product_terms' },
  { table: 'customers' },
  { table: 'coupons' },
  { table: 'order_statuses' },
  { table: 'payment_gateways' },
  { table: 'shipping_methods' },
  { table: 'templates' },
  { table: 'extensions' },
  { table: 'registers' },
  { table: 'store_favourites' },
  { table: 'sync_catalogue_ids' },
  { table: 'sync_catalogue_local_only' },
  { table: 'sync_catalogue_marks' },
  // The catalogue's and the customers' WooCommerce ids are the shop's; the orders' are the peer's own.
  { table: 'sync_ids', select: "SELECT * FROM copy.sync_ids WHERE kind IN ('customer', 'product')" },
  { table: 'peer_removals' },
  // Where each user and role stands in the shop: the restored till stands where the peer does, with nothing of its own to send.
  { table: 'shop_people', select: 'SELECT doc_id, modified_gmt, till_id, 0 FROM copy.shop_people' },
  // Last: with a connection, the triggers above would put every customer in the outbox.
  { table: 'sync_connection' },
];

/**
 * The till's own tables, left empty (or as the fresh database makes them) and rebuilt from the
 * till's own documents where they hold it; the version counters and search tables are kept by
 * triggers; product_documents are rebuilt from the products.
 */
export const TILL_TABLES: ReadonlySet<string> = new Set([
  // This till's copies of other tills' sales it refunded, and the other tills' refunds: rebuilt from the replica, not the peer's.
  'adopted_orders',
  'access_version',
  'approvals',
  'audit_trail',
  'cash_movements',
  'cash_sessions',
  'catalogue_version',
  'checkouts',
  'closures',
  'config_version',
  'documents_version',
  'import_runs',
  'import_undo',
  'installation',
  'journal',
  'journal_reads',
  'journal_replica',
  'lan_listeners',
  'logs',
  'order_items',
  'order_numbers',
  'order_tills',
  'orders',
  'pairing_invitations',
  'payments',
  'peers',
  'product_documents',
  'products_search',
  'products_search_config',
  'products_search_data',
  'products_search_docsize',
  'products_search_idx',
  'refresh_tokens',
  'refund_tenders',
  'refunds',
  'replica_state',
  'search_version',
  'sessions',
  'shop_entries',
  'shop_orders',
  'shop_refunds',
  // What the other tills' entries moved of this till's stock: the copy's stock holds them already, and entries made before the restore move nothing here.
  'shop_stock_moves',
  'shop_tills',
  'stock_ledger',
  'stock_ledger_context',
  'sync_outbox',
  'till_identity',
]);

/** A copy of a till's database made for another till: its logins and invitations are taken out first (nothing in them is the shop's). */
export function stripTillSecrets(file: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    writeTransaction(db, () => {
      for (const table of ['refresh_tokens', 'sessions', 'pairing_invitations']) prepared(db, `DELETE FROM ${table}`).run();
    });
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

const json = (value: unknown) => JSON.stringify(value);

/** The writes of a restore into a new database (server/tills/restore/rebuild.ts), inside its one write transaction. */
export class TillRestoreRepository {
  constructor(private readonly db: Database) {}

  /** The copy's tables that are in neither list. ATTACH is outside any transaction, as SQLite wants it. */
  attachCopy(file: string): string[] {
    prepared(this.db, 'ATTACH DATABASE ? AS copy').run(file);
    const tables = prepared<[], string>(this.db, "SELECT name FROM copy.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck(true).all();
    const shop = new Set(SHOP_TABLES.map(({ table }) => table));
    return tables.filter((table) => !shop.has(table) && !TILL_TABLES.has(table));
  }

  detachCopy(): void {
    prepared(this.db, 'DETACH DATABASE copy').run();
  }

  /** Replaces the fresh database's shop tables with the copy's (children emptied first). */
  copyShopTables(): void {
    for (const { table } of [...SHOP_TABLES].reverse()) prepared(this.db, `DELETE FROM main.${table}`).run();
    for (const { table, select } of SHOP_TABLES) prepared(this.db, `INSERT INTO main.${table} ${select ?? `SELECT * FROM copy.${table}`}`).run();
  }

  setTillId(tillId: string): void {
    prepared(this.db, "UPDATE installation SET value = ? WHERE key = 'installation_id'").run(tillId);
  }

  userExists(id: number): boolean {
    return prepared<[number], number>(this.db, 'SELECT 1 FROM users WHERE id = ?').pluck(true).get(id) !== undefined;
  }

  storeExists(id: number): boolean {
    return prepared<[number], number>(this.db, 'SELECT 1 FROM stores WHERE id = ?').pluck(true).get(id) !== undefined;
  }

  /** A register the till's entries name, made when the copy lacks it (registers are numbered alike on every till). */
  ensureRegister(id: number, name: string, storeId: number | null): void {
    prepared(
      this.db,
      `INSERT OR IGNORE INTO registers (id, store_id, name, date_created_gmt, date_modified_gmt)
       VALUES (?, COALESCE(?, (SELECT MIN(id) FROM stores)), ?, strftime('%Y-%m-%dT%H:%M:%S', 'now'), strftime('%Y-%m-%dT%H:%M:%S', 'now'))`,
    ).run(id, storeId, name);
  }

  insertSession(session: CashSessionRecord): void {
    prepared(
      this.db,
      `INSERT INTO cash_sessions (id, uuid, register_id, opened_by, opening_float, opening_note, date_opened_gmt, closed_by, counted_cash, closing_note, date_closed_gmt)
       VALUES (@id, @uuid, @register_id, @opened_by, @opening_float, @opening_note, @date_opened_gmt, @closed_by, @counted_cash, @closing_note, @date_closed_gmt)`,
    ).run(session);
  }

  insertMovement(movement: CashMovementRecord): void {
    prepared(
      this.db,
      'INSERT INTO cash_movements (id, session_id, type, amount, reason, user_id, date_created_gmt) VALUES (@id, @session_id, @type, @amount, @reason, @user_id, @date_created_gmt)',
    ).run(movement);
  }

  insertClosure(closure: ClosureRecord): void {
    prepared(
      this.db,
      'INSERT INTO closures (id, register_id, session_id, z_number, report, closed_by, date_closed_gmt) VALUES (@id, @register_id, @session_id, @z_number, @report, @closed_by, @date_closed_gmt)',
    ).run(closure);
  }

  /** An order with its items, as it stood at its latest entry. */
  insertOrder(order: OrderRecord): void {
    prepared(
      this.db,
      `INSERT INTO orders (id, parent_id, uuid, order_key, status, currency, prices_include_tax, customer_id, billing, shipping, payment_method,
         payment_method_title, transaction_id, customer_note, created_via, store_id, cashier_id, discount_total, discount_tax, shipping_total,
         shipping_tax, cart_tax, total_tax, total, meta_data, date_created_gmt, date_modified_gmt, date_paid_gmt, date_completed_gmt)
       VALUES (@id, @parent_id, @uuid, @order_key, @status, @currency, @prices_include_tax, @customer_id, @billing, @shipping, @payment_method,
         @payment_method_title, @transaction_id, @customer_note, @created_via, @store_id, @cashier_id, @discount_total, @discount_tax, @shipping_total,
         @shipping_tax, @cart_tax, @total_tax, @total, @meta_data, @date_created_gmt, @date_modified_gmt, @date_paid_gmt, @date_completed_gmt)`,
    ).run({
      ...order,
      items: undefined,
      prices_include_tax: order.prices_include_tax ? 1 : 0,
      billing: json(order.billing),
      shipping: json(order.shipping),
      meta_data: json(order.meta_data),
    });
    order.items.forEach((item, index) => {
      prepared(this.db, 'INSERT INTO order_items (id, order_id, type, name, position, data) VALUES (?, ?, ?, ?, ?, ?)').run(
        item.id,
        order.id,
        item.type,
        item.name,
        index,
        json(item.data),
      );
    });
  }

  setOrderTill(orderId: number, registerId: number, sessionId: number | null): void {
    prepared(this.db, 'INSERT OR REPLACE INTO order_tills (order_id, register_id, session_id) VALUES (?, ?, ?)').run(orderId, registerId, sessionId);
  }

  setOrderNumber(orderId: number, seriesIndex: number, number: string): void {
    prepared(this.db, 'INSERT INTO order_numbers (order_id, series_index, number) VALUES (?, ?, ?)').run(orderId, seriesIndex, number);
  }

  insertPayment(payment: Omit<PaymentRecord, 'id'>): void {
    prepared(
      this.db,
      `INSERT INTO payments (order_id, checkout_id, gateway_id, gateway_title, amount, tendered, change, transaction_id, register_id, session_id, user_id, date_created_gmt)
       VALUES (@order_id, @checkout_id, @gateway_id, @gateway_title, @amount, @tendered, @change, @transaction_id, @register_id, @session_id, @user_id, @date_created_gmt)`,
    ).run(payment);
  }

  gatewayTitle(gatewayId: string): string | undefined {
    return prepared<[string], string>(this.db, 'SELECT title FROM payment_gateways WHERE id = ?').pluck(true).get(gatewayId);
  }

  insertRefund(refund: RefundRecord, tender: RefundTenderRecord): void {
    prepared(
      this.db,
      `INSERT INTO refunds (id, order_id, amount, reason, refunded_by, refunded_payment, restock, line_items, meta_data, date_created_gmt)
       VALUES (@id, @order_id, @amount, @reason, @refunded_by, @refunded_payment, @restock, @line_items, @meta_data, @date_created_gmt)`,
    ).run({
      ...refund,
      refunded_payment: refund.refunded_payment ? 1 : 0,
      restock: refund.restock ? 1 : 0,
      line_items: json(refund.line_items),
      meta_data: json(refund.meta_data),
    });
    prepared(
      this.db,
      `INSERT INTO refund_tenders (refund_id, order_id, gateway_id, amount, register_id, session_id, date_created_gmt)
       VALUES (@refund_id, @order_id, @gateway_id, @amount, @register_id, @session_id, @date_created_gmt)`,
    ).run(tender);
  }

  /** A journal entry exactly as it was, under its till-wide sequence (journal_replica). */
  insertEntry(entry: JournalRecord, tillSequence: number): void {
    prepared(
      this.db,
      `INSERT INTO journal (id, register_id, sequence, kind, session_id, order_id, refund_id, closure_id, payload, previous_hash, hash, date_created_gmt)
       VALUES (@id, @register_id, @sequence, @kind, @session_id, @order_id, @refund_id, @closure_id, @payload, @previous_hash, @hash, @date_created_gmt)`,
    ).run(entry);
    prepared(this.db, 'INSERT INTO journal_replica (entry_id, till_sequence) VALUES (?, ?)').run(entry.id, tillSequence);
  }

  /**
   * The sales and refunds the outbox's triggers queued as the entries went in: each becomes
   * `unknown`, so the push looks it up in WooCommerce by its uuid (the entry's id) before it sends
   * anything, whatever the dead till had sent. Answers how many.
   */
  markEntriesUnknown(): number {
    return prepared(this.db, "UPDATE sync_outbox SET state = 'unknown', next_attempt_gmt = NULL WHERE kind IN ('sale', 'refund') AND state = 'pending'").run()
      .changes;
  }
}
