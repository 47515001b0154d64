import { dirname } from 'node:path';
import { backupDatabase, type DatabaseFileFacts } from '../../data/backup.js';
import type { Database } from '../../data/database.js';

/** Copies of the live database, made as `tillbase backup` makes them (data/backup.ts). */
export class DatabaseBackup {
  constructor(private readonly db: Database) {}

  /** The directory of the database file, which only its owner can enter: where copies in progress are kept. */
  get dataDirectory(): string {
    return dirname(this.db.name);
  }

  /** A consistent copy at `target` (SQLite's online backup in one read transaction, then the integrity check). */
  copyTo(target: string): Promise<DatabaseFileFacts> {
    return backupDatabase(this.db.name, target);
  }
}
