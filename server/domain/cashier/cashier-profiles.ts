import type { UsersRepository } from '../../data/repositories/users.js';
import type { UserRecord } from '../../model/records/users.js';
import type { Principal } from '../auth/auth-service.js';
import { notFound } from '../errors.js';
import { canSeeCashier, cashierProfile } from './profile.js';

/** What CashierProfiles is built from (server/composition.ts builds each once). */
export interface CashierProfilesParts {
  users: UsersRepository;
}

/** The cashier's own profile (`GET /cashier/{id}`), which a manager may read for anyone. */
export class CashierProfiles {
  private readonly users: UsersRepository;

  constructor(parts: CashierProfilesParts) {
    this.users = parts.users;
  }

  /** The requested user, or 404 when it does not exist or the caller may not see it (the two look the same). */
  visibleTo(principal: Principal, id: number): UserRecord {
    const user = canSeeCashier(principal, id) ? this.users.findById(id) : undefined;
    if (!user) throw notFound('cashier');
    return user;
  }

  /** The profile with the stores the user sells in (`stores`, shaped by the caller). */
  profile<S>(user: UserRecord, stores: readonly S[]): ReturnType<typeof cashierProfile<S>> {
    return cashierProfile(user, this.users.rolesOf(user.id), this.users.capabilitiesOf(user.id), stores);
  }
}
