import type { ShopReplicaRepository } from '../../data/repositories/shop-replica.js';
import type { Order, ShopOrder } from '../../../shared/resources/orders.js';
import type { OrderService } from './orders.js';

/** A till as the shop's order list names it. */
export interface ShopTillName {
  id: string;
  name: string;
}

/** What ShopOrders is built from (server/composition.ts builds each once). */
export interface ShopOrdersParts {
  replica: ShopReplicaRepository;
  orders: OrderService;
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
  private readonly self: () => ShopTillName;

  constructor(parts: ShopOrdersParts) {
    this.replica = parts.replica;
    this.orders = parts.orders;
    this.self = parts.self;
  }

  list(query: ShopOrdersQuery, apiBase: string): { orders: ShopOrder[]; total: number } {
    const { rows, total } = this.replica.salesPage(query.search, query.ascending, query.limit, query.offset);
    const self = this.self();
    const orders = rows.flatMap((row): ShopOrder[] => {
      if (row.till_id === null) return [{ ...this.orders.respond(this.orders.get(row.order_id), apiBase), till: self }];
      const held = this.replica.order(row.till_id, row.order_id);
      if (held === undefined) return [];
      const order = JSON.parse(held.body) as Omit<Order, '_links'>;
      // Its links would name another till's ids: this till reaches the order through the shop's list only.
      const links = { self: [], collection: [{ href: `${apiBase}/orders?scope=shop` }], payment: [], receipt: [] };
      return [{ ...order, number: held.number, _links: links, till: { id: held.till_id, name: held.till_name } }];
    });
    return { orders, total };
  }
}
