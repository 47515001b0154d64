import type { Migration } from './migration.js';

/**
 * A refund at one till of a sale made at another (docs/several-tills.md, "A refund at another
 * till").
 *
 * - `adopted_orders`: this till's copy of another till's sale, made when a refund of it is asked
 *   here, with where it came from: the selling till and its order id, the sale's journal entry id
 *   (the uuid WooCommerce knows the order by), its receipt number and when it was paid, and which of
 *   the copy's items is which of the origin's (`items`, a JSON object of local id to origin id). The
 *   copy is an order of this till's (the cap, the drawer and the refund's push work on it as on any
 *   order), but it has no sale entry, so it is never a sale here.
 * - `shop_refunds`: every refund another till made, held here once, named by the order it refunds at
 *   its origin (the selling till and its order id, whichever till refunded it) with its lines by the
 *   origin's item ids: what the cap across the shop's tills subtracts.
 * - `shop_orders.origin_*`: a projected order that is another till's copy of a sale (its refunds'
 *   order): it is not a sale, so the shop's list leaves it out.
 */
export const migration: Migration = {
  version: 29,
  name: 'adopted-orders',
  up(db) {
    db.exec(`
      CREATE TABLE adopted_orders (
        order_id INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
        origin_till_id TEXT NOT NULL,
        origin_order_id INTEGER NOT NULL,
        origin_uuid TEXT NOT NULL,
        origin_number TEXT NOT NULL,
        origin_date_gmt TEXT NOT NULL,
        items TEXT NOT NULL,
        UNIQUE (origin_till_id, origin_order_id)
      );

      CREATE TABLE shop_refunds (
        till_id TEXT NOT NULL,
        refund_id INTEGER NOT NULL,
        origin_till_id TEXT NOT NULL,
        origin_order_id INTEGER NOT NULL,
        amount TEXT NOT NULL,
        gateway_id TEXT NOT NULL,
        line_items TEXT NOT NULL,
        date_created_gmt TEXT NOT NULL,
        PRIMARY KEY (till_id, refund_id)
      ) WITHOUT ROWID;
      CREATE INDEX shop_refunds_origin ON shop_refunds(origin_till_id, origin_order_id);

      ALTER TABLE shop_orders ADD COLUMN origin_till_id TEXT;
      ALTER TABLE shop_orders ADD COLUMN origin_order_id INTEGER;
    `);
  },
};
