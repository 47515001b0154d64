import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { RoleRecord } from '../../model/records/roles.js';

export class RolesRepository {
  constructor(private readonly db: Database) {}

  list(): RoleRecord[] {
    const roles = prepared<[], { name: string; label: string }>(this.db, 'SELECT name, label FROM roles ORDER BY name').all();
    const capabilities = prepared<[string], { capability: string }>(this.db, 'SELECT capability FROM role_capabilities WHERE role = ? ORDER BY capability');
    return roles.map((role) => ({ ...role, capabilities: capabilities.all(role.name).map((row) => row.capability) }));
  }

  find(name: string): RoleRecord | undefined {
    return this.list().find((role) => role.name === name);
  }

  /** Replaces the role's capabilities in one transaction. */
  setCapabilities(role: string, capabilities: readonly string[]): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'DELETE FROM role_capabilities WHERE role = ?').run(role);
      const grant = prepared(this.db, 'INSERT INTO role_capabilities (role, capability) VALUES (?, ?)');
      for (const capability of capabilities) grant.run(role, capability);
    });
  }

  exists(name: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM roles WHERE name = ?').get(name) !== undefined;
  }

  /** True when the role did not have the capability before. */
  grant(role: string, capability: string): boolean {
    return prepared(this.db, 'INSERT OR IGNORE INTO role_capabilities (role, capability) VALUES (?, ?)').run(role, capability).changes > 0;
  }

  /** True when the role had the capability. */
  revoke(role: string, capability: string): boolean {
    return prepared(this.db, 'DELETE FROM role_capabilities WHERE role = ? AND capability = ?').run(role, capability).changes > 0;
  }
}
