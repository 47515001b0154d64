import type { Migration } from './migration.js';

const NOW = "strftime('%Y-%m-%dT%H:%M:%S', 'now')";
/** A random RFC 4122 version-4 UUID in SQL, for outbox rows that have no journal id of their own. */
const NEW_UUID = `(SELECT lower(substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(h, 18, 3) || '-' || substr(h, 21, 12)) FROM (SELECT hex(randomblob(16)) AS h))`;
/** Stock reasons of changes made by hand at the till (POST /products/{id}/stock, a product edit); order-driven ones are WooCommerce's own to make. */
const MANUAL_STOCK_REASONS = "('received', 'damaged', 'counted', 'correction', 'edit')";

/**
 * The sync with the shop's WooCommerce, upward half (issue 23, items 3-5).
 *
 * `sync_connection` is the one connection (id 1); its consumer secret is not here but in the
 * server's secret store. `sync_outbox` holds what is to go up: its rows are written by the triggers
 * below in the same transaction as the change, so a sale that committed has its outbox row, and a
 * sale rolled back has none. Nothing is written while no connection exists: sales made before a
 * shop is connected stay local. `sync_ids` maps the till's ids to WooCommerce's (customers, orders,
 * order lines for refunds, products).
 *
 * Also the capability `manage_sync` for administrator and shop_manager.
 */
export const migration: Migration = {
  version: 19,
  name: 'sync',
  up(db) {
    db.exec(`
      CREATE TABLE sync_connection (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        url TEXT NOT NULL,
        consumer_key TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused')),
        paused_reason TEXT,
        connected_at_gmt TEXT NOT NULL,
        online INTEGER NOT NULL DEFAULT 1,
        offline_since_gmt TEXT,
        last_push_gmt TEXT,
        last_pull_gmt TEXT,
        settings TEXT NOT NULL DEFAULT '{}'
      );

      CREATE TABLE sync_outbox (
        id INTEGER PRIMARY KEY,
        uuid TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('sale', 'refund', 'customer', 'stock')),
        journal_id TEXT,
        order_id INTEGER,
        refund_id INTEGER,
        customer_id INTEGER,
        product_id INTEGER,
        stock_ledger_id INTEGER,
        register_id INTEGER,
        sequence INTEGER,
        -- What the entry is worth: a sale's or a refund's total with tax, as the journal has it.
        amount TEXT,
        depends_on INTEGER REFERENCES sync_outbox(id),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'unknown', 'synced', 'rejected', 'handled')),
        woo_id INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error_code TEXT,
        last_error_message TEXT,
        totals_difference TEXT,
        -- A stock adjustment's absolute stock_quantity as first sent: sent again as it is after an unknown outcome.
        stock_target TEXT,
        next_attempt_gmt TEXT,
        sending_since_gmt TEXT,
        date_created_gmt TEXT NOT NULL,
        date_synced_gmt TEXT,
        duplicates_cancelled TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX sync_outbox_waiting ON sync_outbox(state, id);
      CREATE INDEX sync_outbox_order ON sync_outbox(order_id, kind);
      CREATE INDEX sync_outbox_customer ON sync_outbox(customer_id, kind);

      CREATE TABLE sync_ids (
        kind TEXT NOT NULL CHECK (kind IN ('customer', 'order', 'order_line', 'product')),
        local_id INTEGER NOT NULL,
        woo_id INTEGER NOT NULL,
        PRIMARY KEY (kind, local_id)
      ) WITHOUT ROWID;

      -- A sale waits for the customer it names when that customer is itself waiting to go up.
      CREATE TRIGGER sync_outbox_sale AFTER INSERT ON journal
      WHEN new.kind = 'sale' AND EXISTS (SELECT 1 FROM sync_connection)
      BEGIN
        INSERT INTO sync_outbox (uuid, kind, journal_id, order_id, register_id, sequence, amount, depends_on, date_created_gmt)
        VALUES (new.id, 'sale', new.id, new.order_id, new.register_id, new.sequence, json_extract(new.payload, '$.totals.total'),
          (SELECT o.id FROM sync_outbox o WHERE o.kind = 'customer' AND o.customer_id = (SELECT customer_id FROM orders WHERE id = new.order_id)
             AND o.state NOT IN ('synced', 'handled') ORDER BY o.id DESC LIMIT 1),
          ${NOW});
      END;

      -- A refund waits for its order's sale.
      CREATE TRIGGER sync_outbox_refund AFTER INSERT ON journal
      WHEN new.kind = 'refund' AND EXISTS (SELECT 1 FROM sync_connection)
      BEGIN
        INSERT INTO sync_outbox (uuid, kind, journal_id, order_id, refund_id, register_id, sequence, amount, depends_on, date_created_gmt)
        VALUES (new.id, 'refund', new.id, new.order_id, new.refund_id, new.register_id, new.sequence, json_extract(new.payload, '$.totals.amount'),
          (SELECT o.id FROM sync_outbox o WHERE o.kind = 'sale' AND o.order_id = new.order_id ORDER BY o.id DESC LIMIT 1),
          ${NOW});
      END;

      CREATE TRIGGER sync_outbox_customer_created AFTER INSERT ON customers
      WHEN EXISTS (SELECT 1 FROM sync_connection)
      BEGIN
        INSERT INTO sync_outbox (uuid, kind, customer_id, date_created_gmt) VALUES (${NEW_UUID}, 'customer', new.id, ${NOW});
      END;

      -- An edit while an earlier one still waits adds nothing: the waiting entry sends the customer as it is then.
      CREATE TRIGGER sync_outbox_customer_edited AFTER UPDATE ON customers
      WHEN EXISTS (SELECT 1 FROM sync_connection)
        AND NOT EXISTS (SELECT 1 FROM sync_outbox WHERE kind = 'customer' AND customer_id = new.id AND state = 'pending')
      BEGIN
        INSERT INTO sync_outbox (uuid, kind, customer_id, date_created_gmt) VALUES (${NEW_UUID}, 'customer', new.id, ${NOW});
      END;

      CREATE TRIGGER sync_outbox_stock AFTER INSERT ON stock_ledger
      WHEN new.reason IN ${MANUAL_STOCK_REASONS} AND EXISTS (SELECT 1 FROM sync_connection)
      BEGIN
        INSERT INTO sync_outbox (uuid, kind, product_id, stock_ledger_id, date_created_gmt) VALUES (${NEW_UUID}, 'stock', new.product_id, new.id, ${NOW});
      END;

      INSERT OR IGNORE INTO role_capabilities (role, capability)
        SELECT name, 'manage_sync' FROM roles WHERE name IN ('administrator', 'shop_manager');
    `);
  },
};
