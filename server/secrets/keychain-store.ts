import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { deletePassword, getPassword, setPassword } from '@napi-rs/keyring/keytar.js';
import { SECRET_SERVICE, type SecretStore } from './secret-store.js';

/** The account the reachability probe writes, reads back and deletes. */
export const KEYCHAIN_PROBE_ACCOUNT = '__tillbase_probe__';

/** How long startup waits for the keychain before treating it as unreachable. */
export const KEYCHAIN_PROBE_TIMEOUT_MS = 3_000;

export type KeychainProbeResult = { ok: true } | { ok: false; reason: string };

/**
 * Runs in a child process: argv is [keytar module path, service, account, probe value]; prints
 * `ok`, or `mismatch`, or `error <message>`.
 */
const PROBE_CHILD_SCRIPT = `
const [keytarPath, service, account, probeValue] = process.argv.slice(1);
(async () => {
  const keytar = require(keytarPath);
  await keytar.setPassword(service, account, probeValue);
  const readBack = await keytar.getPassword(service, account);
  await keytar.deletePassword(service, account);
  process.stdout.write(readBack === probeValue ? 'ok' : 'mismatch');
})().catch((error) => {
  process.stdout.write('error ' + (error instanceof Error ? error.message : String(error)));
});
`;

/**
 * Whether the OS keychain answers for `service`. A read alone proves nothing: with no D-Bus
 * session the Linux backend answers `getPassword` with `null` instead of failing, so the probe
 * writes a random value, reads it back and deletes it. It runs in a child process killed after
 * `timeoutMs`, because against a D-Bus socket that never answers the native binding blocks the
 * calling thread itself (already while constructing its entry), where no timer could fire; a
 * blocked worker thread would in turn keep the process from ever exiting.
 */
export async function probeKeychain(service: string = SECRET_SERVICE, timeoutMs: number = KEYCHAIN_PROBE_TIMEOUT_MS): Promise<KeychainProbeResult> {
  const keytarPath = createRequire(import.meta.url).resolve('@napi-rs/keyring/keytar.js');
  const probeValue = randomBytes(16).toString('hex');
  const childArguments = ['-e', PROBE_CHILD_SCRIPT, keytarPath, service, KEYCHAIN_PROBE_ACCOUNT, probeValue];
  // In Electron, execPath is the app itself; this makes it behave as plain Node.
  const childEnvironment = 'electron' in process.versions ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, childArguments, { env: childEnvironment, timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true }, (error, stdout) => {
      if (error?.killed === true) {
        resolve({ ok: false, reason: `no answer within ${timeoutMs} ms` });
      } else if (stdout === 'ok') {
        resolve({ ok: true });
      } else if (stdout === 'mismatch') {
        resolve({ ok: false, reason: 'a value written to the keychain did not read back' });
      } else if (stdout.startsWith('error ')) {
        resolve({ ok: false, reason: oneLine(stdout.slice('error '.length)) });
      } else {
        const exit = error === null ? 'exited without an answer' : `ended with ${String(error.code ?? error.signal ?? 'an error')}`;
        resolve({ ok: false, reason: `the keychain probe process ${exit}` });
      }
    });
  });
}

/** `--secret-store keychain`: secrets filed in the OS keychain under `service`. */
export function createKeychainSecretStore(service: string = SECRET_SERVICE): SecretStore {
  return {
    kind: 'keychain',
    async get(account) {
      try {
        return await getPassword(service, account);
      } catch (error) {
        throw keychainFailure('read', account, service, error);
      }
    },
    async set(account, value) {
      try {
        await setPassword(service, account, value);
      } catch (error) {
        throw keychainFailure('write', account, service, error);
      }
    },
    async delete(account) {
      try {
        // `false` means there was nothing to delete, which is what the caller wanted anyway.
        await deletePassword(service, account);
      } catch (error) {
        throw keychainFailure('delete', account, service, error);
      }
    },
  };
}

function keychainFailure(operation: string, account: string, service: string, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : 'unknown error';
  return new Error(`the OS keychain could not ${operation} ${account} for service ${service}: ${oneLine(reason)}`, { cause });
}

/** Native and child-process messages can span lines; the startup error must stay on one. */
function oneLine(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}
