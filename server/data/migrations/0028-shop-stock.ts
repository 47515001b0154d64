import type { Migration } from './migration.js';

/**
 * The shop's stock on every till (docs/several-tills.md, "Stock across tills"): the stock moves of
 * the other tills' sales and restocking refunds, as projected here, and what each till says
 * WooCommerce holds of its journal.
 *
 * - `shop_stock_moves`: one row per other till's entry and product of this till it moved (a line
 *   that matched no product here is not kept, only counted in `shop_tills.stock_unmatched`).
 *   `held_stamp` is null while, as far as this till has heard, WooCommerce's stock does not hold
 *   the move; once the selling till says it does, it is the value of the counter `stock_stamp`
 *   (replica_state) given to that news, so a pull knows whether it heard it before or after it
 *   began reading WooCommerce.
 * - `shop_tills.woo_through`, `woo_unsent`: the selling till's last word on WooCommerce: every
 *   entry up to `woo_through` is held by WooCommerce's stock (or never goes there) but those in the
 *   ranges of `woo_unsent` (JSON `[[from, to], ...]`).
 */
export const migration: Migration = {
  version: 28,
  name: 'shop-stock',
  up(db) {
    db.exec(`
      CREATE TABLE shop_stock_moves (
        till_id TEXT NOT NULL,
        till_sequence INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        milli INTEGER NOT NULL,
        held_stamp INTEGER,
        PRIMARY KEY (till_id, till_sequence, product_id)
      ) WITHOUT ROWID;
      CREATE INDEX shop_stock_moves_held ON shop_stock_moves(held_stamp);

      ALTER TABLE shop_tills ADD COLUMN stock_unmatched INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE shop_tills ADD COLUMN woo_through INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE shop_tills ADD COLUMN woo_unsent TEXT NOT NULL DEFAULT '[]';
    `);
  },
};
