import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PairingRepository } from '../../server/data/repositories/pairing.js';
import { prepared } from '../../server/data/statements.js';
import { createShopCa, issueLeaf, newKeyPair } from '../../server/tills/identity/certificates.js';
import { api, login, startTestServer, withDb, type TestServer } from '../helpers/server.js';
import { peersCli, requestOverTls, startTill, tillCredentials, type Invitation, type TillProcess } from '../helpers/tills.js';

/** Till A is an in-process server a manager drives over HTTP; B and C are `tillbase serve` processes that join with the CLI. */
describe('pairing over HTTP, and what the tills’ listener refuses', () => {
  let a: TestServer;
  let b: TillProcess;
  let c: TillProcess;
  let manager = '';
  let aTills = '';

  beforeAll(async () => {
    a = await startTestServer({ lanPort: 0, lanHost: '127.0.0.1' });
    manager = (await login(a, 'shop_manager')).access_token;
    aTills = withDb(a, (db) => new PairingRepository(db).listener('tills')?.address ?? '');
    [b, c] = await Promise.all([startTill(), startTill()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.close(), b.stop(), c.stop()]);
    for (const till of [b, c]) rmSync(till.dataDir, { recursive: true, force: true });
  });

  const newInvitation = async (): Promise<Invitation> => {
    const response = await api<Invitation>(a, 'POST', '/peers/invitations', { token: manager });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  test('a manager invites over HTTP; the right code pairs B, and GET /peers lists it', async () => {
    const invitation = await newInvitation();
    expect(Object.keys(invitation).sort()).toEqual(['address', 'code', 'expires_at', 'fingerprint']);
    const joined = await peersCli(b, ['join', invitation.address, '--code-stdin', '--fingerprint', invitation.fingerprint], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toContain(`Till A answered at ${aTills} over mutual TLS`);
    const peers = await api(a, 'GET', '/peers', { token: manager });
    expect(peers.body).toEqual([{ id: tillCredentials(b.dataDir).id, name: 'Till B', address: b.tillsAddress, last_seen_gmt: expect.any(String), behind: 0 }]);
  }, 30_000);

  test('the shop CA is public at GET /peers/ca.pem, and is the CA B was given', async () => {
    const response = await api<string>(a, 'GET', '/peers/ca.pem');
    expect(response.status).toBe(200);
    expect(response.body).toBe(tillCredentials(b.dataDir).ca);
  });

  test('5 wrong codes end the invitation: the right code is refused after', async () => {
    const invitation = await newInvitation();
    const wrong = String((Number(invitation.code) + 1) % 1_000_000).padStart(6, '0');
    for (const left of ['4 tries left', '3 tries left', '2 tries left', '1 try left', 'the invitation has ended']) {
      const attempt = await peersCli(c, ['join', invitation.address, '--code-stdin'], `${wrong}\n`);
      expect(attempt.code).toBe(1);
      expect(attempt.stderr).toContain(left);
    }
    const right = await peersCli(c, ['join', invitation.address, '--code-stdin'], `${invitation.code}\n`);
    expect(right.code).toBe(1);
    expect(right.stderr).toContain('No invitation is open');
  }, 60_000);

  test('an expired invitation is refused', async () => {
    const invitation = await newInvitation();
    withDb(a, (db) => prepared(db, "UPDATE pairing_invitations SET expires_gmt = strftime('%Y-%m-%dT%H:%M:%S', 'now', '-1 seconds')").run());
    const late = await peersCli(c, ['join', invitation.address, '--code-stdin'], `${invitation.code}\n`);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('No invitation is open');
  }, 30_000);

  test('the tills’ listener answers nothing without a shop certificate, or with another CA’s', async () => {
    const bare = await requestOverTls(aTills, {});
    expect(bare.answer).toBe('');
    expect(bare.error).toBeDefined();

    const otherShop = await createShopCa('other');
    const key = await newKeyPair();
    const leaf = await issueLeaf({
      ca: { certificate: otherShop.certificate, privateKey: otherShop.key.privateKey },
      publicKey: key.publicKey,
      tillId: tillCredentials(b.dataDir).id,
      name: 'Till B',
    });
    const foreign = await requestOverTls(aTills, { cert: leaf.certificate, key: key.privateKey });
    // Refused at the handshake: the connection ends with no byte of HTTP (an alert or a reset, as TLS 1.3 timing has it).
    expect(foreign.answer).toBe('');

    const asB = tillCredentials(b.dataDir);
    const paired = await requestOverTls(aTills, { cert: asB.cert, key: asB.key, ca: asB.ca });
    expect(paired.answer).toMatch(/^HTTP\/1\.1 200/);
  });

  test('a removal heard from another till (its serial alone, as the replication brings it) refuses that certificate', async () => {
    const asB = tillCredentials(b.dataDir);
    const asBOptions = { cert: asB.cert, key: asB.key, ca: asB.ca };
    withDb(a, (db) =>
      prepared(db, "INSERT INTO peer_removals (serial, till_id, removed_gmt) VALUES (?, 'another-till', '2026-01-01T00:00:00')").run(asB.serial),
    );
    expect((await requestOverTls(aTills, asBOptions)).answer).toBe('');
    withDb(a, (db) => prepared(db, 'DELETE FROM peer_removals').run());
    expect((await requestOverTls(aTills, asBOptions)).answer).toMatch(/^HTTP\/1\.1 200/);
  });

  test('DELETE /peers/{id} removes B: its certificate is refused at once, and a second removal is 404', async () => {
    const asB = tillCredentials(b.dataDir);
    const removed = await api(a, 'DELETE', `/peers/${asB.id}`, { token: manager });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: asB.id, name: 'Till B', removed: true });
    expect((await requestOverTls(aTills, { cert: asB.cert, key: asB.key, ca: asB.ca })).answer).toBe('');
    expect((await api(a, 'DELETE', `/peers/${asB.id}`, { token: manager })).status).toBe(404);
    const removals = withDb(a, (db) => prepared<[], { serial: string; till_id: string }>(db, 'SELECT serial, till_id FROM peer_removals').all());
    expect(removals).toEqual([{ serial: asB.serial, till_id: asB.id }]);
  });
});
