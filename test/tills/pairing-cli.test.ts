import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeDataDir } from '../helpers/server.js';
import { invite, peersCli, requestOverTls, startForwarder, startTill, tillCredentials, type Forwarder, type TillProcess } from '../helpers/tills.js';

/**
 * Two tills as real `tillbase serve` processes paired with `tillbase peers`, every byte between
 * them through forwarders that keep what they carry; a third started on a copy of the second's
 * data (the same till id) is refused.
 */
describe('tillbase peers: pairing two tills over a 6-digit code', () => {
  let a: TillProcess;
  let b: TillProcess;
  let tillsLink: Forwarder;
  let pairingLink: Forwarder;
  let copyDir: string;
  let aTillsAddress = '';
  let pairingAddress = '';
  let code = '';

  beforeAll(async () => {
    tillsLink = await startForwarder(() => aTillsAddress);
    pairingLink = await startForwarder(() => pairingAddress);
    a = await startTill({ args: ['--lan-advertise', tillsLink.address] });
    aTillsAddress = a.tillsAddress;
    b = await startTill();
    // A copy of B's data before it pairs: the same installation id, as a till set up from B's backup would have.
    copyDir = makeDataDir();
    const backup = await runCli(['backup', join(copyDir, 'tillbase.db'), '--data-dir', b.dataDir]);
    expect(backup.code, backup.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all([tillsLink.close(), pairingLink.close()]);
    for (const dir of [a.dataDir, b.dataDir, copyDir]) rmSync(dir, { recursive: true, force: true });
  });

  test('a wrong code is refused and counted; the right one pairs B as Till B, and each till lists the other', async () => {
    const invitation = await invite(a);
    expect(invitation.code).toMatch(/^\d{6}$/);
    expect(invitation.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(4 * 60_000);
    pairingAddress = invitation.address;
    code = invitation.code;
    const wrongCode = invitation.code === '000000' ? '111111' : '000000';
    const wrong = await peersCli(b, ['join', pairingLink.address, '--code-stdin'], `${wrongCode}\n`);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Wrong code: 4 tries left');

    const joined = await peersCli(b, ['join', pairingLink.address, '--code-stdin', '--fingerprint', invitation.fingerprint], `${invitation.code}\n`);
    expect(joined.code, joined.stderr).toBe(0);
    expect(joined.stdout).toContain('this till is Till B of the shop');
    // B's first call to A over mutual TLS, through the forwarder A advertises.
    expect(joined.stdout).toContain(`Till A answered at ${tillsLink.address} over mutual TLS`);

    const atA = JSON.parse((await peersCli(a, ['list', '--json'])).stdout) as Array<Record<string, unknown>>;
    const atB = JSON.parse((await peersCli(b, ['list', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(atA).toEqual([{ id: tillCredentials(b.dataDir).id, name: 'Till B', address: b.tillsAddress, last_seen_gmt: expect.any(String), behind: 0 }]);
    expect(atB).toEqual([{ id: tillCredentials(a.dataDir).id, name: 'Till A', address: tillsLink.address, last_seen_gmt: expect.any(String), behind: 0 }]);
  }, 60_000);

  test('B, paired while its server ran, is served on its own listener without a restart', async () => {
    const asA = tillCredentials(a.dataDir);
    const exchange = await requestOverTls(b.tillsAddress, { cert: asA.cert, key: asA.key, ca: asA.ca });
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(exchange.answer).toContain(`"name":"Till B"`);
  });

  test('nothing between the tills is readable: the forwarders carried no plain HTTP and no code', () => {
    const bytes = Buffer.concat([tillsLink.bytes(), pairingLink.bytes()]);
    expect(bytes.length).toBeGreaterThan(1000);
    const text = bytes.toString('latin1');
    for (const plain of ['GET /', 'POST /', 'HTTP/1.1', '/tills/v1/hello', '/pairing/v1', 'BEGIN CERTIFICATE', 'Till B', code])
      expect(text).not.toContain(plain);
  });

  test('a till set up from a copy of B (the same till id) is refused, with how to give it its own identity', async () => {
    const copy = await startTill({ dataDir: copyDir });
    try {
      const invitation = await invite(a);
      const refused = await peersCli(copy, ['join', invitation.address, '--code-stdin'], `${invitation.code}\n`);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is already paired as Till B');
      expect(refused.stderr).toContain('empty data directory');
    } finally {
      await copy.stop();
    }
  }, 60_000);

  test('removing B refuses its certificate at A at once, before any HTTP', async () => {
    const asB = tillCredentials(b.dataDir);
    const before = await requestOverTls(a.tillsAddress, { cert: asB.cert, key: asB.key, ca: asB.ca });
    expect(before.answer).toMatch(/^HTTP\/1\.1 200/);
    const removed = await peersCli(a, ['remove', asB.id]);
    expect(removed.code, removed.stderr).toBe(0);
    const after = await requestOverTls(a.tillsAddress, { cert: asB.cert, key: asB.key, ca: asB.ca });
    expect(after.answer).toBe('');
    expect((await peersCli(a, ['list', '--json'])).stdout.trim()).toBe('[]');
  }, 30_000);
});
