import type { Database } from '../database.js';
import { prepared } from '../statements.js';
import type { ShippingMethodRecord } from '../../model/records/shipping-methods.js';

export class ShippingMethodsRepository {
  constructor(private readonly db: Database) {}

  list(): ShippingMethodRecord[] {
    return prepared<[], ShippingMethodRecord>(this.db, 'SELECT id, title, description FROM shipping_methods ORDER BY rowid').all();
  }

  find(id: string): ShippingMethodRecord | undefined {
    return prepared<[string], ShippingMethodRecord>(this.db, 'SELECT id, title, description FROM shipping_methods WHERE id = ?').get(id);
  }
}
