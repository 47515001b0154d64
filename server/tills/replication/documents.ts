import { entryHash } from '../../domain/journal/journal.js';
import type { JournalRecord } from '../../model/records/journal.js';
import type { Order } from '../../../shared/resources/orders.js';

/** The replica database every till holds: all the shop's journal entries, one document each. */
export const REPLICA_DATABASE = 'journal';

/** A till as its documents name it. */
export interface TillStamp {
  id: string;
  name: string;
}

/** An order as another till needs it to show, find and (later) refund the sale: `GET /orders/{id}`'s shape without its links. */
export type ReplicatedOrder = Omit<Order, '_links'>;

/**
 * One journal entry of one till, immutable: written once by its till, never updated (a refund is
 * its own entry). Its id is `<till id>:<till sequence>`, the sequence zero-padded so the ids of a
 * till sort in its order. `entry` is the journal row as the till keeps it, hash chain included, so
 * a receiver checks it and a till rebuilt from its peers gets its chain back.
 */
export interface EntryDocument {
  _id: string;
  _rev?: string;
  type: 'entry';
  till: TillStamp;
  till_sequence: number;
  entry: JournalRecord;
  /** The order's receipt number in its till's series, for the sales and refunds. */
  number: string | null;
  /** The order as it stood when the entry was replicated; null for a Z closure. */
  order: ReplicatedOrder | null;
}

/** How far a till's journal goes: the one document its till updates, so a peer knows what it still lacks. */
export interface HeadDocument {
  _id: string;
  _rev?: string;
  type: 'head';
  till: TillStamp;
  till_sequence: number;
}

export type ReplicaDocument = EntryDocument | HeadDocument;

const SEQUENCE_DIGITS = 12;

export function entryDocumentId(tillId: string, tillSequence: number): string {
  return `${tillId}:${String(tillSequence).padStart(SEQUENCE_DIGITS, '0')}`;
}

/** The id range of one till's entries, for a range read of the replica. */
export function entryDocumentRange(tillId: string): { first: string; last: string } {
  return { first: `${tillId}:`, last: `${tillId}:\uffff` };
}

export function headDocumentId(tillId: string): string {
  return `head:${tillId}`;
}

/**
 * Why a document from another till cannot be projected, or undefined when it can: its id must be
 * the one its till and sequence give, and its entry's hash must cover its contents (a document
 * changed on the way, or by a till that is not its writer, is refused).
 */
export function entryDocumentFault(doc: EntryDocument): string | undefined {
  if (doc._id !== entryDocumentId(doc.till.id, doc.till_sequence)) return 'its id is not its till and sequence';
  const { hash, ...covered } = doc.entry;
  if (entryHash(covered) !== hash) return 'its entry hash does not match its contents';
  if (doc.order !== null && doc.entry.order_id !== doc.order.id) return 'its order is not the order of its entry';
  return undefined;
}

/** What the replica's changes feed carries, narrowed to the two kinds of documents; anything else is left alone. */
export function asReplicaDocument(doc: unknown): ReplicaDocument | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  const candidate = doc as Partial<ReplicaDocument>;
  if (typeof candidate.till?.id !== 'string' || typeof candidate.till.name !== 'string' || typeof candidate.till_sequence !== 'number') return undefined;
  if (candidate.type === 'head') return candidate as HeadDocument;
  if (candidate.type === 'entry' && typeof candidate.entry?.hash === 'string') return candidate as EntryDocument;
  return undefined;
}
