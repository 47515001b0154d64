import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RoleName } from '../../shared/access.js';
import type { TokenResponse } from '../../shared/api.js';
import type { ServeOptions } from '../../server/config.js';
import type { Database } from '../../server/data/database.js';
import { openDataDirDatabase, startServer, userAdminFor } from '../../server/start.js';
import { StoresRepository } from '../../server/data/repositories/stores.js';
import { storeFieldsSchema } from '../../server/model/stores.js';

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

export interface TestServer {
  origin: string;
  apiUrl: string;
  dataDir: string;
  users: Record<RoleName, TestUser>;
  close(): Promise<void>;
}

const TEST_USERS: ReadonlyArray<{ role: RoleName; username: string; password: string }> = [
  { role: 'administrator', username: 'test-admin', password: 'admin-password-1' },
  { role: 'shop_manager', username: 'test-manager', password: 'manager-password-1' },
  { role: 'cashier', username: 'test-cashier', password: 'cashier-password-1' },
];

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'tillbase-test-'));
}

/** A server for a test: on 127.0.0.1 at a free port, secrets in memory, no log, no demo store. */
export function quietServeOptions(dataDir: string): ServeOptions {
  return {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    accessTtlSeconds: 1800,
    refreshTtlSeconds: 86_400,
    allowedOrigins: [],
    allowedHosts: [],
    secretStore: 'memory',
    demo: false,
    logLevel: 'silent',
  };
}

/** A real server on 127.0.0.1 (free port) over a fresh data directory holding one user per role. */
export async function startTestServer(overrides: Partial<ServeOptions> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? makeDataDir();
  const db = openDataDirDatabase(dataDir);
  const users = {} as Record<RoleName, TestUser>;
  try {
    const admin = userAdminFor(db);
    for (const user of TEST_USERS) {
      const record = await admin.addUser({ username: user.username, role: user.role, password: user.password, email: `${user.username}@example.test` });
      users[user.role] = { id: record.id, username: user.username, password: user.password };
    }
    // Suites sell without opening a drawer; test/registers/ turns require_open_session on where it tests it.
    const stores = new StoresRepository(db);
    const store = stores.defaultStore();
    stores.update(store.id, store.name, storeFieldsSchema.parse({ ...store, require_open_session: false }), store.meta_data);
  } finally {
    db.close();
  }
  const server = await startServer({ ...quietServeOptions(dataDir), ...overrides });
  // What the server wrote as it started (the tills' listener records its address) commits at the end
  // of the turn (data/commit-group.ts): a test writing over a connection of its own before then
  // would wait, in this same thread, for a lock that only this thread can let go of.
  await new Promise((resolve) => setImmediate(resolve));
  return {
    origin: server.origin,
    apiUrl: server.apiUrl,
    dataDir,
    users,
    close: async () => {
      await server.close();
      if (overrides.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `work` on a second connection to the test server's database (for data the API cannot write). */
export function withDb<T>(server: TestServer, work: (db: Database) => T): T {
  const db = openDataDirDatabase(server.dataDir);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** One real HTTP request to the server; JSON in, JSON (or text) out. */
export async function api<T = any>(
  server: Pick<TestServer, 'apiUrl'>,
  method: string,
  path: string,
  options: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, headers: response.headers, body: (isJson && text !== '' ? JSON.parse(text) : text) as T };
}

/** Logs in through `POST /auth/login`, the same path as the POS application. */
export async function login(server: TestServer, role: RoleName): Promise<TokenResponse> {
  const user = server.users[role];
  const response = await api<TokenResponse>(server, 'POST', '/auth/login', { body: { username: user.username, password: user.password } });
  if (response.status !== 200) throw new Error(`login as ${role} failed with ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}
