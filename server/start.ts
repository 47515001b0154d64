import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NAMESPACE } from '../shared/api.js';
import { ConfigError, DATABASE_FILE, isLoopbackHost, type ServeOptions } from './config.js';
import { apiCertificateHosts } from './tills/identity/api-hosts.js';
import { checkpointLikeTheServer, openDatabase, type Database } from './data/database.js';
import { tightenDirectory, tightenFile } from './data/private-files.js';
import { keepSearchIndexTidy } from './data/repositories/product-search.js';
import { acquireServerLock, HOLDER_FILE } from './data/server-lock.js';
import { seedDemoCatalogue } from './demo/catalogue.js';
import { createDemoUsers, CREDENTIALS_FILE } from './demo/demo-users.js';
import { TokenSigner } from './domain/auth/tokens.js';
import type { UserAdmin } from './domain/user-admin.js';
import { createAppServices, createServices, type Services } from './composition.js';
import { startReplication } from './tills/replication/replication.js';
import { createApp } from './http/app.js';
import { createAppServer } from './http/app-server.js';
import type { AppContext } from './http/context.js';
import { ListenerSockets } from './listener-sockets.js';
import { createLogger, type Logger } from './logging.js';
import { SECRETS_FILE_NAME } from './secrets/file-store.js';
import { loadSigningKey, openSecretStore } from './secrets/open-secret-store.js';
import type { SecretStore } from './secrets/secret-store.js';
import { prepared } from './data/statements.js';
import { commitGroupOf } from './data/commit-group.js';
import { keepHeapSmall } from './heap-tuning.js';

export { DATABASE_FILE, type ServeOptions } from './config.js';

export interface RunningServer {
  /** `http://127.0.0.1:8787/pos/v1` */
  apiUrl: string;
  /** `http://127.0.0.1:8787` */
  origin: string;
  secrets: SecretStore;
  /** With --lan-port: the tills' listener as bound, and as peers reach it (--lan-advertise). */
  tills?: { listening: string; advertised: string } | undefined;
  close(): Promise<void>;
}

/** What the data directory holds that is nobody else's business: sales, password hashes, keys, passwords. */
const PRIVATE_FILES = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, CREDENTIALS_FILE, SECRETS_FILE_NAME, HOLDER_FILE];
/**
 * The build output holding the renderer and the shared browser modules: the folder above this file
 * when it runs from dist/server, and the project's dist/ when the sources run directly (tests).
 */
const serverDir = dirname(fileURLToPath(import.meta.url));
const UI_ROOT = basename(dirname(serverDir)) === 'dist' ? dirname(serverDir) : join(dirname(serverDir), 'dist');

/** Creates the data directory if needed and checks that it is a writable directory. */
export function prepareDataDir(dataDir: string): string {
  const dir = resolve(dataDir);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new ConfigError(`the data directory ${dir} is not usable: ${error instanceof Error ? error.message.replace(/^\w+: /, '') : String(error)}`);
  }
  return dir;
}

/** Opens the database of a data directory (for the CLI's administrative commands as well as the server). */
export function openDataDirDatabase(dataDir: string): Database {
  return openDatabase(join(prepareDataDir(dataDir), DATABASE_FILE));
}

/** The user administration of the CLI's commands and of the tests' set-up, over their own connection. */
export function userAdminFor(db: Database): UserAdmin {
  return createServices(db).userAdmin;
}

async function seedDemoIfWanted(services: Services, options: ServeOptions, dataDir: string, logger: Logger, announce: (line: string) => void): Promise<void> {
  const empty = services.repositories.users.count() === 0;
  if (options.demo === false) return;
  if (!empty) {
    if (options.demo === true) logger.info('the database already has users: the demo store is seeded only into an empty database');
    return;
  }
  for (const line of await createDemoUsers(services.userAdmin, dataDir)) announce(line);
  // The demo register is left closed: the first cashier opens it with the float in the drawer.
  seedDemoCatalogue(services);
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ConfigError(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (choose another with --port)`
            : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      );
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolvePort(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

/**
 * Files made by older versions or by hand may be readable by other users of the machine; the data
 * directory's own mode is the first guard, the files' modes the second.
 */
function makeDataDirPrivate(dataDir: string, logger: Logger): void {
  const previousMode = tightenDirectory(dataDir);
  if (previousMode !== undefined) {
    logger.warn({ dataDir }, `the data directory was mode ${previousMode.toString(8).padStart(4, '0')}, open to other users; it is now 0700`);
  }
  const tightened = PRIVATE_FILES.filter((file) => tightenFile(join(dataDir, file)));
  if (tightened.length > 0) logger.warn({ dataDir, files: tightened }, 'files in the data directory were open to other users; they are now 0600');
}

/**
 * Bytes that are not HTTP at all never reach Express: Node's parser refuses them. They still get the
 * WordPress error body rather than Node's bare `400 Bad Request`, and the connection is closed.
 */
function answerUnparseableRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    code: 'rest_bad_request',
    message: tooLarge ? 'The request headers are too large.' : 'The request could not be parsed as HTTP.',
    data: { status },
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Starts the pos/v1 server: data directory and its lock, secrets, database, demo seed, HTTP. */
export async function startServer(options: ServeOptions, announce: (line: string) => void = () => undefined): Promise<RunningServer> {
  keepHeapSmall();
  const dataDir = prepareDataDir(options.dataDir);
  const logger = createLogger(options.logLevel);
  makeDataDirPrivate(dataDir, logger);
  // Before the database opens: a second server, or a second first start migrating the same file
  // at the same moment, stops here with the holder's name instead of failing halfway.
  const lock = acquireServerLock(dataDir);
  let db: Database | undefined;
  try {
    const secrets = await openSecretStore({
      choice: options.secretStore,
      dataDir,
      warn: (message) => {
        logger.warn(message);
      },
    });
    db = openDatabase(join(dataDir, DATABASE_FILE));
    const openDb = db;
    const signingKey = await loadSigningKey(secrets);
    const installationId = prepared<[], { value: string }>(db, "SELECT value FROM installation WHERE key = 'installation_id'").get()?.value;
    if (installationId === undefined) throw new Error('the database has no installation id');
    // Every repository and service, once, before the first request (composition.ts).
    const services = createAppServices(db, {
      signer: new TokenSigner(signingKey, `tillbase:${installationId}`),
      tokens: { accessTtlSeconds: options.accessTtlSeconds, refreshTtlSeconds: options.refreshTtlSeconds, refreshRotation: options.refreshRotation },
      logger,
      secrets,
      lan: options.lanPort === undefined ? undefined : { lanPort: options.lanPort, lanHost: options.lanHost ?? '0.0.0.0', lanAdvertise: options.lanAdvertise },
      peerNetwork: options.peerNetwork,
    });
    // A catalogue import that died half-way is undone before the tills can sell from it (import/journal.ts).
    for (const run of services.undoAbandonedImports()) logger.warn({ file: run.file, pid: run.pid }, 'undid an unfinished catalogue import');
    await seedDemoIfWanted(services, options, dataDir, logger, announce);
    services.pushWorker.recoverInterrupted();

    keepSearchIndexTidy(db);
    checkpointLikeTheServer(db);
    // The shop's journals, with the tills' listener (--lan-port): once this till is paired, its own
    // entries out, the other tills' in (tills/replication). Without it the till is alone, as before.
    const replicatingOver = options.peerNetwork ?? (services.tills.lan === undefined ? undefined : services.tills.network);
    const replication =
      replicatingOver === undefined
        ? undefined
        : await startReplication({
            network: replicatingOver,
            dataDir,
            db,
            journal: services.journal,
            orders: services.orders,
            replica: services.repositories.shopReplica,
            shopStock: services.repositories.shopStock,
            productStock: services.repositories.productStock,
            registers: services.repositories.registers,
            closures: services.repositories.journal,
            databaseFile: join(dataDir, DATABASE_FILE),
            shopRefunds: services.repositories.shopRefunds,
            refunds: services.shopRefunds,
            people: services.repositories.shopPeople,
            sessions: services.repositories.sessions,
            copies: services.tills.copies,
            tills: services.repositories.tills,
            logger,
          });
    const context: AppContext = { db, services, auth: services.auth, logs: services.repositories.logs, logger };
    const app = createApp(context, { allowedOrigins: options.allowedOrigins, allowedHosts: options.allowedHosts, uiRoot: UI_ROOT });
    // Plain HTTP only on loopback. Elsewhere bearer tokens would cross the shop's network readable,
    // so the API is HTTPS with a certificate from the shop CA, which a till that is not paired yet
    // makes for itself: a shop with one till and a tablet expects it to work without a second till,
    // and the CA is the one it keeps when more tills pair with it (or it joins another's, then
    // tablets trust that one instead).
    const tls = isLoopbackHost(options.host)
      ? undefined
      : await services.tills.identity.apiCertificate(apiCertificateHosts(options.host, options.allowedHosts));
    const httpServer = createAppServer(app, tls === undefined ? undefined : { key: tls.key, cert: tls.certificate });
    httpServer.on('clientError', answerUnparseableRequest);
    const sockets = new ListenerSockets(httpServer);
    const port = await listen(httpServer, options.host, options.port);
    const hostInUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
    const origin = `${tls === undefined ? 'http' : 'https'}://${hostInUrl}:${port}`;
    try {
      await services.tills.lan?.start();
    } catch (error) {
      // The API listener is up already: closed here, or the process would never exit.
      await sockets.close();
      await services.tills.lan?.close();
      throw error;
    }
    lock.announce(`${origin}/`);
    logger.info({ dataDir, secretStore: secrets.kind }, 'server started');
    // After the server listens: a pass that finds no connection does nothing.
    services.pushWorker.start();
    services.pullWorker.start();

    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= new Promise<void>((resolveClose) => {
        // The push in flight ends (or times out) before the database closes under it.
        const syncStopped = Promise.all([services.pushWorker.stop(), services.pullWorker.stop(), services.tills.lan?.close(), replication?.close()]);
        // Requests under way get 2 s to finish; then every connection is ended.
        void sockets.close(2000).then(async () => {
          await syncStopped;
          commitGroupOf(openDb)?.commit();
          openDb.close();
          lock.release();
          logger.info('server stopped');
          resolveClose();
        });
      });
      return closing;
    };
    return {
      apiUrl: `${origin}${API_NAMESPACE}`,
      origin,
      secrets,
      tills: services.tills.lan && { listening: services.tills.lan.listening(), advertised: services.tills.lan.address() },
      close,
    };
  } catch (error) {
    db?.close();
    lock.release();
    throw error;
  }
}
