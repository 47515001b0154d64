import type { Database } from '../data/database.js';

// Temporary: replaced by the catalogue helper.
export function seedDemoCatalogue(_db: Database): void {
  return;
}
