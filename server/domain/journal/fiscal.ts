import type { Database } from '../../data/database.js';
import type { JournalRepository } from '../../data/repositories/journal.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { ApiError } from '../errors.js';
import type { ReceiptData, ReceiptEnvelope } from '../receipts/schema.js';

export type FiscalReceiptEnvelope = Omit<ReceiptEnvelope, 'mode' | 'has_snapshot'> & { mode: 'fiscal'; has_snapshot: true };

/** What a fiscal record is read from: the sale's journal entry and its register's name. */
export interface FiscalSources {
  journal: JournalRepository;
  registers: RegistersRepository;
}

/**
 * The fiscal record of a sale's receipt, from its journal entry. Each fiscal read is counted
 * (outside the append-only journal): the first is the original, every later one a reprint.
 */
export function fiscalRecordOf(db: Database, { journal, registers }: FiscalSources, orderId: number): ReceiptData['fiscal'] {
  return writeTransaction(db, () => {
    const entry = journal.saleOf(orderId);
    if (!entry)
      throw new ApiError(404, 'pos_receipt_snapshot_missing', `Order ${orderId} has no journal entry (it is not paid); ask for mode=live.`, {
        order_id: orderId,
      });
    const reprints = journal.countRead(entry.id);
    const register = registers.find(entry.register_id);
    return {
      document_type: 'sale',
      sequence: entry.sequence,
      hash: entry.hash,
      qr_payload: null,
      tax_agency_code: null,
      signed_at: `${entry.date_created_gmt}Z`,
      signature_excerpt: null,
      document_label: `${register?.name ?? `Register ${entry.register_id}`} #${entry.sequence}`,
      is_reprint: reprints > 0,
      reprint_count: reprints,
      extra_fields: [
        { label: 'Journal entry', value: entry.id },
        { label: 'Previous hash', value: entry.previous_hash },
      ],
    };
  });
}
