import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { ROLES, type RoleName } from '../../shared/access.js';
import type { ServeOptions } from '../../server/config.js';
import { seedDemoCatalogue } from '../../server/demo/catalogue.js';
import { openDataDirDatabase } from '../../server/start.js';
import { login, makeDataDir, startTestServer, type TestServer } from './server.js';
import { servicesOf } from './services.js';
import { seedCatalogue, setStore, UK_STORE, type Catalogue } from './shop-data.js';

/**
 * `useServer()`: a test file's (or describe block's) server in one line, in the spirit of Ghost's
 * agentProvider and fixtureManager. Called while vitest collects the tests, it registers its own
 * beforeAll and afterAll and answers objects that the beforeAll fills in place, so a file can
 * destructure them at the top (`const { server, tokens } = useServer()`) and read them in its tests.
 * Tests that need several servers, or stop and restart one, keep calling startTestServer().
 */

/** `sale`: shop-data.ts's catalogue (coffee, tea, shirt…), answered as `catalogue`; `demo`: the demo catalogue (299 products). */
export type CatalogueName = 'sale' | 'demo';

export interface UseServerOptions<C extends CatalogueName | undefined> {
  /** Logged in through POST /auth/login, in this order, after the data is seeded; all three unless told. */
  roles?: readonly RoleName[];
  /** `uk`: the default store becomes shop-data.ts's UK_STORE (GBP, 20 % and 5 % VAT, prices without tax). */
  store?: 'uk';
  catalogue?: C;
  /** Start-up options of the server (a data directory of the caller's is left in place on close). */
  serve?: Partial<ServeOptions>;
  /** Runs on the data directory before the server first opens it (files a start must find there). */
  beforeStart?: (dataDir: string) => void;
  /** Milliseconds the start and set-up may take, for set-ups that write large catalogues (vitest's hookTimeout unless told). */
  timeout?: number;
}

export interface ServerFixture<C extends CatalogueName | undefined = undefined> {
  server: TestServer;
  /** Each logged-in role's access token; reading a role that was not logged in throws. */
  tokens: Readonly<Record<RoleName, string>>;
  catalogue: C extends 'sale' ? Catalogue : undefined;
}

/** Access tokens that throw when read for a role `useServer` did not log in, instead of sending no token. */
function tokenTable(issued: Partial<Record<RoleName, string>>): Readonly<Record<RoleName, string>> {
  const table = {} as Record<RoleName, string>;
  for (const role of ROLES) {
    Object.defineProperty(table, role, {
      enumerable: true,
      get: () => {
        const token = issued[role];
        if (token === undefined) throw new Error(`no ${role} token: the server is not up yet, or useServer({ roles }) does not name ${role}`);
        return token;
      },
    });
  }
  return table;
}

/**
 * Starts a server before the tests of the enclosing file or describe block and closes it after them.
 * In the beforeAll: the server starts (over the demo catalogue and `beforeStart`'s files, if asked), the store
 * and the sale catalogue are written, the roles log in, and then `setup` runs with the filled fixture:
 * the file's own data, kept beside the call that it belongs to.
 */
export function useServer<C extends CatalogueName | undefined = undefined>(
  options: UseServerOptions<C> = {},
  setup?: (fixture: ServerFixture<C>) => Promise<void> | void,
): ServerFixture<C> {
  const server = {} as TestServer;
  const issued: Partial<Record<RoleName, string>> = {};
  const catalogue = options.catalogue === 'sale' ? ({} as Catalogue) : undefined;
  const fixture = { server, tokens: tokenTable(issued), catalogue } as ServerFixture<C>;
  let started: TestServer | undefined;
  let ownDataDir: string | undefined;

  beforeAll(async () => {
    let dataDir = options.serve?.dataDir;
    if (dataDir === undefined && (options.catalogue === 'demo' || options.beforeStart !== undefined)) dataDir = ownDataDir = makeDataDir();
    if (dataDir !== undefined && options.catalogue === 'demo') {
      const db = openDataDirDatabase(dataDir);
      try {
        seedDemoCatalogue(servicesOf(db));
      } finally {
        db.close();
      }
    }
    if (dataDir !== undefined) options.beforeStart?.(dataDir);
    started = await startTestServer({ ...options.serve, ...(dataDir === undefined ? {} : { dataDir }) });
    Object.assign(server, started);
    if (options.store === 'uk') setStore(server, UK_STORE);
    if (catalogue !== undefined) Object.assign(catalogue, seedCatalogue(server));
    for (const role of options.roles ?? ROLES) issued[role] = (await login(server, role)).access_token;
    await setup?.(fixture);
  }, options.timeout);

  afterAll(async () => {
    await started?.close();
    if (ownDataDir !== undefined) rmSync(ownDataDir, { recursive: true, force: true });
  });

  return fixture;
}
