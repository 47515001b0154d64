import { randomBytes } from 'node:crypto';
import { openFileSecretStore, secretsFilePath } from './file-store.js';
import { createKeychainSecretStore, probeKeychain } from './keychain-store.js';
import { createMemorySecretStore } from './memory-store.js';
import { KeychainUnavailableError, SECRET_SERVICE, type SecretStore, type SecretStoreChoice } from './secret-store.js';

export interface OpenSecretStoreOptions {
  choice: SecretStoreChoice;
  /** DATA_DIR; the file store keeps `secrets.json` here. */
  dataDir: string;
  /** Called once when secrets end up in the file store, saying where and (for `auto`) why. */
  warn: (message: string) => void;
  /** Keychain service name; tests pass a throwaway one. */
  service?: string;
}

/**
 * The store `--secret-store` asks for (CONTRACT section 6). `auto` takes the keychain when it
 * answers a real write and falls back to the file store otherwise; an explicit `keychain` that
 * does not answer throws KeychainUnavailableError, whose one-line message names `--secret-store file`.
 */
export async function openSecretStore(options: OpenSecretStoreOptions): Promise<SecretStore> {
  const { choice, dataDir, warn, service = SECRET_SERVICE } = options;
  switch (choice) {
    case 'memory':
      return createMemorySecretStore();
    case 'file':
      warn(
        `secret store: keeping secrets in ${secretsFilePath(dataDir)} (mode 0600) as --secret-store file asks, ` +
          'not in the OS keychain; anyone who can read that file can sign access tokens',
      );
      return openFileSecretStore(dataDir);
    case 'keychain': {
      const probe = await probeKeychain(service);
      if (!probe.ok) throw new KeychainUnavailableError(probe.reason);
      return createKeychainSecretStore(service);
    }
    case 'auto': {
      const probe = await probeKeychain(service);
      if (probe.ok) return createKeychainSecretStore(service);
      warn(
        `secret store: the OS keychain is not reachable (${probe.reason}), so secrets are kept in ` +
          `${secretsFilePath(dataDir)} (mode 0600); anyone who can read that file can sign access tokens`,
      );
      return openFileSecretStore(dataDir);
    }
  }
}

/** The account holding the JWT signing key: base64 of 32 random bytes. */
export const SIGNING_KEY_ACCOUNT = 'jwt-signing-key';
const SIGNING_KEY_BYTES = 32;

/** The JWT signing key, generated and saved on first use. */
export async function loadSigningKey(store: SecretStore): Promise<Uint8Array> {
  const stored = await store.get(SIGNING_KEY_ACCOUNT);
  if (stored === null) {
    const key = randomBytes(SIGNING_KEY_BYTES);
    await store.set(SIGNING_KEY_ACCOUNT, key.toString('base64'));
    return new Uint8Array(key);
  }
  const key = Buffer.from(stored, 'base64');
  // Node's base64 decoder skips characters it does not know, so insist on the canonical encoding.
  if (key.length !== SIGNING_KEY_BYTES || key.toString('base64') !== stored) {
    throw new Error(
      `the JWT signing key stored as ${SIGNING_KEY_ACCOUNT} in the ${store.kind} secret store is not base64 of ` +
        `${SIGNING_KEY_BYTES} bytes; delete that entry to have a new key made (every issued token then stops working)`,
    );
  }
  return new Uint8Array(key);
}
