import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/*
 * The keychain is made unreachable for real: each case runs in a child Node process whose
 * DBUS_SESSION_BUS_ADDRESS points at nothing (or at a socket that never answers), importing the
 * BUILT modules from dist/ (npm test builds first; alone, run `npx tsc -p tsconfig.build.json`).
 * D-Bus is how the keychain is reached on Linux only.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const builtOpenSecretStore = path.join(repoRoot, 'dist/server/secrets/open-secret-store.js');
const builtSecretStore = path.join(repoRoot, 'dist/server/secrets/secret-store.js');
const run = promisify(execFile);

interface ChildOutcome {
  kind?: string;
  warnings?: string[];
  storedValue?: string | null;
  fileMode?: number;
  errorName?: string;
  errorMessage?: string;
  isKeychainUnavailableError?: boolean;
  elapsedMs: number;
}

/** Runs openSecretStore(choice) in a child process against `busAddress` and reports what happened. */
async function openInChild(choice: 'auto' | 'keychain', dataDir: string, busAddress: string): Promise<ChildOutcome> {
  const script = `
    import fs from 'node:fs';
    import path from 'node:path';
    const { openSecretStore } = await import(${JSON.stringify(pathToFileURL(builtOpenSecretStore).href)});
    const { KeychainUnavailableError } = await import(${JSON.stringify(pathToFileURL(builtSecretStore).href)});
    const [choice, dataDir, service] = process.argv.slice(1);
    const warnings = [];
    const startedAt = Date.now();
    let outcome;
    try {
      const store = await openSecretStore({ choice, dataDir, service, warn: (message) => warnings.push(message) });
      await store.set('profile:1', 'refresh-token');
      const filePath = path.join(dataDir, 'secrets.json');
      outcome = {
        kind: store.kind,
        warnings,
        storedValue: await store.get('profile:1'),
        fileMode: fs.existsSync(filePath) ? fs.statSync(filePath).mode & 0o777 : undefined,
      };
    } catch (error) {
      outcome = { warnings, errorName: error.name, errorMessage: error.message, isKeychainUnavailableError: error instanceof KeychainUnavailableError };
    }
    process.stdout.write(JSON.stringify({ ...outcome, elapsedMs: Date.now() - startedAt }));
  `;
  const service = `tillbase-test-${process.pid}-${Date.now()}`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, choice, dataDir, service], {
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: busAddress },
    timeout: 20_000,
  });
  return JSON.parse(stdout) as ChildOutcome;
}

describe.skipIf(process.platform !== 'linux')('secret store choice with the keychain unreachable (child processes, Linux)', () => {
  let dataDir: string;
  beforeAll(() => {
    if (!fs.existsSync(builtOpenSecretStore)) {
      throw new Error(`${builtOpenSecretStore} is missing: build first with npx tsc -p tsconfig.build.json (npm test does)`);
    }
  });
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbase-no-keychain-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('auto falls back to the file store with exactly one warning that says why', async () => {
    const outcome = await openInChild('auto', dataDir, 'unix:path=/nonexistent');
    expect(outcome.errorMessage).toBeUndefined();
    expect(outcome.kind).toBe('file');
    expect(outcome.warnings).toHaveLength(1);
    expect(outcome.warnings![0]).toContain('keychain is not reachable');
    expect(outcome.warnings![0]).toContain(path.join(dataDir, 'secrets.json'));
    expect(outcome.storedValue).toBe('refresh-token');
    expect(outcome.fileMode).toBe(0o600);
  });

  it('an explicit keychain refuses with a one-line KeychainUnavailableError naming --secret-store file', async () => {
    const outcome = await openInChild('keychain', dataDir, 'unix:path=/nonexistent');
    expect(outcome.kind).toBeUndefined();
    expect(outcome.isKeychainUnavailableError).toBe(true);
    expect(outcome.errorName).toBe('KeychainUnavailableError');
    expect(outcome.errorMessage).toContain('--secret-store file');
    expect(outcome.errorMessage).not.toContain('\n');
    expect(outcome.warnings).toEqual([]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  describe('with a D-Bus socket that accepts connections and never answers', () => {
    let silentBus: net.Server;
    let busAddress: string;
    const connections: net.Socket[] = [];
    beforeEach(async () => {
      const socketPath = path.join(dataDir, 'silent-bus.sock');
      busAddress = `unix:path=${socketPath}`;
      silentBus = net.createServer((connection) => connections.push(connection));
      await new Promise<void>((resolve) => silentBus.listen(socketPath, resolve));
    });
    afterEach(async () => {
      for (const connection of connections.splice(0)) connection.destroy();
      await new Promise<void>((resolve) =>
        silentBus.close(() => {
          resolve();
        }),
      );
    });

    it('auto gives up on the keychain after the probe timeout and uses the file store', async () => {
      const outcome = await openInChild('auto', dataDir, busAddress);
      expect(outcome.kind).toBe('file');
      expect(outcome.warnings).toHaveLength(1);
      expect(outcome.warnings![0]).toContain('no answer within 3000 ms');
      expect(outcome.elapsedMs).toBeLessThan(10_000);
      expect(connections.length).toBeGreaterThan(0);
    });
  });
});
