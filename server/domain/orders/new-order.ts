import type { CustomersRepository } from '../../data/repositories/customers.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import { completeBilling } from '../../model/customers/address.js';
import type { CustomerRecord } from '../../model/customers/types.js';
import { badRequest } from '../errors.js';
import type { GeneralSettings } from '../settings/general.js';
import { StoreAccess } from '../store-access.js';
import type { Store } from '../../model/stores.js';

/** What NewOrderDefaults is built from (server/composition.ts builds each once). */
export interface NewOrderDefaultsParts {
  stores: StoresRepository;
  customers: CustomersRepository;
  users: UsersRepository;
  access: StoreAccess;
}

/**
 * Who a new order is for and where it is sold, when the request does not say: the store comes from
 * the cashier's store assignments, the customer from the store's or the general settings
 * `default_customer` / `default_customer_is_cashier`.
 */
export class NewOrderDefaults {
  private readonly stores: StoresRepository;
  private readonly customers: CustomersRepository;
  private readonly users: UsersRepository;
  private readonly access: StoreAccess;

  constructor(parts: NewOrderDefaultsParts) {
    this.stores = parts.stores;
    this.customers = parts.customers;
    this.users = parts.users;
    this.access = parts.access;
  }

  /**
   * The store named in meta `_pos_store` (it must exist: 400, and be one of the cashier's: 403),
   * else the cashier's own store (`StoreAccess.storeForNewOrder`).
   */
  store(cashierId: number, named: unknown): Store {
    if (named === undefined || named === null || named === '') return this.access.storeForNewOrder(cashierId);
    const id = Number(named);
    const store = Number.isInteger(id) && id > 0 ? this.stores.find(id) : undefined;
    if (!store) throw badRequest('pos_rest_invalid_store_id', `Store ${JSON.stringify(named)} does not exist.`, { store_id: named });
    return this.access.storeForNewOrder(cashierId, store.id);
  }

  /** The customer an order names: 0 is a guest; an unknown id is refused. */
  named(customerId: number): CustomerRecord | undefined {
    if (customerId === 0) return undefined;
    const customer = this.customers.findById(customerId);
    if (!customer) throw badRequest('woocommerce_rest_invalid_customer_id', 'Customer ID is invalid.', { customer_id: customerId });
    return customer;
  }

  /**
   * The customer of an order that names none (`customer_id` left out; 0 sent is a deliberate
   * guest): the cashier's own customer account when `default_customer_is_cashier` is on, else
   * `default_customer`. The store's own setting, when it has one, comes before the general one.
   */
  defaultCustomer(store: Store, general: GeneralSettings, cashierId: number): CustomerRecord | undefined {
    if (store.default_customer_is_cashier || general.default_customer_is_cashier) return this.cashierAsCustomer(cashierId);
    const id = store.default_customer > 0 ? store.default_customer : general.default_customer;
    if (id === 0) return undefined;
    const customer = this.customers.findById(id);
    // A default customer deleted since it was chosen leaves the sale a guest sale rather than blocking the till.
    return customer;
  }

  /**
   * The billing of an order that names no customer and got none from `defaultCustomer`: with
   * `default_customer_is_cashier` on, a cashier without an email (who can have no customer account:
   * a customer's email is required and unique) still sells as themselves, by name, without an
   * account; anyone else's sale is a guest's with an empty billing.
   */
  cashierBilling(store: Store, general: GeneralSettings, cashierId: number): { first_name: string; last_name: string } | undefined {
    if (!store.default_customer_is_cashier && !general.default_customer_is_cashier) return undefined;
    const user = this.users.findById(cashierId);
    if (!user) return undefined;
    if (user.first_name !== '' || user.last_name !== '') return { first_name: user.first_name, last_name: user.last_name };
    // Only a display name ("Cara Cashier"): its first word as the first name, the rest as the last.
    const [first = '', ...rest] = (user.display_name || user.username).trim().split(/\s+/);
    return { first_name: first, last_name: rest.join(' ') };
  }

  /**
   * The cashier's customer account: the customer with the user's email, made from the user's name
   * and email the first time (in WooCommerce every user is a customer). A user without an email has
   * no customer account to be: `cashierBilling` names them on the sale instead.
   */
  private cashierAsCustomer(cashierId: number): CustomerRecord | undefined {
    const user = this.users.findById(cashierId);
    const email = user?.email ?? '';
    if (!user || email === '') return undefined;
    const existing = this.customers.findByEmail(email);
    if (existing) return existing;
    const username = this.customers.usernameTaken(user.username) ? null : user.username;
    return this.customers.create({
      email,
      username,
      first_name: user.first_name,
      last_name: user.last_name,
      billing: completeBilling({ first_name: user.first_name, last_name: user.last_name, email }),
    });
  }
}
