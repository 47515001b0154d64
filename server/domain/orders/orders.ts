import { randomBytes } from 'node:crypto';
import type { Database } from '../../data/database.js';
import type { CouponsRepository } from '../../data/repositories/coupons.js';
import type { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import type { PaymentGatewaysRepository } from '../../data/repositories/payment-gateways.js';
import type { OrdersRepository, OrderFilter, OrderSort } from '../../data/repositories/orders.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { TermsRepository } from '../../data/repositories/terms.js';
import { writeTransaction } from '../../data/write-transaction.js';
import { completeBilling, completeShipping } from '../../model/customers/address.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest, invalidParams } from '../errors.js';
import { POS_REGISTER, POS_SESSION } from '../registers/tills.js';
import { EXCHANGE_RETURN, EXCHANGE_SALE } from './exchange-meta.js';
import { readGeneralSettings } from '../settings/general.js';
import { gatewaySettingOf, readPaymentGatewaySettings } from '../settings/payment-gateways.js';
import type { Store } from '../../model/stores.js';
import type { TaxRateFinder } from '../taxes/location.js';
import type { OrderCreateInput, OrderUpdateInput } from './input.js';
import { applyCoupons, applyFees, applyShipping, type TaxClassOf } from './item-lists.js';
import type { OrderLifecycle } from './lifecycle.js';
import type { LineItemBuilder } from './line-items.js';
import { requireOrder } from './lookup.js';
import { metaValue, upsertMeta } from './meta.js';
import { assertMoneyInvariants, assertPaidThroughCheckout } from './money-invariants.js';
import type { NewOrderDefaults } from './new-order.js';
import type { OrderPayments } from './payments.js';
import { recalculateOrder, type RecalculateContext } from './recalculate.js';
import { shapeOrder, type OrderResponse } from './shape.js';
import { OrderStatuses } from './statuses.js';
import { INTERNAL_META_KEYS, itemsOfType, type OrderFields, type OrderItemDraft, type OrderRecord } from '../../model/orders/types.js';

/** Meta keys the server sets itself (CONTRACT 7; a client may name the store on create) or keeps for its own bookkeeping. */
const POS_STORE = '_pos_store';
const POS_CASHIER = '_pos_cashier';
const POS_UUID = '_pos_uuid';
// The exchange links are the server's too: a client dropping a return's EXCHANGE_SALE could spend its credit twice.
const SERVER_META_KEYS: ReadonlySet<string> = new Set([
  POS_STORE,
  POS_CASHIER,
  POS_UUID,
  POS_REGISTER,
  POS_SESSION,
  EXCHANGE_SALE,
  EXCHANGE_RETURN,
  ...INTERNAL_META_KEYS,
]);

export interface OrderListQuery {
  filter: OrderFilter;
  sort: OrderSort;
  limit: number;
  offset: number;
}

/** Random bytes drawn from the OS in blocks: one call per 455 orders instead of one per order. */
const RANDOM_BLOCK = 4095;
let randomBlock = Buffer.alloc(0);
let randomOffset = 0;

function randomKey(): string {
  if (randomOffset + 9 > randomBlock.length) {
    randomBlock = randomBytes(RANDOM_BLOCK);
    randomOffset = 0;
  }
  const key = randomBlock.toString('base64url', randomOffset, randomOffset + 9);
  randomOffset += 9;
  return key;
}

/** What OrderService is built from (server/composition.ts builds each once). */
export interface OrderServiceParts {
  statusRecords: OrderStatusesRepository;
  terms: TermsRepository;
  coupons: CouponsRepository;
  gateways: PaymentGatewaysRepository;
  orders: OrdersRepository;
  stores: StoresRepository;
  products: ProductsRepository;
  refunds: RefundsRepository;
  settings: SettingsRepository;
  finder: TaxRateFinder;
  lifecycle: OrderLifecycle;
  payments: OrderPayments;
  lines: LineItemBuilder;
  defaults: NewOrderDefaults;
}

/** Orders: create, read, update and list, with their totals always computed here (CONTRACT 7). */
export class OrderService {
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;
  private readonly products: ProductsRepository;
  private readonly refunds: RefundsRepository;
  private readonly settings: SettingsRepository;
  private readonly finder: TaxRateFinder;
  private readonly lifecycle: OrderLifecycle;
  private readonly payments: OrderPayments;
  private readonly lines: LineItemBuilder;
  private readonly defaults: NewOrderDefaults;
  private readonly taxClassOf: TaxClassOf;
  private readonly statusRecords: OrderStatusesRepository;
  private readonly terms: TermsRepository;
  private readonly coupons: CouponsRepository;
  private readonly gateways: PaymentGatewaysRepository;

  constructor(
    private readonly db: Database,
    parts: OrderServiceParts,
  ) {
    this.statusRecords = parts.statusRecords;
    this.terms = parts.terms;
    this.coupons = parts.coupons;
    this.gateways = parts.gateways;
    this.orders = parts.orders;
    this.stores = parts.stores;
    this.products = parts.products;
    this.refunds = parts.refunds;
    this.settings = parts.settings;
    this.finder = parts.finder;
    this.lifecycle = parts.lifecycle;
    this.payments = parts.payments;
    this.lines = parts.lines;
    this.defaults = parts.defaults;
    this.taxClassOf = (value, param) => this.lines.taxClassOf(value, param);
  }

  statuses(): OrderStatuses {
    return new OrderStatuses(this.statusRecords.all());
  }

  get(id: number): OrderRecord {
    return requireOrder(this.orders, id);
  }

  storeOf(order: Pick<OrderRecord, 'store_id'>): Store {
    return this.stores.findOrDefault(order.store_id);
  }

  respond(order: OrderRecord, apiBase: string): OrderResponse {
    return shapeOrder(order, {
      store: this.storeOf(order),
      statuses: this.statuses(),
      refunds: this.refunds.forOrder(order.id),
      apiBase,
      number: this.payments.numbers.numberOf(order.id),
    });
  }

  list(query: OrderListQuery, apiBase: string): { orders: OrderResponse[]; total: number } {
    const { records, total } = this.orders.list(query.filter, query.sort, query.limit, query.offset);
    const refunds = this.refunds.forOrders(records.map((record) => record.id));
    const numbers = this.payments.numbers.numbersOf(records.map((record) => record.id));
    const statuses = this.statuses();
    const stores = new Map<number | null, Store>();
    const storeOf = (record: OrderRecord) => {
      const known = stores.get(record.store_id);
      if (known) return known;
      const store = this.storeOf(record);
      stores.set(record.store_id, store);
      return store;
    };
    return {
      orders: records.map((record) =>
        shapeOrder(record, { store: storeOf(record), statuses, refunds: refunds.get(record.id) ?? [], apiBase, number: numbers.get(record.id) }),
      ),
      total,
    };
  }

  modificationIndex(filter: OrderFilter, sort: OrderSort): Array<{ id: number; date_modified_gmt: string }> {
    return this.orders.modificationIndex(filter, sort);
  }

  /**
   * `POST /orders`. With a client uuid that is already known, the existing order comes back
   * (`created: false`) and nothing is written (CONTRACT 7).
   */
  create(input: OrderCreateInput, cashierId: number): { order: OrderRecord; created: boolean } {
    const uuidValue = input.uuid ?? metaValue(input.meta_data, POS_UUID);
    const uuid = typeof uuidValue === 'string' && uuidValue.trim() !== '' ? uuidValue.trim() : undefined;
    return writeTransaction(this.db, () => {
      if (uuid !== undefined) {
        const existing = this.orders.findByUuid(uuid);
        if (existing) return { order: existing, created: false };
      }
      const store = this.defaults.store(cashierId, metaValue(input.meta_data, POS_STORE));
      const general = readGeneralSettings(this.settings);
      const till = this.payments.tills.forNewOrder(store, metaValue(input.meta_data, POS_REGISTER));
      const statuses = this.statuses();
      const status = input.status ?? 'pending';
      this.checkStatusName(status, statuses);
      if (status !== 'pending') statuses.assertMove('pending', status);
      const customer = input.customer_id !== undefined ? this.defaults.named(input.customer_id) : this.defaults.defaultCustomer(store, general, cashierId);
      const guestBilling = input.customer_id === undefined && !customer ? this.defaults.cashierBilling(store, general, cashierId) : undefined;
      if (input.coupon_lines?.some((line) => line.id !== undefined)) {
        throw badRequest('woocommerce_rest_coupon_item_id_readonly', 'Coupon item ID is readonly.');
      }

      const now = gmtNow();
      const serverMeta = [
        { key: POS_STORE, value: store.id },
        { key: POS_CASHIER, value: cashierId },
        ...(uuid !== undefined ? [{ key: POS_UUID, value: uuid }] : []),
        { key: POS_REGISTER, value: till.register.id },
        ...(till.session ? [{ key: POS_SESSION, value: till.session.id }] : []),
      ];
      const fields: OrderFields = {
        parent_id: 0,
        uuid: uuid ?? null,
        order_key: `wc_order_${randomKey()}`,
        status: 'pending',
        currency: store.currency,
        prices_include_tax: store.prices_include_tax,
        customer_id: customer?.id ?? 0,
        billing: input.billing ? completeBilling(input.billing) : completeBilling(customer ? customer.billing : (guestBilling ?? {})),
        shipping: input.shipping ? completeShipping(input.shipping) : customer ? completeShipping(customer.shipping) : completeShipping({}),
        payment_method: input.payment_method ?? '',
        payment_method_title: input.payment_method_title ?? '',
        transaction_id: input.transaction_id ?? '',
        customer_note: input.customer_note ?? '',
        created_via: 'pos',
        store_id: store.id,
        cashier_id: cashierId,
        discount_total: '0',
        discount_tax: '0',
        shipping_total: '0',
        shipping_tax: '0',
        cart_tax: '0',
        total_tax: '0',
        total: '0',
        meta_data: upsertMeta(upsertMeta([], input.meta_data ?? [], SERVER_META_KEYS), serverMeta),
        date_created_gmt: now,
        date_modified_gmt: now,
        date_paid_gmt: null,
        date_completed_gmt: null,
      };
      const items: OrderItemDraft[] = [
        ...this.lines.apply([], input.line_items ?? [], { fields, store, general }, 'line_items'),
        ...applyFees([], input.fee_lines ?? [], this.taxClassOf),
        ...applyShipping([], input.shipping_lines ?? []),
        ...applyCoupons([], input.coupon_lines ?? []),
      ];
      const calculated = recalculateOrder(fields, items, this.recalculateContext(store), (input.coupon_lines ?? []).length > 0);
      assertMoneyInvariants(items, calculated, { lines: input.line_items, fees: input.fee_lines }, store.price_num_decimals);
      const id = this.orders.insert(calculated.fields);
      this.payments.tills.assign(id, till);
      this.orders.saveItems(id, calculated.items);
      let order = this.get(id);
      if (status !== 'pending') {
        assertPaidThroughCheckout(order, status, statuses, undefined, store.price_num_decimals);
        order = this.lifecycle.applyStatus(order, status);
      }
      if (input.set_paid === true) {
        assertPaidThroughCheckout(order, undefined, statuses, undefined, store.price_num_decimals);
        order = this.setPaid(order, statuses);
      }
      return { order: this.payments.recordSale(order, cashierId), created: true };
    });
  }

  /** `PATCH /orders/{id}` (woocommerce-reference §2.6 write semantics; items only while editable). */
  update(id: number, input: OrderUpdateInput): OrderRecord {
    return writeTransaction(this.db, () => {
      const current = this.get(id);
      const statuses = this.statuses();
      const store = this.storeOf(current);
      const changesItems =
        input.line_items !== undefined || input.fee_lines !== undefined || input.shipping_lines !== undefined || input.coupon_lines !== undefined;
      const changesAddresses =
        input.billing !== undefined || input.shipping !== undefined || (input.customer_id !== undefined && input.customer_id !== current.customer_id);
      if ((changesItems || changesAddresses) && !statuses.isEditable(current.status)) {
        throw badRequest('pos_rest_order_not_editable', `Order ${id} is ${current.status}: its items and addresses can no longer change.`, {
          order_id: id,
          order_status: current.status,
        });
      }
      if (input.status !== undefined) this.checkStatusName(input.status, statuses);

      const { items: currentItems } = current;
      const currentFields = fieldsOf(current);
      let fields: OrderFields = {
        ...currentFields,
        customer_note: input.customer_note ?? current.customer_note,
        payment_method: input.payment_method ?? current.payment_method,
        payment_method_title: input.payment_method_title ?? current.payment_method_title,
        transaction_id: input.transaction_id ?? current.transaction_id,
        meta_data: input.meta_data ? upsertMeta(current.meta_data, input.meta_data, SERVER_META_KEYS) : current.meta_data,
        date_modified_gmt: gmtNow(),
      };
      if (input.customer_id !== undefined) fields.customer_id = this.defaults.named(input.customer_id)?.id ?? 0;
      if (input.billing) fields.billing = completeBilling({ ...current.billing, ...input.billing });
      if (input.shipping) fields.shipping = completeShipping({ ...current.shipping, ...input.shipping });

      let items: OrderItemDraft[] = currentItems;
      if (changesItems || changesAddresses) {
        items = [
          ...(input.line_items
            ? this.lines.apply(
                itemsOfType(currentItems, 'line_item'),
                input.line_items,
                { fields, store, general: readGeneralSettings(this.settings) },
                'line_items',
              )
            : itemsOfType(currentItems, 'line_item')),
          ...(input.fee_lines ? applyFees(itemsOfType(currentItems, 'fee'), input.fee_lines, this.taxClassOf) : itemsOfType(currentItems, 'fee')),
          ...(input.shipping_lines ? applyShipping(itemsOfType(currentItems, 'shipping'), input.shipping_lines) : itemsOfType(currentItems, 'shipping')),
          ...(input.coupon_lines ? applyCoupons(itemsOfType(currentItems, 'coupon'), input.coupon_lines) : itemsOfType(currentItems, 'coupon')),
          ...itemsOfType(currentItems, 'tax'),
        ];
        const calculated = recalculateOrder(fields, items, this.recalculateContext(store), input.coupon_lines !== undefined);
        assertMoneyInvariants(items, calculated, { lines: input.line_items, fees: input.fee_lines }, store.price_num_decimals);
        fields = calculated.fields;
        items = calculated.items;
      }
      this.orders.update(id, fields);
      this.orders.saveItems(id, items);
      let order = this.get(id);
      if (changesItems) order = this.lifecycle.followLineChanges(current, order);
      if (input.status !== undefined && input.status !== order.status) {
        statuses.assertMove(order.status, input.status);
        assertPaidThroughCheckout(order, input.status, statuses, id, store.price_num_decimals);
        order = this.lifecycle.moveStatus(order, input.status, statuses);
      }
      if (input.set_paid === true && !statuses.isPaid(order.status) && order.date_paid_gmt === null) {
        assertPaidThroughCheckout(order, undefined, statuses, id, store.price_num_decimals);
        order = this.setPaid(order, statuses);
      }
      return this.payments.recordSale(order, order.cashier_id ?? 0);
    });
  }

  /** `set_paid`: paid through the order's own payment method (or the default gateway), to that gateway's paid status. */
  private setPaid(order: OrderRecord, statuses: OrderStatuses): OrderRecord {
    const settings = readPaymentGatewaySettings(this.settings);
    const gateway = this.gateways.find(order.payment_method !== '' ? order.payment_method : settings.default_gateway);
    const setting = gateway ? gatewaySettingOf(settings, gateway.id, gateway.position) : undefined;
    return this.lifecycle.pay(
      order,
      {
        paymentMethod: order.payment_method !== '' ? order.payment_method : (gateway?.id ?? ''),
        paymentMethodTitle: order.payment_method_title !== '' ? order.payment_method_title : (gateway?.title ?? ''),
        configuredStatus: setting?.order_status ?? 'completed',
      },
      statuses,
    );
  }

  recalculateContext(store: Store): RecalculateContext {
    return { store, finder: this.finder, products: this.products, terms: this.terms, coupons: this.coupons, nowGmt: gmtNow() };
  }

  private checkStatusName(status: string, statuses: OrderStatuses): void {
    if (!statuses.exists(status))
      throw invalidParams({
        status: `status is not one of ${statuses
          .list()
          .map((entry) => entry.status)
          .join(', ')}.`,
      });
  }
}

/** An order's columns without its id and items. */
function fieldsOf(order: OrderRecord): OrderFields {
  const fields: Partial<OrderRecord> = { ...order };
  delete fields.id;
  delete fields.items;
  return fields as OrderFields;
}
