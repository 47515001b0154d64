import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { PaymentGatewayRecord } from '../../model/records/payment-gateways.js';

export class PaymentGatewaysRepository {
  constructor(private readonly db: Database) {}

  all(): PaymentGatewayRecord[] {
    return prepared<[], PaymentGatewayRecord>(
      this.db,
      'SELECT id, title, description, provider, pos_type, position FROM payment_gateways ORDER BY position, id',
    ).all();
  }

  find(id: string): PaymentGatewayRecord | undefined {
    return prepared<[string], PaymentGatewayRecord>(
      this.db,
      'SELECT id, title, description, provider, pos_type, position FROM payment_gateways WHERE id = ?',
    ).get(id);
  }
}
