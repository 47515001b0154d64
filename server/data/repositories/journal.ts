import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { JournalRecord, ClosureRecord } from '../../model/records/journal.js';

/** The sales journal (append-only) and the Z closures. */
export class JournalRepository {
  constructor(private readonly db: Database) {}

  /** What the next entry of a register chains to (not the payload: a sale's is kilobytes). */
  last(registerId: number): Pick<JournalRecord, 'sequence' | 'hash'> | undefined {
    return prepared<[number], Pick<JournalRecord, 'sequence' | 'hash'>>(
      this.db,
      'SELECT sequence, hash FROM journal WHERE register_id = ? ORDER BY sequence DESC LIMIT 1',
    ).get(registerId);
  }

  /** Writes the entry and gives it the next till-wide sequence it is replicated under (journal_replica). */
  insert(record: JournalRecord): void {
    prepared(
      this.db,
      `INSERT INTO journal (id, register_id, sequence, kind, session_id, order_id, refund_id, closure_id, payload, previous_hash, hash, date_created_gmt)
       VALUES (@id, @register_id, @sequence, @kind, @session_id, @order_id, @refund_id, @closure_id, @payload, @previous_hash, @hash, @date_created_gmt)`,
    ).run(record);
    prepared(
      this.db,
      'INSERT INTO journal_replica (entry_id, till_sequence) VALUES (?, (SELECT COALESCE(MAX(till_sequence), 0) + 1 FROM journal_replica))',
    ).run(record.id);
  }

  hasSale(orderId: number): boolean {
    return prepared<[number], number>(this.db, "SELECT 1 FROM journal WHERE order_id = ? AND kind = 'sale'").pluck(true).get(orderId) !== undefined;
  }

  saleOf(orderId: number): JournalRecord | undefined {
    return prepared<[number], JournalRecord>(this.db, "SELECT * FROM journal WHERE order_id = ? AND kind = 'sale'").get(orderId);
  }

  ofSession(sessionId: number): JournalRecord[] {
    return prepared<[number], JournalRecord>(this.db, "SELECT * FROM journal WHERE session_id = ? AND kind IN ('sale', 'refund') ORDER BY sequence").all(
      sessionId,
    );
  }

  /** Every entry, register by register in sequence order: the order a verifier or a sync reads them in. */
  *all(): IterableIterator<JournalRecord> {
    yield* prepared<[], JournalRecord>(this.db, 'SELECT * FROM journal ORDER BY register_id, sequence').iterate();
  }

  /** Counts one more fiscal read of an entry; returns how many reads there were before this one. */
  countRead(entryId: string): number {
    const before = prepared<[string], { reads: number }>(this.db, 'SELECT reads FROM journal_reads WHERE entry_id = ?').get(entryId)?.reads ?? 0;
    prepared(this.db, 'INSERT INTO journal_reads (entry_id, reads) VALUES (?, 1) ON CONFLICT (entry_id) DO UPDATE SET reads = reads + 1').run(entryId);
    return before;
  }

  nextZNumber(registerId: number): number {
    return (prepared<[number], { z: number | null }>(this.db, 'SELECT MAX(z_number) AS z FROM closures WHERE register_id = ?').get(registerId)?.z ?? 0) + 1;
  }

  insertClosure(closure: Omit<ClosureRecord, 'id'>): ClosureRecord {
    const id = Number(
      prepared(
        this.db,
        'INSERT INTO closures (register_id, session_id, z_number, report, closed_by, date_closed_gmt) VALUES (@register_id, @session_id, @z_number, @report, @closed_by, @date_closed_gmt)',
      ).run(closure).lastInsertRowid,
    );
    return { id, ...closure };
  }

  /** The Z closure of a cash session, once it is closed. */
  closureOfSession(sessionId: number): ClosureRecord | undefined {
    return prepared<[number], ClosureRecord>(this.db, 'SELECT * FROM closures WHERE session_id = ?').get(sessionId);
  }

  closure(id: number): ClosureRecord | undefined {
    return prepared<[number], ClosureRecord>(this.db, 'SELECT * FROM closures WHERE id = ?').get(id);
  }

  closuresOf(registerId: number, limit: number, offset: number): { closures: ClosureRecord[]; total: number } {
    const total = prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM closures WHERE register_id = ?').get(registerId)?.n ?? 0;
    const closures = prepared<[number, number, number], ClosureRecord>(
      this.db,
      'SELECT * FROM closures WHERE register_id = ? ORDER BY z_number DESC LIMIT ? OFFSET ?',
    ).all(registerId, limit, offset);
    return { closures, total };
  }
}
