import type { Migration } from './migration.js';

/** The tables a sale reads but a sale never writes: the shop's set-up. */
export const CONFIG_TABLES = ['stores', 'store_users', 'settings', 'tax_classes', 'tax_rates', 'payment_gateways', 'shipping_methods'] as const;
const WRITES = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * A counter of every change to the shop's set-up: its stores and who sells in them, the settings,
 * tax classes and rates, payment gateways and shipping methods.
 *
 * Every sale reads all of these (the store's fields, the general, checkout and approval settings,
 * the rates of each tax class) and none of them writes one, so the server keeps them in memory
 * (sql.ts `whileConfigStands`) and reads this one row instead. The other in-memory reads are keyed
 * on any write at all, which under a steady stream of sales means never kept: eight tills spent
 * 6-8 % of the server's time reading and parsing the same store and settings rows. Triggers bump
 * it, so a change made anywhere counts: the API, a CLI command in another process while the server
 * runs, a restore, a later migration, a maintenance statement.
 */
export const migration: Migration = {
  version: 16,
  name: 'config-version',
  up(db) {
    db.exec(`
      CREATE TABLE config_version (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO config_version (slot, version) VALUES (1, 0);
    `);
    for (const table of CONFIG_TABLES) {
      for (const write of WRITES) {
        db.exec(
          `CREATE TRIGGER config_version_${table}_${write.toLowerCase()} AFTER ${write} ON ${table} BEGIN UPDATE config_version SET version = version + 1 WHERE slot = 1; END;`,
        );
      }
    }
  },
};
