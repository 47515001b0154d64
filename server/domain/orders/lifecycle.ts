import type { CustomersRepository } from '../../data/repositories/customers.js';
import type { OrderChangesRepository } from '../../data/repositories/order-changes.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { SettingsRepository } from '../../data/repositories/settings.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import { gmtNow } from '../../model/dates.js';
import {
  couponRefusal,
  lineEditChange,
  statusChange,
  stockShortfall,
  type CouponRefusal,
  type OrderChange,
  type StockLevel,
} from '../../model/orders/status-effects.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import { badRequest, type ApiError } from '../errors.js';
import { readCheckoutSettings } from '../settings/checkout.js';
import { LOCAL_PICKUP_METHODS } from '../taxes/location.js';
import { couponError } from './coupons.js';
import { PAYABLE_STATUSES, type OrderStatuses } from './statuses.js';

export interface Payment {
  paymentMethod: string;
  paymentMethodTitle: string;
  transactionId?: string | undefined;
  /** The status the gateway's settings send a paid order to (`completed` by default). */
  configuredStatus: string;
}

/** Whether a paid order still has to be shipped: a shipping line that is not a pickup at the store. */
export function needsShipping(order: OrderRecord): boolean {
  return itemsOfType(order.items, 'shipping').some((line) => !LOCAL_PICKUP_METHODS.has(line.data.method_id));
}

/** An order is paid once it has a payment date, or sits in a paid (or refunded) status. */
export function isPaid(order: OrderRecord, statuses: OrderStatuses): boolean {
  return order.date_paid_gmt !== null || statuses.isPaid(order.status) || order.status === 'refunded';
}

/** Booking a coupon use beyond a limit is refused, as WooCommerce's checkout refuses it. */
function usedUp({ reason, code, coupon }: CouponRefusal): ApiError {
  return reason === 'usage_limit_reached'
    ? couponError(
        reason,
        `Coupon "${code}" has been used up (${coupon.usage_count} of ${coupon.usage_limit}) since it was applied: remove it from the order.`,
        code,
      )
    : couponError(reason, `Coupon "${code}" has been used up by this customer since it was applied: remove it from the order.`, code);
}

/** What OrderLifecycle is built from (server/composition.ts builds each once). */
export interface OrderLifecycleParts {
  settings: SettingsRepository;
  refunds: RefundsRepository;
  changes: OrderChangesRepository;
  customers: CustomersRepository;
  stores: StoresRepository;
}

/**
 * Status changes with their side effects, as WooCommerce's status hooks do them: paying dates,
 * stock out on processing/completed/on-hold and back on cancelled/pending, units sold, coupon uses.
 * Each change is checked, worked out (model/orders/status-effects.ts), then written once with its
 * effects; every stock change is recorded in the stock ledger with its reason and the order's id.
 * Callers run these inside their own transaction.
 */
export class OrderLifecycle {
  private readonly changes: OrderChangesRepository;
  private readonly customers: CustomersRepository;
  private readonly stores: StoresRepository;
  private readonly settings: SettingsRepository;
  private readonly refunds: RefundsRepository;

  constructor(parts: OrderLifecycleParts) {
    this.settings = parts.settings;
    this.refunds = parts.refunds;
    this.changes = parts.changes;
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
   * Moves without the transition check (a full refund, which the table does not offer as a move):
   * works the change out (model/orders/status-effects.ts), refuses it if a coupon use or the stock
   * it books is no longer there, then saves it with its effects at once.
   */
  applyStatus(order: OrderRecord, to: string): OrderRecord {
    const facts = this.changes.factsFor(order);
    const change = statusChange(order, to, facts.levels, gmtNow());
    const refused = couponRefusal(change, facts.coupons);
    if (refused) throw usedUp(refused);
    this.refuseShortfall(order, change, facts.levels);
    this.changes.save(change.order, change.effects);
    return change.order;
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
   * taken beyond its stock (checked before any unit is taken); otherwise its stock may go below zero.
   */
  private refuseShortfall(order: OrderRecord, change: OrderChange, levels: ReadonlyMap<number, StockLevel>): void {
    const shortfall = stockShortfall(change, levels);
    if (!shortfall) return;
    if (!this.stores.findOrDefault(order.store_id).prevent_overselling && !readCheckoutSettings(this.settings).prevent_overselling) return;
    const { demand, left, total } = shortfall;
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

  /** Once an order's stock is taken (on hold, say), edits to its lines move stock too (model/orders/status-effects.ts). */
  followLineChanges(previous: OrderRecord, order: OrderRecord): OrderRecord {
    const facts = this.changes.factsFor(order);
    const change = lineEditChange(previous, order, facts.levels);
    if (!change) return order;
    this.refuseShortfall(order, change, facts.levels);
    this.changes.save(change.order, change.effects);
    return change.order;
  }

  save(order: OrderRecord): void {
    this.changes.save(order);
  }
}
