import type { Database } from '../database.js';
import { untilWritten } from '../sql.js';
import { prepared } from '../statements.js';
import { writeTransactionIfFree } from '../write-transaction.js';

/** A product's stored document as read: `json` is null when there is none, or it is stale for this stamp and time. */
export interface StoredDocument {
  id: number;
  /** The revision read before the product's rows; null when the product has no document row. */
  revision: number | null;
  json: string | null;
}

/** One product's stored document as the bytes to send, with what decides whether it may be sent. */
export interface StoredProduct {
  id: number;
  type: string;
  pos_visibility: string;
  revision: number | null;
  json: Buffer | null;
}

/** A page of documents joined, valid (when complete) until the earliest sale-date boundary among them. */
export interface StoredPage {
  complete: boolean;
  body: Buffer;
  validBefore: string | null;
  validThrough: string | null;
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

  /** Documents shaped in this turn of the event loop, stored together at its end (`storeSoon`). */
  private waiting: { documents: readonly DocumentToStore[]; stamp: string }[] = [];

  /**
   * The page of `ids` as the bytes of one JSON array, joined by SQLite: no JavaScript string per
   * document, nothing to encode again. `complete` is false when any document is stale or missing
   * (they are left out of `body`), and the caller reads them one by one instead.
   */
  readPage(ids: readonly number[], stamp: string, now: string): StoredPage {
    const row = prepared<[Record<string, unknown>], { n: number; fresh: number; body: Buffer; validBefore: string | null; validThrough: string | null }>(
      this.db,
      `SELECT COUNT(*) AS n, COUNT(doc) AS fresh, CAST('[' || ifnull(group_concat(doc, ','), '') || ']' AS BLOB) AS body,
         MIN(valid_before) AS validBefore, MIN(valid_through) AS validThrough
       FROM (SELECT ${FRESH} AS doc, d.valid_before, d.valid_through FROM json_each(@ids) j LEFT JOIN product_documents d ON d.product_id = j.value ORDER BY j.key)`,
    ).get({ ids: JSON.stringify(ids), stamp, now });
    if (row === undefined) return { complete: false, body: Buffer.from('[]'), validBefore: null, validThrough: null };
    return { complete: row.n === row.fresh, body: row.body, validBefore: row.validBefore, validThrough: row.validThrough };
  }

  /** Moves on whenever any document is marked stale, created or deleted (migration 13); only a write can move it. */
  version(): number {
    return untilWritten(
      this.db,
      'documents_version',
      () => prepared<[], { version: number }>(this.db, 'SELECT version FROM documents_version WHERE slot = 1').get()?.version ?? 0,
    );
  }

  /** The documents of `ids`, in that order. */
  read(ids: readonly number[], stamp: string, now: string): StoredDocument[] {
    if (ids.length === 0) return [];
    return prepared<[Record<string, unknown>], StoredDocument>(
      this.db,
      `SELECT j.value AS id, d.revision AS revision, ${FRESH} AS json
       FROM json_each(@ids) j LEFT JOIN product_documents d ON d.product_id = j.value ORDER BY j.key`,
    ).all({ ids: JSON.stringify(ids), stamp, now });
  }

  /** One product's document (as bytes) with the row's type and till visibility, read in one statement (undefined: no such product). */
  readProduct(id: number, stamp: string, now: string): StoredProduct | undefined {
    return prepared<[Record<string, unknown>], StoredProduct>(
      this.db,
      `SELECT p.id, p.type, p.pos_visibility, d.revision AS revision, CAST(${FRESH} AS BLOB) AS json
       FROM products p LEFT JOIN product_documents d ON d.product_id = p.id WHERE p.id = @id`,
    ).get({ id, stamp, now });
  }

  /**
   * Keeps fresh documents (`storeAll`) once the answers of this turn of the event loop are on
   * their way: a page's hundred documents and their commit (1.2 ms) no longer hold up the page
   * that shaped them, and the documents of every page of the turn share one commit. Safe to
   * delay: each is stored only over the revision it was shaped from, so a write in between leaves
   * it out. A reader before then shapes it again; documents still waiting when the database
   * closes are not kept.
   */
  storeSoon(documents: readonly DocumentToStore[], stamp: string): void {
    if (documents.length === 0) return;
    if (this.waiting.length === 0) {
      setImmediate(() => {
        this.storeWaiting();
      });
    }
    this.waiting.push({ documents, stamp });
  }

  private storeWaiting(): void {
    const waiting = this.waiting;
    this.waiting = [];
    if (!this.db.open) return;
    try {
      this.storeAll(waiting);
    } catch {
      // Nobody waits for these: whatever kept them out (a full disk, say) is met by the next
      // write that matters, and the next reader shapes them again.
    }
  }

  /**
   * Keeps fresh documents. A document whose product was written since its revision was read is
   * left out (the write made it stale already). Storing is a courtesy to the next reader: when the
   * database is busy (an import, a long write elsewhere) it is skipped rather than waited for.
   */
  private storeAll(batches: readonly { documents: readonly DocumentToStore[]; stamp: string }[]): void {
    const update = prepared<[Record<string, unknown>]>(
      this.db,
      `UPDATE product_documents SET json = @json, stamp = @stamp, valid_before = @validBefore, valid_through = @validThrough
       WHERE product_id = @id AND revision = @revision`,
    );
    const updateAll = (): void => {
      for (const { documents, stamp } of batches) {
        for (const document of documents) update.run({ ...document, stamp });
      }
    };
    // In a transaction already (the server's commit group, a caller's write): the documents are
    // committed with it, at its safety level, which cannot change inside a transaction.
    if (this.db.inTransaction) {
      writeTransactionIfFree(this.db, updateAll);
      return;
    }
    const synchronous = this.db.pragma('synchronous', { simple: true }) as number;
    // A document can always be shaped again: its commit need not wait for the disk (WAL with NORMAL
    // stays consistent; a power cut may lose the documents, never a sale). The next durable commit
    // syncs the log with them.
    this.db.pragma('synchronous = NORMAL');
    try {
      writeTransactionIfFree(this.db, updateAll);
    } catch (error) {
      // A database opened read-only keeps no documents; they are shaped at every request.
      if ((error as { code?: unknown } | null)?.code !== 'SQLITE_READONLY') throw error;
    } finally {
      this.db.pragma(`synchronous = ${synchronous}`);
    }
  }
}
