import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/domain/auth/throttle.js';

describe('LoginThrottle', () => {
  const limits = { windowSeconds: 100, perUsername: 3, perAddress: 5 };

  it('locks a username after its limit until the oldest failure leaves the window', () => {
    let now = 1000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfter('ann', '10.0.0.1')).toBe(0);
      throttle.recordFailure('ann', '10.0.0.1');
      now += 10;
    }
    expect(throttle.retryAfter('ANN ', '10.0.0.2')).toBe(70);
    now = 1101;
    expect(throttle.retryAfter('ann', '10.0.0.1')).toBe(0);
  });

  it('locks an address that tries many usernames', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(`user-${i}`, '10.0.0.9');
    expect(throttle.retryAfter('someone-else', '10.0.0.9')).toBe(100);
    expect(throttle.retryAfter('someone-else', '10.0.0.8')).toBe(0);
  });

  it('forgets a username’s failures after a successful login', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    throttle.recordFailure('bo', 'a');
    throttle.recordFailure('bo', 'a');
    throttle.recordSuccess('bo');
    throttle.recordFailure('bo', 'a');
    expect(throttle.retryAfter('bo', 'b')).toBe(0);
  });
});
