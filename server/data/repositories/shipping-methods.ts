import type { Database } from '../database.js';

export interface ShippingMethodRecord {
  id: string;
  title: string;
  description: string;
}

export class ShippingMethodsRepository {
  constructor(private readonly db: Database) {}

  list(): ShippingMethodRecord[] {
    return this.db.prepare<[], ShippingMethodRecord>('SELECT id, title, description FROM shipping_methods ORDER BY rowid').all();
  }

  find(id: string): ShippingMethodRecord | undefined {
    return this.db.prepare<[string], ShippingMethodRecord>('SELECT id, title, description FROM shipping_methods WHERE id = ?').get(id);
  }
}
