import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { Order, ShopOrder } from '../../../shared/resources/orders.js';
import { formatMoney } from '../../model/money.js';
import type { OrderService } from './orders.js';
import type { ShopRefunds } from './shop-refunds.js';

/** A till as the shop's order list names it. */
export interface ShopTillName {
  id: string;
  name: string;
}

/** What ShopOrders is built from (server/composition.ts builds each once). */
export interface ShopOrdersParts {
  replica: ShopReplicaRepository;
  orders: OrderService;
  shopRefunds: Pick<ShopRefunds, 'refundedAcrossTills'>;
  /** This till: its id and name in the shop (its installation id and no name while it is alone). */
  self: () => ShopTillName;
}

export interface ShopOrdersQuery {
  search: string | undefined;
  ascending: boolean;
  limit: number;
  offset: number;
}

/**
 * The shop's orders (`GET /orders?scope=shop`): this till's sales, shaped as `GET /orders/{id}`
 * shapes them, and the other tills' as their latest journal entry held here carries them; each
 * with the till that made it and its receipt number. Newest sale first.
 */
export class ShopOrders {
  private readonly replica: ShopReplicaRepository;
  private readonly orders: OrderService;
  private readonly shopRefunds: Pick<ShopRefunds, 'refundedAcrossTills'>;
  private readonly self: () => ShopTillName;

  constructor(parts: ShopOrdersParts) {
    this.replica = parts.replica;
    this.orders = parts.orders;
    this.shopRefunds = parts.shopRefunds;
    this.self = parts.self;
  }

  list(query: ShopOrdersQuery, apiBase: string): { orders: ShopOrder[]; total: number } {
    const { rows, total } = this.replica.salesPage(query.search, query.ascending, query.limit, query.offset);
    const self = this.self();
    const orders = rows.flatMap((row): ShopOrder[] => {
      if (row.till_id === null) {
        const own = this.orders.respond(this.orders.get(row.order_id), apiBase);
        return [{ ...own, till: self, ...this.refundedOf({ till_id: self.id, order_id: own.id }, own.total) }];
      }
      const held = this.replica.order(row.till_id, row.order_id);
      if (held === undefined) return [];
      const order = JSON.parse(held.body) as Omit<Order, '_links'>;
      // Its links would name another till's ids: this till reaches the order through the shop's list only.
      const links = { self: [], collection: [{ href: `${apiBase}/orders?scope=shop` }], payment: [], receipt: [] };
      const refunded = this.refundedOf({ till_id: held.till_id, order_id: held.order_id }, order.total);
      return [{ ...order, number: held.number, _links: links, till: { id: held.till_id, name: held.till_name }, ...refunded }];
    });
    return { orders, total };
  }

  /** Refunds at every till, and the order here to refund it through (`POST /orders/{id}/refunds`), once there is one. */
  private refundedOf(origin: { till_id: string; order_id: number }, total: string): Pick<ShopOrder, 'refunded_total' | 'order_here'> {
    const { refunded, localOrderId } = this.shopRefunds.refundedAcrossTills(origin);
    // At the decimals of the sale's total, as its till's store formats its money.
    return { refunded_total: formatMoney(refunded, total.split('.')[1]?.length ?? 0), order_here: localOrderId };
  }
}
