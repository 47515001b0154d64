import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database.js';
import { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import { TillRestoreRepository } from '../../data/repositories/till-restore.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { RefundPayload, SalePayload } from '../../domain/journal/entries.js';
import type { ClosureRecord } from '../../model/records/journal.js';
import type { CashSessionRecord } from '../../model/records/registers.js';
import { entryDocumentFault, type DrawerSnapshot, type EntryDocument } from '../replication/documents.js';
import { orderRecordOf, refundRecordOf } from './order-records.js';

/** What a rebuild wrote. */
export interface RebuildSummary {
  entries: number;
  orders: number;
  refunds: number;
  sessions: number;
  /** The drawer sessions left open, as they were on the dead till. */
  openSessions: number;
  /** Sales and refunds in the outbox as `unknown`: looked up in WooCommerce before anything is sent. */
  unknown: number;
  /** The last receipt number of the till's series; the next sale continues after it. */
  lastNumber: string | null;
}

/** The till's own entries, checked and in order: a gap or a forged document would rebuild a chain `journal verify` refuses. */
function checkedEntries(tillId: string, documents: readonly EntryDocument[]): EntryDocument[] {
  const entries = documents.filter((doc) => doc.till.id === tillId).sort((a, b) => a.till_sequence - b.till_sequence);
  entries.forEach((doc, index) => {
    const fault = entryDocumentFault(doc);
    if (fault !== undefined) throw new Error(`the document ${doc._id} cannot be restored: ${fault}`);
    if (doc.till_sequence !== index + 1)
      throw new Error(
        `the peer holds the till's entries up to ${entries.at(-1)?.till_sequence ?? 0} with entry ${index + 1} missing: restore from a peer that holds them all`,
      );
  });
  return entries;
}

/** A session no document describes (documents of tills before the drawer was carried): opened with its first entry, closed with its closure. */
function sessionWithoutSnapshot(id: number, entries: readonly EntryDocument[]): DrawerSnapshot {
  const own = entries.filter((doc) => doc.entry.session_id === id);
  const first = own[0]?.entry;
  const closure = own.find((doc) => doc.entry.kind === 'closure')?.entry;
  const session: CashSessionRecord = {
    id,
    uuid: randomUUID(),
    register_id: first?.register_id ?? 1,
    opened_by: null,
    opening_float: '0',
    opening_note: '',
    date_opened_gmt: first?.date_created_gmt ?? '',
    closed_by: null,
    counted_cash: closure === undefined ? null : ((JSON.parse(closure.payload) as { counted_cash?: string }).counted_cash ?? '0'),
    closing_note: '',
    date_closed_gmt: closure?.date_created_gmt ?? null,
  };
  const report: ClosureRecord | null =
    closure === undefined || closure.closure_id === null
      ? null
      : {
          id: closure.closure_id,
          register_id: closure.register_id,
          session_id: id,
          z_number: Number((JSON.parse(closure.payload) as { z_number?: unknown }).z_number ?? 0),
          report: closure.payload,
          closed_by: null,
          date_closed_gmt: closure.date_created_gmt,
        };
  return { session, movements: [], closure: report };
}

/** Each session's latest snapshot: the one carried by its last entry, closed if that entry closed it. */
function drawersOf(entries: readonly EntryDocument[]): DrawerSnapshot[] {
  const drawers = new Map<number, DrawerSnapshot>();
  for (const doc of entries) {
    const id = doc.entry.session_id;
    if (id === null) continue;
    drawers.set(id, doc.drawer ?? drawers.get(id) ?? sessionWithoutSnapshot(id, entries));
  }
  return [...drawers.values()];
}

/** The place of a receipt number in its till's series ("A-1042" is 1042); undefined for a sale numbered by its id. */
function seriesIndex(number: string, orderId: number): number | undefined {
  if (number === String(orderId)) return undefined;
  const index = /-(\d+)$/.exec(number)?.[1];
  return index === undefined ? undefined : Number(index);
}

/**
 * Rebuilds a dead till into a new database, in one write transaction: the shop's tables from a
 * peer's copy (`copyFile`), the till's identity as `tillId`, and from its own documents its
 * journal exactly (ids, sequences, payloads, hashes), its orders, payments and refunds, its drawer
 * sessions (open ones left open) and the outbox of its sales and refunds as `unknown`. The
 * documents carry nothing of what the dead till had sent to WooCommerce, so every one is looked up
 * there by its uuid before anything is sent: exactly once holds whatever it had sent.
 */
export function rebuildTill(db: Database, input: { tillId: string; copyFile: string; documents: readonly EntryDocument[] }): RebuildSummary {
  const entries = checkedEntries(input.tillId, input.documents);
  const restore = new TillRestoreRepository(db);
  const unplaced = restore.attachCopy(input.copyFile);
  try {
    if (unplaced.length > 0) throw new Error(`the peer's database has tables this version does not know as the shop's or the till's: ${unplaced.join(', ')}`);
    return writeTransaction(db, () => {
      restore.setTillId(input.tillId);
      restore.copyShopTables();
      const known = (user: number | null) => (user !== null && restore.userExists(user) ? user : null);
      const drawers = drawersOf(entries);
      for (const doc of entries) {
        const payload = JSON.parse(doc.entry.payload) as { register?: { name?: string }; store_id?: number | null };
        const store = payload.store_id ?? null;
        restore.ensureRegister(
          doc.entry.register_id,
          payload.register?.name ?? `Register ${doc.entry.register_id}`,
          store !== null && restore.storeExists(store) ? store : null,
        );
      }
      for (const { session, movements, closure } of drawers) {
        restore.insertSession({ ...session, opened_by: known(session.opened_by), closed_by: known(session.closed_by) });
        for (const movement of movements) restore.insertMovement({ ...movement, user_id: known(movement.user_id) });
        if (closure !== null) restore.insertClosure({ ...closure, closed_by: known(closure.closed_by) });
      }
      // Each order as its latest entry showed it (a refund's entry shows it refunded).
      const latest = new Map<number, EntryDocument>();
      for (const doc of entries) if (doc.order !== null) latest.set(doc.order.id, doc);
      let lastNumber: string | null = null;
      let refunds = 0;
      for (const doc of entries) {
        const { entry, order } = doc;
        if (order === null || entry.order_id === null) continue;
        if (entry.kind === 'sale') {
          const sale = JSON.parse(entry.payload) as SalePayload;
          const store = sale.store_id !== null && restore.storeExists(sale.store_id) ? sale.store_id : null;
          const shown = latest.get(order.id)?.order ?? order;
          restore.insertOrder(orderRecordOf(shown, sale, known, store));
          restore.setOrderTill(order.id, entry.register_id, entry.session_id);
          for (const tender of sale.tenders) {
            restore.insertPayment({
              order_id: order.id,
              checkout_id: null,
              gateway_id: tender.gateway_id,
              gateway_title: sale.tenders.length === 1 ? shown.payment_method_title : (restore.gatewayTitle(tender.gateway_id) ?? tender.gateway_id),
              amount: tender.amount,
              tendered: tender.tendered,
              change: tender.change,
              transaction_id: tender.transaction_id,
              register_id: entry.register_id,
              session_id: entry.session_id,
              user_id: known(sale.cashier?.id ?? null),
              date_created_gmt: entry.date_created_gmt,
            });
          }
          const index = doc.number === null ? undefined : seriesIndex(doc.number, order.id);
          if (doc.number !== null && index !== undefined) {
            restore.setOrderNumber(order.id, index, doc.number);
            lastNumber = doc.number;
          }
        } else if (entry.kind === 'refund') {
          const payload = JSON.parse(entry.payload) as RefundPayload;
          const tender = payload.tenders[0];
          restore.insertRefund(refundRecordOf(payload, order, known(payload.cashier?.id ?? null)), {
            refund_id: payload.refund_id,
            order_id: order.id,
            gateway_id: tender?.gateway_id ?? '',
            amount: tender?.amount ?? payload.totals.amount,
            register_id: entry.register_id,
            session_id: entry.session_id,
            date_created_gmt: entry.date_created_gmt,
          });
          refunds += 1;
        }
      }
      // After the orders: the outbox's triggers read a sale's customer from its order.
      for (const doc of entries) restore.insertEntry(doc.entry, doc.till_sequence);
      const unknown = restore.markEntriesUnknown();
      // Every entry restored is held by a peer: it came from one.
      new ShopReplicaRepository(db).setHeldByAPeer(entries.at(-1)?.till_sequence ?? 0);
      return {
        entries: entries.length,
        orders: [...latest.keys()].length,
        refunds,
        sessions: drawers.length,
        openSessions: drawers.filter(({ session }) => session.date_closed_gmt === null).length,
        unknown,
        lastNumber,
      };
    });
  } finally {
    restore.detachCopy();
  }
}
