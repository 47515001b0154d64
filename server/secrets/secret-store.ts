/**
 * Where Tillbase keeps secrets (CONTRACT section 6): the JWT signing key and, in the desktop app,
 * each logged-in profile's refresh token. Values are strings; accounts are names like
 * `jwt-signing-key` or `profile:<user uuid>`.
 */
export type SecretStoreChoice = 'auto' | 'keychain' | 'file' | 'memory';
export type SecretStoreKind = Exclude<SecretStoreChoice, 'auto'>;

export interface SecretStore {
  readonly kind: SecretStoreKind;
  get(account: string): Promise<string | null>;
  set(account: string, value: string): Promise<void>;
  delete(account: string): Promise<void>;
}

/** The keytar service name under which every Tillbase secret is filed. */
export const SECRET_SERVICE = 'tillbase';

/** An explicit `--secret-store keychain` with no keychain reachable. */
export class KeychainUnavailableError extends Error {
  constructor(detail: string) {
    super(`the OS keychain is not reachable (${detail}); start with --secret-store file to keep secrets in the data directory`);
    this.name = 'KeychainUnavailableError';
  }
}
