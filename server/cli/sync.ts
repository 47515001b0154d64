import { existsSync, writeFileSync } from 'node:fs';
import { syncStatusCommand, syncVerifyCommand } from './sync-report.js';
import { dirname, resolve } from 'node:path';
import { createServices } from '../composition.js';
import { ConfigError } from '../config.js';
import { ApiError } from '../domain/errors.js';
import { openDataDirDatabase } from '../start.js';
import { CataloguePullFailed, PULLED_RESOURCES, type PullProgress, type PullReport } from '../sync/pull/report.js';
import { openShop } from '../sync/shop/open-shop.js';
import { dataDirOf, EXIT_REFUSED, existingDataDir, parse, UsageError, type CliIo } from './args.js';
import { readSecret, SECRET_STORE_OPTION, secretStoreOf } from './secret-input.js';

const COMMANDS = 'connect, disconnect, resume, pull, status, verify';

/** Opens the data directory's database and services for one command, and closes it after. */
async function withServices<T>(dataDir: string, work: (services: ReturnType<typeof createServices>) => Promise<T>): Promise<T> {
  const db = openDataDirDatabase(existingDataDir(dataDir));
  try {
    return await work(createServices(db));
  } finally {
    db.close();
  }
}

/** One line per page read, on standard error: the report on standard output stays readable by scripts. */
function progressPrinter(io: CliIo): (progress: PullProgress) => void {
  return (progress) => {
    io.stderr.write(`pulling ${progress.resource}: ${progress.done}${progress.total === null ? '' : ` of ${progress.total}`}\n`);
  };
}

function printReport(io: CliIo, report: PullReport): void {
  io.stdout.write(`${report.kind} pull in ${report.seconds.toFixed(1)} s\n`);
  for (const resource of PULLED_RESOURCES) {
    const c = report.counts[resource];
    const parts = [`${c.created} created`, `${c.updated} updated`, `${c.deleted} deleted`];
    if (c.local_only > 0) parts.push(`${c.local_only} local-only`);
    if (c.skipped > 0) parts.push(`${c.skipped} skipped`);
    io.stdout.write(`  ${resource.padEnd(12)}${parts.join(', ')}\n`);
  }
}

/** Refusals of the sync (a bad key, unsent entries, a pull that stopped) are one line on standard error, exit 1. */
async function refusing(io: CliIo, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError || error instanceof CataloguePullFailed) {
      io.stderr.write(`tillbase: ${error.message}\n`);
      return EXIT_REFUSED;
    }
    throw error;
  }
}

async function connectCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse(
    'sync connect',
    args,
    { url: { type: 'string' }, 'consumer-key': { type: 'string' }, 'consumer-secret-stdin': { type: 'boolean' }, ...SECRET_STORE_OPTION },
    0,
  );
  if (values.url === undefined || values['consumer-key'] === undefined) throw new UsageError('sync connect needs --url and --consumer-key', 'sync connect');
  if (!values['consumer-secret-stdin'])
    throw new UsageError('sync connect reads the consumer secret from standard input: pass --consumer-secret-stdin', 'sync connect');
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const secret = await readSecret(io.stdin);
  const secrets = await secretStoreOf(values, dataDir, io);
  return withServices(dataDir, (services) =>
    refusing(io, async () => {
      io.stderr.write(`checking the key with ${values.url ?? ''}...\n`);
      const connected = await services
        .syncConnectorFor(secrets)
        .connect(
          { url: values.url ?? '', consumerKey: values['consumer-key'] ?? '', consumerSecret: secret },
          { waitForPull: true, onProgress: progressPrinter(io) },
        );
      for (const warning of connected.warnings) io.stderr.write(`tillbase: warning: ${warning}\n`);
      const { connection } = connected;
      io.stdout.write(
        `connected to ${connection.url} (${connection.auth === 'basic' ? 'HTTP Basic over HTTPS' : 'OAuth 1.0a signatures'}), key ending ${connection.consumer_key_ending}; the secret is in the ${secrets.kind} secret store\n`,
      );
      if (connected.pull) printReport(io, connected.pull);
      return 0;
    }),
  );
}

async function disconnectCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse('sync disconnect', args, { force: { type: 'boolean' }, export: { type: 'string' }, ...SECRET_STORE_OPTION }, 0);
  if (values.force && values.export === undefined)
    throw new UsageError('sync disconnect --force needs --export FILE: the unsent entries are written there first', 'sync disconnect');
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const target = values.export === undefined ? undefined : resolve(values.export);
  if (target !== undefined && !existsSync(dirname(target)))
    throw new ConfigError(`cannot export to ${target}: the directory ${dirname(target)} does not exist`);
  const secrets = await secretStoreOf(values, dataDir, io);
  return withServices(dataDir, (services) =>
    refusing(io, async () => {
      const connector = services.syncConnectorFor(secrets);
      const unsent = connector.unsent();
      if (target !== undefined) {
        writeFileSync(target, `${JSON.stringify(unsent, null, 2)}\n`, { mode: 0o600 });
        io.stdout.write(`exported ${unsent.length} unsent ${unsent.length === 1 ? 'entry' : 'entries'} to ${target}\n`);
      }
      const { handled } = await connector.disconnect(values.force === true);
      io.stdout.write(
        `disconnected from WooCommerce${handled.length > 0 ? `; ${handled.length} unsent ${handled.length === 1 ? 'entry is' : 'entries are'} marked handled` : ''}\n`,
      );
      return 0;
    }),
  );
}

async function resumeCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse('sync resume', args, { ...SECRET_STORE_OPTION }, 0);
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const secrets = await secretStoreOf(values, dataDir, io);
  return withServices(dataDir, (services) =>
    refusing(io, async () => {
      const connection = await services.syncConnectorFor(secrets).resume();
      io.stdout.write(`WooCommerce at ${connection.url} accepts the saved key (ending ${connection.consumer_key_ending}): sending goes on\n`);
      return 0;
    }),
  );
}

async function pullCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse('sync pull', args, { full: { type: 'boolean' }, ...SECRET_STORE_OPTION }, 0);
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const secrets = await secretStoreOf(values, dataDir, io);
  return withServices(dataDir, (services) =>
    refusing(io, async () => {
      const shop = await openShop(services.repositories.syncConnection.find(), secrets);
      if (shop.kind === 'refused') throw shop.refusal;
      printReport(io, await services.syncPull(shop.client, values.full ? 'full' : 'incremental', progressPrinter(io)));
      return 0;
    }),
  );
}

/** `tillbase sync connect|disconnect|resume|pull|status|verify`; `status` and `verify` are the sync report's (cli/sync-report.ts). */
export async function syncCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'connect':
      return connectCommand(rest, io);
    case 'disconnect':
      return disconnectCommand(rest, io);
    case 'resume':
      return resumeCommand(rest, io);
    case 'pull':
      return pullCommand(rest, io);
    case 'status':
      return syncStatusCommand(rest, io);
    case 'verify':
      return syncVerifyCommand(rest, io);
    default:
      throw new UsageError(action === undefined ? `sync needs a command (${COMMANDS})` : `unknown sync command "${action}" (${COMMANDS})`, 'sync');
  }
}
