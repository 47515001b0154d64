import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SecretStore } from './secret-store.js';

export const SECRETS_FILE_NAME = 'secrets.json';

/** Owner read/write only: the file holds the JWT signing key. */
const SECRETS_FILE_MODE = 0o600;

export function secretsFilePath(dataDir: string): string {
  return path.join(dataDir, SECRETS_FILE_NAME);
}

/**
 * `--secret-store file`: secrets in `DATA_DIR/secrets.json`, a JSON object account → value.
 * The file is read on every `get` so a server and a CLI command on the same data directory see
 * each other's writes; every write replaces the whole file through a 0600 temp file and a rename,
 * so a crash leaves either the old file or the new one, never half of one.
 */
export async function openFileSecretStore(dataDir: string): Promise<SecretStore> {
  const filePath = secretsFilePath(dataDir);
  await tightenLoosePermissions(filePath);
  return new FileSecretStore(filePath);
}

class FileSecretStore implements SecretStore {
  readonly kind = 'file';
  /** Writes in this process run one after another so none overwrites another's change. */
  #writeQueue: Promise<void> = Promise.resolve();

  constructor(private readonly filePath: string) {}

  async get(account: string): Promise<string | null> {
    const secrets = await readSecretsFile(this.filePath);
    return secrets.get(account) ?? null;
  }

  set(account: string, value: string): Promise<void> {
    return this.#update((secrets) => {
      secrets.set(account, value);
      return true;
    });
  }

  delete(account: string): Promise<void> {
    return this.#update((secrets) => secrets.delete(account));
  }

  /** `change` edits the secrets and says whether anything changed (nothing changed: no write). */
  #update(change: (secrets: Map<string, string>) => boolean): Promise<void> {
    const write = this.#writeQueue.then(async () => {
      const secrets = await readSecretsFile(this.filePath);
      if (change(secrets)) await writeSecretsFile(this.filePath, secrets);
    });
    // A failed write is reported to its caller; the queue itself carries on.
    this.#writeQueue = write.catch(() => undefined);
    return write;
  }
}

async function readSecretsFile(filePath: string): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if (isFileNotFound(error)) return new Map();
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's own message quotes the text it choked on, which here is secret.
    throw new Error(`the secrets file ${filePath} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`the secrets file ${filePath} is not a JSON object`);
  }
  // A Map, so an account named `__proto__` is just another account.
  const secrets = new Map<string, string>();
  for (const [account, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`the secrets file ${filePath} holds a non-string value for ${account}`);
    secrets.set(account, value);
  }
  return secrets;
}

async function writeSecretsFile(filePath: string, secrets: Map<string, string>): Promise<void> {
  const directory = path.dirname(filePath);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const tempPath = path.join(directory, `.${SECRETS_FILE_NAME}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await open(tempPath, 'wx', SECRETS_FILE_MODE);
    try {
      // The umask can only clear bits, but an odd one could clear the owner's; set the mode exactly.
      await handle.chmod(SECRETS_FILE_MODE);
      await handle.writeFile(`${JSON.stringify(Object.fromEntries(secrets), null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, filePath);
    renamed = true;
  } finally {
    if (!renamed) await rm(tempPath, { force: true });
  }
}

/** A secrets file left readable by group or others (copied, restored from backup) goes back to 0600. */
async function tightenLoosePermissions(filePath: string): Promise<void> {
  let mode: number;
  try {
    mode = (await stat(filePath)).mode;
  } catch (error) {
    if (isFileNotFound(error)) return;
    throw error;
  }
  if ((mode & 0o077) !== 0) await chmod(filePath, SECRETS_FILE_MODE);
}

function isFileNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
