/**
 * Throttling of failed logins (CONTRACT 2), built so that an attacker cannot use it to lock the
 * till out. Failures are counted within a sliding window (15 minutes) under three keys:
 *
 * - the pair username + client address: 5 failures lock that username from that address only;
 * - the client address: 20 failures, whatever the usernames, lock that address for every username;
 * - the username, from all addresses together: 20 failures lock the username, but only from
 *   addresses that have themselves failed to log in as it within the window and have not logged in
 *   as it successfully before. A botnet thus gets one guess per address once the limit is reached,
 *   while the till (whose address has no failures, or has logged in as the user before) is not
 *   locked out by failures that come from elsewhere.
 *
 * A locked caller gets the seconds until the oldest failure that counts leaves the window (for the
 * username key: or until the address's own failures leave it, if that is sooner). A successful
 * login forgets the failures of its pair only: the username's and the address's counts stay, so
 * that a real user logging in meanwhile does not give an attacker a fresh allowance.
 *
 * Kept in memory: a restart clears it, which on a till is an acceptable trade for not writing on
 * every failure. Expired entries are swept as the maps grow, so a flood of addresses cannot grow
 * them without bound.
 */
export interface ThrottleLimits {
  windowSeconds: number;
  perPair: number;
  perAddress: number;
  perUsername: number;
  /** How long an address that logged in as a user stays exempt from that user's global limit. */
  trustSeconds: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { windowSeconds: 15 * 60, perPair: 5, perAddress: 20, perUsername: 20, trustSeconds: 30 * 24 * 60 * 60 };

/** Above this many keys, a failure first sweeps the expired ones. */
const SWEEP_THRESHOLD = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  /** `pair` key → when the address last logged in as the user. */
  private readonly trusted = new Map<string, number>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = () => Date.now() / 1000,
  ) {}

  /** Seconds the caller must wait before trying again, or 0 when a login may be attempted. */
  retryAfter(username: string, address: string): number {
    const pair = pairKey(username, address);
    const pairLock = this.lockedFor(pair, this.limits.perPair);
    const addressLock = this.lockedFor(addressKey(address), this.limits.perAddress);
    return Math.max(pairLock, addressLock, this.usernameLock(username, pair));
  }

  recordFailure(username: string, address: string): void {
    const at = this.now();
    if (this.failures.size > SWEEP_THRESHOLD) this.sweep();
    for (const key of [pairKey(username, address), addressKey(address), usernameKey(username)]) this.failures.set(key, [...this.recent(key), at]);
  }

  recordSuccess(username: string, address: string): void {
    const pair = pairKey(username, address);
    this.failures.delete(pair);
    if (this.trusted.size > SWEEP_THRESHOLD) this.sweep();
    this.trusted.set(pair, this.now());
  }

  /** The global username lock, for an address that has failed as this user and is not trusted for it. */
  private usernameLock(username: string, pair: string): number {
    const own = this.recent(pair);
    if (own.length === 0 || this.isTrusted(pair)) return 0;
    const lock = this.lockedFor(usernameKey(username), this.limits.perUsername);
    if (lock === 0) return 0;
    const ownFailuresClear = Math.max(1, Math.ceil((own[own.length - 1] ?? this.now()) + this.limits.windowSeconds - this.now()));
    return Math.min(lock, ownFailuresClear);
  }

  private isTrusted(pair: string): boolean {
    const since = this.trusted.get(pair);
    return since !== undefined && since > this.now() - this.limits.trustSeconds;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowSeconds;
    const recent = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(key);
    else this.failures.set(key, recent);
    return recent;
  }

  private lockedFor(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    const oldestThatCounts = recent[recent.length - limit] ?? this.now();
    return Math.max(1, Math.ceil(oldestThatCounts + this.limits.windowSeconds - this.now()));
  }

  private sweep(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
    for (const [pair, since] of this.trusted) if (since <= this.now() - this.limits.trustSeconds) this.trusted.delete(pair);
  }
}

const normalised = (username: string): string => username.trim().toLowerCase();
const usernameKey = (username: string): string => `user:${normalised(username)}`;
const addressKey = (address: string): string => `addr:${address}`;
const pairKey = (username: string, address: string): string => `pair:${address}\u0000${normalised(username)}`;
