import { isCapability, ROLES } from '../../shared/access.js';
import type { RolesRepository } from '../data/repositories/roles.js';
import type { RoleRecord } from '../model/records/roles.js';
import type { SessionsRepository } from '../data/repositories/sessions.js';
import type { UsersRepository } from '../data/repositories/users.js';
import type { UserRecord } from '../model/records/users.js';
import { hashPassword } from './auth/passwords.js';

/** A refused administrative change, with a message fit to print as the CLI's one-line error. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminError';
  }
}

export const MIN_PASSWORD_LENGTH = 8;
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,60}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserSummary {
  id: number;
  username: string;
  email: string;
  display_name: string;
  roles: string[];
  last_access_at: string | null;
}

/** What UserAdmin is built from (server/composition.ts builds each once). */
export interface UserAdminParts {
  users: UsersRepository;
  roles: RolesRepository;
  sessions: SessionsRepository;
}

/** Users and roles as `tillbase users ...` and `tillbase roles ...` manage them. */
export class UserAdmin {
  private readonly users: UsersRepository;
  private readonly roles: RolesRepository;
  private readonly sessions: SessionsRepository;

  constructor(parts: UserAdminParts) {
    this.users = parts.users;
    this.roles = parts.roles;
    this.sessions = parts.sessions;
  }

  async addUser(input: {
    username: string;
    role: string;
    email?: string | undefined;
    displayName?: string | undefined;
    password: string;
  }): Promise<UserRecord> {
    const username = input.username.trim();
    if (!USERNAME_PATTERN.test(username)) throw new AdminError(`username "${input.username}" must be 1 to 60 letters, digits or . _ @ -`);
    if (!this.roles.exists(input.role))
      throw new AdminError(
        `role "${input.role}" does not exist (roles: ${this.roles
          .list()
          .map((role) => role.name)
          .join(', ')})`,
      );
    const email = input.email?.trim() ?? '';
    if (email !== '' && !EMAIL_PATTERN.test(email)) throw new AdminError(`email "${email}" is not an email address`);
    this.checkPassword(input.password);
    if (this.users.findByUsername(username)) throw new AdminError(`a user named "${username}" already exists`);
    if (email !== '' && this.users.findByLogin(email)) throw new AdminError(`a user with email "${email}" already exists`);
    return this.users.create({
      username,
      email: email === '' ? null : email,
      displayName: input.displayName?.trim() || username,
      passwordHash: await hashPassword(input.password),
      roles: [input.role],
    });
  }

  listUsers(): UserSummary[] {
    return this.users.list().map((user) => ({
      id: user.id,
      username: user.username,
      email: user.email ?? '',
      display_name: user.display_name,
      roles: this.users.rolesOf(user.id),
      last_access_at: user.last_access_at,
    }));
  }

  /** Sets a new password and ends the user's sessions, so a leaked password stops working everywhere. */
  async changePassword(username: string, password: string): Promise<void> {
    const user = this.requireUser(username);
    this.checkPassword(password);
    this.users.setPasswordHash(user.id, await hashPassword(password));
    this.sessions.revokeAllForUser(user.id, Math.floor(Date.now() / 1000), 'password_changed');
  }

  removeUser(username: string): void {
    const user = this.requireUser(username);
    const isAdministrator = user.disabled_at === null && this.users.rolesOf(user.id).includes('administrator');
    if (isAdministrator && this.users.countEnabledWithRole('administrator') <= 1)
      throw new AdminError(`"${user.username}" is the last administrator and cannot be removed`);
    this.users.remove(user.id);
  }

  listRoles(): RoleRecord[] {
    return this.roles.list();
  }

  /** True when the capability was newly granted. */
  grant(role: string, capability: string): boolean {
    this.checkRoleAndCapability(role, capability);
    return this.roles.grant(role, capability);
  }

  /** True when the role had the capability. */
  revoke(role: string, capability: string): boolean {
    this.checkRoleAndCapability(role, capability);
    return this.roles.revoke(role, capability);
  }

  private requireUser(username: string): UserRecord {
    const user = this.users.findByUsername(username.trim());
    if (!user) throw new AdminError(`no user named "${username}"`);
    return user;
  }

  private checkPassword(password: string): void {
    if (password.length < MIN_PASSWORD_LENGTH) throw new AdminError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }

  private checkRoleAndCapability(role: string, capability: string): void {
    if (!this.roles.exists(role)) throw new AdminError(`role "${role}" does not exist (roles: ${ROLES.join(', ')})`);
    if (!isCapability(capability)) throw new AdminError(`"${capability}" is not a capability Tillbase knows`);
  }
}
