import { requireOrder } from './lookup.js';
import type { Database } from '../../data/database.js';
import type { CheckoutsRepository } from '../../data/repositories/checkouts.js';
import type { CustomersRepository } from '../../data/repositories/customers.js';
import type { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { UsersRepository } from '../../data/repositories/users.js';
import type { CustomerRecord } from '../../model/customers/types.js';
import { taxIdLabel } from '../receipts/format.js';
import type { ReceiptData, ReceiptEnvelope, ReceiptTaxId } from '../receipts/schema.js';
import { readGeneralSettings } from '../settings/general.js';
import { readSection } from '../settings/section.js';
import { TAX_IDS_SETTINGS } from '../settings/tax-ids.js';
import type { Store } from '../../model/stores.js';
import { isPaid } from './lifecycle.js';
import type { OrderPayments } from './payments.js';
import { fiscalRecordOf, type FiscalReceiptEnvelope, type FiscalSources } from '../journal/fiscal.js';
import { buildReceipt } from './receipt-data.js';
import { OrderStatuses } from './statuses.js';
import type { OrderRecord } from '../../model/orders/types.js';

function metaText(meta: ReadonlyArray<{ key: string; value: unknown }>, key: string): string | undefined {
  const value = meta.find((entry) => entry.key === key)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** What ReceiptService is built from (server/composition.ts builds each once). */
export interface ReceiptServiceParts {
  orders: OrdersRepository;
  stores: StoresRepository;
  settings: SettingsRepository;
  statusRecords: OrderStatusesRepository;
  refunds: RefundsRepository;
  users: UsersRepository;
  customers: CustomersRepository;
  checkouts: CheckoutsRepository;
  payments: OrderPayments;
  fiscal: FiscalSources;
}

/**
 * `GET /receipts/{order_id}` in live mode: the receipt data (server/domain/receipts/schema.ts) built
 * from the order as it is now.
 */
export class ReceiptService {
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;
  private readonly settings: SettingsRepository;
  private readonly statusRecords: OrderStatusesRepository;
  private readonly refunds: RefundsRepository;
  private readonly users: UsersRepository;
  private readonly customers: CustomersRepository;
  private readonly checkouts: CheckoutsRepository;
  private readonly payments: OrderPayments;
  private readonly fiscalSources: FiscalSources;

  constructor(
    private readonly db: Database,
    parts: ReceiptServiceParts,
  ) {
    this.orders = parts.orders;
    this.stores = parts.stores;
    this.settings = parts.settings;
    this.statusRecords = parts.statusRecords;
    this.refunds = parts.refunds;
    this.users = parts.users;
    this.customers = parts.customers;
    this.checkouts = parts.checkouts;
    this.payments = parts.payments;
    this.fiscalSources = parts.fiscal;
  }

  receipt(orderId: number): ReceiptEnvelope {
    const order = requireOrder(this.orders, orderId);
    return { order_id: order.id, mode: 'live', has_snapshot: false, submission_status: null, data: this.payload(order, this.receiptStore(order)) };
  }

  /** The receipt with its sales-journal record (sequence, hash, reprints); 404 for an order the journal does not hold. */
  fiscal(orderId: number): FiscalReceiptEnvelope {
    const order = requireOrder(this.orders, orderId);
    const fiscal = fiscalRecordOf(this.db, this.fiscalSources, order.id);
    return {
      order_id: order.id,
      mode: 'fiscal',
      has_snapshot: true,
      submission_status: null,
      data: { ...this.payload(order, this.receiptStore(order)), fiscal },
    };
  }

  /** The order's store; for the default store, the receipt overrides of `settings/general` replace its details where set. */
  private receiptStore(order: OrderRecord): Store {
    const store = this.stores.findOrDefault(order.store_id);
    if (store.id !== this.stores.defaultStore().id) return store;
    const general = readGeneralSettings(this.settings);
    return {
      ...store,
      name: general.store_name || store.name,
      phone: general.store_phone || store.phone,
      email: general.store_email || store.email,
      policies_and_conditions: general.policies_and_conditions || store.policies_and_conditions,
      tax_ids: general.store_tax_ids.length > 0 ? general.store_tax_ids : store.tax_ids,
    };
  }

  /** Tax ids the cashier wrote to the order, else to the customer, under the meta keys `settings/tax_ids` maps each type to. */
  private customerTaxIds(order: OrderRecord, customer: CustomerRecord | undefined): ReceiptTaxId[] {
    const { write_map } = readSection(this.settings, TAX_IDS_SETTINGS);
    return Object.entries(write_map).flatMap(([type, key]) => {
      const value = metaText(order.meta_data, key) ?? (customer && metaText(customer.meta_data, key));
      return value === undefined ? [] : [{ type, value, label: taxIdLabel(type) }];
    });
  }

  /** What the receipt is built from, read in one place; receipt-data.ts builds the receipt from it. */
  private payload(order: OrderRecord, store: Store): ReceiptData {
    const statuses = new OrderStatuses(this.statusRecords.all());
    const paid = isPaid(order, statuses);
    const customer = order.customer_id > 0 ? this.customers.findById(order.customer_id) : undefined;
    return buildReceipt({
      order,
      store,
      statuses,
      paid,
      refunds: this.refunds.forOrder(order.id),
      cashier: order.cashier_id !== null ? this.users.findById(order.cashier_id) : undefined,
      customer,
      customerTaxIds: this.customerTaxIds(order, customer),
      providerData: (paid ? this.checkouts.completed(order.id)?.provider_data : undefined) ?? {},
      tenders: this.payments.tendersOf(order),
      number: this.payments.numbers.numberOf(order.id),
    });
  }
}
