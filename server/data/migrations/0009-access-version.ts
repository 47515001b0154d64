import type { Migration } from './migration.js';

const ACCESS_TABLES = ['roles', 'role_capabilities', 'user_roles'] as const;
const WRITES = ['INSERT', 'UPDATE', 'DELETE'] as const;

/**
 * A counter of every change to who may do what: roles, their capabilities and users' roles.
 *
 * The server keeps each user's roles and capabilities in memory and reads this one row with the
 * session on every request; a different number means the cache is stale. Triggers bump it, so a
 * change made anywhere counts: the API, `tillbase roles` in another process while the server runs,
 * a later migration, or a maintenance statement.
 */
export const migration: Migration = {
  version: 9,
  name: 'access-version',
  up(db) {
    db.exec(`
      CREATE TABLE access_version (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        version INTEGER NOT NULL
      );
      INSERT INTO access_version (slot, version) VALUES (1, 0);
    `);
    for (const table of ACCESS_TABLES) {
      for (const write of WRITES) {
        db.exec(
          `CREATE TRIGGER access_version_${table}_${write.toLowerCase()} AFTER ${write} ON ${table} BEGIN UPDATE access_version SET version = version + 1 WHERE slot = 1; END;`,
        );
      }
    }
  },
};
