import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedRole, ManagedUser } from '../../shared/api.js';
import type { TestShop } from '../../bench/tills-network.mjs';
import { api, login, withDb } from '../helpers/server.js';
import { closeTills, restartTill, startTills, stopTill, type TestTill } from '../helpers/shop-tills.js';
import { waitFor } from '../helpers/sync.js';

/*
 * Two tills of one shop, paired through the tests' network with real TLS: the users, PINs and
 * roles a manager sets at one till hold at the other, and a user changed at both while they cannot
 * reach each other ends the same on both once they can, as it was changed last.
 */

let tills: TestTill[] = [];
let shop: TestShop;
let a: TestTill;
let b: TestTill;

/** The status of a login at a till, by password or by PIN. */
async function loginStatus(at: TestTill, username: string, credential: { password: string } | { pin: string }): Promise<number> {
  return (await api(at.server, 'POST', '/auth/login', { body: { username, ...credential } })).status;
}

/** Waits until a login at a till succeeds (the failures on the way count towards the login throttle: only successes are waited for). */
function loginSucceeds(at: TestTill, username: string, credential: { password: string } | { pin: string }): Promise<true> {
  return waitFor(`${username} logging in by ${Object.keys(credential).join()} at ${at.name}`, async () =>
    (await loginStatus(at, username, credential)) === 200 ? true : undefined,
  );
}

/** Waits until a till's managers see the user as `wanted` says. */
function userBecomes(at: TestTill, username: string, wanted: (user: ManagedUser) => boolean): Promise<ManagedUser> {
  return waitFor(`${username} changed at ${at.name}`, async () => {
    const user = await userAt(at, username);
    return user !== undefined && wanted(user) ? user : undefined;
  });
}

/** A user as a till's managers see it (its id is that till's own). */
async function userAt(at: TestTill, username: string): Promise<ManagedUser | undefined> {
  const token = (await login(at.server, 'administrator')).access_token;
  const listed = await api<ManagedUser[]>(at.server, 'GET', '/users', { token });
  expect(listed.status).toBe(200);
  return listed.body.find((user) => user.username === username);
}

async function patchUser(at: TestTill, username: string, body: Record<string, unknown>): Promise<ManagedUser> {
  const user = await userAt(at, username);
  if (user === undefined) throw new Error(`no ${username} at ${at.name}`);
  const token = (await login(at.server, 'shop_manager')).access_token;
  const patched = await api<ManagedUser>(at.server, 'PATCH', `/users/${user.id}`, { token, body });
  expect(patched.status).toBe(200);
  return patched.body;
}

/** Changes dana at a till and waits until the till has written that change to its replica (its own revision of her document). */
async function changeAndWrite(at: TestTill, body: Record<string, unknown>): Promise<void> {
  const before = new Date().toISOString();
  await patchUser(at, 'dana', body);
  await waitFor(`dana's change written at ${at.name}`, () =>
    withDb(at.server, (db) => {
      const row = db.prepare("SELECT modified_gmt, till_id, unwritten FROM shop_people WHERE doc_id = 'user:dana'").get() as
        { modified_gmt: string; till_id: string; unwritten: number } | undefined;
      return row !== undefined && row.till_id === at.id && row.modified_gmt >= before && row.unwritten === 0 ? true : undefined;
    }),
  );
}

/** Cuts (no peers) or heals (each the other's peer) the link between the two tills; both keep running. */
function link(up: boolean): void {
  if (up) shop.connectAll();
  else for (const till of tills) till.network.setPeers([]);
}

describe("the shop's users, roles and PINs on every till", () => {
  beforeAll(async () => {
    ({ shop, tills } = await startTills(['Till A', 'Till B']));
    [a, b] = tills as [TestTill, TestTill];
    const token = (await login(a.server, 'shop_manager')).access_token;
    const made = await api(a.server, 'POST', '/users', {
      token,
      body: { username: 'dana', password: 'dana-password-1', role: 'cashier', display_name: 'Dana', pin: '4821' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await closeTills(tills);
  });

  it('a user a manager adds with a PIN at A logs in at B with the same password, and by PIN', async () => {
    await loginSucceeds(b, 'dana', { password: 'dana-password-1' });
    expect(await loginStatus(b, 'dana', { pin: '4821' })).toBe(200);
    expect(await loginStatus(b, 'dana', { password: 'not-her-password' })).toBe(401);
    const atB = await userAt(b, 'dana');
    expect(atB).toMatchObject({ display_name: 'Dana', roles: ['cashier'], has_pin: true, disabled: false });
    // Applied at B as A's change, not as one of B's: no audit entry there, nothing for B to send back.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const atBsDatabase = withDb(b.server, (db) => ({
      audited: db.prepare("SELECT COUNT(*) FROM audit_trail WHERE object_type = 'user'").pluck().get(),
      version: db.prepare("SELECT till_id, unwritten FROM shop_people WHERE doc_id = 'user:dana'").get(),
    }));
    expect(atBsDatabase).toEqual({ audited: 0, version: { till_id: a.id, unwritten: 0 } });
  });

  it('a PIN changed at B works at A afterwards, and the old one no longer does', async () => {
    await waitFor('dana at B', () => userAt(b, 'dana'));
    await patchUser(b, 'dana', { pin: '7310' });
    await loginSucceeds(a, 'dana', { pin: '7310' });
    expect(await loginStatus(a, 'dana', { pin: '4821' })).toBe(401);
    // The change is not sent back as A's own: B still has the PIN it set, and the password is the same.
    expect(await loginStatus(b, 'dana', { pin: '7310' })).toBe(200);
    expect(await loginStatus(a, 'dana', { password: 'dana-password-1' })).toBe(200);
  });

  it('a user disabled at A cannot log in at B, and their session at B ends', async () => {
    await patchUser(b, 'dana', { display_name: 'Dana B' });
    await waitFor("B's change at A", async () => ((await userAt(a, 'dana'))?.display_name === 'Dana B' ? true : undefined));
    const session = (await api<{ access_token: string }>(b.server, 'POST', '/auth/login', { body: { username: 'dana', pin: '7310' } })).body;
    await patchUser(a, 'dana', { disabled: true });
    await userBecomes(b, 'dana', (user) => user.disabled);
    expect(await loginStatus(b, 'dana', { password: 'dana-password-1' })).toBe(401);
    const refused = await api<{ data: { token_expired: boolean } }>(b.server, 'GET', '/auth/sessions', { token: session.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body.data.token_expired).toBe(false);
    await patchUser(a, 'dana', { disabled: false });
    await userBecomes(b, 'dana', (user) => !user.disabled);
    expect(await loginStatus(b, 'dana', { pin: '7310' })).toBe(200);
  });

  it("a role's capabilities changed at A hold at B", async () => {
    const cashierAtB = (await login(b.server, 'cashier')).access_token;
    expect((await api(b.server, 'GET', '/settings/general', { token: cashierAtB })).status).toBe(403);
    const admin = (await login(a.server, 'administrator')).access_token;
    const roles = await api<ManagedRole[]>(a.server, 'GET', '/roles', { token: admin });
    const cashier = roles.body.find((role) => role.name === 'cashier');
    if (cashier === undefined) throw new Error('no cashier role');
    const changed = await api(a.server, 'PATCH', '/roles/cashier', { token: admin, body: { capabilities: [...cashier.capabilities, 'manage_pos'] } });
    expect(changed.status).toBe(200);
    await waitFor('manage_pos for cashiers at B', async () =>
      (await api(b.server, 'GET', '/settings/general', { token: cashierAtB })).status === 200 ? true : undefined,
    );
    await api(a.server, 'PATCH', '/roles/cashier', { token: admin, body: { capabilities: cashier.capabilities } });
    await waitFor('manage_pos taken back at B', async () =>
      (await api(b.server, 'GET', '/settings/general', { token: cashierAtB })).status === 403 ? true : undefined,
    );
  });

  it('the same user changed at A and at B while they cannot reach each other ends the same on both: the later change wins', async () => {
    link(false);
    // A changes her twice, each written to its replica on its own: A's revision is the deeper one,
    // which PouchDB shows on both tills once they meet, though B's change is the later.
    await changeAndWrite(a, { pin: '1111' });
    await changeAndWrite(a, { display_name: 'Dana at A' });
    await changeAndWrite(b, { pin: '2222', display_name: 'Dana at B' });
    expect((await userAt(a, 'dana'))?.display_name).toBe('Dana at A');
    expect(await loginStatus(b, 'dana', { pin: '1111' })).toBe(401);
    link(true);
    await userBecomes(a, 'dana', (user) => user.display_name === 'Dana at B');
    expect(await loginStatus(a, 'dana', { pin: '2222' })).toBe(200);
    expect(await loginStatus(a, 'dana', { pin: '1111' })).toBe(401);
    expect(await loginStatus(b, 'dana', { pin: '2222' })).toBe(200);
    for (const till of tills) expect((await userAt(till, 'dana'))?.display_name).toBe('Dana at B');
  });

  it("the shop's settings changed at one till hold at the other; a till's own stay its own", async () => {
    const [atA, atB] = [(await login(a.server, 'administrator')).access_token, (await login(b.server, 'administrator')).access_token];
    const setting = async (at: TestTill, token: string, path: string) => (await api<Record<string, unknown>>(at.server, 'GET', path, { token })).body;
    const gatewaysAtB = await setting(b, atB, '/settings/payment-gateways');
    expect((await api(a.server, 'POST', '/settings/checkout', { token: atA, body: { prevent_overselling: true } })).status).toBe(200);
    await waitFor('prevent_overselling at B', async () => ((await setting(b, atB, '/settings/checkout')).prevent_overselling === true ? true : undefined));
    expect((await api(b.server, 'POST', '/settings/general', { token: atB, body: { store_name: 'The Corner Shop' } })).status).toBe(200);
    await waitFor('the store name at A', async () => ((await setting(a, atA, '/settings/general')).store_name === 'The Corner Shop' ? true : undefined));
    // B's change did not take A's back: each change is applied once, and not sent back.
    expect((await setting(a, atA, '/settings/checkout')).prevent_overselling).toBe(true);
    expect((await setting(b, atB, '/settings/checkout')).prevent_overselling).toBe(true);
    expect(await setting(b, atB, '/settings/payment-gateways')).toEqual(gatewaysAtB);
  });

  it('a user added at A while B is down logs in at B once B is back', async () => {
    await stopTill(b);
    const token = (await login(a.server, 'shop_manager')).access_token;
    const made = await api(a.server, 'POST', '/users', { token, body: { username: 'eli', password: 'eli-password-1', role: 'cashier', pin: '5050' } });
    expect(made.status).toBe(201);
    await restartTill(b);
    await loginSucceeds(b, 'eli', { pin: '5050' });
  });

  it("keeps each till's own copy of a user both tills had before they were paired", async () => {
    // Each test server made its own test-cashier (same name and password, each hash salted on its
    // till): the first copy each till wrote of it when it joined the shop fills gaps and overrides none.
    await loginSucceeds(b, 'dana', { pin: '2222' });
    const hashes = tills.map((till) =>
      withDb(till.server, (db) => db.prepare("SELECT password_hash FROM users WHERE username = 'test-cashier'").pluck().get()),
    );
    expect(hashes[0]).toBeTypeOf('string');
    expect(hashes[0]).not.toBe(hashes[1]);
  });
});
