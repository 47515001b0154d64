import { z } from 'zod';
import type { Database } from '../../data/database.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { CashSessionRecord, RegisterRecord } from '../../model/records/registers.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { AuditTrail, AuditActor } from '../audit/audit-trail.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { dates } from '../orders/shape.js';
import type { Store } from '../../model/stores.js';
import type { Register } from '../../../shared/resources/registers.js';

const name = z.string().trim().min(1, 'name must not be empty').max(100);
const status = z.enum(['active', 'disabled']);

/** `POST /registers`: a till in a store (the default store when none is named). */
export const registerCreateInput = z.object({
  name,
  store_id: z.coerce.number().int().positive('must be a store id').optional(),
  status: status.default('active'),
});
/** `PATCH /registers/{id}`. */
export const registerUpdateInput = z.object({ name: name.optional(), status: status.optional() });

export type RegisterCreateInput = z.output<typeof registerCreateInput>;
export type RegisterUpdateInput = z.output<typeof registerUpdateInput>;

export function shapeRegister(register: RegisterRecord, session: CashSessionRecord | undefined, store: Store, apiBase: string): Register {
  return {
    id: register.id,
    store_id: register.store_id,
    name: register.name,
    status: register.status,
    session: session
      ? { id: session.id, uuid: session.uuid, opened_by: session.opened_by ?? 0, ...dates('date_opened', session.date_opened_gmt, store.timezone) }
      : null,
    ...dates('date_created', register.date_created_gmt, store.timezone),
    ...dates('date_modified', register.date_modified_gmt, store.timezone),
    _links: {
      self: [{ href: `${apiBase}/registers/${register.id}` }],
      collection: [{ href: `${apiBase}/registers` }],
      store: [{ href: `${apiBase}/stores/${register.store_id}` }],
    },
  };
}

/** What RegisterService is built from (server/composition.ts builds each once). */
export interface RegisterServiceParts {
  audit: AuditTrail;
  registers: RegistersRepository;
  stores: StoresRepository;
}

/** Registers: the tills of each store. */
export class RegisterService {
  private readonly registers: RegistersRepository;
  private readonly stores: StoresRepository;
  private readonly audit: AuditTrail;

  constructor(
    private readonly db: Database,
    parts: RegisterServiceParts,
  ) {
    this.audit = parts.audit;
    this.registers = parts.registers;
    this.stores = parts.stores;
  }

  get(id: number): RegisterRecord {
    const register = this.registers.find(id);
    if (!register) throw notFound('register');
    return register;
  }

  respond(register: RegisterRecord, apiBase: string) {
    return shapeRegister(register, this.registers.openSession(register.id), this.stores.findOrDefault(register.store_id), apiBase);
  }

  list(storeId: number | undefined, limit: number, offset: number, apiBase: string) {
    const { registers, total } = this.registers.list(storeId, limit, offset);
    return { registers: registers.map((register) => this.respond(register, apiBase)), total };
  }

  create(input: RegisterCreateInput, actor: AuditActor): RegisterRecord {
    return writeTransaction(this.db, () => {
      const store = input.store_id === undefined ? this.stores.defaultStore() : this.stores.find(input.store_id);
      if (!store) throw badRequest('pos_rest_invalid_store_id', `Store ${String(input.store_id)} does not exist.`, { store_id: input.store_id });
      const register = this.registers.insert(store.id, input.name, input.status, gmtNow());
      this.audit.record({
        actor,
        action: 'register.create',
        object: { type: 'register', id: register.id },
        registerId: register.id,
        details: { name: register.name, store_id: register.store_id, status: register.status },
      });
      return register;
    });
  }

  update(id: number, input: RegisterUpdateInput, actor: AuditActor): RegisterRecord {
    return writeTransaction(this.db, () => {
      const register = this.get(id);
      const nextStatus = input.status ?? register.status;
      if (nextStatus === 'disabled' && register.status !== 'disabled' && this.registers.openSession(id)) {
        throw conflict('pos_register_session_open', `Register ${id} has an open cash session; close it before disabling the register.`, { register_id: id });
      }
      this.registers.update(id, input.name ?? register.name, nextStatus, gmtNow());
      const updated = this.get(id);
      const changes = Object.fromEntries(
        (['name', 'status'] as const)
          .filter((field) => updated[field] !== register[field])
          .map((field) => [field, { from: register[field], to: updated[field] }]),
      );
      this.audit.record({
        actor,
        action: 'register.update',
        object: { type: 'register', id },
        registerId: id,
        details: { fields: Object.keys(changes), changes },
      });
      return updated;
    });
  }
}
