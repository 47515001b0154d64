import type { Database } from '../database.js';
import { whileConfigStands } from '../sql.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';

/** Settings sections as key → JSON value; the section schemas (domain) hold the defaults. */
export class SettingsRepository {
  constructor(private readonly db: Database) {}

  section(section: string): Record<string, unknown> {
    const rows = prepared<[string], { key: string; value: string }>(this.db, 'SELECT key, value FROM settings WHERE section = ?').all(section);
    return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  }

  /**
   * A section as `read` makes it from its stored keys (defaults, validation), kept while the shop's
   * set-up stands (migration 16) and frozen: the till's settings are read by most requests, every
   * sale among them, and written seldom. One `read` per section name: the name is the key.
   */
  sectionAs<T>(section: string, read: (stored: Record<string, unknown>) => T): T {
    return whileConfigStands(this.db, `settings.section:${section}`, () => read(this.section(section)));
  }

  /** Writes the given keys of a section in one transaction; other keys stay as they are. */
  write(section: string, values: Record<string, unknown>): void {
    const upsert = prepared(
      this.db,
      'INSERT INTO settings (section, key, value) VALUES (?, ?, ?) ON CONFLICT (section, key) DO UPDATE SET value = excluded.value',
    );
    writeTransaction(this.db, () => {
      for (const [key, value] of Object.entries(values)) upsert.run(section, key, JSON.stringify(value));
    });
  }
}
