import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { RegistersRepository } from '../../data/repositories/registers.js';
import type { StoresRepository } from '../../data/repositories/stores.js';
import type { SpentApprovals } from '../approvals/approval-service.js';
import { discountPercent, setsLinePrices } from '../approvals/order-actions.js';
import { formatMoney } from '../../model/money.js';
import type { OrderUpdateInput } from '../orders/input.js';
import { itemsOfType, type OrderRecord } from '../../model/orders/types.js';
import type { AuditTrail, AuditActor, AuditEvent } from './audit-trail.js';

const orderObject = (order: { id: number }) => ({ type: 'order', id: order.id });
const codesOf = (order: OrderRecord): string[] =>
  itemsOfType(order.items, 'coupon')
    .map((coupon) => coupon.name)
    .sort();

/** What OrderAudit is built from (server/composition.ts builds each once). */
export interface OrderAuditParts {
  registers: RegistersRepository;
  trail: AuditTrail;
  orders: OrdersRepository;
  stores: StoresRepository;
}

/**
 * The audit entries of the sales workflow, one per event: a sale (an order becoming paid), a
 * cancellation, a price set by hand, a discount that grew, coupons applied, a refund.
 */
export class OrderAudit {
  private readonly trail: AuditTrail;
  private readonly orders: OrdersRepository;
  private readonly stores: StoresRepository;
  private readonly registers: RegistersRepository;

  constructor(parts: OrderAuditParts) {
    this.registers = parts.registers;
    this.trail = parts.trail;
    this.orders = parts.orders;
    this.stores = parts.stores;
  }

  /** Every order entry names the register the order belongs to (`order_tills`), so `?register=` finds a till's sales. */
  private record(orderId: number, event: Omit<AuditEvent, 'registerId'>): void {
    this.trail.record({ ...event, registerId: this.registers.orderTill(orderId)?.register_id ?? null });
  }

  /** Amounts as the receipt shows them: at the decimals of the order's store. */
  private money(order: OrderRecord, amounts: Record<string, string>): Record<string, string> {
    const dp = this.stores.findOrDefault(order.store_id).price_num_decimals;
    return Object.fromEntries(Object.entries(amounts).map(([name, value]) => [name, formatMoney(value, dp)]));
  }

  /** After `POST /orders` (before undefined) or `PATCH /orders/{id}`. */
  orderChanged(
    actor: AuditActor,
    input: Pick<OrderUpdateInput, 'line_items' | 'coupon_lines'>,
    before: OrderRecord | undefined,
    after: OrderRecord,
    approvals: SpentApprovals = {},
  ): void {
    const object = orderObject(after);
    if (before === undefined)
      this.record(after.id, {
        actor,
        action: 'order.create',
        object,
        amounts: this.money(after, { total: after.total }),
        details: { status: after.status, currency: after.currency },
      });
    if (setsLinePrices(input)) {
      const lines = (input.line_items ?? [])
        .filter((line) => line.subtotal !== undefined || line.total !== undefined)
        .map((line) => ({
          id: line.id ?? null,
          sku: line.sku ?? null,
          product_id: line.product_id ?? null,
          subtotal: line.subtotal ?? null,
          total: line.total ?? null,
        }));
      this.record(after.id, {
        actor,
        action: 'order.price_override',
        object,
        amounts: this.money(after, { total: after.total }),
        approvalId: approvals.price_override,
        details: { lines, currency: after.currency },
      });
    }
    const discount = discountPercent(after);
    if (discount.gt(before === undefined ? 0 : discountPercent(before))) {
      this.record(after.id, {
        actor,
        action: 'order.discount',
        object,
        amounts: this.money(after, { discount_total: after.discount_total, total: after.total }),
        approvalId: approvals.discount,
        details: { percent: formatMoney(discount, 2), currency: after.currency },
      });
    }
    const codes = codesOf(after);
    if (input.coupon_lines !== undefined && codes.join(',') !== (before === undefined ? '' : codesOf(before).join(','))) {
      this.record(after.id, {
        actor,
        action: 'order.coupon',
        object,
        amounts: this.money(after, { discount_total: after.discount_total, total: after.total }),
        details: { codes, currency: after.currency },
      });
    }
    if (before !== undefined && before.status !== 'cancelled' && after.status === 'cancelled') {
      this.record(after.id, {
        actor,
        action: 'order.cancel',
        object,
        amounts: this.money(after, { total: after.total }),
        approvalId: approvals.cancel_paid_order,
        details: { from: before.status, was_paid: before.date_paid_gmt !== null },
      });
    }
    if (after.date_paid_gmt !== null && before?.date_paid_gmt == null) this.sale(actor, after.id, { via: 'order' });
  }

  /** An order became paid (through checkout or `set_paid`); a replayed checkout records nothing twice. */
  sale(actor: AuditActor, orderId: number, details: Record<string, unknown> = {}): void {
    const order = this.orders.find(orderId);
    if (order?.date_paid_gmt == null || this.trail.hasRecorded('order.sale', orderObject(order))) return;
    this.record(order.id, {
      actor,
      action: 'order.sale',
      object: orderObject(order),
      amounts: this.money(order, { total: order.total, total_tax: order.total_tax, discount_total: order.discount_total }),
      details: { ...details, status: order.status, payment_method: order.payment_method, currency: order.currency },
    });
  }

  refund(actor: AuditActor, orderId: number, refund: { id: number; amount: string; reason: string }, approvalId: number | undefined): void {
    this.record(orderId, {
      actor,
      action: 'order.refund',
      object: orderObject({ id: orderId }),
      amounts: { amount: refund.amount },
      approvalId,
      details: { refund_id: refund.id, reason: refund.reason },
    });
  }
}
