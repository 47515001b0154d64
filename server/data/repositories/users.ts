import { randomUUID } from 'node:crypto';
import type { Capability, RoleName } from '../../../shared/access.js';
import { isCapability } from '../../../shared/access.js';
import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { lossCountOf, readsMayBeRemembered } from '../commit-group.js';
import { writeTransaction } from '../write-transaction.js';
import type { UserRecord } from '../../model/records/users.js';

/** The fields a manager may change on a user; absent fields stay as they are. */
export interface UserProfileChange {
  email?: string | null | undefined;
  displayName?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export interface NewUser {
  username: string;
  email: string | null;
  displayName: string;
  passwordHash: string;
  roles: readonly string[];
}

/** A user's roles and the capabilities they grant. */
export interface UserAccess {
  readonly roles: RoleName[];
  readonly capabilities: Capability[];
}

/**
 * Per database, the access of the users seen since the access version last changed. A user's
 * access is two reads; the version is one row, read with the session on every request.
 */
const accessCaches = new WeakMap<Database, { version: string; users: Map<number, UserAccess> }>();

export class UsersRepository {
  constructor(private readonly db: Database) {}

  findById(id: number): UserRecord | undefined {
    return prepared<[number], UserRecord>(this.db, 'SELECT * FROM users WHERE id = ?').get(id);
  }

  /** By username or email, case-insensitively, as the login form takes either. */
  findByLogin(login: string): UserRecord | undefined {
    // An exact username wins over someone else's email that happens to read the same.
    return prepared<{ login: string }, UserRecord>(
      this.db,
      'SELECT * FROM users WHERE username = @login OR email = @login ORDER BY username = @login DESC LIMIT 1',
    ).get({ login });
  }

  findByUsername(username: string): UserRecord | undefined {
    return prepared<[string], UserRecord>(this.db, 'SELECT * FROM users WHERE username = ?').get(username);
  }

  list(): UserRecord[] {
    return prepared<[], UserRecord>(this.db, 'SELECT * FROM users ORDER BY id').all();
  }

  count(): number {
    return prepared<[], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM users').get()?.n ?? 0;
  }

  create(user: NewUser): UserRecord {
    return writeTransaction(this.db, () => {
      const { lastInsertRowid } = prepared(
        this.db,
        'INSERT INTO users (uuid, username, email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(randomUUID(), user.username, user.email, user.displayName, user.passwordHash, new Date().toISOString());
      const id = Number(lastInsertRowid);
      const addRole = prepared(this.db, 'INSERT INTO user_roles (user_id, role) VALUES (?, ?)');
      for (const role of user.roles) addRole.run(id, role);
      const created = this.findById(id);
      if (!created) throw new Error('user vanished after insert');
      return created;
    });
  }

  setPasswordHash(id: number, passwordHash: string): void {
    prepared(this.db, 'UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, id);
  }

  setPinHash(id: number, pinHash: string | null): void {
    prepared(this.db, 'UPDATE users SET pin_hash = ? WHERE id = ?').run(pinHash, id);
  }

  setDisabled(id: number, disabledAt: string | null): void {
    prepared(this.db, 'UPDATE users SET disabled_at = ? WHERE id = ?').run(disabledAt, id);
  }

  updateProfile(id: number, change: UserProfileChange): void {
    const current = this.findById(id);
    if (!current) return;
    prepared(this.db, 'UPDATE users SET email = ?, display_name = ?, first_name = ?, last_name = ? WHERE id = ?').run(
      change.email === undefined ? current.email : change.email,
      change.displayName ?? current.display_name,
      change.firstName ?? current.first_name,
      change.lastName ?? current.last_name,
      id,
    );
  }

  /** Replaces the user's roles. */
  setRoles(id: number, roles: readonly string[]): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'DELETE FROM user_roles WHERE user_id = ?').run(id);
      const addRole = prepared(this.db, 'INSERT INTO user_roles (user_id, role) VALUES (?, ?)');
      for (const role of roles) addRole.run(id, role);
    });
  }

  /** Users that hold the role and are not disabled. */
  countEnabledWithRole(role: string): number {
    return (
      prepared<[string], { n: number }>(
        this.db,
        'SELECT COUNT(*) AS n FROM users JOIN user_roles ON user_roles.user_id = users.id WHERE user_roles.role = ? AND users.disabled_at IS NULL',
      ).get(role)?.n ?? 0
    );
  }

  remove(id: number): boolean {
    return prepared(this.db, 'DELETE FROM users WHERE id = ?').run(id).changes > 0;
  }

  touchLastAccess(id: number, at: string): void {
    prepared(this.db, 'UPDATE users SET last_access_at = ? WHERE id = ?').run(at, id);
  }

  rolesOf(id: number): RoleName[] {
    return this.accessOf(id, this.accessVersion()).roles;
  }

  /** The union of the capabilities of the user's roles; `roles grant|revoke` applies to the next call. */
  capabilitiesOf(id: number): Capability[] {
    return this.accessOf(id, this.accessVersion()).capabilities;
  }

  /** The counter that every write to roles, role capabilities or user roles bumps (migration 9), in any process. */
  accessVersion(): number {
    return prepared<[], { version: number }>(this.db, 'SELECT version FROM access_version WHERE slot = 1').get()?.version ?? 0;
  }

  /**
   * The user's roles and capabilities as of `version` (read with the caller's other statements,
   * as the session check does): from memory while nothing about access has changed since.
   */
  accessOf(id: number, version: number): UserAccess {
    // Inside a write the version may be one that a rollback takes back and a later commit reaches
    // again with other rows: what is read there is not kept, and a lost commit group moves the key.
    if (!readsMayBeRemembered(this.db)) return this.readAccess(id);
    const key = `${version}:${lossCountOf(this.db)}`;
    let cache = accessCaches.get(this.db);
    if (cache?.version !== key) {
      cache = { version: key, users: new Map() };
      accessCaches.set(this.db, cache);
    }
    let access = cache.users.get(id);
    if (access === undefined) {
      access = this.readAccess(id);
      cache.users.set(id, access);
    }
    return access;
  }

  private readAccess(id: number): UserAccess {
    const roles = prepared<[number], { role: RoleName }>(this.db, 'SELECT role FROM user_roles WHERE user_id = ? ORDER BY role')
      .all(id)
      .map((row) => row.role);
    const capabilities = prepared<[number], { capability: string }>(
      this.db,
      'SELECT DISTINCT rc.capability FROM user_roles ur JOIN role_capabilities rc ON rc.role = ur.role WHERE ur.user_id = ? ORDER BY rc.capability',
    )
      .all(id)
      .map((row) => row.capability)
      .filter(isCapability);
    // Shared by every request of the user until access changes: frozen, so that no caller can change it for the others.
    return Object.freeze({ roles: Object.freeze(roles) as RoleName[], capabilities: Object.freeze(capabilities) as Capability[] });
  }
}
