import type { CouponsRepository } from '../../data/repositories/coupons.js';
import type { CustomersRepository } from '../../data/repositories/customers.js';
import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { ProductsRepository } from '../../data/repositories/products.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StockEntry } from '../../data/repositories/stock-ledger.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { gmtNow } from '../../model/dates.js';
import { badRequest } from '../errors.js';
import { Decimal } from '../../model/money.js';
import { readCheckoutSettings } from '../settings/checkout.js';
import type { MetaData } from '../../model/stores.js';
import { LOCAL_PICKUP_METHODS } from '../taxes/location.js';
import { couponError } from './coupons.js';
import { PAYABLE_STATUSES, STOCK_REDUCING_STATUSES, STOCK_RESTORING_STATUSES, type OrderStatuses } from './statuses.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';

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

/** Who used a coupon, as WooCommerce records it: the customer id, or a guest's email (none for an anonymous sale). */
function couponUserOf(order: OrderRecord): string {
  return order.customer_id > 0 ? String(order.customer_id) : order.billing.email.toLowerCase();
}

const productOf = (data: { product_id: number; variation_id: number }): number => (data.variation_id > 0 ? data.variation_id : data.product_id);

/** Units to take from stock for one order line, with where the line sits in the order (for the error's `param`). */
interface Demand {
  index: number;
  itemId: number;
  name: string;
  productId: number;
  quantity: Decimal;
}

/** What OrderLifecycle is built from (server/composition.ts builds each once). */
export interface OrderLifecycleParts {
  settings: SettingsRepository;
  refunds: RefundsRepository;
  orders: OrdersRepository;
  products: ProductsRepository;
  coupons: CouponsRepository;
  customers: CustomersRepository;
  stores: StoresRepository;
}

/**
 * Status changes with their side effects, as WooCommerce's status hooks do them: paying dates,
 * stock out on processing/completed/on-hold and back on cancelled/pending, units sold, coupon uses.
 * Every stock change is recorded in the stock ledger with its reason and the order's id.
 * Callers run these inside their own transaction.
 */
export class OrderLifecycle {
  private readonly orders: OrdersRepository;
  private readonly products: ProductsRepository;
  private readonly coupons: CouponsRepository;
  private readonly customers: CustomersRepository;
  private readonly stores: StoresRepository;
  private readonly settings: SettingsRepository;
  private readonly refunds: RefundsRepository;

  constructor(parts: OrderLifecycleParts) {
    this.settings = parts.settings;
    this.refunds = parts.refunds;
    this.orders = parts.orders;
    this.products = parts.products;
    this.coupons = parts.coupons;
    this.customers = parts.customers;
    this.stores = parts.stores;
  }

  /** Moves an order to a status the transition table allows, applies the effects and saves it. */
  moveStatus(order: OrderRecord, to: string, statuses: OrderStatuses): OrderRecord {
    statuses.assertMove(order.status, to);
    // A paid order held by its gateway (order_status on-hold) is not "pending payment": going back
    // there would give its stock and coupons back while it stays paid. Only a cancelled one reopens.
    if (to === 'pending' && order.status !== 'cancelled' && order.date_paid_gmt !== null) {
      throw badRequest(
        'pos_rest_order_invalid_status_transition',
        `Order ${order.id} is paid: it cannot go back to pending payment. Cancel it (its stock and coupon uses come back, and it can be reopened) or refund it.`,
        { from: order.status, to, order_id: order.id, date_paid_gmt: order.date_paid_gmt },
      );
    }
    // Checkout counts the payments taken before the cancellation toward a reopened order, and knows
    // nothing of money given back since: an order with refunds would be paid again short of them.
    if (to === 'pending' && order.status === 'cancelled' && this.refunds.forOrder(order.id).length > 0) {
      throw badRequest('pos_rest_order_invalid_status_transition', `Order ${order.id} has refunds and cannot be reopened: ring the sale up as a new order.`, {
        from: order.status,
        to,
        order_id: order.id,
      });
    }
    return this.applyStatus(order, to);
  }

  /**
   * Moves without the transition check: a full refund, which the table does not offer as a move.
   *
   * A cancelled order reopened as pending is unpaid again: its payment date goes (WooCommerce keeps
   * it, but here a payment date is what makes an order paid), so it counts as paid only once it has
   * been through checkout again. Its stock and coupon uses were given back when it was cancelled
   * and are taken again when it is paid.
   */
  applyStatus(order: OrderRecord, to: string): OrderRecord {
    const now = gmtNow();
    let next: OrderRecord = { ...order, status: to, date_modified_gmt: now };
    if (order.status === 'cancelled' && to === 'pending') {
      next.date_paid_gmt = null;
      next.date_completed_gmt = null;
    }
    if ((to === 'processing' || to === 'completed') && next.date_paid_gmt === null) next.date_paid_gmt = now;
    if (to === 'completed' && next.date_completed_gmt === null) next.date_completed_gmt = now;
    if (STOCK_REDUCING_STATUSES.has(to) && order.status !== to) next = this.takeFromStock(next);
    if (STOCK_RESTORING_STATUSES.has(to) && order.status !== to) {
      next = this.releaseCouponUsage(this.putBackStock(next, { reason: to === 'cancelled' ? 'cancellation' : 'released', orderId: order.id }));
    }
    this.save(next);
    return next;
  }

  /**
   * Pays an order (WC_Order::payment_complete): method, transaction, payment date and the paid
   * status; a paid order that must still be shipped goes to `processing` rather than `completed`.
   */
  pay(order: OrderRecord, payment: Payment, statuses: OrderStatuses): OrderRecord {
    if (isPaid(order, statuses))
      throw badRequest('pos_checkout_already_paid', `Order ${order.id} is already paid.`, { order_id: order.id, order_status: order.status });
    if (!PAYABLE_STATUSES.has(order.status)) {
      throw badRequest('pos_checkout_order_not_payable', `Order ${order.id} is ${order.status} and cannot be paid.`, {
        order_id: order.id,
        order_status: order.status,
      });
    }
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

  /**
   * `prevent_overselling` is one rule with two switches: the order's store's flag and
   * `settings/checkout`'s. With either on, a stock-managed item that takes no backorders cannot be
   * taken beyond its stock; otherwise its stock may go below zero.
   */
  private oversellingPrevented(order: OrderRecord): boolean {
    return this.stores.findOrDefault(order.store_id).prevent_overselling || readCheckoutSettings(this.settings).prevent_overselling;
  }

  /**
   * Refuses to take `demands` from stock when overselling is prevented and any product would go
   * below zero; lines of the same product count together, and `returning` (units the same change
   * gives back, by product) counts as stock. Checked before any unit is taken.
   */
  private assertInStock(order: OrderRecord, demands: readonly Demand[], returning: ReadonlyMap<number, Decimal> = new Map()): void {
    if (demands.length === 0 || !this.oversellingPrevented(order)) return;
    const wanted = new Map<number, Decimal>();
    for (const demand of demands) {
      const total = (wanted.get(demand.productId) ?? new Decimal(0)).plus(demand.quantity);
      wanted.set(demand.productId, total);
      const product = this.products.findSellable(demand.productId);
      if (!product?.manageStock || product.backorders !== 'no') continue;
      const left = new Decimal(product.stockQuantity ?? 0).plus(returning.get(demand.productId) ?? 0);
      if (total.lte(left)) continue;
      throw badRequest(
        'pos_rest_insufficient_stock',
        `Not enough stock of "${demand.name}" (line ${demand.index + 1}): ${left.toString()} in stock, ${total.toString()} ordered. Overselling is prevented (settings/checkout or the store's prevent_overselling).`,
        {
          param: `line_items[${demand.index}].quantity`,
          line_item_id: demand.itemId,
          product_id: demand.productId,
          name: demand.name,
          stock_quantity: left.toNumber(),
          quantity: total.toNumber(),
        },
      );
    }
  }

  /**
   * A coupon is checked against its usage limits when it is applied, but its use is booked only
   * when the order is paid or held: by then other orders may have used it up (or this one, reopened
   * after a cancellation gave its use back, may come back to a coupon used up meanwhile). Booking a
   * use beyond a limit is refused, as WooCommerce's checkout refuses it.
   */
  private assertCouponsUsable(order: OrderRecord): void {
    const user = couponUserOf(order);
    for (const line of itemsOfType(order.items, 'coupon')) {
      const coupon = this.coupons.findByCode(line.name);
      if (!coupon) continue;
      if (coupon.usage_limit !== null && coupon.usage_limit > 0 && coupon.usage_count >= coupon.usage_limit) {
        throw couponError(
          'usage_limit_reached',
          `Coupon "${line.name}" has been used up (${coupon.usage_count} of ${coupon.usage_limit}) since it was applied: remove it from the order.`,
          line.name,
        );
      }
      const perUser = coupon.usage_limit_per_user;
      if (perUser !== null && perUser > 0 && user !== '' && coupon.used_by.filter((usedBy) => usedBy.toLowerCase() === user).length >= perUser) {
        throw couponError(
          'usage_limit_per_user_reached',
          `Coupon "${line.name}" has been used up by this customer since it was applied: remove it from the order.`,
          line.name,
        );
      }
    }
  }

  private takeFromStock(order: OrderRecord): OrderRecord {
    let meta = order.meta_data;
    let items = order.items;
    if (!hasFlag(meta, '_recorded_coupon_usage_counts')) this.assertCouponsUsable(order);
    if (!hasFlag(meta, '_order_stock_reduced')) {
      const lines = itemsOfType(items, 'line_item');
      const demands = lines.flatMap((line, index) =>
        line.data.reduced_stock > 0
          ? []
          : [{ index, itemId: line.id, name: line.name, productId: productOf(line.data), quantity: new Decimal(line.data.quantity) }],
      );
      this.assertInStock(order, demands);
      const sale: StockEntry = { reason: 'sale', orderId: order.id };
      items = items.map((item) => {
        if (item.type !== 'line_item' || item.data.reduced_stock > 0) return item;
        const productId = productOf(item.data);
        const product = this.products.findSellable(productId);
        if (!product?.manageStock) return item;
        this.products.adjustStock(productId, -item.data.quantity, sale);
        return { ...item, data: { ...item.data, reduced_stock: item.data.quantity } };
      });
      meta = setFlag(meta, '_order_stock_reduced', true);
    }
    if (!hasFlag(meta, '_recorded_sales')) {
      for (const line of itemsOfType(items, 'line_item')) {
        const productId = productOf(line.data);
        // `total_sales` is a whole number of units: WooCommerce adds absint(quantity), so 2.345 kg counts 2.
        const units = Math.trunc(line.data.quantity);
        if (productId > 0 && units > 0) this.products.addSales(productId, units);
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
    const edit: StockEntry = { reason: 'order_edit', orderId: order.id };
    const lines = itemsOfType(order.items, 'line_item');
    const kept = new Map(lines.map((item) => [item.id, productOf(item.data)]));
    const before = new Map(itemsOfType(previous.items, 'line_item').map((item) => [item.id, item]));
    const takenBefore = (item: (typeof lines)[number]): Decimal => {
      const earlier = before.get(item.id);
      return new Decimal(earlier !== undefined && productOf(earlier.data) === productOf(item.data) ? earlier.data.reduced_stock : 0);
    };
    // More units of a line (or a new line) are checked against stock before anything moves.
    const demands = lines.flatMap((line, index) => {
      const more = new Decimal(line.data.quantity).minus(takenBefore(line));
      return more.gt(0) ? [{ index, itemId: line.id, name: line.name, productId: productOf(line.data), quantity: more }] : [];
    });
    // A line removed, or now selling another product, gives back what it took.
    const givenBack = itemsOfType(previous.items, 'line_item').filter((line) => line.data.reduced_stock > 0 && kept.get(line.id) !== productOf(line.data));
    const returning = new Map<number, Decimal>();
    for (const line of givenBack) returning.set(productOf(line.data), (returning.get(productOf(line.data)) ?? new Decimal(0)).plus(line.data.reduced_stock));
    this.assertInStock(order, demands, returning);
    for (const line of givenBack) this.products.adjustStock(productOf(line.data), line.data.reduced_stock, edit);
    const items = order.items.map((item) => {
      if (item.type !== 'line_item') return item;
      const productId = productOf(item.data);
      const taken = takenBefore(item);
      if (!this.products.findSellable(productId)?.manageStock || taken.eq(item.data.quantity))
        return { ...item, data: { ...item.data, reduced_stock: taken.toNumber() } };
      this.products.adjustStock(productId, taken.minus(item.data.quantity).toNumber(), edit);
      return { ...item, data: { ...item.data, reduced_stock: item.data.quantity } };
    });
    const next = { ...order, items };
    this.save(next);
    return next;
  }

  private putBackStock(order: OrderRecord, entry: StockEntry): OrderRecord {
    if (!hasFlag(order.meta_data, '_order_stock_reduced')) return order;
    const items = order.items.map((item) => {
      if (item.type !== 'line_item' || item.data.reduced_stock <= 0) return item;
      this.products.adjustStock(productOf(item.data), item.data.reduced_stock, entry);
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
