import { requireOrder } from './lookup.js';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../data/database.js';
import { CouponsRepository } from '../../data/repositories/coupons.js';
import { CustomersRepository } from '../../data/repositories/customers.js';
import { OrderStatusesRepository } from '../../data/repositories/order-statuses.js';
import { PaymentGatewaysRepository } from '../../data/repositories/payment-gateways.js';
import { OrdersRepository, type OrderFilter, type OrderSort } from '../../data/repositories/orders.js';
import { ProductsRepository, type SellableProduct } from '../../data/repositories/products.js';
import { RefundsRepository } from '../../data/repositories/refunds.js';
import { SettingsRepository } from '../../data/repositories/settings.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { TermsRepository } from '../../data/repositories/terms.js';
import { completeBilling, completeShipping } from '../customers/address.js';
import { gmtNow } from '../dates.js';
import { badRequest, invalidParams } from '../errors.js';
import { Decimal } from '../money.js';
import { gatewaySettingOf, readPaymentGatewaySettings } from '../settings/payment-gateways.js';
import type { Store } from '../stores.js';
import { baseLocationOf, TaxRateFinder } from '../taxes/location.js';
import type { CouponLineInput, FeeLineInput, LineItemInput, MetaInput, OrderCreateInput, OrderUpdateInput, ShippingLineInput } from './input.js';
import { OrderLifecycle } from './lifecycle.js';
import { OrderPayments } from './payments.js';
import { POS_REGISTER, POS_SESSION } from '../registers/tills.js';
import { assertMoneyInvariants, assertPaidThroughCheckout } from './money-invariants.js';
import { plain, recalculateOrder, type RecalculateContext } from './recalculate.js';
import { shapeOrder, type OrderResponse } from './shape.js';
import { OrderStatuses } from './statuses.js';
import { linePriceExcludingTax } from './totals.js';
import { INTERNAL_META_KEYS, itemsOfType, type OrderFields, type OrderItemDraft, type OrderRecord } from './types.js';
import { writeTransaction } from '../../data/write-transaction.js';

/** Meta keys the server sets itself (CONTRACT 7; a client may name the store on create) or keeps for its own bookkeeping. */
const POS_STORE = '_pos_store';
const POS_CASHIER = '_pos_cashier';
const POS_UUID = '_pos_uuid';
const SERVER_META_KEYS: ReadonlySet<string> = new Set([POS_STORE, POS_CASHIER, POS_UUID, POS_REGISTER, POS_SESSION, ...INTERNAL_META_KEYS]);

export interface OrderListQuery {
  filter: OrderFilter;
  sort: OrderSort;
  limit: number;
  offset: number;
}

type LineDraft = Extract<OrderItemDraft, { type: 'line_item' }>;
type FeeDraft = Extract<OrderItemDraft, { type: 'fee' }>;
type ShippingDraft = Extract<OrderItemDraft, { type: 'shipping' }>;
type CouponDraft = Extract<OrderItemDraft, { type: 'coupon' }>;

function metaValue(meta: MetaInput | undefined, key: string): unknown {
  return meta?.find((entry) => entry.key === key)?.value;
}

/** Writes `[{key, value, id?}]` into meta data: by id when given, else by key (woocommerce-reference §1). */
export function upsertMeta(current: readonly { id: number; key: string; value: unknown }[], updates: MetaInput, skipKeys: ReadonlySet<string> = new Set()): Array<{ id: number; key: string; value: unknown }> {
  const result = current.map((entry) => ({ ...entry }));
  let nextId = result.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  for (const update of updates) {
    if (skipKeys.has(update.key)) continue;
    const existing = update.id !== undefined ? result.find((entry) => entry.id === update.id) : result.find((entry) => entry.key === update.key);
    if (existing) {
      existing.key = update.key;
      existing.value = update.value;
    } else {
      result.push({ id: nextId++, key: update.key, value: update.value });
    }
  }
  return result;
}

function randomKey(): string {
  return randomBytes(9).toString('base64url');
}

/** Orders: create, read, update and list, with their totals always computed here (CONTRACT 7). */
export class OrderService {
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;
  private readonly products: ProductsRepository;
  private readonly customers: CustomersRepository;
  private readonly refunds: RefundsRepository;
  private readonly finder: TaxRateFinder;
  private readonly lifecycle: OrderLifecycle;
  private readonly payments: OrderPayments;

  constructor(private readonly db: Database) {
    this.orders = new OrdersRepository(db);
    this.stores = new StoresRepository(db);
    this.products = new ProductsRepository(db);
    this.customers = new CustomersRepository(db);
    this.refunds = new RefundsRepository(db);
    this.finder = new TaxRateFinder(db);
    this.lifecycle = new OrderLifecycle(db);
    this.payments = new OrderPayments(db);
  }

  statuses(): OrderStatuses {
    return new OrderStatuses(new OrderStatusesRepository(this.db).all());
  }

  get(id: number): OrderRecord {
    return requireOrder(this.orders, id);
  }

  storeOf(order: Pick<OrderRecord, 'store_id'>): Store {
    return this.stores.findOrDefault(order.store_id);
  }

  respond(order: OrderRecord, apiBase: string): OrderResponse {
    return shapeOrder(order, { store: this.storeOf(order), statuses: this.statuses(), refunds: this.refunds.forOrder(order.id), apiBase });
  }

  list(query: OrderListQuery, apiBase: string): { orders: OrderResponse[]; total: number } {
    const { records, total } = this.orders.list(query.filter, query.sort, query.limit, query.offset);
    const refunds = this.refunds.forOrders(records.map((record) => record.id));
    const statuses = this.statuses();
    const stores = new Map<number | null, Store>();
    const storeOf = (record: OrderRecord) => {
      const known = stores.get(record.store_id);
      if (known) return known;
      const store = this.storeOf(record);
      stores.set(record.store_id, store);
      return store;
    };
    return { orders: records.map((record) => shapeOrder(record, { store: storeOf(record), statuses, refunds: refunds.get(record.id) ?? [], apiBase })), total };
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
      const store = this.storeFromMeta(input.meta_data);
      const till = this.payments.tills.forNewOrder(store, metaValue(input.meta_data, POS_REGISTER));
      const statuses = this.statuses();
      const status = input.status ?? 'pending';
      this.checkStatusName(status, statuses);
      if (status !== 'pending') statuses.assertMove('pending', status);
      const customer = this.customerFor(input.customer_id ?? 0);
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
        billing: input.billing ? completeBilling(input.billing) : customer ? completeBilling(customer.billing) : completeBilling({}),
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
        ...this.applyLineItems([], input.line_items ?? [], fields, store, 'line_items'),
        ...this.applyFees([], input.fee_lines ?? []),
        ...this.applyShipping([], input.shipping_lines ?? []),
        ...this.applyCoupons([], input.coupon_lines ?? []),
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
      const changesItems = input.line_items !== undefined || input.fee_lines !== undefined || input.shipping_lines !== undefined || input.coupon_lines !== undefined;
      const changesAddresses = input.billing !== undefined || input.shipping !== undefined || (input.customer_id !== undefined && input.customer_id !== current.customer_id);
      if ((changesItems || changesAddresses) && !statuses.isEditable(current.status)) {
        throw badRequest('pos_rest_order_not_editable', `Order ${id} is ${current.status}: its items and addresses can no longer change.`, { order_id: id, order_status: current.status });
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
      if (input.customer_id !== undefined) fields.customer_id = this.customerFor(input.customer_id)?.id ?? 0;
      if (input.billing) fields.billing = completeBilling({ ...current.billing, ...input.billing });
      if (input.shipping) fields.shipping = completeShipping({ ...current.shipping, ...input.shipping });

      let items: OrderItemDraft[] = currentItems;
      if (changesItems || changesAddresses) {
        items = [
          ...(input.line_items ? this.applyLineItems(itemsOfType(currentItems, 'line_item'), input.line_items, fields, store, 'line_items') : itemsOfType(currentItems, 'line_item')),
          ...(input.fee_lines ? this.applyFees(itemsOfType(currentItems, 'fee'), input.fee_lines) : itemsOfType(currentItems, 'fee')),
          ...(input.shipping_lines ? this.applyShipping(itemsOfType(currentItems, 'shipping'), input.shipping_lines) : itemsOfType(currentItems, 'shipping')),
          ...(input.coupon_lines ? this.applyCoupons(itemsOfType(currentItems, 'coupon'), input.coupon_lines) : itemsOfType(currentItems, 'coupon')),
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
    const settings = readPaymentGatewaySettings(new SettingsRepository(this.db));
    const gateways = new PaymentGatewaysRepository(this.db);
    const gateway = gateways.find(order.payment_method !== '' ? order.payment_method : settings.default_gateway);
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
    return { store, finder: this.finder, products: this.products, terms: new TermsRepository(this.db), coupons: new CouponsRepository(this.db), nowGmt: gmtNow() };
  }

  private checkStatusName(status: string, statuses: OrderStatuses): void {
    if (!statuses.exists(status)) throw invalidParams({ status: `status is not one of ${statuses.list().map((entry) => entry.status).join(', ')}.` });
  }

  private storeFromMeta(meta: MetaInput | undefined): Store {
    const named = metaValue(meta, POS_STORE);
    if (named === undefined || named === null || named === '') return this.stores.defaultStore();
    const id = Number(named);
    const store = Number.isInteger(id) && id > 0 ? this.stores.find(id) : undefined;
    if (!store) throw badRequest('pos_rest_invalid_store_id', `Store ${JSON.stringify(named)} does not exist.`, { store_id: named });
    return store;
  }

  private customerFor(customerId: number) {
    if (customerId === 0) return undefined;
    const customer = this.customers.findById(customerId);
    if (!customer) throw badRequest('woocommerce_rest_invalid_customer_id', 'Customer ID is invalid.', { customer_id: customerId });
    return customer;
  }

  private taxClassOf(value: string, param: string): string {
    const taxClass = value === 'standard' ? '' : value;
    if (!this.finder.taxClasses().includes(taxClass)) throw invalidParams({ [param]: `${value} is not a tax class.` });
    return taxClass;
  }

  /** §2.6 product lookup: `sku`, else `variation_id`, else `product_id`. A variable or grouped parent is not sold itself. */
  /** `{key: attribute slug (or name), value: the option}` per attribute of a variation, as item meta. */
  private variationAttributeMeta(variationId: number): Array<{ id: number; key: string; value: unknown }> {
    const attributes = this.products.find(variationId)?.variation_attributes ?? [];
    return attributes.map((attribute, index) => ({ id: index + 1, key: attribute.slug !== '' ? attribute.slug : attribute.name, value: attribute.option }));
  }

    private productFor(input: LineItemInput, param: string): SellableProduct {
    let product: SellableProduct | undefined;
    let reference: string;
    if (input.sku !== undefined && input.sku !== '') {
      product = this.products.findSellableBySku(input.sku);
      reference = `SKU ${input.sku}`;
    } else if (input.variation_id !== undefined && input.variation_id !== null && input.variation_id > 0) {
      product = this.products.findSellable(input.variation_id);
      if (product && product.type !== 'variation') product = undefined;
      reference = `variation ${input.variation_id}`;
    } else if (input.product_id !== undefined && input.product_id !== null && input.product_id > 0) {
      product = this.products.findSellable(input.product_id);
      reference = `product ${input.product_id}`;
    } else {
      throw badRequest('woocommerce_rest_required_product_reference', 'Product ID or SKU is required.', { param });
    }
    if (!product || product.status === 'trash') throw badRequest('woocommerce_rest_invalid_product_id', `Invalid product: no ${reference}.`, { param });
    if (product.type === 'variable' || product.type === 'grouped') {
      throw badRequest('woocommerce_rest_invalid_product_id', `Product ${product.id} is a ${product.type} product and cannot be sold itself; choose one of its ${product.type === 'variable' ? 'variations' : 'products'}.`, { param });
    }
    return product;
  }

  private productImage(product: SellableProduct): { id: number; src: string } {
    const record = this.products.find(product.id);
    const image = record?.images[0] ?? (product.parentId > 0 ? this.products.find(product.parentId)?.images[0] : undefined);
    return image ? { id: image.id, src: image.src } : { id: 0, src: '' };
  }

  /** The line's ex-tax price at its quantity (§6.5): gross prices lose their tax at the store's base rates. */
  private defaultLineTotal(product: SellableProduct, quantity: number, taxClass: string, fields: OrderFields, store: Store): Decimal {
    return linePriceExcludingTax(product.price === '' ? '0' : product.price, quantity, {
      pricesIncludeTax: fields.prices_include_tax,
      taxable: store.calc_taxes && product.taxStatus === 'taxable',
      baseRates: this.finder.find(baseLocationOf(store), taxClass),
      dp: store.price_num_decimals,
    });
  }

  private newLine(input: LineItemInput, index: number, fields: OrderFields, store: Store, param: string): LineDraft {
    const quantity = input.quantity ?? 1;
    if (quantity < 1) throw invalidParams({ [`${param}[${index}].quantity`]: 'quantity must be 1 or more for a new line.' });
    const product = this.productFor(input, `${param}[${index}]`);
    const taxClass = input.tax_class !== undefined ? this.taxClassOf(input.tax_class, `${param}[${index}].tax_class`) : product.taxClass;
    const price = this.defaultLineTotal(product, quantity, taxClass, fields, store);
    const { subtotal, total } = lineAmounts(input, price);
    const isVariation = product.type === 'variation';
    return {
      type: 'line_item',
      name: input.name ?? product.name,
      data: {
        product_id: isVariation ? product.parentId : product.id,
        variation_id: isVariation ? product.id : 0,
        quantity,
        tax_class: taxClass,
        tax_status: product.taxStatus,
        subtotal,
        subtotal_tax: '0',
        total,
        total_tax: '0',
        taxes: [],
        sku: product.sku,
        parent_name: isVariation ? product.parentName : null,
        image: this.productImage(product),
        // WooCommerce keeps a variation's attribute choices on the line, so the sale says what was sold.
        meta_data: upsertMeta(isVariation ? this.variationAttributeMeta(product.id) : [], input.meta_data ?? []),
        reduced_stock: 0,
      },
    };
  }

  private applyLineItems(current: readonly LineDraft[], inputs: readonly LineItemInput[], fields: OrderFields, store: Store, param: string): LineDraft[] {
    const lines = [...current];
    inputs.forEach((input, index) => {
      if (input.id === undefined) {
        lines.push(this.newLine(input, index, fields, store, param));
        return;
      }
      const position = lines.findIndex((line) => line.id === input.id);
      const existing = lines[position];
      if (!existing) throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${input.id} is not a line item of this order.`, { param: `${param}[${index}].id` });
      if (input.quantity === 0 || input.product_id === null) {
        lines.splice(position, 1);
        return;
      }
      lines[position] = this.updatedLine(existing, input, index, fields, store, param);
    });
    return lines;
  }

  private updatedLine(existing: LineDraft, input: LineItemInput, index: number, fields: OrderFields, store: Store, param: string): LineDraft {
    const quantity = input.quantity ?? existing.data.quantity;
    const names = (input.sku !== undefined && input.sku !== '') || (input.variation_id ?? 0) > 0 || (input.product_id ?? 0) > 0;
    const product = names ? this.productFor(input, `${param}[${index}]`) : undefined;
    const changesProduct = product !== undefined && product.id !== (existing.data.variation_id > 0 ? existing.data.variation_id : existing.data.product_id);
    const taxClass = input.tax_class !== undefined ? this.taxClassOf(input.tax_class, `${param}[${index}].tax_class`) : changesProduct ? product.taxClass : existing.data.tax_class;
    let data = { ...existing.data, quantity, tax_class: taxClass };
    let name = input.name ?? existing.name;
    if (changesProduct) {
      const isVariation = product.type === 'variation';
      const price = plain(this.defaultLineTotal(product, quantity, taxClass, fields, store));
      data = {
        ...data,
        product_id: isVariation ? product.parentId : product.id,
        variation_id: isVariation ? product.id : 0,
        tax_status: product.taxStatus,
        sku: product.sku,
        parent_name: isVariation ? product.parentName : null,
        image: this.productImage(product),
        subtotal: price,
        total: price,
      };
      name = input.name ?? product.name;
    } else if (quantity !== existing.data.quantity) {
      // A new quantity keeps the line's unit prices (WooCommerce would keep the old line amounts).
      data.subtotal = plain(new Decimal(existing.data.subtotal).div(existing.data.quantity).times(quantity));
      data.total = plain(new Decimal(existing.data.total).div(existing.data.quantity).times(quantity));
    }
    if (input.subtotal !== undefined || input.total !== undefined) {
      const amounts = lineAmounts(input, new Decimal(data.total));
      data.subtotal = amounts.subtotal;
      data.total = amounts.total;
    }
    if (input.meta_data) data.meta_data = upsertMeta(existing.data.meta_data, input.meta_data);
    return { ...existing, name, data };
  }

  private applyFees(current: readonly FeeDraft[], inputs: readonly FeeLineInput[]): FeeDraft[] {
    const fees = [...current];
    inputs.forEach((input, index) => {
      if (input.id === undefined) {
        if (input.name === undefined || input.name === null || input.name === '') throw badRequest('woocommerce_rest_invalid_fee_item', 'Fee name is required.', { param: `fee_lines[${index}].name` });
        fees.push({
          type: 'fee',
          name: input.name,
          data: {
            tax_class: input.tax_class !== undefined ? this.taxClassOf(input.tax_class, `fee_lines[${index}].tax_class`) : '',
            tax_status: input.tax_status ?? 'taxable',
            total: input.total ?? '0',
            total_tax: '0',
            taxes: [],
            meta_data: upsertMeta([], input.meta_data ?? []),
          },
        });
        return;
      }
      const position = fees.findIndex((fee) => fee.id === input.id);
      const existing = fees[position];
      if (!existing) throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${input.id} is not a fee line of this order.`, { param: `fee_lines[${index}].id` });
      if (input.name === null) {
        fees.splice(position, 1);
        return;
      }
      fees[position] = {
        ...existing,
        name: input.name ?? existing.name,
        data: {
          ...existing.data,
          tax_class: input.tax_class !== undefined ? this.taxClassOf(input.tax_class, `fee_lines[${index}].tax_class`) : existing.data.tax_class,
          tax_status: input.tax_status ?? existing.data.tax_status,
          total: input.total ?? existing.data.total,
          meta_data: input.meta_data ? upsertMeta(existing.data.meta_data, input.meta_data) : existing.data.meta_data,
        },
      };
    });
    return fees;
  }

  private applyShipping(current: readonly ShippingDraft[], inputs: readonly ShippingLineInput[]): ShippingDraft[] {
    const lines = [...current];
    inputs.forEach((input, index) => {
      if (input.id === undefined) {
        if (input.method_id === undefined || input.method_id === null || input.method_id === '') {
          throw badRequest('woocommerce_rest_invalid_shipping_item', 'Shipping method ID is required.', { param: `shipping_lines[${index}].method_id` });
        }
        lines.push({
          type: 'shipping',
          name: input.method_title ?? input.method_id,
          data: { method_id: input.method_id, instance_id: input.instance_id ?? '', total: input.total ?? '0', total_tax: '0', taxes: [], meta_data: upsertMeta([], input.meta_data ?? []) },
        });
        return;
      }
      const position = lines.findIndex((line) => line.id === input.id);
      const existing = lines[position];
      if (!existing) throw badRequest('woocommerce_rest_invalid_item_id', `Order item ID ${input.id} is not a shipping line of this order.`, { param: `shipping_lines[${index}].id` });
      if (input.method_id === null || input.method_title === null) {
        lines.splice(position, 1);
        return;
      }
      lines[position] = {
        ...existing,
        name: input.method_title ?? existing.name,
        data: {
          ...existing.data,
          method_id: input.method_id ?? existing.data.method_id,
          instance_id: input.instance_id ?? existing.data.instance_id,
          total: input.total ?? existing.data.total,
          meta_data: input.meta_data ? upsertMeta(existing.data.meta_data, input.meta_data) : existing.data.meta_data,
        },
      };
    });
    return lines;
  }

  /** Coupon lines sent replace the order's coupons (WooCommerce removes them all and applies the codes again). */
  private applyCoupons(current: readonly CouponDraft[], inputs: readonly CouponLineInput[]): CouponDraft[] {
    return inputs.flatMap((input, index): CouponDraft[] => {
      if (input.code === null || (input.code === undefined && input.id !== undefined)) return [];
      if (input.code === undefined || input.code === '') throw badRequest('woocommerce_rest_invalid_coupon', 'Coupon code is required.', { param: `coupon_lines[${index}].code` });
      const existing = current.find((line) => line.name.toLowerCase() === input.code?.toLowerCase());
      if (existing) return [existing];
      return [{ type: 'coupon', name: input.code, data: { coupon_id: 0, discount: '0', discount_tax: '0', discount_type: 'fixed_cart', nominal_amount: '0', free_shipping: false, meta_data: [] } }];
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

/** §2.6 "Missing amounts" and "Subtotal ≥ total": defaults are the ex-tax line price; a missing or lower subtotal becomes the total. */
function lineAmounts(input: Pick<LineItemInput, 'subtotal' | 'total'>, price: Decimal): { subtotal: string; total: string } {
  const total = new Decimal(input.total ?? input.subtotal ?? price);
  let subtotal = new Decimal(input.subtotal ?? (input.total !== undefined ? input.total : price));
  if (subtotal.lt(total)) subtotal = total;
  return { subtotal: plain(subtotal), total: plain(total) };
}
