import type { Capability } from '../../shared/access.js';
import type { StoresRepository, StoreUsersRepository } from '../data/repositories/stores.js';
import type { UsersRepository } from '../data/repositories/users.js';
import { ApiError } from './errors.js';
import type { Store } from '../model/stores.js';

/** What StoreAccess is built from (server/composition.ts builds each once). */
export interface StoreAccessParts {
  stores: StoresRepository;
  assignments: StoreUsersRepository;
  users: UsersRepository;
}

/**
 * Who sells where. Managers (`manage_stores`) sell in every store. Anyone else sells in the stores
 * a manager assigned them to (`PUT /stores/{id}/users`); someone assigned to none sells in the
 * default store, so that with one store everyone is in it and a new store locks nobody out.
 */
export class StoreAccess {
  private readonly stores: StoresRepository;
  private readonly assignments: StoreUsersRepository;
  private readonly users: UsersRepository;

  constructor(parts: StoreAccessParts) {
    this.stores = parts.stores;
    this.assignments = parts.assignments;
    this.users = parts.users;
  }

  storesOf(userId: number, capabilities: readonly Capability[] = this.users.capabilitiesOf(userId)): Store[] {
    const all = this.stores.list(-1, 0).stores;
    if (capabilities.includes('manage_stores')) return all;
    const assigned = new Set(this.assignments.storesOf(userId));
    const stores = all.filter((store) => assigned.has(store.id));
    return stores.length > 0 ? stores : [this.stores.defaultStore()];
  }

  /**
   * The store a new order of `userId` belongs to: the one asked for, which must be one of theirs
   * (403 otherwise), else the default store when it is theirs, else their first store.
   */
  storeForNewOrder(userId: number, requestedStoreId?: number): Store {
    const mine = this.storesOf(userId);
    if (requestedStoreId !== undefined) {
      const store = mine.find((candidate) => candidate.id === requestedStoreId);
      if (!store)
        throw new ApiError(403, 'pos_rest_store_not_assigned', `You are not assigned to store ${requestedStoreId}.`, {
          store_id: requestedStoreId,
          current_user: userId,
        });
      return store;
    }
    const defaultId = this.stores.defaultStore().id;
    const store = mine.find((candidate) => candidate.id === defaultId) ?? mine[0];
    if (!store) throw new Error('storesOf always holds a store');
    return store;
  }
}
