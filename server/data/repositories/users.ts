import { randomUUID } from 'node:crypto';
import type { Capability, RoleName } from '../../../shared/access.js';
import { isCapability } from '../../../shared/access.js';
import type { Database } from '../database.js';
import { prepared } from '../sql.js';
import { writeTransaction } from '../write-transaction.js';

export interface UserRecord {
  id: number;
  uuid: string;
  username: string;
  email: string | null;
  display_name: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
  last_access_at: string | null;
}

export interface NewUser {
  username: string;
  email: string | null;
  displayName: string;
  passwordHash: string;
  roles: readonly string[];
}

export class UsersRepository {
  constructor(private readonly db: Database) {}

  findById(id: number): UserRecord | undefined {
    return prepared<[number], UserRecord>(this.db, 'SELECT * FROM users WHERE id = ?').get(id);
  }

  /** By username or email, case-insensitively, as the login form takes either. */
  findByLogin(login: string): UserRecord | undefined {
    // An exact username wins over someone else's email that happens to read the same.
    return prepared<{ login: string }, UserRecord>(this.db, 'SELECT * FROM users WHERE username = @login OR email = @login ORDER BY username = @login DESC LIMIT 1').get({ login });
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
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO users (uuid, username, email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(randomUUID(), user.username, user.email, user.displayName, user.passwordHash, new Date().toISOString());
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

  remove(id: number): boolean {
    return prepared(this.db, 'DELETE FROM users WHERE id = ?').run(id).changes > 0;
  }

  touchLastAccess(id: number, at: string): void {
    prepared(this.db, 'UPDATE users SET last_access_at = ? WHERE id = ?').run(at, id);
  }

  rolesOf(id: number): RoleName[] {
    return prepared<[number], { role: RoleName }>(this.db, 'SELECT role FROM user_roles WHERE user_id = ? ORDER BY role').all(id).map((row) => row.role);
  }

  /** The union of the capabilities of the user's roles, read fresh so that `roles grant|revoke` applies at once. */
  capabilitiesOf(id: number): Capability[] {
    return this.db
      .prepare<[number], { capability: string }>(
        'SELECT DISTINCT rc.capability FROM user_roles ur JOIN role_capabilities rc ON rc.role = ur.role WHERE ur.user_id = ? ORDER BY rc.capability',
      )
      .all(id)
      .map((row) => row.capability)
      .filter(isCapability);
  }
}
