import type { Database } from '../../data/database.js';
import { CouponsRepository } from '../../data/repositories/coupons.js';
import { CustomersRepository } from '../../data/repositories/customers.js';
import { OrdersRepository } from '../../data/repositories/orders.js';
import { ProductsRepository } from '../../data/repositories/products.js';
import { StoresRepository } from '../../data/repositories/stores.js';
import { gmtNow } from '../dates.js';
import { badRequest } from '../errors.js';
import type { MetaData } from '../stores.js';
import { LOCAL_PICKUP_METHODS } from '../taxes/location.js';
import { PAYABLE_STATUSES, STOCK_REDUCING_STATUSES, STOCK_RESTORING_STATUSES, type OrderStatuses } from './statuses.js';
import { itemsOfType, type OrderRecord } from './types.js';

export interface Payment {
  paymentMethod: string;
  paymentMethodTitle: string;
  transactionId?: string | undefined;
  /** The status the gateway's settings send a paid order to (`completed` by default). */
  configuredStatus: string;
}

function hasFlag(meta: MetaData, key: string): boolean {
  return meta.some((entry) => entry.key === key && entry.value === 'yes');
}

function setFlag(meta: MetaData, key: string, on: boolean): MetaData {
  const rest = meta.filter((entry) => entry.key !== key);
  if (!on) return rest;
  const nextId = meta.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  return [...rest, { id: meta.find((entry) => entry.key === key)?.id ?? nextId, key, value: 'yes' }];
}

/** Whether a paid order still has to be shipped: a shipping line that is not a pickup at the store. */
export function needsShipping(order: OrderRecord): boolean {
  return itemsOfType(order.items, 'shipping').some((line) => !LOCAL_PICKUP_METHODS.has(line.data.method_id));
}

/** An order is paid once it has a payment date, or sits in a paid (or refunded) status. */
export function isPaid(order: OrderRecord, statuses: OrderStatuses): boolean {
  return order.date_paid_gmt !== null || statuses.isPaid(order.status) || order.status === 'refunded';
}

/**
 * Status changes with their side effects, as WooCommerce's status hooks do them: paying dates,
 * stock out on processing/completed/on-hold and back on cancelled/pending, units sold, coupon uses.
 * Callers run these inside their own transaction.
 */
/** Who used a coupon, as WooCommerce records it: the customer id, or a guest's email (none for an anonymous sale). */
function couponUserOf(order: OrderRecord): string {
  return order.customer_id > 0 ? String(order.customer_id) : order.billing.email.toLowerCase();
}

export class OrderLifecycle {
  private readonly orders: OrdersRepository;
  private readonly products: ProductsRepository;
  private readonly coupons: CouponsRepository;
  private readonly customers: CustomersRepository;
  private readonly stores: StoresRepository;

  constructor(db: Database) {
    this.orders = new OrdersRepository(db);
    this.products = new ProductsRepository(db);
    this.coupons = new CouponsRepository(db);
    this.customers = new CustomersRepository(db);
    this.stores = new StoresRepository(db);
  }

  /** Moves an order to a status the transition table allows, applies the effects and saves it. */
  moveStatus(order: OrderRecord, to: string, statuses: OrderStatuses): OrderRecord {
    statuses.assertMove(order.status, to);
    return this.applyStatus(order, to);
  }

  /** Moves without the transition check: a full refund, which the table does not offer as a move. */
  applyStatus(order: OrderRecord, to: string): OrderRecord {
    const now = gmtNow();
    let next: OrderRecord = { ...order, status: to, date_modified_gmt: now };
    if ((to === 'processing' || to === 'completed') && next.date_paid_gmt === null) next.date_paid_gmt = now;
    if (to === 'completed' && next.date_completed_gmt === null) next.date_completed_gmt = now;
    if (STOCK_REDUCING_STATUSES.has(to) && order.status !== to) next = this.takeFromStock(next);
    if (STOCK_RESTORING_STATUSES.has(to) && order.status !== to) next = this.releaseCouponUsage(this.putBackStock(next));
    this.save(next);
    return next;
  }

  /**
   * Pays an order (WC_Order::payment_complete): method, transaction, payment date and the paid
   * status; a paid order that must still be shipped goes to `processing` rather than `completed`.
   */
  pay(order: OrderRecord, payment: Payment, statuses: OrderStatuses): OrderRecord {
    if (isPaid(order, statuses)) throw badRequest('pos_checkout_already_paid', `Order ${order.id} is already paid.`, { order_id: order.id, order_status: order.status });
    if (!PAYABLE_STATUSES.has(order.status)) {
      throw badRequest('pos_checkout_order_not_payable', `Order ${order.id} is ${order.status} and cannot be paid.`, { order_id: order.id, order_status: order.status });
    }
    this.checkStock(order);
    const status = payment.configuredStatus === 'completed' && needsShipping(order) ? 'processing' : payment.configuredStatus;
    const paid: OrderRecord = {
      ...order,
      payment_method: payment.paymentMethod,
      payment_method_title: payment.paymentMethodTitle,
      transaction_id: payment.transactionId ?? order.transaction_id,
      date_paid_gmt: gmtNow(),
    };
    const moved = this.moveStatus(paid, status, statuses);
    if (moved.customer_id > 0) this.customers.update(moved.customer_id, { is_paying_customer: true });
    return moved;
  }

  /** With the store's `prevent_overselling`, a stock-managed item without backorders cannot be sold beyond its stock. */
  private checkStock(order: OrderRecord): void {
    const store = this.stores.findOrDefault(order.store_id);
    if (!store.prevent_overselling) return;
    for (const line of itemsOfType(order.items, 'line_item')) {
      const product = this.products.findSellable(line.data.variation_id > 0 ? line.data.variation_id : line.data.product_id);
      if (!product || !product.manageStock || product.backorders !== 'no') continue;
      const left = product.stockQuantity ?? 0;
      if (left < line.data.quantity) {
        throw badRequest('pos_rest_insufficient_stock', `Not enough stock of "${line.name}": ${left} left, ${line.data.quantity} ordered.`, { product_id: product.id, stock_quantity: left });
      }
    }
  }

  private takeFromStock(order: OrderRecord): OrderRecord {
    let meta = order.meta_data;
    let items = order.items;
    if (!hasFlag(meta, '_order_stock_reduced')) {
      items = items.map((item) => {
        if (item.type !== 'line_item' || item.data.reduced_stock > 0) return item;
        const productId = item.data.variation_id > 0 ? item.data.variation_id : item.data.product_id;
        const product = this.products.findSellable(productId);
        if (!product?.manageStock) return item;
        this.products.adjustStock(productId, -item.data.quantity);
        return { ...item, data: { ...item.data, reduced_stock: item.data.quantity } };
      });
      meta = setFlag(meta, '_order_stock_reduced', true);
    }
    if (!hasFlag(meta, '_recorded_sales')) {
      for (const line of itemsOfType(items, 'line_item')) {
        const productId = line.data.variation_id > 0 ? line.data.variation_id : line.data.product_id;
        if (productId > 0) this.products.addSales(productId, line.data.quantity);
      }
      meta = setFlag(meta, '_recorded_sales', true);
    }
    if (!hasFlag(meta, '_recorded_coupon_usage_counts')) {
      for (const line of itemsOfType(items, 'coupon')) {
        const coupon = this.coupons.findByCode(line.name);
        if (coupon) this.coupons.incrementUsage(coupon.id, couponUserOf(order));
      }
      meta = setFlag(meta, '_recorded_coupon_usage_counts', true);
    }
    return { ...order, items, meta_data: meta };
  }

  /** A cancelled (or back to pending) order no longer counts against its coupons' usage limits. */
  private releaseCouponUsage(order: OrderRecord): OrderRecord {
    if (!hasFlag(order.meta_data, '_recorded_coupon_usage_counts')) return order;
    for (const line of itemsOfType(order.items, 'coupon')) {
      const coupon = this.coupons.findByCode(line.name);
      if (coupon) this.coupons.decrementUsage(coupon.id, couponUserOf(order));
    }
    return { ...order, meta_data: setFlag(order.meta_data, '_recorded_coupon_usage_counts', false) };
  }

  /**
   * Once an order's stock is taken (on hold, say), edits to its lines move stock too: removed lines
   * give their units back, new or larger lines take more, smaller lines give some back.
   */
  followLineChanges(previous: OrderRecord, order: OrderRecord): OrderRecord {
    if (!hasFlag(order.meta_data, '_order_stock_reduced')) return order;
    const productOf = (data: { product_id: number; variation_id: number }) => (data.variation_id > 0 ? data.variation_id : data.product_id);
    const kept = new Map(itemsOfType(order.items, 'line_item').map((item) => [item.id, productOf(item.data)]));
    for (const line of itemsOfType(previous.items, 'line_item')) {
      // A line removed, or now selling another product, gives back what it took.
      if (line.data.reduced_stock > 0 && kept.get(line.id) !== productOf(line.data)) this.products.adjustStock(productOf(line.data), line.data.reduced_stock);
    }
    const before = new Map(itemsOfType(previous.items, 'line_item').map((item) => [item.id, item]));
    const items = order.items.map((item) => {
      if (item.type !== 'line_item') return item;
      const productId = productOf(item.data);
      const earlier = before.get(item.id);
      const taken = earlier !== undefined && productOf(earlier.data) === productId ? earlier.data.reduced_stock : 0;
      if (!this.products.findSellable(productId)?.manageStock || taken === item.data.quantity) return { ...item, data: { ...item.data, reduced_stock: taken } };
      this.products.adjustStock(productId, taken - item.data.quantity);
      return { ...item, data: { ...item.data, reduced_stock: item.data.quantity } };
    });
    const next = { ...order, items };
    this.save(next);
    return next;
  }

  private putBackStock(order: OrderRecord): OrderRecord {
    if (!hasFlag(order.meta_data, '_order_stock_reduced')) return order;
    const items = order.items.map((item) => {
      if (item.type !== 'line_item' || item.data.reduced_stock <= 0) return item;
      this.products.adjustStock(item.data.variation_id > 0 ? item.data.variation_id : item.data.product_id, item.data.reduced_stock);
      return { ...item, data: { ...item.data, reduced_stock: 0 } };
    });
    return { ...order, items, meta_data: setFlag(order.meta_data, '_order_stock_reduced', false) };
  }

  save(order: OrderRecord): void {
    const { id, items, ...fields } = order;
    this.orders.update(id, fields);
    this.orders.saveItems(id, items);
  }
}
