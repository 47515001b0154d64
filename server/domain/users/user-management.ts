import { z } from 'zod';
import { isCapability } from '../../../shared/access.js';
import type { ManagedRole, ManagedUser } from '../../../shared/api.js';
import type { Database } from '../../data/database.js';
import type { RolesRepository } from '../../data/repositories/roles.js';
import type { SessionsRepository } from '../../data/repositories/sessions.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import type { UserRecord } from '../../model/records/users.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { AuditTrail, AuditActor } from '../audit/audit-trail.js';
import type { Principal } from '../auth/auth-service.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { LoginThrottle } from '../auth/throttle.js';
import { ApiError, badRequest, conflict, invalidParams, notFound } from '../errors.js';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH, USERNAME_PATTERN } from '../user-admin.js';
import { hashPin, pinSchema } from './pins.js';

const ADMINISTRATOR = 'administrator';
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const password = z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters long`).max(1024);
const email = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'must be an email address');
const roleName = z.string().trim().min(1, 'role is required').max(60);

export const userCreateInput = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, 'must be 1 to 60 letters, digits or . _ @ -'),
  password,
  role: roleName,
  email: email.optional(),
  display_name: text(250).optional(),
  first_name: text(250).optional(),
  last_name: text(250).optional(),
  pin: pinSchema.optional(),
});
export type UserCreateInput = z.output<typeof userCreateInput>;

/** `PATCH /users/{id}`: `pin: null` removes the PIN; `password` is a reset that ends the user's sessions. */
export const userUpdateInput = z.object({
  email: email.optional(),
  display_name: text(250).min(1, 'must not be empty').optional(),
  first_name: text(250).optional(),
  last_name: text(250).optional(),
  role: roleName.optional(),
  disabled: z.boolean('must be true or false').optional(),
  password: password.optional(),
  pin: pinSchema.nullable().optional(),
});
export type UserUpdateInput = z.output<typeof userUpdateInput>;

export const roleUpdateInput = z.object({
  capabilities: z.array(z.string().refine(isCapability, 'is not a capability Tillbase knows')).max(100),
});

const actorOf = (principal: Principal): AuditActor => ({ id: principal.user.id, username: principal.user.username });

function cannotGrant(principal: Principal, missing: readonly string[]): ApiError {
  return new ApiError(403, 'pos_rest_cannot_grant', 'Sorry, you cannot grant capabilities you do not have.', {
    reason: 'capability_not_held',
    capabilities: [...missing],
    current_user: principal.user.id,
    token_expired: false,
  });
}

const lastAdministrator = (): ApiError => conflict('pos_rest_last_administrator', 'This is the last administrator: it cannot be demoted or disabled.');

/** What UserManagement is built from (server/composition.ts builds each once). */
export interface UserManagementParts {
  users: UsersRepository;
  roles: RolesRepository;
  sessions: SessionsRepository;
  audit: AuditTrail;
}

/**
 * Users and roles for managers over HTTP (issue 7, item 8). Two rules guard escalation: no one
 * grants a capability they lack (a role they assign, a capability they add or take away), and no one
 * manages a user who holds capabilities they lack (else resetting that user's password would be a way
 * in). The last enabled administrator cannot be demoted or disabled, and the administrator role keeps
 * every capability it has.
 */
export class UserManagement {
  private readonly users: UsersRepository;
  private readonly roles: RolesRepository;
  private readonly sessions: SessionsRepository;
  private readonly audit: AuditTrail;

  constructor(
    private readonly db: Database,
    parts: UserManagementParts,
  ) {
    this.users = parts.users;
    this.roles = parts.roles;
    this.sessions = parts.sessions;
    this.audit = parts.audit;
  }

  list(role?: string): ManagedUser[] {
    return this.users
      .list()
      .map((user) => this.view(user))
      .filter((user) => role === undefined || user.roles.includes(role));
  }

  get(id: number): ManagedUser {
    return this.view(this.requireUser(id));
  }

  async create(principal: Principal, input: UserCreateInput): Promise<ManagedUser> {
    this.checkGrantable(principal, input.role);
    const emailValue = input.email ?? '';
    if (this.users.findByUsername(input.username))
      throw badRequest('pos_rest_user_exists', `A user named "${input.username}" already exists.`, { params: { username: 'already exists' } });
    if (emailValue !== '' && this.users.findByLogin(emailValue))
      throw badRequest('pos_rest_user_email_exists', 'A user with that email already exists.', { params: { email: 'already exists' } });
    const [passwordHash, pinHash] = await Promise.all([hashPassword(input.password), input.pin === undefined ? undefined : hashPin(input.pin)]);
    const created = writeTransaction(this.db, () => {
      const user = this.users.create({
        username: input.username,
        email: emailValue === '' ? null : emailValue,
        displayName: input.display_name || input.username,
        passwordHash,
        roles: [input.role],
      });
      this.users.updateProfile(user.id, { firstName: input.first_name, lastName: input.last_name });
      if (pinHash !== undefined) this.users.setPinHash(user.id, pinHash);
      this.audit.record({
        actor: actorOf(principal),
        action: 'user.create',
        object: { type: 'user', id: user.id },
        details: { target: user.username, role: input.role, has_pin: pinHash !== undefined },
        message: `${principal.user.username} created user ${user.username} (${input.role})`,
      });
      return user;
    });
    return this.get(created.id);
  }

  async update(principal: Principal, id: number, input: UserUpdateInput): Promise<ManagedUser> {
    const target = this.requireUser(id);
    this.checkManageable(principal, target);
    if (input.role !== undefined) this.checkGrantable(principal, input.role);
    if (input.email !== undefined && input.email !== '') {
      const owner = this.users.findByLogin(input.email);
      if (owner && owner.id !== id)
        throw badRequest('pos_rest_user_email_exists', 'A user with that email already exists.', { params: { email: 'already exists' } });
    }
    const [passwordHash, pinHash] = await Promise.all([
      input.password === undefined ? undefined : hashPassword(input.password),
      input.pin === undefined || input.pin === null ? input.pin : hashPin(input.pin),
    ]);
    writeTransaction(this.db, () => {
      // Read again inside the write lock: two managers demoting the last two administrators at once must not both succeed.
      const current = this.requireUser(id);
      const currentRoles = this.users.rolesOf(id);
      const losesAdministrator =
        currentRoles.includes(ADMINISTRATOR) &&
        current.disabled_at === null &&
        ((input.role !== undefined && input.role !== ADMINISTRATOR) || input.disabled === true);
      if (losesAdministrator && this.users.countEnabledWithRole(ADMINISTRATOR) <= 1) throw lastAdministrator();
      this.applyUpdate(principal, current, currentRoles, input, passwordHash, pinHash);
    });
    return this.get(id);
  }

  /** `POST /auth/pin`: a user sets (or with `null` removes) their own PIN, proving themselves with their password. */
  async setOwnPin(principal: Principal, pin: string | null, currentPassword: string, address: string, throttle: LoginThrottle): Promise<void> {
    const username = principal.user.username;
    const retryAfter = throttle.retryAfter(username, address);
    if (retryAfter > 0)
      throw new ApiError(429, 'pos_auth_too_many_attempts', 'Too many failed attempts. Please wait before trying again.', { retry_after: retryAfter });
    if (!(await verifyPassword(currentPassword, principal.user.password_hash))) {
      throttle.recordFailure(username, address);
      throw badRequest('pos_auth_wrong_password', 'The current password is incorrect.', { params: { current_password: 'is incorrect' } });
    }
    throttle.recordSuccess(username, address);
    const pinHash = pin === null ? null : await hashPin(pin);
    writeTransaction(this.db, () => {
      this.users.setPinHash(principal.user.id, pinHash);
      this.audit.record({
        actor: actorOf(principal),
        action: 'user.pin',
        object: { type: 'user', id: principal.user.id },
        details: { target: username, has_pin: pinHash !== null },
        message: `${username} ${pinHash === null ? 'removed' : 'set'} their PIN`,
      });
    });
  }

  listRoles(): ManagedRole[] {
    return this.roles.list();
  }

  updateRole(principal: Principal, name: string, capabilities: readonly string[]): ManagedRole {
    return writeTransaction(this.db, () => {
      const role = this.roles.find(name);
      if (!role) throw notFound('role');
      const wanted = [...new Set(capabilities)].sort();
      const added = wanted.filter((capability) => !role.capabilities.includes(capability));
      const removed = role.capabilities.filter((capability) => !wanted.includes(capability));
      const missing = [...added, ...removed].filter((capability) => !principal.capabilities.includes(capability as never));
      if (missing.length > 0) throw cannotGrant(principal, missing);
      if (name === ADMINISTRATOR && removed.length > 0)
        throw conflict('pos_rest_role_locked', 'The administrator role keeps every capability it has.', { capabilities: removed });
      if (added.length + removed.length > 0) {
        this.roles.setCapabilities(name, wanted);
        this.audit.record({
          actor: actorOf(principal),
          action: 'role.update',
          object: { type: 'role', id: name },
          details: { added, removed },
          message: `${principal.user.username} changed role ${name}${added.length > 0 ? ` +${added.join(' +')}` : ''}${removed.length > 0 ? ` -${removed.join(' -')}` : ''}`,
        });
      }
      return this.roles.find(name) ?? role;
    });
  }

  private applyUpdate(
    principal: Principal,
    target: UserRecord,
    currentRoles: readonly string[],
    input: UserUpdateInput,
    passwordHash: string | undefined,
    pinHash: string | null | undefined,
  ): void {
    const record = (action: string, details: Record<string, unknown>, what: string): void => {
      this.audit.record({
        actor: actorOf(principal),
        action,
        object: { type: 'user', id: target.id },
        details: { target: target.username, ...details },
        message: `${principal.user.username} ${what} ${target.username}`,
      });
    };
    const profile = {
      email: input.email === undefined ? undefined : input.email === '' ? null : input.email,
      displayName: input.display_name,
      firstName: input.first_name,
      lastName: input.last_name,
    };
    const changed = (['email', 'display_name', 'first_name', 'last_name'] as const).filter(
      (field) => input[field] !== undefined && input[field] !== (target[field] ?? ''),
    );
    if (changed.length > 0) {
      this.users.updateProfile(target.id, profile);
      record('user.update', { fields: changed }, `updated (${changed.join(', ')})`);
    }
    if (input.role !== undefined && (currentRoles.length !== 1 || currentRoles[0] !== input.role)) {
      this.users.setRoles(target.id, [input.role]);
      record('user.role', { from: currentRoles, to: [input.role] }, `gave role ${input.role} to`);
    }
    const now = Math.floor(Date.now() / 1000);
    if (input.disabled !== undefined && input.disabled !== (target.disabled_at !== null)) {
      this.users.setDisabled(target.id, input.disabled ? new Date().toISOString() : null);
      // Disabling ends every session at once; the access check refuses the user's tokens as well.
      if (input.disabled) this.sessions.revokeAllForUser(target.id, now, 'user_disabled');
      record(input.disabled ? 'user.disable' : 'user.enable', {}, input.disabled ? 'disabled' : 'enabled');
    }
    if (passwordHash !== undefined) {
      this.users.setPasswordHash(target.id, passwordHash);
      this.sessions.revokeAllForUser(target.id, now, 'password_changed');
      record('user.password_reset', {}, 'reset the password of');
    }
    if (pinHash !== undefined) {
      this.users.setPinHash(target.id, pinHash);
      record('user.pin', { has_pin: pinHash !== null }, pinHash === null ? 'removed the PIN of' : 'set the PIN of');
    }
  }

  private requireUser(id: number): UserRecord {
    const user = this.users.findById(id);
    if (!user) throw notFound('user');
    return user;
  }

  /** The caller may assign the role only when they hold every capability it carries. */
  private checkGrantable(principal: Principal, role: string): void {
    const record = this.roles.find(role);
    if (!record)
      throw invalidParams({
        role: `role must be one of ${this.roles
          .list()
          .map((item) => item.name)
          .join(', ')}`,
      });
    const missing = record.capabilities.filter((capability) => !principal.capabilities.includes(capability as never));
    if (missing.length > 0) throw cannotGrant(principal, missing);
  }

  private checkManageable(principal: Principal, target: UserRecord): void {
    const missing = this.users.capabilitiesOf(target.id).filter((capability) => !principal.capabilities.includes(capability));
    if (missing.length > 0) {
      throw new ApiError(403, 'pos_rest_cannot_edit_user', 'Sorry, you cannot manage a user who may do more than you.', {
        reason: 'user_outranks_caller',
        capabilities: missing,
        current_user: principal.user.id,
        token_expired: false,
      });
    }
  }

  private view(user: UserRecord): ManagedUser {
    return {
      id: user.id,
      uuid: user.uuid,
      username: user.username,
      email: user.email ?? '',
      display_name: user.display_name,
      first_name: user.first_name,
      last_name: user.last_name,
      roles: this.users.rolesOf(user.id),
      capabilities: this.users.capabilitiesOf(user.id),
      disabled: user.disabled_at !== null,
      has_pin: user.pin_hash !== null,
      date_created: user.created_at,
      last_access: user.last_access_at ?? '',
    };
  }
}
