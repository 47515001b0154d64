import type { Database } from '../database.js';
import { whileConfigStands } from '../sql.js';
import { prepared } from '../statements.js';
import { writeTransaction } from '../write-transaction.js';
import { gmtNow } from '../../model/dates.js';
import { readStoreFields, type MetaData, type Store, type StoreFields } from '../../model/stores.js';

interface StoreRow {
  id: number;
  name: string;
  fields: string;
  meta_data: string;
  date_created_gmt: string;
  date_modified_gmt: string;
}

function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    name: row.name,
    ...readStoreFields(row.fields),
    meta_data: JSON.parse(row.meta_data) as MetaData,
    date_created_gmt: row.date_created_gmt,
    date_modified_gmt: row.date_modified_gmt,
  };
}

export const DEFAULT_STORE_ID = 1;

export class StoresRepository {
  constructor(private readonly db: Database) {}

  /** Read by every sale, so kept while the set-up stands (migration 16; frozen: callers copy to change it). */
  find(id: number): Store | undefined {
    return whileConfigStands(this.db, `stores.find:${id}`, () => {
      const row = prepared<[number], StoreRow>(this.db, 'SELECT * FROM stores WHERE id = ?').get(id);
      return row && toStore(row);
    });
  }

  /**
   * The store a sale belongs to when the client names none: the default store, or the lowest id.
   * Read by most requests, so kept while the set-up stands (frozen: callers copy to change it).
   */
  defaultStore(): Store {
    return whileConfigStands(this.db, 'stores.default', () => {
      const row = prepared<[], StoreRow>(this.db, 'SELECT * FROM stores ORDER BY id = 1 DESC, id LIMIT 1').get();
      if (!row) throw new Error('the database has no store; migration 3 creates one');
      return toStore(row);
    });
  }

  /** The store an order or request names, or the default store when it names none (or one since removed). */
  findOrDefault(id: number | null): Store {
    return (id !== null ? this.find(id) : undefined) ?? this.defaultStore();
  }

  /** A page of stores by id (`limit` -1 for all), kept while the set-up stands (frozen). */
  list(limit: number, offset: number): { stores: Store[]; total: number } {
    return whileConfigStands(this.db, `stores.list:${limit}:${offset}`, () => {
      const total = prepared<[], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM stores').get()?.n ?? 0;
      const rows = prepared<[number, number], StoreRow>(this.db, 'SELECT * FROM stores ORDER BY id LIMIT ? OFFSET ?').all(limit, offset);
      return { stores: rows.map(toStore), total };
    });
  }

  create(name: string, fields: StoreFields, metaData: MetaData): Store {
    const now = gmtNow();
    const { lastInsertRowid } = prepared(
      this.db,
      'INSERT INTO stores (name, fields, meta_data, date_created_gmt, date_modified_gmt) VALUES (?, ?, ?, ?, ?)',
    ).run(name, JSON.stringify(fields), JSON.stringify(metaData), now, now);
    const store = this.find(Number(lastInsertRowid));
    if (!store) throw new Error('store vanished after insert');
    return store;
  }

  update(id: number, name: string, fields: StoreFields, metaData: MetaData): Store | undefined {
    const changed = prepared(this.db, 'UPDATE stores SET name = ?, fields = ?, meta_data = ?, date_modified_gmt = ? WHERE id = ?').run(
      name,
      JSON.stringify(fields),
      JSON.stringify(metaData),
      gmtNow(),
      id,
    ).changes;
    return changed > 0 ? this.find(id) : undefined;
  }
}

/** Which users sell in which stores (migration 7). */
export class StoreUsersRepository {
  constructor(private readonly db: Database) {}

  usersOf(storeId: number): number[] {
    return prepared<[number], { user_id: number }>(this.db, 'SELECT user_id FROM store_users WHERE store_id = ? ORDER BY user_id')
      .all(storeId)
      .map((row) => row.user_id);
  }

  /** The stores a user is assigned to, by id; read by every new order, so kept while the set-up stands (frozen). */
  storesOf(userId: number): number[] {
    return whileConfigStands(this.db, `store-users.stores-of:${userId}`, () =>
      prepared<[number], { store_id: number }>(this.db, 'SELECT store_id FROM store_users WHERE user_id = ? ORDER BY store_id')
        .all(userId)
        .map((row) => row.store_id),
    );
  }

  /** Makes the store's users exactly `userIds`. */
  setUsers(storeId: number, userIds: readonly number[]): void {
    writeTransaction(this.db, () => {
      prepared(this.db, 'DELETE FROM store_users WHERE store_id = ?').run(storeId);
      const add = prepared(this.db, 'INSERT OR IGNORE INTO store_users (store_id, user_id) VALUES (?, ?)');
      for (const userId of userIds) add.run(storeId, userId);
    });
  }

  /** The ids among `userIds` that are not users. */
  unknownUsers(userIds: readonly number[]): number[] {
    const exists = prepared<[number], { n: number }>(this.db, 'SELECT COUNT(*) AS n FROM users WHERE id = ?');
    return userIds.filter((id) => exists.get(id)?.n !== 1);
  }
}
