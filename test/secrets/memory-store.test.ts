import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../server/secrets/memory-store.js';
import { openSecretStore } from '../../server/secrets/open-secret-store.js';

describe('memory secret store', () => {
  it('round-trips, overwrites and deletes', async () => {
    const store = createMemorySecretStore();
    expect(store.kind).toBe('memory');
    expect(await store.get('a')).toBeNull();
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
    await store.set('a', 'two');
    expect(await store.get('a')).toBe('two');
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
    await store.delete('a');
  });

  it('keeps each store to itself', async () => {
    const first = createMemorySecretStore();
    const second = createMemorySecretStore();
    await first.set('a', 'one');
    expect(await second.get('a')).toBeNull();
  });

  it('is what openSecretStore gives for --secret-store memory, without a warning', async () => {
    const warnings: string[] = [];
    const store = await openSecretStore({ choice: 'memory', dataDir: os.tmpdir(), warn: (message) => warnings.push(message) });
    expect(store.kind).toBe('memory');
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
    expect(warnings).toEqual([]);
  });
});
