import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { PaymentRecord, RefundTenderRecord } from '../../model/records/payments.js';

export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  forOrder(orderId: number): PaymentRecord[] {
    return prepared<[number], PaymentRecord>(this.db, 'SELECT * FROM payments WHERE order_id = ? ORDER BY id').all(orderId);
  }

  forSession(sessionId: number): PaymentRecord[] {
    return prepared<[number], PaymentRecord>(this.db, 'SELECT * FROM payments WHERE session_id = ? ORDER BY id').all(sessionId);
  }

  insert(payment: Omit<PaymentRecord, 'id'>): PaymentRecord {
    const id = Number(
      prepared(
        this.db,
        `INSERT INTO payments (order_id, checkout_id, gateway_id, gateway_title, amount, tendered, change, transaction_id, register_id, session_id, user_id, date_created_gmt)
         VALUES (@order_id, @checkout_id, @gateway_id, @gateway_title, @amount, @tendered, @change, @transaction_id, @register_id, @session_id, @user_id, @date_created_gmt)`,
      ).run(payment).lastInsertRowid,
    );
    return { id, ...payment };
  }

  refundTendersOfOrder(orderId: number): RefundTenderRecord[] {
    return prepared<[number], RefundTenderRecord>(this.db, 'SELECT * FROM refund_tenders WHERE order_id = ? ORDER BY refund_id').all(orderId);
  }

  refundTendersOfSession(sessionId: number): RefundTenderRecord[] {
    return prepared<[number], RefundTenderRecord>(this.db, 'SELECT * FROM refund_tenders WHERE session_id = ? ORDER BY refund_id').all(sessionId);
  }

  insertRefundTender(record: RefundTenderRecord): void {
    prepared(
      this.db,
      'INSERT INTO refund_tenders (refund_id, order_id, gateway_id, amount, register_id, session_id, date_created_gmt) VALUES (@refund_id, @order_id, @gateway_id, @amount, @register_id, @session_id, @date_created_gmt)',
    ).run(record);
  }
}
