import type { Migration } from './migration.js';

/**
 * What every fresh database must hold before the first sale: the default store, WooCommerce's
 * order statuses, the standard tax classes, the built-in POS gateways and the core shipping methods.
 */
export const migration: Migration = {
  version: 3,
  name: 'reference-data',
  up(db) {
    // The GMT format of model/dates.ts as it was when this landed: a migration is frozen, so it
    // reads no live code that may change after it.
    const now = new Date().toISOString().slice(0, 19);
    db.prepare('INSERT INTO stores (id, name, fields, date_created_gmt, date_modified_gmt) VALUES (1, ?, ?, ?, ?)').run(
      'Default store',
      JSON.stringify({}),
      now,
      now,
    );

    const statuses: ReadonlyArray<[string, string, number, number]> = [
      // status, label, is_editable, is_paid (WooCommerce: wc_get_order_statuses, is_editable, wc_get_is_paid_statuses)
      ['pending', 'Pending payment', 1, 0],
      ['processing', 'Processing', 0, 1],
      ['on-hold', 'On hold', 1, 0],
      ['completed', 'Completed', 0, 1],
      ['cancelled', 'Cancelled', 0, 0],
      ['refunded', 'Refunded', 0, 0],
      ['failed', 'Failed', 0, 0],
      ['checkout-draft', 'Draft', 1, 0],
    ];
    const addStatus = db.prepare('INSERT INTO order_statuses (status, label, position, is_editable, is_paid) VALUES (?, ?, ?, ?, ?)');
    statuses.forEach(([status, label, editable, paid], position) => addStatus.run(status, label, position, editable, paid));

    const addTaxClass = db.prepare('INSERT INTO tax_classes (slug, name, position) VALUES (?, ?, ?)');
    addTaxClass.run('standard', 'Standard rate', 0);
    addTaxClass.run('reduced-rate', 'Reduced rate', 1);
    addTaxClass.run('zero-rate', 'Zero rate', 2);

    const addGateway = db.prepare('INSERT INTO payment_gateways (id, title, description, provider, pos_type, position) VALUES (?, ?, ?, ?, ?, ?)');
    addGateway.run('pos_cash', 'Cash', 'Cash paid at the till; the change due is worked out from the amount tendered.', 'pos', 'manual', 0);
    addGateway.run('pos_card', 'Card', 'Card paid on a terminal beside the till; the terminal transaction id may be recorded.', 'pos', 'manual', 1);

    const addShippingMethod = db.prepare('INSERT INTO shipping_methods (id, title, description) VALUES (?, ?, ?)');
    addShippingMethod.run('flat_rate', 'Flat rate', 'Lets you charge a fixed rate for shipping.');
    addShippingMethod.run('free_shipping', 'Free shipping', 'Free shipping is a special method which can be triggered with coupons and minimum spends.');
    addShippingMethod.run('local_pickup', 'Local pickup', 'Allow customers to pick up orders themselves.');
  },
};
