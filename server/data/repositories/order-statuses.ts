import type { Database } from '../database.js';
import { prepared, unlessChangedElsewhere } from '../sql.js';

export interface OrderStatusRecord {
  status: string;
  label: string;
  position: number;
  /** Items and addresses may change (WC_Order::is_editable). */
  is_editable: boolean;
  /** Paid (wc_get_is_paid_statuses). */
  is_paid: boolean;
}

interface OrderStatusRow {
  status: string;
  label: string;
  position: number;
  is_editable: number;
  is_paid: number;
}

export class OrderStatusesRepository {
  constructor(private readonly db: Database) {}

  /** Read at every order request: kept until another process changes the database (Tillbase itself never writes them). */
  all(): readonly OrderStatusRecord[] {
    return unlessChangedElsewhere(this.db, 'order_statuses', () =>
      prepared<[], OrderStatusRow>(this.db, 'SELECT status, label, position, is_editable, is_paid FROM order_statuses ORDER BY position, status')
        .all()
        .map((row) => ({ ...row, is_editable: row.is_editable === 1, is_paid: row.is_paid === 1 })),
    );
  }
}
