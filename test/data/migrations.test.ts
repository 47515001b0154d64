import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../shared/access.js';
import { DatabaseTooNewError, migrate, openDatabase, schemaVersion } from '../../server/data/database.js';
import { MIGRATIONS } from '../../server/data/migrations/index.js';
import { runCli } from '../helpers/cli.js';
import { makeDataDir } from '../helpers/server.js';

const tablesOf = (db: BetterSqlite3.Database): string[] =>
  db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .map((row) => row.name);

/** A database file migrated only up to `version`, as an older Tillbase left it. */
function databaseAt(version: number): { file: string; db: BetterSqlite3.Database } {
  const file = join(makeDataDir(), 'tillbase.db');
  const db = new BetterSqlite3(file);
  migrate(db, MIGRATIONS.slice(0, version));
  return { file, db };
}

describe('opening a database', () => {
  it('uses WAL, foreign keys and the latest schema', () => {
    const db = openDatabase(join(makeDataDir(), 'tillbase.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database written by a newer Tillbase, with a clear message, and leaves it alone', () => {
    const { file, db } = databaseAt(MIGRATIONS.length);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(DatabaseTooNewError);
    expect(() => openDatabase(file)).toThrow(`schema version ${MIGRATIONS.length + 1}, but this Tillbase knows versions up to ${MIGRATIONS.length}`);
    const after = new BetterSqlite3(file);
    expect(schemaVersion(after)).toBe(MIGRATIONS.length + 1);
    after.close();
  });

  it('the CLI reports a newer database in one line with exit code 2', async () => {
    const dataDir = makeDataDir();
    const db = new BetterSqlite3(join(dataDir, 'tillbase.db'));
    db.pragma('user_version = 999');
    db.close();
    const result = await runCli(['users', 'list', '--data-dir', dataDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `tillbase: the database is at schema version 999, but this Tillbase knows versions up to ${MIGRATIONS.length}; upgrade Tillbase to open it\n`,
    );
  });

  it('rolls a failing step back whole', () => {
    const { db } = databaseAt(1);
    const broken = {
      version: 2,
      name: 'broken',
      up: (target: BetterSqlite3.Database) => target.exec('CREATE TABLE half_done (id INTEGER); SELECT * FROM no_such_table;'),
    };
    expect(() => {
      migrate(db, [MIGRATIONS[0]!, broken]);
    }).toThrow(/no such table/);
    expect(schemaVersion(db)).toBe(1);
    expect(tablesOf(db)).not.toContain('half_done');
    db.close();
  });
});

describe('migration 1: access', () => {
  it('creates users, roles with the default capabilities, sessions, refresh tokens and the log', () => {
    const { db } = databaseAt(1);
    expect(tablesOf(db)).toEqual(['installation', 'logs', 'refresh_tokens', 'role_capabilities', 'roles', 'sessions', 'user_roles', 'users']);
    // Capabilities added after migration 1 come with migrations of their own (manage_sync: migration 18).
    const later = new Set(['manage_sync']);
    for (const [role, { capabilities }] of Object.entries(DEFAULT_ROLES)) {
      const stored = db
        .prepare<[string], { capability: string }>('SELECT capability FROM role_capabilities WHERE role = ? ORDER BY capability')
        .all(role)
        .map((row) => row.capability);
      expect(stored).toEqual([...capabilities].filter((capability) => !later.has(capability)).sort());
    }
    expect(db.prepare("SELECT value FROM installation WHERE key = 'installation_id'").pluck().get()).toMatch(/^[0-9a-f-]{36}$/);
    db.close();
  });
});

describe('the roles of a fresh database', () => {
  it('are DEFAULT_ROLES after every migration: a capability added to shared/access.ts comes with a migration of its own', () => {
    const { db } = databaseAt(MIGRATIONS.length);
    const roles = db.prepare<[], { name: string; label: string }>('SELECT name, label FROM roles ORDER BY name').all();
    expect(roles).toEqual(
      Object.entries(DEFAULT_ROLES)
        .map(([name, { label }]) => ({ name, label }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const [role, { capabilities }] of Object.entries(DEFAULT_ROLES)) {
      const stored = db
        .prepare<[string], { capability: string }>('SELECT capability FROM role_capabilities WHERE role = ? ORDER BY capability')
        .all(role)
        .map((row) => row.capability);
      expect(stored).toEqual([...capabilities].sort());
    }
    db.close();
  });
});

describe('migration 2: store and sales', () => {
  it('adds the tables of the 40 endpoints and keeps the data of version 1', () => {
    const { db } = databaseAt(1);
    db.prepare(
      "INSERT INTO users (uuid, username, display_name, password_hash, created_at) VALUES ('u-1', 'olduser', 'Old User', 'scrypt$x', '2025-01-01T00:00:00Z')",
    ).run();
    migrate(db, MIGRATIONS.slice(0, 2));
    expect(schemaVersion(db)).toBe(2);
    for (const table of [
      'settings',
      'stores',
      'products',
      'terms',
      'product_terms',
      'tax_classes',
      'tax_rates',
      'customers',
      'coupons',
      'order_statuses',
      'orders',
      'order_items',
      'refunds',
      'payment_gateways',
      'checkouts',
      'shipping_methods',
      'templates',
      'extensions',
    ]) {
      expect(tablesOf(db)).toContain(table);
    }
    expect(db.prepare("SELECT display_name FROM users WHERE username = 'olduser'").pluck().get()).toBe('Old User');
    db.close();
  });
});

describe('migration 3: reference data', () => {
  it('gives a fresh database one default store, the order statuses, the standard tax class and the POS gateways', () => {
    const { db } = databaseAt(2);
    migrate(db);
    expect(db.prepare('SELECT id, name FROM stores').all()).toEqual([{ id: 1, name: 'Default store' }]);
    expect(db.prepare('SELECT status FROM order_statuses ORDER BY position').pluck().all()).toEqual([
      'pending',
      'processing',
      'on-hold',
      'completed',
      'cancelled',
      'refunded',
      'failed',
      'checkout-draft',
    ]);
    expect(db.prepare('SELECT slug FROM tax_classes ORDER BY position').pluck().all()).toEqual(['standard', 'reduced-rate', 'zero-rate']);
    expect(db.prepare('SELECT id FROM payment_gateways ORDER BY position').pluck().all()).toEqual(['pos_cash', 'pos_card']);
    expect(db.prepare('SELECT id FROM shipping_methods ORDER BY id').pluck().all()).toEqual(['flat_rate', 'free_shipping', 'local_pickup']);
    db.close();
  });

  it('upgrades an old-version database with users in it, which then still log in', async () => {
    const dataDir = makeDataDir();
    const old = new BetterSqlite3(join(dataDir, 'tillbase.db'));
    migrate(old, MIGRATIONS.slice(0, 1));
    old.close();
    // Version 1 is all the CLI needs to add a user, then the next open migrates the rest.
    const v1 = new BetterSqlite3(join(dataDir, 'tillbase.db'));
    expect(schemaVersion(v1)).toBe(1);
    v1.close();
    expect(
      (await runCli(['users', 'add', '--username', 'veteran', '--role', 'cashier', '--password-stdin', '--data-dir', dataDir], 'veteran-pass\n')).code,
    ).toBe(0);
    const upgraded = new BetterSqlite3(join(dataDir, 'tillbase.db'));
    expect(schemaVersion(upgraded)).toBe(MIGRATIONS.length);
    expect(upgraded.prepare("SELECT role FROM user_roles JOIN users ON users.id = user_id WHERE username = 'veteran'").pluck().get()).toBe('cashier');
    upgraded.close();
  });
});

describe('migration 4: product search', () => {
  const insertProduct = (db: BetterSqlite3.Database, id: number, name: string, sku: string | null, barcode: string | null) =>
    db
      .prepare(
        "INSERT INTO products (id, type, name, slug, sku, barcode, date_created_gmt, date_modified_gmt) VALUES (?, 'simple', ?, ?, ?, ?, '2025-01-01T00:00:00', '2025-01-01T00:00:00')",
      )
      .run(id, name, `p-${id}`, sku, barcode);
  const matches = (db: BetterSqlite3.Database, phrase: string): number[] =>
    db
      .prepare<[string], { rowid: number }>('SELECT rowid FROM products_search WHERE products_search MATCH ? ORDER BY rowid')
      .all(phrase)
      .map((row) => row.rowid);

  it('indexes the products already there, then follows inserts, renames and deletes', () => {
    const { db } = databaseAt(3);
    insertProduct(db, 1, 'Flat White', 'FW-1', '5012345000015');
    insertProduct(db, 2, 'Oat Milk 1L', null, null);
    migrate(db);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(matches(db, '"LAT WH"')).toEqual([1]);
    expect(matches(db, '"fw-"')).toEqual([1]);
    expect(matches(db, '"2345000"')).toEqual([1]);
    expect(matches(db, '"milk"')).toEqual([2]);

    insertProduct(db, 3, 'Whole Milk 1L', 'WM-1', '5012345000022');
    expect(matches(db, '"milk"')).toEqual([2, 3]);
    db.prepare("UPDATE products SET name = 'Skimmed Dairy 1L', sku = 'SD-1' WHERE id = 3").run();
    expect(matches(db, '"milk"')).toEqual([2]);
    expect(matches(db, '"dairy"')).toEqual([3]);
    expect(matches(db, '"sd-1"')).toEqual([3]);
    expect(matches(db, '"wm-1"')).toEqual([]);
    // Other columns change without touching the index.
    db.prepare('UPDATE products SET stock_quantity = 4, manage_stock = 1 WHERE id = 3').run();
    expect(matches(db, '"dairy"')).toEqual([3]);
    db.prepare('DELETE FROM products WHERE id = 1').run();
    expect(matches(db, '"flat"')).toEqual([]);
    // A row without SKU nor barcode is re-indexed and removed as well.
    db.prepare("UPDATE products SET name = 'Oat Drink 1L' WHERE id = 2").run();
    expect(matches(db, '"drink"')).toEqual([2]);
    expect(matches(db, '"milk"')).toEqual([]);
    db.prepare('DELETE FROM products WHERE id = 2').run();
    expect(matches(db, '"drink"')).toEqual([]);
    // The index holds exactly what the products table holds (FTS5 compares the two with rank = 1).
    expect(() => db.prepare("INSERT INTO products_search (products_search, rank) VALUES ('integrity-check', 1)").run()).not.toThrow();
    db.close();
  });

  it('adds the indexes of the list order, case-insensitive SKUs and slugs', () => {
    const { db } = databaseAt(4);
    const indexes = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all();
    expect(indexes).toEqual([
      'products_barcode',
      'products_created',
      'products_modified',
      'products_name',
      'products_parent',
      'products_sku_nocase',
      'products_slug',
    ]);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").pluck().all()).toEqual([
      'products_search_delete',
      'products_search_insert',
      'products_search_update',
    ]);
    db.close();
  });
});
