import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, DATABASE_FILE, parseHostPort } from '../config.js';
import { acquireServerLock, DataDirInUseError, describeHolder } from '../data/server-lock.js';
import { prepareDataDir } from '../start.js';
import { restoreTill } from '../tills/restore/restore-till.js';
import { dataDirOf, parse, UsageError, type CliIo } from './args.js';
import { readSecret, SECRET_STORE_OPTION, secretStoreOf } from './secret-input.js';

/** Whether a directory holds nothing (or does not exist yet). */
function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * `tillbase peers restore HOST:PORT --code-stdin [--till ID] [--address HOST:PORT]`: a dead till
 * rebuilt into an empty data directory from a living till of its shop (tills/restore/). Unlike
 * `peers join` it runs with no server on the data directory (it is a new machine): it holds the
 * directory's lock while it writes, and leaves the directory empty again when it fails, so the
 * next try starts clean.
 */
export async function restoreCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    'peers restore',
    args,
    { 'code-stdin': { type: 'boolean' }, till: { type: 'string' }, address: { type: 'string' }, fingerprint: { type: 'string' }, ...SECRET_STORE_OPTION },
    1,
  );
  if (!values['code-stdin']) throw new UsageError('peers restore reads the code from standard input: pass --code-stdin', 'peers restore');
  const address = parseHostPort(positionals[0] ?? '', 'the living till’s pairing address');
  const selfAddress = values.address === undefined ? '' : parseHostPort(values.address, '--address');
  const dataDir = dataDirOf(values, io.env);
  if (!isEmptyDir(dataDir))
    throw new ConfigError(`${dataDir} is not empty: restore a till into an empty data directory (a new machine's), never over another till's data`);
  const code = (await readSecret(io.stdin)).trim();
  prepareDataDir(dataDir);
  let lock;
  try {
    lock = acquireServerLock(dataDir, 'peers restore');
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new ConfigError(`cannot restore while ${describeHolder(error.holder)} uses ${dataDir}`);
    throw error;
  }
  const started = performance.now();
  let restored;
  try {
    const secrets = await secretStoreOf(values, dataDir, io);
    restored = await restoreTill({
      dataDir,
      databaseFile: join(dataDir, DATABASE_FILE),
      secrets,
      address,
      code,
      tillId: values.till,
      selfAddress,
      fingerprint: values.fingerprint,
      progress: (line) => io.stdout.write(`${line} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`),
    });
  } catch (error) {
    lock.release();
    // The directory was empty: whatever is in it now is this restore's, half made.
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
  lock.release();
  const { summary, identity } = restored;
  io.stdout.write(
    `restored ${identity.name} (${identity.till_id}) from ${restored.from.name} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${summary.entries} journal entries, ${summary.orders} orders, ${summary.refunds} refunds, ${summary.sessions} drawer sessions (${summary.openSessions} open), ` +
      `${summary.unknown} sales and refunds to look up in WooCommerce before sending; the last receipt was ${summary.lastNumber ?? 'none'}\n` +
      `Start it with tillbase serve --data-dir ${dataDir} --lan-port PORT (the port of the address the shop has for it), then run tillbase journal verify.\n`,
  );
  return 0;
}
