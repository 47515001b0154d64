import type { Migration } from './migration.js';

/**
 * The shop's tills as one: receipt numbers unique in the shop, and what the other tills' journals
 * bring, projected here (this till's own orders are already in `orders`).
 *
 * - `order_numbers`: a sale's receipt number in its till's series ("A-1042"), given when the sale
 *   is journaled on a till that belongs to a shop. An order without one is numbered by its id, as
 *   before.
 * - `journal_replica`: the till-wide sequence each own journal entry is replicated under (the
 *   journal's own sequence is per register): given with the entry, in its transaction, never
 *   changed; the entries already written get theirs here, in the order they were written.
 * - `shop_tills`: the other tills as their documents name them, and how far each one's journal goes.
 * - `shop_entries`: each entry of another till held here, once (till and sequence are its key).
 * - `shop_orders`: each other till's order as its latest entry shows it.
 * - `replica_state`: where the projection stands in the replica's changes.
 */
export const migration: Migration = {
  version: 25,
  name: 'shop-replica',
  up(db) {
    db.exec(`
      CREATE TABLE order_numbers (
        order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        series_index INTEGER NOT NULL UNIQUE,
        number TEXT NOT NULL UNIQUE
      );

      CREATE TABLE journal_replica (
        entry_id TEXT PRIMARY KEY REFERENCES journal(id),
        till_sequence INTEGER NOT NULL UNIQUE CHECK (till_sequence > 0)
      );

      CREATE TABLE shop_tills (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        head_sequence INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE shop_entries (
        till_id TEXT NOT NULL,
        till_sequence INTEGER NOT NULL,
        entry_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        order_id INTEGER,
        refund_id INTEGER,
        hash TEXT NOT NULL,
        date_created_gmt TEXT NOT NULL,
        PRIMARY KEY (till_id, till_sequence)
      );
      CREATE INDEX shop_entries_order ON shop_entries(till_id, order_id, kind);

      CREATE TABLE shop_orders (
        till_id TEXT NOT NULL,
        order_id INTEGER NOT NULL,
        till_name TEXT NOT NULL,
        number TEXT NOT NULL,
        status TEXT NOT NULL,
        total TEXT NOT NULL,
        date_paid_gmt TEXT NOT NULL,
        latest_sequence INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (till_id, order_id)
      );
      CREATE INDEX shop_orders_number ON shop_orders(number);
      CREATE INDEX shop_orders_date ON shop_orders(date_paid_gmt);

      CREATE TABLE replica_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      INSERT INTO journal_replica (entry_id, till_sequence) SELECT id, ROW_NUMBER() OVER (ORDER BY rowid) FROM journal ORDER BY rowid;
    `);
  },
};
