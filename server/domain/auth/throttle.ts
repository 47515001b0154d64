/**
 * Throttling of failed logins (CONTRACT 2): too many failures for one username, or from one client
 * address, within a window lock that key until the oldest failure leaves the window. Kept in memory:
 * a restart clears it, which on a till is an acceptable trade for not writing on every failure.
 */
export interface ThrottleLimits {
  windowSeconds: number;
  perUsername: number;
  perAddress: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { windowSeconds: 15 * 60, perUsername: 5, perAddress: 20 };

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS,
    private readonly now: () => number = () => Date.now() / 1000,
  ) {}

  /** Seconds the caller must wait before trying again, or 0 when a login may be attempted. */
  retryAfter(username: string, address: string): number {
    return Math.max(this.lockedFor(usernameKey(username), this.limits.perUsername), this.lockedFor(addressKey(address), this.limits.perAddress));
  }

  recordFailure(username: string, address: string): void {
    const at = this.now();
    for (const key of [usernameKey(username), addressKey(address)]) this.failures.set(key, [...this.recent(key), at]);
  }

  recordSuccess(username: string): void {
    this.failures.delete(usernameKey(username));
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
}

const usernameKey = (username: string): string => `user:${username.trim().toLowerCase()}`;
const addressKey = (address: string): string => `addr:${address}`;
