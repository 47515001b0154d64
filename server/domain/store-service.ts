import type { StoresRepository, StoreUsersRepository } from '../data/repositories/stores.js';
import type { MetaData, Store, StoreFields } from '../model/stores.js';
import { invalidParams } from './errors.js';

/** What StoreService is built from (server/composition.ts builds each once). */
export interface StoreServiceParts {
  stores: StoresRepository;
  assignments: StoreUsersRepository;
}

/** The stores of the till and who is assigned to sell in each: what the HTTP layer reads and writes of them. */
export class StoreService {
  private readonly stores: StoresRepository;
  private readonly assignments: StoreUsersRepository;

  constructor(parts: StoreServiceParts) {
    this.stores = parts.stores;
    this.assignments = parts.assignments;
  }

  /** The store the till sells in when nothing names another: its time zone and money settings shape every answer. */
  defaultStore(): Store {
    return this.stores.defaultStore();
  }

  find(id: number): Store | undefined {
    return this.stores.find(id);
  }

  list(limit: number, offset: number): { stores: Store[]; total: number } {
    return this.stores.list(limit, offset);
  }

  create(name: string, fields: StoreFields, metaData: MetaData): Store {
    return this.stores.create(name, fields, metaData);
  }

  update(id: number, name: string, fields: StoreFields, metaData: MetaData): Store | undefined {
    return this.stores.update(id, name, fields, metaData);
  }

  usersOf(storeId: number): number[] {
    return this.assignments.usersOf(storeId);
  }

  /** Replaces the users who sell in a store; an id of no user is refused (400 naming them) and nothing changes. */
  setUsers(storeId: number, userIds: readonly number[]): void {
    const unknown = this.assignments.unknownUsers(userIds);
    if (unknown.length > 0) throw invalidParams({ user_ids: `no user with id ${unknown.join(', ')}` });
    this.assignments.setUsers(storeId, userIds);
  }
}
