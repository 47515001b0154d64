import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../server/domain/auth/throttle.js';
import type { TestServer } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

describe('LoginThrottle', () => {
  const limits = { windowSeconds: 100, perPair: 3, perAddress: 5, perUsername: 4, trustSeconds: 1000 };

  it('locks a username from one address after the pair limit, until the oldest failure leaves the window', () => {
    let now = 1000;
    const throttle = new LoginThrottle(limits, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(throttle.retryAfter('ann', '10.0.0.1')).toBe(0);
      throttle.recordFailure('ann', '10.0.0.1');
      now += 10;
    }
    expect(throttle.retryAfter('ANN ', '10.0.0.1')).toBe(70);
    // The same username from another address is not locked by these failures.
    expect(throttle.retryAfter('ann', '10.0.0.2')).toBe(0);
    now = 1101;
    expect(throttle.retryAfter('ann', '10.0.0.1')).toBe(0);
  });

  it('locks an address that tries many usernames, for every username', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(`user-${i}`, '10.0.0.9');
    expect(throttle.retryAfter('someone-else', '10.0.0.9')).toBe(100);
    expect(throttle.retryAfter('someone-else', '10.0.0.8')).toBe(0);
  });

  it('applies the username limit only to addresses that have failed as that user themselves', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    // Four addresses fail twice each (under the pair limit): 8 failures for bob in all.
    for (const address of ['a1', 'a2', 'a3', 'a4']) {
      throttle.recordFailure('bob', address);
      throttle.recordFailure('bob', address);
    }
    now = 10;
    expect(throttle.retryAfter('bob', 'a1')).toBe(90);
    // A fresh address may try once; after a failure it is locked as well.
    expect(throttle.retryAfter('bob', 'a5')).toBe(0);
    throttle.recordFailure('bob', 'a5');
    expect(throttle.retryAfter('bob', 'a5')).toBe(90);
    // The lock lasts until the username's count falls under the limit (190 here, with four
    // failures at 90), or until the address's own failures leave the window, if that is sooner.
    now = 60;
    throttle.recordFailure('bob', 'a6');
    now = 90;
    for (const address of ['a7', 'a8', 'a9', 'a10']) throttle.recordFailure('bob', address);
    now = 95;
    expect(throttle.retryAfter('bob', 'a6')).toBe(65);
    expect(throttle.retryAfter('bob', 'a1')).toBe(5);
    expect(throttle.retryAfter('bob', 'a7')).toBe(95);
  });

  it('exempts an address that logged in as the user from the username limit, but not from its pair limit', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    throttle.recordSuccess('cat', 'till');
    for (const address of ['x1', 'x2', 'x3', 'x4']) throttle.recordFailure('cat', address);
    throttle.recordFailure('cat', 'till');
    expect(throttle.retryAfter('cat', 'till')).toBe(0);
    expect(throttle.retryAfter('cat', 'x1')).toBe(100);
    throttle.recordFailure('cat', 'till');
    throttle.recordFailure('cat', 'till');
    expect(throttle.retryAfter('cat', 'till')).toBe(100);
    // The trust wears off.
    now = 2000;
    for (const address of ['x1', 'x2', 'x3', 'x4']) throttle.recordFailure('cat', address);
    throttle.recordFailure('cat', 'till');
    expect(throttle.retryAfter('cat', 'till')).toBe(100);
  });

  it('forgets only the pair’s failures after a successful login', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    throttle.recordFailure('bo', 'a');
    throttle.recordFailure('bo', 'a');
    throttle.recordSuccess('bo', 'a');
    throttle.recordFailure('bo', 'a');
    throttle.recordFailure('bo', 'a');
    expect(throttle.retryAfter('bo', 'a')).toBe(0);
    // The address's count kept all four failures.
    throttle.recordFailure('other', 'a');
    expect(throttle.retryAfter('anyone', 'a')).toBe(100);
  });
});

interface LoginAnswer {
  status: number;
  retryAfter: string | undefined;
  body: { code?: string; data?: { status?: number; retry_after?: number } };
}

/** `POST /auth/login` over a socket bound to `localAddress` (all of 127.0.0.0/8 reaches the server on 127.0.0.1). */
function loginFrom(server: TestServer, localAddress: string, username: string, password: string): Promise<LoginAnswer> {
  const url = new URL(`${server.apiUrl}/auth/login`);
  const payload = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) as LoginAnswer['body'] });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('login throttling over HTTP, by client address', () => {
  const { server } = useServer({ roles: [] });
  const attacker = '127.0.0.2';
  const till = '127.0.0.3';

  it('50 failures for the cashier from one address do not stop the cashier logging in at the till; the attacker stays locked', async () => {
    const { username, password } = server.users.cashier;
    const answers: number[] = [];
    for (let i = 0; i < 50; i += 1) answers.push((await loginFrom(server, attacker, username, `guess-${i}`)).status);
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((status) => status === 429)).toBe(true);

    const atTill = await loginFrom(server, till, username, password);
    expect(atTill.status).toBe(200);

    const stillLocked = await loginFrom(server, attacker, username, password);
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.body).toMatchObject({ code: 'pos_auth_too_many_attempts', data: { status: 429 } });
    expect(Number(stillLocked.retryAfter)).toBeGreaterThan(0);
    expect(Number(stillLocked.retryAfter)).toBeLessThanOrEqual(15 * 60);
  });

  it('a distributed attack locks the attacking addresses once the username has 20 failures; the till still logs in', async () => {
    const { username, password } = server.users.shop_manager;
    // The till logged in before the attack.
    expect((await loginFrom(server, '127.0.1.1', username, password)).status).toBe(200);
    // Seven addresses, each under the pair limit, bring the username to 20 failures.
    const attackers = Array.from({ length: 7 }, (_, index) => `127.0.2.${index + 1}`);
    for (const [index, address] of attackers.entries()) {
      const guesses = index < 6 ? 3 : 2;
      for (let i = 0; i < guesses; i += 1) expect((await loginFrom(server, address, username, `guess-${i}`)).status).toBe(401);
    }
    // Every address that failed is now locked, even with the right password.
    for (const address of attackers) expect((await loginFrom(server, address, username, password)).status).toBe(429);
    // A new address gets one guess.
    expect((await loginFrom(server, '127.0.2.100', username, 'guess')).status).toBe(401);
    expect((await loginFrom(server, '127.0.2.100', username, password)).status).toBe(429);
    // The till mistypes once and still gets in; so does a terminal that has not failed.
    expect((await loginFrom(server, '127.0.1.1', username, 'typo')).status).toBe(401);
    expect((await loginFrom(server, '127.0.1.1', username, password)).status).toBe(200);
    expect((await loginFrom(server, '127.0.1.2', username, password)).status).toBe(200);
  });

  it('locks a username from one address after 5 failures, and an address after 20 failures across usernames', async () => {
    const cashier = server.users.cashier;
    const admin = server.users.administrator;
    const address = '127.0.0.4';
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(server, address, cashier.username, `wrong-${i}`)).status).toBe(401);
    expect((await loginFrom(server, address, cashier.username, cashier.password)).status).toBe(429);
    // The pair lock leaves the other users of that address alone.
    expect((await loginFrom(server, address, admin.username, admin.password)).status).toBe(200);

    const scanner = '127.0.0.5';
    for (let i = 0; i < 20; i += 1) expect((await loginFrom(server, scanner, `nobody-${i}`, 'x')).status).toBe(401);
    const blocked = await loginFrom(server, scanner, admin.username, admin.password);
    expect([blocked.status, Number(blocked.retryAfter) > 0]).toEqual([429, true]);
    expect((await loginFrom(server, '127.0.0.6', admin.username, admin.password)).status).toBe(200);
  });

  it('counts a username and its email as one account', async () => {
    const admin = server.users.administrator;
    const address = '127.0.0.7';
    for (let i = 0; i < 3; i += 1) expect((await loginFrom(server, address, admin.username, `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await loginFrom(server, address, `${admin.username}@example.test`, `wrong-${i}`)).status).toBe(401);
    expect((await loginFrom(server, address, `${admin.username}@example.test`, admin.password)).status).toBe(429);
  });
});
