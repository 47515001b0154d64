import type { OrdersRepository } from '../../data/repositories/orders.js';
import type { OrderAudit } from '../audit/order-events.js';
import type { Principal } from '../auth/auth-service.js';
import type { OrderCreateInput, OrderUpdateInput } from '../orders/input.js';
import type { OrderRecord } from '../../model/orders/types.js';
import type { ApprovalService } from './approval-service.js';
import { orderChangeActions } from './order-actions.js';

/** What GuardedOrders is built from (server/composition.ts builds each once). */
export interface GuardedOrdersParts {
  approvals: ApprovalService;
  audit: OrderAudit;
  orders: OrdersRepository;
}

/**
 * The order routes' approvals and audit entries in one place, so that each route wraps its service
 * call in one line: the call runs, the approvals its result needs are spent (or the call is rolled
 * back with 403), and the audit entries are written.
 */
export class GuardedOrders {
  private readonly approvals: ApprovalService;
  private readonly audit: OrderAudit;
  private readonly orders: OrdersRepository;

  constructor(parts: GuardedOrdersParts) {
    this.approvals = parts.approvals;
    this.audit = parts.audit;
    this.orders = parts.orders;
  }

  create<T extends { order: OrderRecord; created: boolean }>(principal: Principal, header: string | undefined, input: OrderCreateInput, run: () => T): T {
    const threshold = this.approvals.currentSettings().discount_above_percent;
    // A replayed create (known uuid) wrote nothing, so it needs no approval and records nothing.
    const { result, approvals } = this.approvals.withApproval(principal, header, {}, run, ({ order, created }) =>
      created ? orderChangeActions(input, order, undefined, threshold) : [],
    );
    if (result.created) this.audit.orderChanged(principal.user, input, undefined, result.order, approvals);
    return result;
  }

  update(principal: Principal, header: string | undefined, id: number, input: OrderUpdateInput, run: () => OrderRecord): OrderRecord {
    const before = this.orders.find(id);
    const threshold = this.approvals.currentSettings().discount_above_percent;
    const { result, approvals } = this.approvals.withApproval(principal, header, { orderId: id }, run, (after) =>
      orderChangeActions(input, after, before, threshold),
    );
    this.audit.orderChanged(principal.user, input, before, result, approvals);
    return result;
  }

  refund<T extends { id: number; amount: string; reason: string }>(principal: Principal, header: string | undefined, orderId: number, run: () => T): T {
    const { result, approvals } = this.approvals.withApproval(principal, header, { orderId }, run, () => ['refund']);
    this.audit.refund(principal.user, orderId, result, approvals.refund);
    return result;
  }

  /** After `POST /orders/{id}/checkout`: a checkout that paid the order is a sale. */
  checkedOut(principal: Principal, orderId: number, gatewayId: string): void {
    this.audit.sale(principal.user, orderId, { via: 'checkout', gateway_id: gatewayId });
  }
}
