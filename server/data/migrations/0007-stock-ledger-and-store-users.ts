import type { Migration } from './migration.js';

/** Stock as thousandths, so that decimal quantities (up to three places) add up exactly in SQL. */
const MILLI = (column: string) => `CAST(ROUND(COALESCE(${column}, 0) * 1000) AS INTEGER)`;

/**
 * The stock ledger, store assignments, product visibility at the till, and `manage_products`.
 *
 * Every change of `products.stock_quantity` writes one `stock_ledger` row, by trigger, so that the
 * stored stock equals the sum of the ledger whoever changes it: the orders engine, the importer, the
 * catalogue API, or a maintenance statement. What the change was for (a sale, a refund, goods
 * received...) is declared by the writer in `stock_ledger_context` inside the same transaction and
 * cleared after it; a change made without one is recorded as a `correction` (`opening` on insert).
 * Quantities are kept in thousandths (`*_milli`) so that sums are exact integer arithmetic.
 */
export const migration: Migration = {
  version: 7,
  name: 'stock-ledger-and-store-users',
  up(db) {
    db.exec(`
      CREATE TABLE stock_ledger (
        id INTEGER PRIMARY KEY,
        product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        change_milli INTEGER NOT NULL,
        balance_milli INTEGER NOT NULL,
        reason TEXT NOT NULL,
        order_id INTEGER,
        reference TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT '',
        user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
        date_created_gmt TEXT NOT NULL
      );
      CREATE INDEX stock_ledger_product ON stock_ledger(product_id, id);

      -- At most one row, written and deleted inside the writer's own transaction.
      CREATE TABLE stock_ledger_context (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        reason TEXT NOT NULL,
        order_id INTEGER,
        reference TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT '',
        user_id INTEGER
      );

      INSERT INTO stock_ledger (product_id, change_milli, balance_milli, reason, date_created_gmt)
        SELECT id, ${MILLI('stock_quantity')}, ${MILLI('stock_quantity')}, 'opening', strftime('%Y-%m-%dT%H:%M:%S', 'now')
        FROM products WHERE stock_quantity IS NOT NULL ORDER BY id;

      CREATE TRIGGER stock_ledger_insert AFTER INSERT ON products
      WHEN ${MILLI('new.stock_quantity')} <> 0
      BEGIN
        INSERT INTO stock_ledger (product_id, change_milli, balance_milli, reason, order_id, reference, note, user_id, date_created_gmt)
          SELECT new.id, ${MILLI('new.stock_quantity')}, ${MILLI('new.stock_quantity')}, COALESCE(c.reason, 'opening'), c.order_id,
            COALESCE(c.reference, ''), COALESCE(c.note, ''), c.user_id, strftime('%Y-%m-%dT%H:%M:%S', 'now')
          FROM (SELECT 1) LEFT JOIN stock_ledger_context c ON c.slot = 1;
      END;

      CREATE TRIGGER stock_ledger_update AFTER UPDATE OF stock_quantity ON products
      WHEN ${MILLI('new.stock_quantity')} <> ${MILLI('old.stock_quantity')}
      BEGIN
        INSERT INTO stock_ledger (product_id, change_milli, balance_milli, reason, order_id, reference, note, user_id, date_created_gmt)
          SELECT new.id, ${MILLI('new.stock_quantity')} - ${MILLI('old.stock_quantity')}, ${MILLI('new.stock_quantity')}, COALESCE(c.reason, 'correction'),
            c.order_id, COALESCE(c.reference, ''), COALESCE(c.note, ''), c.user_id, strftime('%Y-%m-%dT%H:%M:%S', 'now')
          FROM (SELECT 1) LEFT JOIN stock_ledger_context c ON c.slot = 1;
      END;

      -- Which users sell in which stores. A user without any row sells in the default store.
      CREATE TABLE store_users (
        store_id INTEGER NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        PRIMARY KEY (store_id, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX store_users_user ON store_users(user_id, store_id);

      -- wcpos's product visibility: '' everywhere, 'pos_only', or 'online_only' (hidden at the till
      -- while the general setting pos_only_products is on).
      ALTER TABLE products ADD COLUMN pos_visibility TEXT NOT NULL DEFAULT '' CHECK (pos_visibility IN ('', 'pos_only', 'online_only'));

      INSERT OR IGNORE INTO role_capabilities (role, capability)
        SELECT name, 'manage_products' FROM roles WHERE name IN ('administrator', 'shop_manager');
    `);
  },
};
