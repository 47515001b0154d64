import { createHash, randomUUID } from 'node:crypto';
import type { JournalRepository } from '../../data/repositories/journal.js';
import type { JournalKind, JournalRecord } from '../../model/records/journal.js';
import { gmtNow } from '../../model/dates.js';

/** What the first entry of a register chains to. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with every object's keys sorted, so the same content always gives the same text (and hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** SHA-256 over every column of the entry but the hash itself, the previous entry's hash included. */
export function entryHash(entry: Omit<JournalRecord, 'hash'>): string {
  const covered = {
    id: entry.id,
    register_id: entry.register_id,
    sequence: entry.sequence,
    kind: entry.kind,
    session_id: entry.session_id,
    order_id: entry.order_id,
    refund_id: entry.refund_id,
    closure_id: entry.closure_id,
    payload: entry.payload,
    previous_hash: entry.previous_hash,
    date_created_gmt: entry.date_created_gmt,
  };
  return createHash('sha256').update(canonicalJson(covered)).digest('hex');
}

export interface JournalLinks {
  session_id: number | null;
  order_id?: number | undefined;
  refund_id?: number | undefined;
  closure_id?: number | undefined;
}

export type VerifyResult = { ok: true; entries: number; registers: number } | { ok: false; entries: number; broken: JournalRecord; reason: string };

/** What SalesJournal is built from (server/composition.ts builds each once). */
export interface SalesJournalParts {
  entries: JournalRepository;
}

/**
 * The sales journal: one entry per paid order, refund and Z closure, numbered without gaps per
 * register and chained by hash. Callers append inside their own write transaction, so the entry
 * is written with what it records or not at all, and the write lock keeps sequences gap-free.
 */
export class SalesJournal {
  private readonly entries: JournalRepository;
  private readonly appendListeners = new Set<() => void>();

  constructor(parts: SalesJournalParts) {
    this.entries = parts.entries;
  }

  /**
   * Tells `listener` of every entry appended (inside the appending transaction, which may yet be
   * rolled back: a listener reads the journal after the commit, never the entry it was told of).
   * Answers the unsubscribe.
   */
  onAppend(listener: () => void): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  append(registerId: number, kind: JournalKind, links: JournalLinks, payload: object): JournalRecord {
    const last = this.entries.last(registerId);
    const entry: Omit<JournalRecord, 'hash'> = {
      id: randomUUID(),
      register_id: registerId,
      sequence: (last?.sequence ?? 0) + 1,
      kind,
      session_id: links.session_id,
      order_id: links.order_id ?? null,
      refund_id: links.refund_id ?? null,
      closure_id: links.closure_id ?? null,
      payload: canonicalJson(payload),
      previous_hash: last?.hash ?? GENESIS_HASH,
      date_created_gmt: gmtNow(),
    };
    const record = { ...entry, hash: entryHash(entry) };
    this.entries.insert(record);
    for (const listener of this.appendListeners) listener();
    return record;
  }

  saleOf(orderId: number): JournalRecord | undefined {
    return this.entries.saleOf(orderId);
  }

  hasSale(orderId: number): boolean {
    return this.entries.hasSale(orderId);
  }

  /** Checks every register's chain from its first entry: sequence, link to the previous hash, own hash. */
  verify(): VerifyResult {
    let count = 0;
    let register: number | undefined;
    let previous: JournalRecord | undefined;
    let registers = 0;
    for (const entry of this.entries.all()) {
      count += 1;
      if (entry.register_id !== register) {
        register = entry.register_id;
        previous = undefined;
        registers += 1;
      }
      const expectedSequence = (previous?.sequence ?? 0) + 1;
      if (entry.sequence !== expectedSequence)
        return { ok: false, entries: count, broken: entry, reason: `sequence ${entry.sequence} where ${expectedSequence} was expected` };
      if (entry.previous_hash !== (previous?.hash ?? GENESIS_HASH))
        return { ok: false, entries: count, broken: entry, reason: 'it does not chain to the previous entry' };
      if (entryHash(entry) !== entry.hash) return { ok: false, entries: count, broken: entry, reason: 'its hash does not match its contents' };
      previous = entry;
    }
    return { ok: true, entries: count, registers };
  }
}
