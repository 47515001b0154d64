import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileSecretStore, SECRETS_FILE_NAME } from '../../server/secrets/file-store.js';
import { openSecretStore } from '../../server/secrets/open-secret-store.js';

// Windows has no owner/group/other mode bits to check.
const posixModes = process.platform !== 'win32';

describe('file secret store', () => {
  let dataDir: string;
  let secretsFile: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbase-secrets-'));
    secretsFile = path.join(dataDir, SECRETS_FILE_NAME);
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const fileMode = (): number => fs.statSync(secretsFile).mode & 0o777;

  it('round-trips a value, answers null for a missing account and forgets a deleted one', async () => {
    const store = await openFileSecretStore(dataDir);
    expect(store.kind).toBe('file');
    expect(await store.get('profile:1')).toBeNull();
    await store.set('profile:1', 'refresh-token-1');
    expect(await store.get('profile:1')).toBe('refresh-token-1');
    await store.set('profile:1', 'refresh-token-2');
    expect(await store.get('profile:1')).toBe('refresh-token-2');
    await store.delete('profile:1');
    expect(await store.get('profile:1')).toBeNull();
    await store.delete('never-stored');
  });

  it('keeps a JSON object of account to value in DATA_DIR/secrets.json', async () => {
    const store = await openFileSecretStore(dataDir);
    await store.set('a', 'one');
    await store.set('__proto__', 'two');
    expect(JSON.parse(fs.readFileSync(secretsFile, 'utf8'))).toEqual(JSON.parse('{"a":"one","__proto__":"two"}'));
    expect(await store.get('__proto__')).toBe('two');
  });

  it.skipIf(!posixModes)('creates the file with mode 0600 and keeps it 0600 after an update', async () => {
    const store = await openFileSecretStore(dataDir);
    await store.set('a', 'one');
    expect(fileMode()).toBe(0o600);
    await store.set('b', 'two');
    expect(fileMode()).toBe(0o600);
    await store.delete('a');
    expect(fileMode()).toBe(0o600);
  });

  it.skipIf(!posixModes)('tightens an existing file with looser permissions back to 0600', async () => {
    fs.writeFileSync(secretsFile, JSON.stringify({ a: 'one' }));
    fs.chmodSync(secretsFile, 0o644);
    expect(fileMode()).toBe(0o644);
    const store = await openFileSecretStore(dataDir);
    expect(fileMode()).toBe(0o600);
    expect(await store.get('a')).toBe('one');
  });

  it('lets a second store on the same directory see writes and deletes (it reads the file on each get)', async () => {
    const server = await openFileSecretStore(dataDir);
    const cli = await openFileSecretStore(dataDir);
    await server.set('jwt-signing-key', 'key-from-server');
    expect(await cli.get('jwt-signing-key')).toBe('key-from-server');
    await cli.set('profile:2', 'token-from-cli');
    expect(await server.get('profile:2')).toBe('token-from-cli');
    await server.delete('profile:2');
    expect(await cli.get('profile:2')).toBeNull();
  });

  it('keeps every one of many concurrent writes and leaves no temp file behind', async () => {
    const store = await openFileSecretStore(dataDir);
    const accounts = Array.from({ length: 20 }, (_, index) => `profile:${index}`);
    await Promise.all(accounts.map((account) => store.set(account, `token-${account}`)));
    for (const account of accounts) expect(await store.get(account)).toBe(`token-${account}`);
    await Promise.all(accounts.slice(0, 10).map((account) => store.delete(account)));
    expect(await store.get('profile:0')).toBeNull();
    expect(await store.get('profile:10')).toBe('token-profile:10');
    expect(fs.readdirSync(dataDir)).toEqual([SECRETS_FILE_NAME]);
  });

  it('creates a missing data directory on first write', async () => {
    const nestedDir = path.join(dataDir, 'not', 'yet');
    const store = await openFileSecretStore(nestedDir);
    await store.set('a', 'one');
    expect(await store.get('a')).toBe('one');
  });

  it('refuses a corrupted file without quoting its contents', async () => {
    const secretText = '{"jwt-signing-key": "c2VjcmV0LWJ1dC1icm9rZW4';
    fs.writeFileSync(secretsFile, secretText, { mode: 0o600 });
    const store = await openFileSecretStore(dataDir);
    const error: unknown = await store.get('jwt-signing-key').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('not valid JSON');
    expect(message).toContain(secretsFile);
    expect(message).not.toContain('c2VjcmV0');
    await expect(store.set('a', 'one')).rejects.toThrow('not valid JSON');
    expect(fs.readFileSync(secretsFile, 'utf8')).toBe(secretText);
  });

  it('is what openSecretStore gives for --secret-store file, with exactly one warning naming the file', async () => {
    const warnings: string[] = [];
    const store = await openSecretStore({ choice: 'file', dataDir, warn: (message) => warnings.push(message) });
    expect(store.kind).toBe('file');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(secretsFile);
    await store.set('a', 'one');
    expect(await (await openFileSecretStore(dataDir)).get('a')).toBe('one');
  });
});
