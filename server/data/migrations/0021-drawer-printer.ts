import type { Migration } from './migration.js';

/**
 * Each register's cash drawer printer: the drawer hangs off the receipt printer standing at that
 * till, so the address is the register's, not the store's (two tills in a shop have two printers).
 * '' is a till without one (the drawer opens with its key); the pin is the drawer connector's.
 */
export const migration: Migration = {
  version: 21,
  name: 'drawer-printer',
  up(db) {
    db.exec(`
      ALTER TABLE registers ADD COLUMN drawer_printer TEXT NOT NULL DEFAULT '';
      ALTER TABLE registers ADD COLUMN drawer_pin INTEGER NOT NULL DEFAULT 2 CHECK (drawer_pin IN (2, 5));
    `);
  },
};
