import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import type { ApprovalRecord } from '../../model/records/approvals.js';

export type NewApproval = Omit<ApprovalRecord, 'id' | 'used_at'>;

export class ApprovalsRepository {
  constructor(private readonly db: Database) {}

  create(approval: NewApproval): ApprovalRecord {
    const { lastInsertRowid } = prepared(
      this.db,
      'INSERT INTO approvals (token_hash, action, order_id, requester_id, approver_id, method, created_at, expires_at) VALUES (@token_hash, @action, @order_id, @requester_id, @approver_id, @method, @created_at, @expires_at)',
    ).run(approval);
    return { ...approval, id: Number(lastInsertRowid), used_at: null };
  }

  findByTokenHash(tokenHash: string): ApprovalRecord | undefined {
    return prepared<[string], ApprovalRecord>(this.db, 'SELECT * FROM approvals WHERE token_hash = ?').get(tokenHash);
  }

  /** Spends an approval; false when it was already spent (the single use is this one UPDATE). */
  markUsed(id: number, at: number): boolean {
    return prepared(this.db, 'UPDATE approvals SET used_at = ? WHERE id = ? AND used_at IS NULL').run(at, id).changes > 0;
  }

  /** Approvals long expired serve no purpose; the audit trail keeps the record of each one. */
  removeExpiredBefore(at: number): void {
    prepared(this.db, 'DELETE FROM approvals WHERE expires_at < ?').run(at);
  }

  transaction<T>(work: () => T): T {
    return writeTransaction(this.db, work);
  }
}
