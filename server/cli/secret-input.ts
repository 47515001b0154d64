import { ConfigError, parseChoice, SECRET_STORE_CHOICES } from '../config.js';
import { openSecretStore } from '../secrets/open-secret-store.js';
import type { SecretStore } from '../secrets/secret-store.js';
import type { CliIo } from './args.js';

/** The `--secret-store` flag of the commands that keep or read a secret beside a running server. */
export const SECRET_STORE_OPTION = { 'secret-store': { type: 'string' } } as const;

/** A secret (a consumer secret, a pairing code) read from standard input, never from the command line. */
export async function readSecret(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  // One trailing newline is what `echo` and a terminal add; WooCommerce's secrets have no spaces.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The secret store the server uses: --secret-store, else TILLBASE_SECRET_STORE, else auto (as `tillbase serve` picks it). */
export function secretStoreOf(values: { 'secret-store'?: string | undefined }, dataDir: string, io: CliIo): Promise<SecretStore> {
  const choice = parseChoice(values['secret-store'] ?? io.env.TILLBASE_SECRET_STORE ?? 'auto', SECRET_STORE_CHOICES, '--secret-store');
  if (choice === 'memory') throw new ConfigError('--secret-store memory keeps nothing past this command: use the store the server uses');
  return openSecretStore({ choice, dataDir, warn: (message) => io.stderr.write(`tillbase: ${message}\n`) });
}
