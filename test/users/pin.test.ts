import { describe, expect, it } from 'vitest';
import { api, login, withDb } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens } = useServer({ roles: ['cashier'] });

const setPin = (pin: string | null, currentPassword: string) =>
  api(server, 'POST', '/auth/pin', { token: tokens.cashier, body: { pin, current_password: currentPassword } });

describe('POST /auth/pin', () => {
  it('needs a token', async () => {
    expect((await api(server, 'POST', '/auth/pin', { body: { pin: '1234', current_password: 'x' } })).status).toBe(401);
  });

  it('sets a 4 to 8 digit PIN, stored only as an scrypt hash', async () => {
    expect((await setPin('12', server.users.cashier.password)).body.data.params.pin).toBe('must be 4 to 8 digits');
    expect((await setPin('123456789', server.users.cashier.password)).status).toBe(400);
    const set = await setPin('70315', server.users.cashier.password);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ has_pin: true });
    const stored = withDb(
      server,
      (db) => db.prepare<[number], { pin_hash: string }>('SELECT pin_hash FROM users WHERE id = ?').get(server.users.cashier.id)?.pin_hash,
    );
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('70315');
  });

  it('refuses a wrong current password, and throttles after 5 failures like a login', async () => {
    const wrong = await setPin('2468', 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('pos_auth_wrong_password');
    for (let attempt = 2; attempt <= 5; attempt += 1) expect((await setPin('2468', 'not-my-password')).status).toBe(400);
    const locked = await setPin('2468', server.users.cashier.password);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('pos_auth_too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the PIN throttle at approvals', () => {
  it('locks a manager name after 5 wrong PINs, even for the right PIN', async () => {
    const adminToken = (await login(server, 'administrator')).access_token;
    expect((await api(server, 'PATCH', `/users/${server.users.shop_manager.id}`, { token: adminToken, body: { pin: '9081' } })).status).toBe(200);
    const approve = (pin: string) => api(server, 'POST', '/auth/approvals', { token: adminToken, body: { username: 'test-manager', pin, action: 'refund' } });
    expect((await approve('9081')).status).toBe(201);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await approve(String(1000 + attempt))).body.data.reason).toBe('invalid_credentials');
    const locked = await approve('9081');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
