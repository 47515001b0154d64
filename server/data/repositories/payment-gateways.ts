import type { Database } from '../database.js';
import { prepared } from '../sql.js';

/** An installed payment gateway (a row of `payment_gateways`). */
export interface PaymentGatewayRecord {
  id: string;
  title: string;
  description: string;
  provider: string;
  pos_type: string;
  position: number;
}

export class PaymentGatewaysRepository {
  constructor(private readonly db: Database) {}

  all(): PaymentGatewayRecord[] {
    return prepared<[], PaymentGatewayRecord>(this.db, 'SELECT id, title, description, provider, pos_type, position FROM payment_gateways ORDER BY position, id').all();
  }

  find(id: string): PaymentGatewayRecord | undefined {
    return prepared<[string], PaymentGatewayRecord>(this.db, 'SELECT id, title, description, provider, pos_type, position FROM payment_gateways WHERE id = ?').get(id);
  }
}
