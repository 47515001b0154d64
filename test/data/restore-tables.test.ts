import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/data/database.js';
import { SHOP_TABLES, TILL_TABLES } from '../../server/data/repositories/till-restore.js';
import { prepared } from '../../server/data/statements.js';
import { makeDataDir } from '../helpers/server.js';

/**
 * `tillbase peers restore` takes the shop's tables from a peer's copy and leaves the till's own to
 * the rebuild, and refuses a copy with a table in neither list: so every table a migration makes
 * must be placed in one, or every restore fails (as the first one after a new table did).
 */
describe('the tables of a restore', () => {
  it('place every table of the schema as the shop’s or the till’s, none as both', () => {
    const db = openDatabase(join(makeDataDir(), 'tillbase.db'));
    try {
      const tables = prepared<[], string>(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck(true).all();
      const shop = new Set(SHOP_TABLES.map(({ table }) => table));
      expect(tables.filter((table) => !shop.has(table) && !TILL_TABLES.has(table))).toEqual([]);
      expect([...shop].filter((table) => TILL_TABLES.has(table))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
