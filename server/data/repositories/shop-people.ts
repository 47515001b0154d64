import { randomUUID } from 'node:crypto';
import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';

/** A user as every till of the shop needs it to log them in: hashes only, never a password or PIN. */
export interface ShopUserState {
  username: string;
  display_name: string;
  email: string | null;
  first_name: string;
  last_name: string;
  /** A user may hold several roles (the CLI can give them); the API gives one. */
  roles: string[];
  password_hash: string;
  pin_hash: string | null;
  disabled_at: string | null;
}

/** A role and what it may do. */
export interface ShopRoleState {
  name: string;
  label: string;
  capabilities: string[];
}

/** Which change a user's or role's row stands at: when it was made ('' before the till joined a shop), and by which till. */
export interface PersonVersion {
  modified_gmt: string;
  till_id: string;
}

/** A user or role changed on this till, as its audit entry says. */
export interface PersonChange {
  audit_id: number;
  object_type: 'user' | 'role';
  /** The username, or the role's name. */
  name: string;
  timestamp: string;
}

interface UserRow {
  id: number;
  username: string;
  display_name: string;
  email: string | null;
  first_name: string;
  last_name: string;
  password_hash: string;
  pin_hash: string | null;
  disabled_at: string | null;
}

/** The shop's users and roles as the tills replicate them (tills/replication/shop-people-*.ts). */
export class ShopPeopleRepository {
  constructor(private readonly db: Database) {}

  lastAuditId(): number {
    return prepared<[], { id: number | null }>(this.db, 'SELECT MAX(id) AS id FROM audit_trail').get()?.id ?? 0;
  }

  /** The users and roles changed by the audit entries after `after` up to `through`; a user removed since is left out. */
  changesBetween(after: number, through: number): PersonChange[] {
    return prepared<[number, number], PersonChange>(
      this.db,
      `SELECT a.id AS audit_id, a.object_type, a.timestamp,
              CASE a.object_type WHEN 'user' THEN u.username ELSE a.object_id END AS name
         FROM audit_trail a LEFT JOIN users u ON a.object_type = 'user' AND u.id = CAST(a.object_id AS INTEGER)
        WHERE a.id > ? AND a.id <= ? AND a.object_type IN ('user', 'role') AND name IS NOT NULL
        ORDER BY a.id`,
    ).all(after, through);
  }

  usernames(): string[] {
    return prepared<[], { username: string }>(this.db, 'SELECT username FROM users ORDER BY id')
      .all()
      .map((row) => row.username);
  }

  roleNames(): string[] {
    return prepared<[], { name: string }>(this.db, 'SELECT name FROM roles ORDER BY name')
      .all()
      .map((row) => row.name);
  }

  user(username: string): ShopUserState | undefined {
    const row = this.userRow(username);
    if (row === undefined) return undefined;
    const { id, ...state } = row;
    // Rows, not plucked values: prepared() shares each statement with every other reader of the same SQL.
    const roles = prepared<[number], { role: string }>(this.db, 'SELECT role FROM user_roles WHERE user_id = ? ORDER BY role')
      .all(id)
      .map((row) => row.role);
    return { ...state, roles };
  }

  role(name: string): ShopRoleState | undefined {
    const row = prepared<[string], { name: string; label: string }>(this.db, 'SELECT name, label FROM roles WHERE name = ?').get(name);
    if (row === undefined) return undefined;
    const capabilities = prepared<[string], { capability: string }>(this.db, 'SELECT capability FROM role_capabilities WHERE role = ? ORDER BY capability')
      .all(name)
      .map((row) => row.capability);
    return { ...row, capabilities };
  }

  /** Which change the row stands at, and whether this till has still to write it to its replica. */
  version(docId: string): (PersonVersion & { unwritten: boolean }) | undefined {
    const row = prepared<[string], PersonVersion & { unwritten: number }>(
      this.db,
      'SELECT modified_gmt, till_id, unwritten FROM shop_people WHERE doc_id = ?',
    ).get(docId);
    return row === undefined ? undefined : { modified_gmt: row.modified_gmt, till_id: row.till_id, unwritten: row.unwritten === 1 };
  }

  /** Records which change the row stands at; `unwritten` when this till still has to write it to its replica. */
  setVersion(docId: string, version: PersonVersion, unwritten: boolean): void {
    writeTransaction(this.db, () => {
      prepared(
        this.db,
        `INSERT INTO shop_people (doc_id, modified_gmt, till_id, unwritten) VALUES (?, ?, ?, ?)
         ON CONFLICT (doc_id) DO UPDATE SET modified_gmt = excluded.modified_gmt, till_id = excluded.till_id, unwritten = excluded.unwritten`,
      ).run(docId, version.modified_gmt, version.till_id, unwritten ? 1 : 0);
    });
  }

  /** The documents this till has still to write to its replica. */
  unwritten(): string[] {
    return prepared<[], { doc_id: string }>(this.db, 'SELECT doc_id FROM shop_people WHERE unwritten = 1 ORDER BY doc_id')
      .all()
      .map((row) => row.doc_id);
  }

  /** The document is in the replica as of `version` (a later change keeps it unwritten). */
  written(docId: string, version: PersonVersion): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'UPDATE shop_people SET unwritten = 0 WHERE doc_id = ? AND modified_gmt = ? AND till_id = ?').run(
        docId,
        version.modified_gmt,
        version.till_id,
      );
    });
  }

  /**
   * Makes this till's user `state.username` what `state` says, creating it when it is missing (with
   * an id of this till's own: ids differ between tills, the username is the key). A role it names
   * that this till lacks is made too, empty, until that role's own document brings its capabilities.
   * Answers the user's id and how it stood before (undefined when it was created).
   */
  putUser(state: ShopUserState): { id: number; before: ShopUserState | undefined } {
    return writeTransaction(this.db, () => {
      const before = this.user(state.username);
      const existing = this.userRow(state.username);
      let id: number;
      if (existing === undefined) {
        const { lastInsertRowid } = prepared(
          this.db,
          'INSERT INTO users (uuid, username, email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(randomUUID(), state.username, state.email, state.display_name, state.password_hash, new Date().toISOString());
        id = Number(lastInsertRowid);
      } else id = existing.id;
      prepared(
        this.db,
        `UPDATE users SET email = ?, display_name = ?, first_name = ?, last_name = ?, password_hash = ?, pin_hash = ?, disabled_at = ?
          WHERE id = ?`,
      ).run(state.email, state.display_name, state.first_name, state.last_name, state.password_hash, state.pin_hash, state.disabled_at, id);
      if (before === undefined || before.roles.join('\n') !== [...state.roles].sort().join('\n')) {
        prepared(this.db, 'DELETE FROM user_roles WHERE user_id = ?').run(id);
        for (const role of state.roles) {
          prepared(this.db, 'INSERT OR IGNORE INTO roles (name, label) VALUES (?, ?)').run(role, role);
          prepared(this.db, 'INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (?, ?)').run(id, role);
        }
      }
      return { id, before };
    });
  }

  /** Makes the role what `state` says, creating it when it is missing. */
  putRole(state: ShopRoleState): void {
    writeTransaction(this.db, () => {
      prepared(
        this.db,
        'INSERT INTO roles (name, label) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET label = excluded.label WHERE label <> excluded.label',
      ).run(state.name, state.label);
      const current = this.role(state.name)?.capabilities ?? [];
      const wanted = [...new Set(state.capabilities)].sort();
      // Rewritten only when they differ: each write moves the access version, which empties every till's access cache.
      if (current.join('\n') === wanted.join('\n')) return;
      prepared(this.db, 'DELETE FROM role_capabilities WHERE role = ?').run(state.name);
      const grant = prepared(this.db, 'INSERT INTO role_capabilities (role, capability) VALUES (?, ?)');
      for (const capability of wanted) grant.run(state.name, capability);
    });
  }

  /** The counter every write to the shop's set-up (settings among it) moves (migration 16), from any connection. */
  configVersion(): number {
    // Its own text: sql.ts plucks the statement of the plain one, and prepared() shares a statement by its text.
    return prepared<[], { config: number }>(this.db, 'SELECT version AS config FROM config_version WHERE slot = 1').get()?.config ?? 0;
  }

  /** A settings section's stored keys as they are stored (the section schemas' defaults are the domain's). */
  settings(section: string): Record<string, unknown> {
    const rows = prepared<[string], { key: string; value: string }>(this.db, 'SELECT key, value FROM settings WHERE section = ? ORDER BY key').all(section);
    return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  }

  /** Makes a section's keys what `values` says, but for the keys `kept` (this till's own): a key `values` lacks goes back to its default. */
  putSettings(section: string, values: Record<string, unknown>, kept: readonly string[]): void {
    writeTransaction(this.db, () => {
      const remove = prepared(this.db, 'DELETE FROM settings WHERE section = ? AND key = ?');
      for (const key of Object.keys(this.settings(section))) if (!kept.includes(key) && !Object.hasOwn(values, key)) remove.run(section, key);
      const upsert = prepared(
        this.db,
        'INSERT INTO settings (section, key, value) VALUES (?, ?, ?) ON CONFLICT (section, key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value',
      );
      for (const [key, value] of Object.entries(values)) if (!kept.includes(key)) upsert.run(section, key, JSON.stringify(value));
    });
  }

  private userRow(username: string): UserRow | undefined {
    return prepared<[string], UserRow>(
      this.db,
      'SELECT id, username, display_name, email, first_name, last_name, password_hash, pin_hash, disabled_at FROM users WHERE username = ?',
    ).get(username);
  }
}
