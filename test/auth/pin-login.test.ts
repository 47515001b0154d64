import { describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../shared/api.js';
import { api, login } from '../helpers/server.js';
import { useServer } from '../helpers/use-server.js';

const { server, tokens } = useServer({ roles: ['administrator'] });

/** A cashier of its own for each test, so that one test's throttled failures do not reach another. */
async function cashier(name: string, pin: string | null): Promise<{ username: string; password: string }> {
  const password = `${name}-password-1`;
  const created = await api(server, 'POST', '/users', {
    token: tokens.administrator,
    body: { username: name, password, role: 'cashier', ...(pin === null ? {} : { pin }) },
  });
  expect(created.status).toBe(201);
  return { username: name, password };
}

const signIn = (body: Record<string, unknown>) => api<TokenResponse>(server, 'POST', '/auth/login', { body });
const INVALID = {
  code: 'pos_auth_invalid_credentials',
  message: 'The username or password is incorrect.',
  data: { status: 401, reason: 'invalid_credentials', current_user: 0 },
};

describe('POST /auth/login with a PIN', () => {
  it('signs a user with a PIN in: the same answer and session as a password login', async () => {
    const sam = await cashier('pin-sam', '4821');
    const byPin = await signIn({ username: sam.username, pin: '4821' });
    expect(byPin.status).toBe(200);
    const byPassword = await signIn({ username: sam.username, password: sam.password });
    expect(Object.keys(byPin.body).sort()).toEqual(Object.keys(byPassword.body).sort());
    expect(byPin.body.user).toEqual(byPassword.body.user);
    expect(byPin.body.refresh_token).toEqual(expect.any(String));
    // The session works like any other: requests, a refresh that rotates, a logout that ends it.
    expect((await api(server, 'GET', '/products', { token: byPin.body.access_token })).status).toBe(200);
    const refreshed = await api<TokenResponse>(server, 'POST', '/auth/refresh', { body: { refresh_token: byPin.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await api(server, 'POST', '/auth/logout', { token: refreshed.body.access_token })).status).toBe(200);
    expect((await api(server, 'GET', '/products', { token: refreshed.body.access_token })).status).toBe(403);
  });

  it('refuses a wrong PIN, and a PIN of a user who has none, with the same 401 as a wrong password', async () => {
    const pat = await cashier('pin-pat', '1357');
    const noPin = await cashier('pin-nopin', null);
    expect(await signIn({ username: pat.username, pin: '1358' })).toMatchObject({ status: 401, body: INVALID });
    expect(await signIn({ username: noPin.username, pin: '1357' })).toMatchObject({ status: 401, body: INVALID });
    expect(await signIn({ username: 'pin-nobody', pin: '1357' })).toMatchObject({ status: 401, body: INVALID });
    expect(await signIn({ username: pat.username, password: 'wrong-password' })).toMatchObject({ status: 401, body: INVALID });
  });

  it('refuses a disabled user with a PIN', async () => {
    const dee = await cashier('pin-dee', '2468');
    const users = await api<Array<{ id: number; username: string }>>(server, 'GET', '/users?per_page=100', { token: tokens.administrator });
    const id = users.body.find((user) => user.username === dee.username)?.id;
    expect((await api(server, 'PATCH', `/users/${id}`, { token: tokens.administrator, body: { disabled: true } })).status).toBe(200);
    expect(await signIn({ username: dee.username, pin: '2468' })).toMatchObject({ status: 401, body: INVALID });
  });

  it('takes exactly one of password and pin, and a PIN of 4 to 8 digits', async () => {
    const both = await signIn({ username: 'pin-sam', pin: '4821', password: 'pin-sam-password-1' });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).not.toContain('4821');
    expect((await signIn({ username: 'pin-sam' })).status).toBe(400);
    expect((await signIn({ username: 'pin-sam', pin: '12ab' })).status).toBe(400);
    expect((await signIn({ username: 'pin-sam', pin: 4821 })).status).toBe(400);
  });

  it('counts wrong PINs against the login throttle and the PIN throttle: then even the right PIN, the password and an approval by PIN wait', async () => {
    const kim = await cashier('pin-kim', '9753');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await signIn({ username: kim.username, pin: '0000' })).status).toBe(401);
    const locked = await signIn({ username: kim.username, pin: '9753' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'pos_auth_too_many_attempts', data: { status: 429, retry_after: expect.any(Number) } });
    expect((await signIn({ username: kim.username, password: kim.password })).status).toBe(429);
    // The approvals' PIN check shares the PIN throttle, so a login cannot be used to go round it.
    const cashierToken = (await login(server, 'cashier')).access_token;
    const approval = await api(server, 'POST', '/auth/approvals', { token: cashierToken, body: { username: kim.username, pin: '9753', action: 'refund' } });
    expect(approval.status).toBe(429);
  });

  it('never writes a PIN to the log, right, wrong or malformed', async () => {
    await cashier('pin-lou', '86420975');
    expect((await signIn({ username: 'pin-lou', pin: '86420975' })).status).toBe(200);
    expect((await signIn({ username: 'pin-lou', pin: '97531864' })).status).toBe(401);
    const malformed = await signIn({ username: 'pin-lou', pin: '6420975x' });
    expect(malformed.status).toBe(400);
    const logs = await api(server, 'GET', '/logs?per_page=100', { token: tokens.administrator });
    expect(logs.status).toBe(200);
    const text = JSON.stringify(logs.body) + JSON.stringify(malformed.body);
    expect(text).toContain('/auth/login');
    for (const pin of ['86420975', '97531864', '6420975x']) expect(text).not.toContain(pin);
  });
});
