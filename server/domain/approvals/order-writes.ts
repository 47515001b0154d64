import type { Database } from '../../data/database.js';
import { writeTransaction } from '../../data/write-transaction.js';
import type { Principal } from '../auth/auth-service.js';
import type { OriginKey } from '../../data/repositories/shop-refunds.js';
import type { OrderRecord } from '../../model/orders/types.js';
import type { OrderAdoption } from '../orders/adoption.js';
import type { OrderCreateInput, OrderUpdateInput } from '../orders/input.js';
import type { OrderService } from '../orders/orders.js';
import type { RefundInput, RefundService } from '../orders/refunds.js';
import type { GuardedOrders } from './guarded-orders.js';

/** What OrderWrites is built from (server/composition.ts builds each once). */
export interface OrderWritesParts {
  guarded: GuardedOrders;
  orders: OrderService;
  refunds: RefundService;
  adoption: OrderAdoption;
}

/**
 * Creating, changing and refunding an order as a request asks: each in one write transaction (one
 * commit, one fsync) with the approvals it spends and its audit entries (GuardedOrders). `approval`
 * is the request's approval header, if it sent one.
 */
export class OrderWrites {
  private readonly guarded: GuardedOrders;
  private readonly orders: OrderService;
  private readonly refunds: RefundService;
  private readonly adoption: OrderAdoption;

  constructor(
    private readonly db: Database,
    parts: OrderWritesParts,
  ) {
    this.guarded = parts.guarded;
    this.orders = parts.orders;
    this.refunds = parts.refunds;
    this.adoption = parts.adoption;
  }

  /** A known uuid answers the order made the first time, with `created: false`. */
  create(principal: Principal, approval: string | undefined, input: OrderCreateInput): ReturnType<OrderService['create']> {
    return writeTransaction(this.db, () => this.guarded.create(principal, approval, input, () => this.orders.create(input, principal.user.id)));
  }

  update(principal: Principal, approval: string | undefined, id: number, input: OrderUpdateInput): ReturnType<OrderService['update']> {
    return writeTransaction(this.db, () => this.guarded.update(principal, approval, id, input, () => this.orders.update(id, input)));
  }

  refund(principal: Principal, approval: string | undefined, orderId: number, input: RefundInput, apiBase: string): ReturnType<RefundService['create']> {
    return writeTransaction(this.db, () =>
      this.guarded.refund(principal, approval, orderId, () => this.refunds.create(orderId, input, principal.user.id, apiBase)),
    );
  }

  /** The order of this till that refunds a sale of the shop's (its own, or a copy of another till's, made once). */
  adopt(origin: OriginKey): OrderRecord {
    return writeTransaction(this.db, () => this.adoption.adopt(origin));
  }

  /**
   * A refund of any till's sale, named as the shop's list shows it (its till, its order id there and
   * its item ids): the sale adopted, if it is another till's, and refunded in one transaction, so a
   * refund refused leaves no copy behind.
   */
  refundShopSale(
    principal: Principal,
    approval: string | undefined,
    origin: OriginKey,
    input: RefundInput,
    apiBase: string,
  ): { orderId: number; refund: ReturnType<RefundService['create']> } {
    return writeTransaction(this.db, () => {
      const order = this.adoption.adopt(origin);
      const local = this.adoption.localRefundInput(order, input);
      const refund = this.guarded.refund(principal, approval, order.id, () => this.refunds.create(order.id, local, principal.user.id, apiBase));
      return { orderId: order.id, refund };
    });
  }
}
