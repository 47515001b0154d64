/** Helpers shared by the repositories: statement caching and WHERE clauses built from filters. */
import type { Database } from 'better-sqlite3';
import { lossCountOf, readsMayBeRemembered } from './commit-group.js';
import { prepared } from './statements.js';

/** Named parameters for a query assembled from optional filters. */
export class SqlParams {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  bind(value: unknown): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `@${name}`;
  }

  list(values: readonly unknown[]): string {
    return values.map((value) => this.bind(value)).join(', ');
  }
}

/** `%text%` for LIKE, with LIKE's own wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The filters every WooCommerce collection takes (woocommerce-reference §3); dates are GMT strings. */
export interface CollectionFilter {
  search?: string | undefined;
  include?: number[] | undefined;
  exclude?: number[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  modifiedAfter?: string | undefined;
  modifiedBefore?: string | undefined;
}

/** Values read under one state of the database (`stamp`), forgotten together when it moves on. */
interface RememberedReads {
  stamp: string;
  values: Map<string, unknown>;
}
const REMEMBERED_LIMIT = 1024;

function remembered<T>(reads: WeakMap<Database, RememberedReads>, db: Database, stamp: string, key: string, read: () => T): T {
  let entry = reads.get(db);
  if (entry?.stamp !== stamp || entry.values.size >= REMEMBERED_LIMIT) {
    entry = { stamp, values: new Map() };
    reads.set(db, entry);
  }
  if (entry.values.has(key)) return entry.values.get(key) as T;
  const value = read();
  entry.values.set(key, value);
  return value;
}

/**
 * Which reads of `PRAGMA data_version` are current. It costs what a read of a table does (a read
 * lock on the WAL), where `total_changes()` costs nothing, so it is read once per turn: a turn ends
 * with the event loop's turn and whenever a request starts (`readAfresh`), so that a request sees
 * every commit made before it began, and work outside requests sees them by the next turn.
 */
let turn = 0;
let turnEndScheduled = false;
const turnVersions = new WeakMap<Database, { turn: number; version: number }>();

/** From here on, remembered reads ask again what other connections committed: called as each request starts. */
export function readAfresh(): void {
  turn += 1;
}

function dataVersion(db: Database): number {
  const known = turnVersions.get(db);
  if (known?.turn === turn) return known.version;
  const version = prepared<[], number>(db, 'PRAGMA data_version').pluck(true).get() ?? 0;
  turnVersions.set(db, { turn, version });
  if (!turnEndScheduled) {
    turnEndScheduled = true;
    setImmediate(() => {
      turnEndScheduled = false;
      turn += 1;
    });
  }
  return version;
}

const externalReads = new WeakMap<Database, RememberedReads>();

/**
 * `read()`, remembered per database and key for as long as no other connection commits (SQLite's
 * `PRAGMA data_version`, asked once a turn, see `readAfresh`). Only for tables this connection
 * never writes: its own writes do not move the version. Callers must not change what comes back.
 */
export function unlessChangedElsewhere<T>(db: Database, key: string, read: () => T): T {
  return remembered(externalReads, db, String(dataVersion(db)), key, read);
}

const quietReads = new WeakMap<Database, RememberedReads>();

/**
 * `read()`, remembered per database and key until anything is written: by this connection (SQLite's
 * `total_changes()`, which counts the rows its statements and their triggers change) or by any
 * other (`PRAGMA data_version` moves when one commits; read once a turn, see `readAfresh`). For
 * what every request reads again while nothing is written: its session, the store, the settings,
 * the catalogue's versions. Inside a write transaction it reads afresh and remembers nothing, since
 * what it sees there may yet be rolled back; between the writes of the server's commit group it may
 * remember, keyed also on the group's losses (commit-group.ts). The value is frozen, whole: every
 * caller shares it, and one that changed it would change it for the next.
 */
export function untilWritten<T>(db: Database, key: string, read: () => T): T {
  if (!readsMayBeRemembered(db)) return read();
  const changes = prepared<[], number>(db, 'SELECT total_changes()').pluck(true).get() ?? 0;
  return remembered(quietReads, db, `${changes}:${dataVersion(db)}:${lossCountOf(db)}`, key, () => deepFreeze(read()));
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value)) return value;
  for (const property of Object.values(value)) deepFreeze(property);
  return Object.freeze(value);
}

const configReads = new WeakMap<Database, RememberedReads>();

/**
 * `read()` of the shop's set-up (migration 16's tables: stores, their users, settings, taxes,
 * gateways), remembered per database and key while `config_version` stands, which triggers move on
 * every write to those tables from any connection. Unlike `untilWritten` it survives the writes of
 * sales, and it answers from memory inside a write too: the version is read in the write's own
 * view, so the write's own changes to the set-up move it, and a savepoint rolled back moves it back
 * to where the remembered value is still true. What is read inside a write is not kept (it may yet
 * be rolled back, and a later write could reach the same number with other rows), nor in a commit
 * group that was lost (`lossCountOf`). The value is frozen, whole: every caller shares it.
 */
export function whileConfigStands<T>(db: Database, key: string, read: () => T): T {
  const version = prepared<[], number>(db, 'SELECT version FROM config_version WHERE slot = 1').pluck(true).get() ?? 0;
  const stamp = `${version}:${lossCountOf(db)}`;
  if (readsMayBeRemembered(db)) return remembered(configReads, db, stamp, key, () => deepFreeze(read()));
  const entry = configReads.get(db);
  if (entry?.stamp === stamp && entry.values.has(key)) return entry.values.get(key) as T;
  return deepFreeze(read());
}
