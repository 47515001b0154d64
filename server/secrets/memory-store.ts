import type { SecretStore } from './secret-store.js';

/** `--secret-store memory`: secrets live only as long as this process (tests). */
export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    get(account) {
      return Promise.resolve(secrets.get(account) ?? null);
    },
    set(account, value) {
      secrets.set(account, value);
      return Promise.resolve();
    },
    delete(account) {
      secrets.delete(account);
      return Promise.resolve();
    },
  };
}
