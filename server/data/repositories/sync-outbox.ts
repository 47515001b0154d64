import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { JournalRecord } from '../../model/records/journal.js';
import type { OutboxEntry, OutboxState } from '../../model/records/sync.js';

/*
 * The SQL words below are made by functions rather than module constants: a mutation run sees a
 * changed constant only when the module loads, so a broken word would pass unseen.
 */

/** States in which an entry is done with: in WooCommerce, or dealt with by hand. Every other state is unsent. */
function settledStates(): string {
  return "('synced', 'handled')";
}

/** The mark of the last duplicate sweep that finished (when it began). */
function sweepMark(): string {
  // Stryker disable next-line StringLiteral: the key is read and written here only, and "" is no other mark's key: any such key keeps the same mark
  return 'outbox.last_sweep';
}

/** The duplicate sweep's read: by the index on (kind, state, date_synced_gmt) (migration 22), not a scan of the outbox's history. */
export function salesSyncedSinceSql(): string {
  return "SELECT id, uuid, woo_id, date_created_gmt, date_synced_gmt FROM sync_outbox WHERE kind = 'sale' AND state = 'synced' AND date_synced_gmt >= ?";
}

/** A synced sale as the duplicate sweep reads it. */
export interface SweptSale {
  id: number;
  uuid: string;
  woo_id: number | null;
  date_created_gmt: string;
  date_synced_gmt: string;
}

/** A journal sale or refund that `sync verify` looks for in WooCommerce, with its outbox entry's state (null when it has none). */
export interface JournalToVerify {
  uuid: string;
  register_id: number;
  sequence: number;
  kind: 'sale' | 'refund';
  hash: string;
  order_id: number | null;
  amount: string | null;
  state: OutboxState | null;
  woo_id: number | null;
  totals_difference: string | null;
}

interface OutboxRow extends Omit<OutboxEntry, 'duplicates_cancelled'> {
  duplicates_cancelled: string;
}

const fromRow = (row: OutboxRow): OutboxEntry => ({ ...row, duplicates_cancelled: JSON.parse(row.duplicates_cancelled) as number[] });

/** An outcome written on an entry as it leaves `sending`. */
export interface SettledOutcome {
  state: Exclude<OutboxState, 'sending'>;
  wooId?: number | null;
  error?: { code: string; message: string } | null;
  totalsDifference?: string | null;
  /** For `unknown` (the end of the grace period) and a later retry. */
  nextAttemptGmt?: string | null;
}

/**
 * The sync outbox (migration 19). Its rows are written by triggers; this class moves them through
 * their states. Every state change commits on its own, so what is stored is always what is known.
 */
export class SyncOutboxRepository {
  constructor(private readonly db: Database) {}

  find(id: number): OutboxEntry | undefined {
    const row = prepared<[number], OutboxRow>(this.db, 'SELECT * FROM sync_outbox WHERE id = ?').get(id);
    return row && fromRow(row);
  }

  findByUuid(uuid: string): OutboxEntry | undefined {
    const row = prepared<[string], OutboxRow>(this.db, 'SELECT * FROM sync_outbox WHERE uuid = ?').get(uuid);
    return row && fromRow(row);
  }

  /**
   * The first entry that may go now, in outbox order: pending or unknown, past its next attempt, and
   * whose dependency (if any) has settled (synced, handled or rejected).
   */
  nextReady(nowGmt: string): OutboxEntry | undefined {
    return this.ready(nowGmt, 1)[0];
  }

  /** The first `limit` entries that may go now, in outbox order (as `nextReady`): what a batch is taken from. */
  ready(nowGmt: string, limit: number): OutboxEntry[] {
    return prepared<[string, number], OutboxRow>(
      this.db,
      `SELECT o.* FROM sync_outbox o
       WHERE o.state IN ('pending', 'unknown') AND (o.next_attempt_gmt IS NULL OR o.next_attempt_gmt <= ?)
         AND (o.depends_on IS NULL OR (SELECT d.state FROM sync_outbox d WHERE d.id = o.depends_on) IN ('synced', 'handled', 'rejected'))
       ORDER BY o.id LIMIT ?`,
    )
      .all(nowGmt, limit)
      .map(fromRow);
  }

  /** Stored before any byte of the request leaves: a crash from here on leaves `sending`, read as unknown at the next start. */
  markSending(id: number, nowGmt: string): void {
    this.markAllSending([id], nowGmt);
  }

  /** The same for the entries of one batch, in one commit. */
  markAllSending(ids: readonly number[], nowGmt: string): void {
    writeTransaction(this.db, () => {
      const mark = prepared(
        this.db,
        'UPDATE sync_outbox SET state = ?, attempts = attempts + 1, sending_since_gmt = COALESCE(sending_since_gmt, ?) WHERE id = ?',
      );
      for (const id of ids) mark.run('sending', nowGmt, id);
    });
  }

  /** Back to where it was, with no attempt counted: nothing reached WooCommerce, or it refused the key. */
  unsend(id: number, state: 'pending' | 'unknown'): void {
    writeTransaction(this.db, () => prepared(this.db, 'UPDATE sync_outbox SET state = ?, attempts = MAX(attempts - 1, 0) WHERE id = ?').run(state, id));
  }

  settle(id: number, outcome: SettledOutcome): void {
    writeTransaction(this.db, () => {
      prepared(
        this.db,
        `UPDATE sync_outbox SET state = @state, woo_id = COALESCE(@woo_id, woo_id), last_error_code = @code, last_error_message = @message,
           totals_difference = @difference, next_attempt_gmt = @next,
           date_synced_gmt = CASE WHEN @state = 'synced' THEN strftime('%Y-%m-%dT%H:%M:%S', 'now') ELSE date_synced_gmt END,
           sending_since_gmt = CASE WHEN @state = 'unknown' THEN sending_since_gmt ELSE NULL END
         WHERE id = @id`,
      ).run({
        id,
        state: outcome.state,
        woo_id: outcome.wooId ?? null,
        code: outcome.error?.code ?? null,
        message: outcome.error?.message ?? null,
        difference: outcome.totalsDifference ?? null,
        next: outcome.nextAttemptGmt ?? null,
      });
    });
  }

  setStockTarget(id: number, target: string): void {
    writeTransaction(this.db, () => prepared(this.db, 'UPDATE sync_outbox SET stock_target = ? WHERE id = ?').run(target, id));
  }

  recordDuplicatesCancelled(id: number, wooIds: readonly number[]): void {
    writeTransaction(this.db, () => {
      const entry = this.find(id);
      if (entry === undefined) return;
      const all = [...new Set([...entry.duplicates_cancelled, ...wooIds])].sort((a, b) => a - b);
      prepared(this.db, 'UPDATE sync_outbox SET duplicates_cancelled = ? WHERE id = ?').run(JSON.stringify(all), id);
    });
  }

  /** At start: a request that was leaving when the process died has an unknown outcome, to be looked up after the grace period. */
  sendingBecomesUnknown(nextAttemptGmt: string): number {
    return writeTransaction(
      this.db,
      () => prepared(this.db, "UPDATE sync_outbox SET state = 'unknown', next_attempt_gmt = ? WHERE state = 'sending'").run(nextAttemptGmt).changes,
    );
  }

  /** A manager's retry: a rejected entry goes again; an unknown one is looked up now (never sent blind). */
  retry(id: number): boolean {
    return writeTransaction(this.db, () => {
      const changes = prepared(
        this.db,
        "UPDATE sync_outbox SET state = CASE state WHEN 'rejected' THEN 'pending' ELSE state END, next_attempt_gmt = NULL WHERE id = ? AND state IN ('rejected', 'unknown', 'pending')",
      ).run(id).changes;
      return changes > 0;
    });
  }

  /**
   * Someone deals with the entry by hand. A `sending` one is in flight and left to its answer, except
   * when the connection ends (`sending` true): kept, it would become unknown at the next start and go
   * up through whatever connection is made next.
   */
  markHandled(id: number, options: { sending?: boolean } = {}): boolean {
    const states = options.sending === true ? "('pending', 'sending', 'unknown', 'rejected')" : "('pending', 'unknown', 'rejected')";
    return writeTransaction(
      this.db,
      () =>
        prepared(
          this.db,
          `UPDATE sync_outbox SET state = 'handled', next_attempt_gmt = NULL, sending_since_gmt = NULL WHERE id = ? AND state IN ${states}`,
        ).run(id).changes > 0,
    );
  }

  /** Counts and amounts (as stored decimal strings, summed by the caller) per state. */
  amountsByState(): Array<{ state: OutboxState; kind: string; amount: string | null }> {
    return prepared<[], { state: OutboxState; kind: string; amount: string | null }>(this.db, 'SELECT state, kind, amount FROM sync_outbox').all();
  }

  oldestWaitingSale(): { id: number; order_id: number | null; date_created_gmt: string } | undefined {
    return prepared<[], { id: number; order_id: number | null; date_created_gmt: string }>(
      this.db,
      "SELECT id, order_id, date_created_gmt FROM sync_outbox WHERE kind = 'sale' AND state IN ('pending', 'sending', 'unknown') ORDER BY id LIMIT 1",
    ).get();
  }

  page(state: OutboxState | null, limit: number, offset: number): { entries: OutboxEntry[]; total: number } {
    const where = state === null ? '' : 'WHERE state = ?';
    const args = state === null ? [] : [state];
    const rows = prepared<unknown[], OutboxRow>(this.db, `SELECT * FROM sync_outbox ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset);
    const total =
      prepared<unknown[], number>(this.db, `SELECT COUNT(*) FROM sync_outbox ${where}`)
        .pluck(true)
        .get(...args) ?? 0;
    return { entries: rows.map(fromRow), total };
  }

  /** The sales and refunds of a register not yet in WooCommerce (neither synced nor marked handled), each with its amount. */
  unsentOfRegister(registerId: number): Array<{ kind: 'sale' | 'refund'; amount: string | null }> {
    return prepared<[number], { kind: 'sale' | 'refund'; amount: string | null }>(
      this.db,
      `SELECT kind, amount FROM sync_outbox WHERE register_id = ? AND kind IN ('sale', 'refund') AND state NOT IN ${settledStates()}`,
    ).all(registerId);
  }

  /** Every entry not yet in WooCommerce (neither synced nor marked handled), oldest first, with the journal entry it carries, if any. */
  unsent(): Array<{ entry: OutboxEntry; journal: JournalRecord | null }> {
    const rows = prepared<[], OutboxRow & { journal: string | null }>(
      this.db,
      `SELECT o.*, (SELECT json_object('id', j.id, 'register_id', j.register_id, 'sequence', j.sequence, 'kind', j.kind, 'session_id', j.session_id,
           'order_id', j.order_id, 'refund_id', j.refund_id, 'closure_id', j.closure_id, 'payload', j.payload, 'previous_hash', j.previous_hash,
           'hash', j.hash, 'date_created_gmt', j.date_created_gmt) FROM journal j WHERE j.id = o.journal_id) AS journal
       FROM sync_outbox o WHERE o.state NOT IN ${settledStates()} ORDER BY o.id`,
    ).all();
    return rows.map(({ journal, ...row }) => ({ entry: fromRow(row), journal: journal === null ? null : (JSON.parse(journal) as JournalRecord) }));
  }

  /**
   * What `tillbase sync verify` proves is in WooCommerce: per register, every journal sale and refund
   * from the first that has an outbox entry (sales made before the connection stay local) up to the
   * last synced one, with the state its outbox entry is in. Read from the journal, not the outbox, so
   * that an entry the outbox lacks is still looked for.
   */
  journalToVerify(): JournalToVerify[] {
    return prepared<[], JournalToVerify>(
      this.db,
      `WITH bounds AS (
         SELECT register_id, MIN(sequence) AS first, MAX(CASE WHEN state = 'synced' THEN sequence END) AS last
         FROM sync_outbox WHERE kind IN ('sale', 'refund') AND register_id IS NOT NULL GROUP BY register_id
       )
       SELECT j.id AS uuid, j.register_id, j.sequence, j.kind, j.hash, j.order_id,
         CASE j.kind WHEN 'sale' THEN json_extract(j.payload, '$.totals.total') ELSE json_extract(j.payload, '$.totals.amount') END AS amount,
         o.state, o.woo_id, o.totals_difference
       FROM journal j JOIN bounds b ON b.register_id = j.register_id
       LEFT JOIN sync_outbox o ON o.uuid = j.id
       WHERE j.kind IN ('sale', 'refund') AND b.last IS NOT NULL AND j.sequence BETWEEN b.first AND b.last
       ORDER BY j.register_id, j.sequence`,
    ).all();
  }

  /**
   * Sales synced since `sinceGmt`, with when they were made and synced: what the duplicate sweep looks
   * for twice in WooCommerce (a local read, once a sweep).
   */
  salesSyncedSince(sinceGmt: string): SweptSale[] {
    return prepared<[string], SweptSale>(this.db, salesSyncedSinceSql()).all(sinceGmt);
  }

  /**
   * The return orders synced since `sinceGmt`, as the sweep looks at sales: each goes up with its
   * refund's entry (server/sync/push/return-body.ts), whose uuid it carries, and the order kept is the
   * one its refund went to (`sync_ids`). A refund entry of an order that has no sale entry is a return's.
   */
  returnOrdersSyncedSince(sinceGmt: string): SweptSale[] {
    return prepared<[string], SweptSale>(
      this.db,
      `SELECT o.id, o.uuid, i.woo_id, o.date_created_gmt, o.date_synced_gmt FROM sync_outbox o
       JOIN sync_ids i ON i.kind = 'order' AND i.local_id = o.order_id
       WHERE o.kind = 'refund' AND o.state = 'synced' AND o.date_synced_gmt >= ?
         AND NOT EXISTS (SELECT 1 FROM sync_outbox s WHERE s.kind = 'sale' AND s.order_id = o.order_id)`,
    ).all(sinceGmt);
  }

  /** When the last sweep that finished had begun, if one has; kept with the sync's marks (migration 18), so a restart does not sweep from the connection again. */
  lastSweep(): string | undefined {
    return prepared<[string], string>(this.db, 'SELECT value FROM sync_catalogue_marks WHERE key = ?').pluck(true).get(sweepMark());
  }

  markSwept(beganGmt: string): void {
    writeTransaction(this.db, () =>
      prepared(this.db, 'INSERT INTO sync_catalogue_marks (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
        sweepMark(),
        beganGmt,
      ),
    );
  }

  /** The sale and refund entries of these orders, oldest first: what the Orders history's badges are made of. */
  ofOrders(orderIds: readonly number[]): OutboxEntry[] {
    return prepared<[string], OutboxRow>(
      this.db,
      "SELECT * FROM sync_outbox WHERE kind IN ('sale', 'refund') AND order_id IN (SELECT value FROM json_each(?)) ORDER BY id",
    )
      .all(JSON.stringify(orderIds))
      .map(fromRow);
  }
}
