import type { Migration } from './migration.js';

/**
 * Users managed over HTTP, manager approvals at the till, and the audit trail.
 *
 * - `users.pin_hash`: an scrypt hash of the user's 4-8 digit PIN, like `password_hash`; NULL without one.
 * - `users.disabled_at`: when a manager disabled the user; a disabled user can neither log in nor
 *   use a token issued before.
 * - `approvals`: single-use manager approvals. Only a SHA-256 of the token the till sends in
 *   `X-POS-Approval` is stored, so the table alone cannot be used to forge a request.
 * - `audit_trail`: who did what to which object, with the amounts and the approval. It is a table of
 *   its own rather than rows of `logs`, because `logs` keeps only its newest 50,000 entries and a
 *   flood of refused requests would push sales and refunds out of it: the audit trail keeps every
 *   entry. `user_id` has no foreign key so that entries outlive a removed user (the username is
 *   kept beside it).
 */
export const migration: Migration = {
  version: 5,
  name: 'users-approvals-audit',
  up(db) {
    db.exec(`
      ALTER TABLE users ADD COLUMN pin_hash TEXT;
      ALTER TABLE users ADD COLUMN disabled_at TEXT;
      CREATE TABLE approvals (
        id INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        action TEXT NOT NULL,
        order_id INTEGER,
        requester_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        approver_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        method TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE TABLE audit_trail (
        id INTEGER PRIMARY KEY,
        timestamp TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        username TEXT NOT NULL,
        action TEXT NOT NULL,
        object_type TEXT NOT NULL DEFAULT '',
        object_id TEXT NOT NULL DEFAULT '',
        register_id INTEGER,
        approval_id INTEGER,
        amounts TEXT NOT NULL DEFAULT '{}',
        details TEXT NOT NULL DEFAULT '{}',
        message TEXT NOT NULL
      );
      CREATE INDEX audit_trail_timestamp ON audit_trail(timestamp);
      CREATE INDEX audit_trail_user ON audit_trail(user_id, id);
      CREATE INDEX audit_trail_action ON audit_trail(action, id);
      CREATE INDEX audit_trail_register ON audit_trail(register_id, id) WHERE register_id IS NOT NULL;
      CREATE INDEX audit_trail_object ON audit_trail(object_type, object_id, action);
    `);
  },
};
