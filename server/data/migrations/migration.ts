import type { Database } from 'better-sqlite3';

/** One step of the schema. `up` runs inside a transaction that also sets `PRAGMA user_version`. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
