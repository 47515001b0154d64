import type { OrderStatusRecord } from '../../model/records/order-statuses.js';
import { badRequest } from '../errors.js';

/**
 * The status moves an order may make through `PATCH /orders/{id}` (WooCommerce lets an admin set
 * any status; a till should not undo a sale by accident):
 * - an unpaid order (pending, on-hold, failed, draft) may be held, cancelled or failed, and moved
 *   to processing/completed only when it has nothing to pay: money is taken through checkout
 *   (see money-invariants.ts);
 * - a paid order (processing) may be completed, put on hold or cancelled; a completed one stays
 *   completed: money comes back only through a refund, which moves it to `refunded`; a paid order
 *   on hold never goes back to pending (OrderLifecycle.moveStatus: that would give back its stock
 *   while it stays paid);
 * - a cancelled order may only be reopened as pending (not once it has refunds), and is then
 *   unpaid (its payment date goes: see statusChange in model/orders/status-effects.ts) until it is paid through
 *   checkout again; refunded is final.
 */
const TRANSITIONS: Readonly<Record<string, readonly string[]>> = {
  'checkout-draft': ['pending', 'on-hold', 'processing', 'completed', 'cancelled', 'failed'],
  pending: ['on-hold', 'processing', 'completed', 'cancelled', 'failed'],
  'on-hold': ['pending', 'processing', 'completed', 'cancelled', 'failed'],
  failed: ['pending', 'on-hold', 'processing', 'completed', 'cancelled'],
  processing: ['completed', 'on-hold', 'cancelled'],
  completed: [],
  cancelled: ['pending'],
  refunded: [],
};

/** Statuses an order can be paid from (checkout, `set_paid`). */
export const PAYABLE_STATUSES: ReadonlySet<string> = new Set(['pending', 'on-hold', 'failed', 'checkout-draft']);

export class OrderStatuses {
  private readonly byStatus: Map<string, OrderStatusRecord>;

  constructor(private readonly records: readonly OrderStatusRecord[]) {
    this.byStatus = new Map(records.map((record) => [record.status, record]));
  }

  list(): readonly OrderStatusRecord[] {
    return this.records;
  }

  exists(status: string): boolean {
    return this.byStatus.has(status);
  }

  isEditable(status: string): boolean {
    return this.byStatus.get(status)?.is_editable ?? false;
  }

  isPaid(status: string): boolean {
    return this.byStatus.get(status)?.is_paid ?? false;
  }

  label(status: string): string {
    return this.byStatus.get(status)?.label ?? status;
  }

  canMove(from: string, to: string): boolean {
    return from === to || (TRANSITIONS[from] ?? []).includes(to);
  }

  /** Refuses a move the table does not allow, naming the moves that are. */
  assertMove(from: string, to: string): void {
    if (this.canMove(from, to)) return;
    const allowed = TRANSITIONS[from] ?? [];
    const hint = to === 'refunded' ? ' An order becomes refunded through POST /orders/{id}/refunds.' : '';
    throw badRequest(
      'pos_rest_order_invalid_status_transition',
      `An order cannot go from ${from} to ${to}.${hint}${allowed.length > 0 ? ` Allowed: ${allowed.join(', ')}.` : ''}`,
      { from, to, allowed: [...allowed] },
    );
  }
}
