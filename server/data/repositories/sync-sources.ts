import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { JournalRecord } from '../../model/records/journal.js';

/** What the push reads of the journal and the stock ledger beside the orders' own repositories. */
export class SyncSourcesRepository {
  constructor(private readonly db: Database) {}

  journalEntry(id: string): JournalRecord | undefined {
    return prepared<[string], JournalRecord>(this.db, 'SELECT * FROM journal WHERE id = ?').get(id);
  }

  /** The installation id made with this database (migration 1): what tells this till from the shop's others. */
  tillId(): string {
    const id = prepared<[], string>(this.db, "SELECT value FROM installation WHERE key = 'installation_id'").pluck(true).get();
    if (id === undefined) throw new Error('the database has no installation id');
    return id;
  }

  /** A stock ledger row's change in thousandths of a unit, and its product. */
  stockChange(ledgerId: number): { product_id: number; change_milli: number } | undefined {
    return prepared<[number], { product_id: number; change_milli: number }>(this.db, 'SELECT product_id, change_milli FROM stock_ledger WHERE id = ?').get(
      ledgerId,
    );
  }

  /** A product's SKU, its parent for a variation, and its status (`trash` once the pull learns the shop deleted it). */
  product(id: number): { id: number; sku: string | null; parent_id: number; name: string; status: string } | undefined {
    return prepared<[number], { id: number; sku: string | null; parent_id: number; name: string; status: string }>(
      this.db,
      'SELECT id, sku, parent_id, name, status FROM products WHERE id = ?',
    ).get(id);
  }
}
