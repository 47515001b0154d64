import { entryHash } from '../../domain/journal/journal.js';
import type { ClosureRecord, JournalRecord } from '../../model/records/journal.js';
import type { CashMovementRecord, CashSessionRecord } from '../../model/records/registers.js';
import type { Order } from '../../../shared/resources/orders.js';
import type { ShopRoleState, ShopUserState } from '../../data/repositories/shop-people.js';
import type { EntryStockMove, WooCommerceHolds } from '../../data/repositories/shop-stock.js';
import type { ReplicatedRefund } from '../../domain/orders/shop-refunds.js';

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
  /**
   * For a refund: what the other tills count against the sale it refunds, named at the sale's
   * origin (which may be another till, when this till refunded a copy of that till's sale). Absent
   * from the documents of versions before refunds at any till.
   */
  refund?: ReplicatedRefund;
  /**
   * What the entry moves of the shop's stock, as WooCommerce makes it when the entry arrives there
   * (each till applies it to its own stock). Absent from the documents of an earlier version.
   */
  stock?: EntryStockMove[];
  /**
   * The cash session the entry was made in, as it stood when the entry was replicated: what a till
   * rebuilt from its peers (`tillbase peers restore`) needs to reopen its drawer, since the opening
   * float and the movements are not journaled. Absent from documents of tills before it.
   */
  drawer?: DrawerSnapshot | null;
}

/** A cash session with its movements, and its Z closure once it is closed. */
export interface DrawerSnapshot {
  session: CashSessionRecord;
  movements: CashMovementRecord[];
  closure: ClosureRecord | null;
}

/** How far a till's journal goes: the one document its till updates, so a peer knows what it still lacks. */
export interface HeadDocument {
  _id: string;
  _rev?: string;
  type: 'head';
  till: TillStamp;
  till_sequence: number;
}

/**
 * What every person document carries besides its contents: when the change it holds was made and
 * by which till. Unlike the entries these are updated in place (each change a new revision), and
 * two tills changing the same one apart make a conflict: the change made last wins, then the
 * higher till id (shop-people-projection.ts). `modified_gmt` is '' for what a till had before it
 * joined the shop: such a copy fills a till that lacks it and overrides nothing.
 */
interface PersonStamp {
  _id: string;
  _rev?: string;
  till: TillStamp;
  modified_gmt: string;
}

/**
 * One of the shop's users, `user:<username>`: what logging in at any till needs. The password and
 * PIN go as their scrypt hashes only, and the replica travels only between the shop's tills, over
 * their mutual TLS.
 */
export interface UserDocument extends PersonStamp, ShopUserState {
  type: 'user';
}

/** One of the shop's roles, `role:<name>`, with its capabilities. */
export interface RoleDocument extends PersonStamp, ShopRoleState {
  type: 'role';
}

/** One of the shop's settings sections, `settings:<section>`: its stored keys that are the shop's, not the till's (shop-settings.ts). */
export interface SettingsDocument extends PersonStamp {
  type: 'settings';
  section: string;
  values: Record<string, unknown>;
}

/** The shop-wide documents that are changed in place: last writer wins. */
export type PersonDocument = UserDocument | RoleDocument | SettingsDocument;

/**
 * What WooCommerce's stock holds of a till's journal, as that till's outbox says: the one document
 * its till rewrites when it changes, written only by a till connected to WooCommerce (the entries
 * of one that is not never reach it). `till_sequence` is how far the journal went when it was read.
 */
export interface WooCommerceDocument {
  _id: string;
  _rev?: string;
  type: 'woocommerce';
  till: TillStamp;
  till_sequence: number;
  /** The entries up to `till_sequence` whose moves WooCommerce does not hold yet, as inclusive ranges. */
  unsent: WooCommerceHolds['unsent'];
}

export type ReplicaDocument = EntryDocument | HeadDocument | WooCommerceDocument | PersonDocument;

/**
 * A till of the shop as it says itself, `member:<till id>`: how to reach it and the certificate it
 * holds. Written by that till alone (after a restore, by the till rebuilt in its place: the latest
 * `modified_gmt` stands), so the tills a member was never paired with learn of it from any peer.
 */
export interface MemberDocument {
  _id: string;
  _rev?: string;
  type: 'member';
  till: TillStamp;
  address: string;
  serial: string;
  modified_gmt: string;
}

/** A till removed from the shop, `removal:<serial>`: written once by the till where a manager removed it, never changed. */
export interface RemovalDocument {
  _id: string;
  _rev?: string;
  type: 'removal';
  /** The till where it was removed. */
  till: TillStamp;
  removed_till_id: string;
  serial: string;
  removed_gmt: string;
  /**
   * The till itself was removed; false when only this certificate was (the till rebuilt on a new
   * machine by `peers restore` holds a new one): its old certificate is refused, the till is not.
   */
  till_removed: boolean;
}

/** The shop's membership: who is in it and who was removed (shop-members.ts). */
export type MembershipDocument = MemberDocument | RemovalDocument;

export function memberDocumentId(tillId: string): string {
  return `member:${tillId}`;
}

export function removalDocumentId(serial: string): string {
  return `removal:${serial}`;
}

/** Whether a replica id is one of the membership's (a till id is a UUID, so an entry's id never starts so). */
export function isMembershipDocumentId(id: string): boolean {
  return id.startsWith('member:') || id.startsWith('removal:');
}

/** A membership document as the changes feed brings it, or undefined when it is not a well-formed one. */
export function asMembershipDocument(doc: unknown): MembershipDocument | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  const candidate = doc as {
    _id?: unknown;
    type?: unknown;
    till?: Partial<TillStamp>;
    serial?: unknown;
    address?: unknown;
    modified_gmt?: unknown;
    removed_till_id?: unknown;
    removed_gmt?: unknown;
    till_removed?: unknown;
  };
  if (typeof candidate.till?.id !== 'string' || typeof candidate.till.name !== 'string' || typeof candidate.serial !== 'string') return undefined;
  if (candidate.type === 'member') {
    if (candidate._id !== memberDocumentId(candidate.till.id) || typeof candidate.address !== 'string' || typeof candidate.modified_gmt !== 'string')
      return undefined;
    return doc as MemberDocument;
  }
  if (candidate.type !== 'removal' || candidate._id !== removalDocumentId(candidate.serial)) return undefined;
  if (typeof candidate.removed_till_id !== 'string' || typeof candidate.removed_gmt !== 'string' || typeof candidate.till_removed !== 'boolean')
    return undefined;
  return doc as RemovalDocument;
}

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

export function wooCommerceDocumentId(tillId: string): string {
  return `woocommerce:${tillId}`;
}

export function isPersonDocument(doc: ReplicaDocument | undefined): doc is PersonDocument {
  return doc?.type === 'user' || doc?.type === 'role' || doc?.type === 'settings';
}

/** Usernames are unique whatever their case on every till (the users table's NOCASE): so is the id. */
export function userDocumentId(username: string): string {
  return `user:${username.toLowerCase()}`;
}

export function roleDocumentId(name: string): string {
  return `role:${name}`;
}

export function settingsDocumentId(section: string): string {
  return `settings:${section}`;
}

/** Whether a replica id is one of the shop's people or settings (the ids of entries and heads never start so: a till id is a UUID). */
export function isPersonDocumentId(id: string): boolean {
  return id.startsWith('user:') || id.startsWith('role:') || id.startsWith('settings:');
}

/** The later of two changes: the later time, then the higher till id. */
export function isLaterChange(change: { modified_gmt: string; till_id: string }, than: { modified_gmt: string; till_id: string }): boolean {
  if (change.modified_gmt !== than.modified_gmt) return change.modified_gmt > than.modified_gmt;
  return change.till_id > than.till_id;
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

/** The stock moves an entry document carries, those of a shape that can be applied; none from a till of an earlier version. */
export function stockMovesOf(doc: EntryDocument): EntryStockMove[] {
  if (!Array.isArray(doc.stock)) return [];
  return doc.stock.filter(
    (move) =>
      Number.isInteger(move.product_id) &&
      (move.woo_id === null || Number.isInteger(move.woo_id)) &&
      typeof move.sku === 'string' &&
      Number.isInteger(move.milli),
  );
}

/** What the replica's changes feed carries, narrowed to the kinds of documents; anything else is left alone. */
export function asReplicaDocument(doc: unknown): ReplicaDocument | undefined {
  if (doc === null || typeof doc !== 'object') return undefined;
  const stamped = doc as { till?: Partial<TillStamp>; type?: unknown };
  if (typeof stamped.till?.id !== 'string' || typeof stamped.till.name !== 'string') return undefined;
  if (stamped.type === 'user' || stamped.type === 'role' || stamped.type === 'settings') return asPersonDocument(doc);
  const candidate = doc as Partial<EntryDocument | HeadDocument | WooCommerceDocument>;
  if (typeof candidate.till_sequence !== 'number') return undefined;
  if (candidate.type === 'head') return candidate as HeadDocument;
  if (candidate.type === 'woocommerce') return isRangeList(candidate.unsent) ? (candidate as WooCommerceDocument) : undefined;
  if (candidate.type === 'entry' && typeof candidate.entry?.hash === 'string') return candidate as EntryDocument;
  return undefined;
}

function isRangeList(value: unknown): value is Array<[number, number]> {
  return Array.isArray(value) && value.every((range) => Array.isArray(range) && range.length === 2 && range.every(Number.isInteger));
}

function asPersonDocument(candidate: Partial<PersonDocument>): PersonDocument | undefined {
  if (typeof candidate.modified_gmt !== 'string' || typeof candidate._id !== 'string') return undefined;
  if (candidate.type === 'user') {
    const user = candidate;
    if (typeof user.username !== 'string' || user._id !== userDocumentId(user.username)) return undefined;
    if (typeof user.password_hash !== 'string' || !Array.isArray(user.roles) || typeof user.display_name !== 'string') return undefined;
    return user as UserDocument;
  }
  if (candidate.type === 'settings') {
    const settings = candidate;
    if (typeof settings.section !== 'string' || settings._id !== settingsDocumentId(settings.section)) return undefined;
    const values: unknown = settings.values;
    if (values === null || typeof values !== 'object' || Array.isArray(values)) return undefined;
    return settings as SettingsDocument;
  }
  if (candidate.type !== 'role') return undefined;
  const role = candidate;
  if (typeof role.name !== 'string' || role._id !== roleDocumentId(role.name) || !Array.isArray(role.capabilities)) return undefined;
  return role as RoleDocument;
}
