import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { CashSessionRecord, RegisterRecord } from '../../model/records/registers.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest } from '../errors.js';
import type { OrderRecord } from '../../model/orders/types.js';
import type { Store } from '../../model/stores.js';
import { registerClosed } from './sessions.js';

/** Meta keys naming an order's register and cash session (server-set; a client may name the register on create). */
export const POS_REGISTER = '_pos_register';
export const POS_SESSION = '_pos_session';

export interface Till {
  register: RegisterRecord;
  session: CashSessionRecord | undefined;
}

/** What Tills is built from (server/composition.ts builds each once). */
export interface TillsParts {
  registers: RegistersRepository;
}

/**
 * Which till an order belongs to and which drawer takes its money. An order that names no register
 * goes to its store's first active register (a store without one gets "Register 1" the first time).
 */
export class Tills {
  private readonly registers: RegistersRepository;

  constructor(parts: TillsParts) {
    this.registers = parts.registers;
  }

  private firstOf(store: Store): RegisterRecord {
    return this.registers.firstOfStore(store.id) ?? this.registers.insert(store.id, 'Register 1', 'active', gmtNow());
  }

  /** The till of a new order, from the `_pos_register` it names (an active register of its store) or its store's first. */
  forNewOrder(store: Store, named: unknown): Till {
    let register: RegisterRecord | undefined;
    if (named === undefined || named === null || named === '') {
      register = this.firstOf(store);
    } else {
      const id = Number(named);
      register = Number.isInteger(id) && id > 0 ? this.registers.find(id) : undefined;
      if (!register || register.store_id !== store.id || register.status !== 'active') {
        throw badRequest('pos_rest_invalid_register_id', `Register ${JSON.stringify(named)} is not an active register of store ${store.id}.`, {
          register_id: named,
          store_id: store.id,
        });
      }
    }
    return { register, session: this.registers.openSession(register.id) };
  }

  /** Records a new order's till (the meta says the same). */
  assign(orderId: number, till: Till): void {
    this.registers.setOrderTill(orderId, till.register.id, till.session?.id ?? null);
  }

  /** The till of an existing order; an order from before registers goes to its store's first register. */
  of(order: OrderRecord, store: Store): Till {
    const recorded = this.registers.orderTill(order.id);
    const register = (recorded && this.registers.find(recorded.register_id)) ?? this.firstOf(store);
    if (!recorded) this.registers.setOrderTill(order.id, register.id, null);
    return { register, session: this.registers.openSession(register.id) };
  }

  /** The till that takes money for an order now: with the store's `require_open_session`, its drawer must be open. */
  drawerFor(order: OrderRecord, store: Store): Till {
    const till = this.of(order, store);
    if (store.require_open_session && !till.session) throw registerClosed(till.register);
    return till;
  }

  /** The drawer that took an order's money becomes the order's session. */
  settle(orderId: number, till: Till): void {
    this.registers.setOrderTill(orderId, till.register.id, till.session?.id ?? null);
  }
}
