import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileSecretStore } from '../../server/secrets/file-store.js';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';
import { loadSigningKey, SIGNING_KEY_ACCOUNT } from '../../server/secrets/open-secret-store.js';

describe('loadSigningKey', () => {
  it('creates 32 random bytes on first use, saves them as base64 and returns the same key afterwards', async () => {
    const store = createMemorySecretStore();
    const first = await loadSigningKey(store);
    expect(first).toBeInstanceOf(Uint8Array);
    expect(first.length).toBe(32);
    expect(await store.get(SIGNING_KEY_ACCOUNT)).toBe(Buffer.from(first).toString('base64'));
    expect(await loadSigningKey(store)).toEqual(first);
    expect(await loadSigningKey(createMemorySecretStore())).not.toEqual(first);
  });

  it('returns the same key from a fresh file store on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbase-signing-key-'));
    try {
      const first = await loadSigningKey(await openFileSecretStore(dataDir));
      const again = await loadSigningKey(await openFileSecretStore(dataDir));
      expect(again).toEqual(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const validKey = randomBytes(32).toString('base64');
  const corruptedKeys: [string, string][] = [
    ['not base64 at all', 'this is a secret, not a key!'],
    ['base64 of 16 bytes', randomBytes(16).toString('base64')],
    ['base64 of 33 bytes', randomBytes(33).toString('base64')],
    // Buffer.from skips the stray character and would decode 32 bytes.
    ['32 bytes with a stray character', `${validKey.slice(0, 20)}*${validKey.slice(20)}`],
  ];
  it.each(corruptedKeys)('refuses a stored key that is %s, naming the account but not the value', async (_label, storedValue) => {
    const store = createMemorySecretStore();
    await store.set(SIGNING_KEY_ACCOUNT, storedValue);
    const error: unknown = await loadSigningKey(store).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(SIGNING_KEY_ACCOUNT);
    expect(message).toContain('32 bytes');
    expect(message).not.toContain(storedValue);
    expect(message).not.toContain(storedValue.slice(0, 8));
    expect(await store.get(SIGNING_KEY_ACCOUNT)).toBe(storedValue);
  });
});
