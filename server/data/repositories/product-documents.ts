import type { Database } from '../database.js';
import { prepared } from '../sql.js';
import { writeTransaction } from '../write-transaction.js';

/** A product's stored document as read: `json` is null when there is none, or it is stale for this stamp and time. */
export interface StoredDocument {
  id: number;
  /** The revision read before the product's rows; null when the product has no document row. */
  revision: number | null;
  json: string | null;
}

/** A freshly shaped document to keep, valid for `stamp` until its sale-date boundary. */
export interface DocumentToStore {
  id: number;
  revision: number;
  json: string;
  validBefore: string | null;
  validThrough: string | null;
}

const FRESH = `CASE WHEN d.stamp = @stamp AND (d.valid_before IS NULL OR @now < d.valid_before) AND (d.valid_through IS NULL OR @now <= d.valid_through) THEN d.json END`;

/** The product documents of migration 11: read with their staleness decided in SQL, stored only over the revision they were shaped from. */
export class ProductDocumentsRepository {
  constructor(private readonly db: Database) {}

  /** The documents of `ids`, in that order. */
  read(ids: readonly number[], stamp: string, now: string): StoredDocument[] {
    if (ids.length === 0) return [];
    return prepared<[Record<string, unknown>], StoredDocument>(
      this.db,
      `SELECT j.value AS id, d.revision AS revision, ${FRESH} AS json
       FROM json_each(@ids) j LEFT JOIN product_documents d ON d.product_id = j.value ORDER BY j.key`,
    ).all({ ids: JSON.stringify(ids), stamp, now });
  }

  /** One product's document with the row's type and till visibility, read in one statement (undefined: no such product). */
  readProduct(id: number, stamp: string, now: string): (StoredDocument & { type: string; pos_visibility: string }) | undefined {
    return prepared<[Record<string, unknown>], StoredDocument & { type: string; pos_visibility: string }>(
      this.db,
      `SELECT p.id, p.type, p.pos_visibility, d.revision AS revision, ${FRESH} AS json
       FROM products p LEFT JOIN product_documents d ON d.product_id = p.id WHERE p.id = @id`,
    ).get({ id, stamp, now });
  }

  /**
   * Keeps fresh documents. A document whose product was written since its revision was read is
   * left out (the write made it stale already). Storing is a courtesy to the next reader: when the
   * database is busy (an import, a long write elsewhere) it is skipped rather than waited for.
   */
  store(documents: readonly DocumentToStore[], stamp: string): void {
    if (documents.length === 0) return;
    const update = prepared<[Record<string, unknown>]>(
      this.db,
      `UPDATE product_documents SET json = @json, stamp = @stamp, valid_before = @validBefore, valid_through = @validThrough
       WHERE product_id = @id AND revision = @revision`,
    );
    const busyTimeout = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma('busy_timeout = 0');
    try {
      writeTransaction(this.db, () => {
        for (const document of documents) update.run({ ...document, stamp });
      });
    } catch (error) {
      if (!isBusy(error)) throw error;
    } finally {
      this.db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_READONLY';
}
