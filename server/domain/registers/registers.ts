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
import { parsePrinterAddress, printerLabel } from './drawer-kick.js';

const name = z.string().trim().min(1, 'name must not be empty').max(100);
const status = z.enum(['active', 'disabled']);

/** `POST /registers`: a till in a store (the default store when none is named). */
export const registerCreateInput = z.object({
  name,
  store_id: z.coerce.number().int().positive('must be a store id').optional(),
  status: status.default('active'),
});
/** The drawer's printer: '' for none, or a network printer's `host:port` (a bare host is port 9100). */
const drawerPrinter = z
  .string()
  .trim()
  .max(255)
  .refine(
    (text) => text === '' || parsePrinterAddress(text) !== undefined,
    'the drawer printer must be a network address such as 192.168.1.50:9100, or empty for none',
  )
  .transform((text) => {
    const address = text === '' ? undefined : parsePrinterAddress(text);
    return address === undefined ? '' : printerLabel(address);
  });
const drawerPin = z.union([z.literal(2), z.literal(5)], { message: 'the drawer pin is 2 or 5' });

/** `PATCH /registers/{id}`. */
export const registerUpdateInput = z.object({
  name: name.optional(),
  status: status.optional(),
  drawer_printer: drawerPrinter.optional(),
  drawer_pin: drawerPin.optional(),
});

export type RegisterCreateInput = z.output<typeof registerCreateInput>;
export type RegisterUpdateInput = z.output<typeof registerUpdateInput>;

export function shapeRegister(register: RegisterRecord, session: CashSessionRecord | undefined, store: Store, apiBase: string): Register {
  return {
    id: register.id,
    store_id: register.store_id,
    name: register.name,
    status: register.status,
    drawer_printer: register.drawer_printer,
    drawer_pin: register.drawer_pin,
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
      if (input.drawer_printer !== undefined || input.drawer_pin !== undefined)
        this.registers.setDrawerPrinter(id, input.drawer_printer ?? register.drawer_printer, input.drawer_pin ?? register.drawer_pin, gmtNow());
      const updated = this.get(id);
      const changes = Object.fromEntries(
        (['name', 'status', 'drawer_printer', 'drawer_pin'] as const)
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

  /** The register whose drawer took cash in a checkout (none for a card payment). */
  cashDrawerOfCheckout(checkoutId: string): RegisterRecord | undefined {
    return this.registers.cashDrawerOfCheckout(checkoutId);
  }

  /** The register whose drawer gave back a refund's cash (none for a refund to a card). */
  cashDrawerOfRefund(refundId: number): RegisterRecord | undefined {
    return this.registers.cashDrawerOfRefund(refundId);
  }

  /** A manager's test of the drawer: audited as the no-sale is, since it opens the drawer too. */
  recordDrawerTest(id: number, actor: AuditActor): RegisterRecord {
    return writeTransaction(this.db, () => {
      const register = this.get(id);
      this.audit.record({
        actor,
        action: 'drawer.test',
        object: { type: 'register', id },
        registerId: id,
        details: { printer: register.drawer_printer, drawer_pin: register.drawer_pin },
        message: `${actor.username} tested the drawer of register ${id}`,
      });
      return register;
    });
  }
}
