import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../config.js';
import { checkTillbaseDatabase, copyDatabase, installDatabase, setAsideDatabase, UnusableDatabaseError, type DatabaseFileFacts } from '../data/backup.js';
import { DatabaseTooNewError, openDatabase } from '../data/database.js';
import { createRepositories, type Repositories } from '../composition-repositories.js';
import { Decimal } from '../model/money.js';
import { MIGRATIONS } from '../data/migrations/index.js';
import { acquireServerLock, DataDirInUseError, describeHolder } from '../data/server-lock.js';
import { DATABASE_FILE, prepareDataDir } from '../start.js';
import { dataDirOf, EXIT_REFUSED, existingDataDir, parse, type CliIo } from './args.js';

function sizeOf(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 'bytes';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return unit === 'bytes' ? `${bytes} bytes` : `${value.toFixed(1)} ${unit}`;
}

function describe(facts: DatabaseFileFacts): string {
  return `${sizeOf(facts.bytes)}, schema version ${facts.schemaVersion}, integrity check ok`;
}

/** Removes a half-made copy whatever went wrong, and says what was wrong with the file in one line. */
async function makingCopy<T>(temporary: string, what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof UnusableDatabaseError || error instanceof DatabaseTooNewError) throw new ConfigError(`${what}: ${error.message}`);
    throw error;
  }
}

/** `tillbase backup FILE [--force]`: a consistent copy of the live database, made while the server sells. */
export async function backupCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse('backup', args, { force: { type: 'boolean' } }, 1);
  const dataDir = existingDataDir(dataDirOf(values, io.env));
  const database = join(dataDir, DATABASE_FILE);
  const target = resolve(positionals[0] ?? '');
  if (target === database || target.startsWith(`${database}-`))
    throw new ConfigError(`${target} is the live database or one of its files: back up to another file`);
  if (!existsSync(dirname(target))) throw new ConfigError(`cannot back up to ${target}: the directory ${dirname(target)} does not exist`);
  if (existsSync(target) && !values.force) throw new ConfigError(`${target} exists already: pass --force to replace it, or choose another file`);
  if (existsSync(target) && statSync(target).isDirectory()) throw new ConfigError(`${target} is a directory: name the backup file`);

  // Built beside the target and renamed into place: an interrupted backup never leaves a file
  // that looks like a backup, and --force never destroys the old one before the new one is whole.
  const temporary = `${target}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const facts = await makingCopy(temporary, `the database in ${dataDir} cannot be backed up`, async () => {
    await copyDatabase(database, temporary, { readonly: false });
    const checked = checkTillbaseDatabase(temporary);
    renameSync(temporary, target);
    return checked;
  });
  io.stdout.write(`backed up ${database} to ${target}: ${describe(facts)}\n`);
  return 0;
}

function restoreTimestamp(): string {
  return new Date().toISOString().replace(/:/g, '');
}

type Unsent = ReturnType<Repositories['syncOutbox']['unsent']>;

/** What of the database about to be replaced has not reached WooCommerce; nothing when there is no database or it cannot be read. */
function unsentIn(database: string, io: CliIo): Unsent {
  if (!existsSync(database)) return [];
  let db;
  try {
    db = openDatabase(database);
  } catch (error) {
    // The database a restore replaces may be the broken one: it is kept beside the new one, outbox and all.
    io.stderr.write(`tillbase: cannot read the current database to see what is unsent (${error instanceof Error ? error.message : String(error)})\n`);
    return [];
  }
  try {
    return createRepositories(db).syncOutbox.unsent();
  } finally {
    db.close();
  }
}

/** "14 sales (312.40), 1 refund (5.00), 2 other entries (customers, stock)". */
function describeUnsent(unsent: Unsent): string {
  const of = (kind: string) => unsent.filter(({ entry }) => entry.kind === kind);
  const amount = (entries: Unsent) => entries.reduce((sum, { entry }) => sum.plus(entry.amount ?? '0'), new Decimal(0)).toFixed(2);
  const parts: string[] = [];
  const sales = of('sale');
  const refunds = of('refund');
  if (sales.length > 0) parts.push(`${sales.length} sale${sales.length === 1 ? '' : 's'} (${amount(sales)})`);
  if (refunds.length > 0) parts.push(`${refunds.length} refund${refunds.length === 1 ? '' : 's'} (${amount(refunds)})`);
  const others = unsent.length - sales.length - refunds.length;
  if (others > 0) parts.push(`${others} other entr${others === 1 ? 'y' : 'ies'} (customers, stock)`);
  return parts.join(', ');
}

/** The unsent outbox entries with their journal entries, as JSON in a new file only its owner reads. */
function exportUnsent(file: string, database: string, unsent: Unsent): void {
  const target = resolve(file);
  if (existsSync(target)) throw new ConfigError(`${target} exists already: export the unsent entries to a new file`);
  if (!existsSync(dirname(target))) throw new ConfigError(`cannot export to ${target}: the directory ${dirname(target)} does not exist`);
  const document = { exported_gmt: new Date().toISOString().slice(0, 19), database, entries: unsent };
  writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
}

/**
 * `tillbase restore FILE`: puts a checked copy of a backup in place of the database while holding
 * the data directory's lock, so no server can start on a half-swapped database. The replaced
 * database is kept. Unlike the other commands it may create the data directory: restoring onto a
 * new till is what it is for.
 */
export async function restoreCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse('restore', args, { force: { type: 'boolean' }, export: { type: 'string' } }, 1);
  const source = resolve(positionals[0] ?? '');
  if (!existsSync(source)) throw new ConfigError(`cannot restore ${source}: no such file`);
  if (statSync(source).isDirectory()) throw new ConfigError(`cannot restore ${source}: it is a directory`);
  const dataDir = prepareDataDir(dataDirOf(values, io.env));
  const database = join(dataDir, DATABASE_FILE);
  if (source === database) throw new ConfigError(`${source} is the database itself: restore from a backup file`);

  let lock;
  try {
    lock = acquireServerLock(dataDir, 'restore');
  } catch (error) {
    if (error instanceof DataDirInUseError) throw new ConfigError(`cannot restore while ${describeHolder(error.holder)} uses ${dataDir}: stop it first`);
    throw error;
  }
  try {
    const temporary = join(dataDir, `${DATABASE_FILE}.restore-${process.pid}.tmp`);
    rmSync(temporary, { force: true });
    const facts = await makingCopy(temporary, `cannot restore ${source}`, async () => {
      await copyDatabase(source, temporary, { readonly: true });
      return checkTillbaseDatabase(temporary);
    });
    // The restored database would never send what this one has not sent yet (issue 23, item 7). Asked
    // after the candidate is checked, so that a refused candidate leaves the data directory untouched.
    const unsent = unsentIn(database, io);
    if (unsent.length > 0) {
      if (values.export !== undefined) {
        exportUnsent(values.export, database, unsent);
        io.stdout.write(`exported the unsent entries (${describeUnsent(unsent)}) to ${resolve(values.export)}\n`);
      }
      if (values.force !== true || values.export === undefined) {
        io.stderr.write(
          `tillbase: restore refused: ${describeUnsent(unsent)} of this till are not in WooCommerce yet, and the restored database would not send them; ` +
            `${values.export === undefined ? 'export them with --export FILE and ' : ''}pass --force to restore anyway\n`,
        );
        rmSync(temporary, { force: true });
        return EXIT_REFUSED;
      }
    }
    const keptAs = `${database}.before-restore-${restoreTimestamp()}`;
    const kept = setAsideDatabase(database, keptAs);
    installDatabase(temporary, database);
    io.stdout.write(`restored ${source} into ${database}: ${describe(facts)}\n`);
    if (kept) io.stdout.write(`the replaced database is kept as ${keptAs}\n`);
    if (facts.schemaVersion < MIGRATIONS.length)
      io.stdout.write(`its schema is migrated from version ${facts.schemaVersion} to ${MIGRATIONS.length} at the next start\n`);
    return 0;
  } finally {
    lock.release();
  }
}
