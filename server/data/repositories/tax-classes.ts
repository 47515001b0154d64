import type { Database } from '../database.js';
import { whileConfigStands } from '../sql.js';
import { prepared } from '../statements.js';

export interface TaxClass {
  slug: string;
  name: string;
}

/** Tax classes in their configured order; `standard` is position 0 (migration 3). */
export class TaxClassesRepository {
  constructor(private readonly db: Database) {}

  /** Read by every sale's totals, so kept while the set-up stands (migration 16; frozen). */
  all(): readonly TaxClass[] {
    return whileConfigStands(this.db, 'tax-classes.all', () =>
      prepared<[], TaxClass>(this.db, 'SELECT slug, name FROM tax_classes ORDER BY position, slug').all(),
    );
  }

  exists(slug: string): boolean {
    return prepared<[string], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM tax_classes WHERE slug = ?').get(slug)?.n === 1;
  }

  /** Adds a tax class after the existing ones. */
  create(slug: string, name: string): void {
    const position = prepared<[], { n: number | null }>(this.db, 'SELECT MAX(position) + 1 AS n FROM tax_classes').get()?.n ?? 0;
    prepared(this.db, 'INSERT INTO tax_classes (slug, name, position) VALUES (?, ?, ?)').run(slug, name, position);
  }
}
