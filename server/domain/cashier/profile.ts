import type { Capability, RoleName } from '../../../shared/access.js';
import type { UserRecord } from '../../model/records/users.js';
import type { Principal } from '../auth/auth-service.js';

/** WordPress's `user_nicename`: the username as a URL slug. */
export function niceName(username: string): string {
  return username
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 50);
}

/**
 * CONTRACT 3: a cashier sees only their own profile; another user's answers 404 as if it did not
 * exist, so that ids cannot be probed. Managers (`manage_pos`) see every profile.
 */
export function canSeeCashier(principal: Principal, userId: number): boolean {
  return principal.user.id === userId || principal.capabilities.includes('manage_pos');
}

/** `GET /cashier/{id}` (wcpos-reference "Cashier"); `stores` are the full store objects the cashier can sell in. */
export function cashierProfile<S>(user: UserRecord, roles: readonly RoleName[], capabilities: readonly Capability[], stores: readonly S[]) {
  return {
    uuid: user.uuid,
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email ?? '',
    display_name: user.display_name,
    nice_name: niceName(user.username),
    roles: [...roles],
    capabilities: [...capabilities],
    last_access: user.last_access_at ?? '',
    // Tillbase is offline: there is no avatar service to point at.
    avatar_url: '',
    stores: [...stores],
  };
}
