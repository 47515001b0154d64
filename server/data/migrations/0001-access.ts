import { randomUUID } from 'node:crypto';
import type { Migration } from './migration.js';

/**
 * The roles a new database starts with, as shared/access.ts's DEFAULT_ROLES stood when this was
 * written out (migrations 6 and 7 grant the capabilities added since to databases made before
 * them). A migration is frozen: a capability added later comes with a migration of its own.
 */
const POS = [
  'access_pos',
  'read_products',
  'read_coupons',
  'read_orders',
  'create_orders',
  'edit_orders',
  'refund_orders',
  'list_customers',
  'create_customers',
  'edit_customers',
  'handle_cash',
];
const ROLES: ReadonlyArray<[name: string, label: string, capabilities: readonly string[]]> = [
  ['administrator', 'Administrator', [...POS, 'manage_pos', 'manage_stores', 'manage_products', 'install_plugins']],
  ['shop_manager', 'Shop manager', [...POS, 'manage_pos', 'manage_stores', 'manage_products']],
  ['cashier', 'Cashier', POS],
];

/** Users, roles with their capabilities, login sessions with their refresh tokens, and the log. */
export const migration: Migration = {
  version: 1,
  name: 'access',
  up(db) {
    db.exec(`
      CREATE TABLE installation (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        uuid TEXT NOT NULL UNIQUE,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        email TEXT UNIQUE COLLATE NOCASE,
        display_name TEXT NOT NULL,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_access_at TEXT
      );
      CREATE TABLE roles (
        name TEXT PRIMARY KEY,
        label TEXT NOT NULL
      );
      CREATE TABLE role_capabilities (
        role TEXT NOT NULL REFERENCES roles(name) ON DELETE CASCADE,
        capability TEXT NOT NULL,
        PRIMARY KEY (role, capability)
      ) WITHOUT ROWID;
      CREATE TABLE user_roles (
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL REFERENCES roles(name),
        PRIMARY KEY (user_id, role)
      ) WITHOUT ROWID;
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_active_at INTEGER NOT NULL,
        refresh_expires_at INTEGER NOT NULL,
        user_agent TEXT NOT NULL DEFAULT '',
        client_address TEXT NOT NULL DEFAULT '',
        revoked_at INTEGER,
        revoked_reason TEXT
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      -- One row per refresh token issued. A rotated token keeps its row so that a second use
      -- can be told apart from an unknown token (reuse detection, CONTRACT 2).
      CREATE TABLE refresh_tokens (
        jti TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        issued_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        rotated_at INTEGER,
        replaced_by TEXT
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);
      CREATE TABLE logs (
        id INTEGER PRIMARY KEY,
        timestamp TEXT NOT NULL,
        level TEXT NOT NULL,
        source TEXT NOT NULL,
        message TEXT NOT NULL,
        context TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX logs_timestamp ON logs(timestamp);
    `);
    db.prepare('INSERT INTO installation (key, value) VALUES (?, ?)').run('installation_id', randomUUID());
    const addRole = db.prepare('INSERT INTO roles (name, label) VALUES (?, ?)');
    const grant = db.prepare('INSERT INTO role_capabilities (role, capability) VALUES (?, ?)');
    for (const [name, label, capabilities] of ROLES) {
      addRole.run(name, label);
      for (const capability of capabilities) grant.run(name, capability);
    }
  },
};
