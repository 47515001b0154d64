import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { deletePassword, findCredentials } from '@napi-rs/keyring/keytar.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeychainSecretStore, KEYCHAIN_PROBE_ACCOUNT, probeKeychain } from '../../server/secrets/keychain-store.js';
import { loadSigningKey, openSecretStore } from '../../server/secrets/open-secret-store.js';

/*
 * Against the real OS keychain (on Linux a Secret Service; CI runs these under
 * scripts/with-keyring.sh). Each run files its entries under its own throwaway service name and
 * deletes them afterwards.
 */
const service = `tillbase-test-${randomBytes(6).toString('hex')}`;
const probe = await probeKeychain(service);
const suiteName = probe.ok
  ? 'keychain secret store against the real OS keychain'
  : `keychain secret store against the real OS keychain (skipped: no keychain answers: ${probe.reason})`;

describe.skipIf(!probe.ok)(suiteName, () => {
  afterAll(async () => {
    for (const { account } of await findCredentials(service)) await deletePassword(service, account);
  });

  it('round-trips, overwrites, deletes and answers null for a missing account', async () => {
    const store = createKeychainSecretStore(service);
    expect(store.kind).toBe('keychain');
    expect(await store.get('profile:missing')).toBeNull();
    await store.set('profile:1', 'refresh-token-1');
    expect(await store.get('profile:1')).toBe('refresh-token-1');
    await store.set('profile:1', 'refresh-token-2');
    expect(await store.get('profile:1')).toBe('refresh-token-2');
    await store.delete('profile:1');
    expect(await store.get('profile:1')).toBeNull();
    await store.delete('profile:1');
  });

  it('leaves nothing behind from the reachability probe', async () => {
    expect(await createKeychainSecretStore(service).get(KEYCHAIN_PROBE_ACCOUNT)).toBeNull();
  });

  it('is what openSecretStore gives for auto and keychain, without a warning', async () => {
    const warnings: string[] = [];
    for (const choice of ['auto', 'keychain'] as const) {
      const store = await openSecretStore({ choice, dataDir: os.tmpdir(), service, warn: (message) => warnings.push(message) });
      expect(store.kind).toBe('keychain');
    }
    expect(warnings).toEqual([]);
  });

  it('keeps the JWT signing key', async () => {
    const store = createKeychainSecretStore(service);
    const first = await loadSigningKey(store);
    expect(first.length).toBe(32);
    expect(await loadSigningKey(createKeychainSecretStore(service))).toEqual(first);
  });
});
