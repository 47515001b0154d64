import type { Database } from '../database.js';
import { unlessChangedElsewhere } from '../sql.js';
import { prepared } from '../statements.js';
import type { OrderStatusRecord } from '../../model/records/order-statuses.js';

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
