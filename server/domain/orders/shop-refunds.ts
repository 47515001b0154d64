import type { PaymentsRepository } from '../../data/repositories/payments.js';
import type { RefundsRepository } from '../../data/repositories/refunds.js';
import type { OriginKey, ShopRefundsRepository } from '../../data/repositories/shop-refunds.js';
import { Decimal } from '../../model/money.js';
import type { RefundedItem, RefundRecord } from '../../model/orders/refund-types.js';
import type { OrderRecord } from '../../model/orders/types.js';

/**
 * A refund as it travels to the shop's other tills with its journal entry: named by the sale it
 * refunds at its origin (the till that made the sale and its order id there), its lines by the
 * origin's item ids, so that every till counts it against that sale whichever till refunded it.
 */
export interface ReplicatedRefund {
  id: number;
  origin: OriginKey;
  amount: string;
  /** The tender the money went back through. */
  gateway_id: string;
  line_items: RefundedItem[];
  date_created_gmt: string;
}

/** Another till's refund of an order held here, as the refund rules read a refund: its lines by this till's item ids. */
export type OtherTillsRefund = RefundRecord & { gateway_id: string };

/** What ShopRefunds is built from (server/composition.ts builds each once). */
export interface ShopRefundsParts {
  shopRefunds: ShopRefundsRepository;
  refunds: RefundsRepository;
  payments: PaymentsRepository;
  /** This till's id in its shop (what its documents name it by). */
  selfId: () => string;
}

/**
 * The cap across the shop's tills: a sale can be refunded at any till, so what is left of it is what
 * was sold less the refunds every till recorded that this till holds (its own, and the others' as
 * their journal entries brought them). There is no quorum: two tills cut apart can each refund the
 * last unit, and each then counts both once the other's entry arrives (docs/several-tills.md).
 */
export class ShopRefunds {
  private readonly shopRefunds: ShopRefundsRepository;
  private readonly refunds: RefundsRepository;
  private readonly payments: PaymentsRepository;
  private readonly selfId: () => string;

  constructor(parts: ShopRefundsParts) {
    this.shopRefunds = parts.shopRefunds;
    this.refunds = parts.refunds;
    this.payments = parts.payments;
    this.selfId = parts.selfId;
  }

  /** The sale an order of this till's is at its origin: its own, or the one it is a copy of. */
  originOf(orderId: number): OriginKey {
    const adopted = this.shopRefunds.adopted(orderId);
    return adopted === undefined ? { till_id: this.selfId(), order_id: orderId } : { till_id: adopted.origin_till_id, order_id: adopted.origin_order_id };
  }

  /** The refunds the other tills made of an order's sale, with lines by this till's item ids. */
  othersOf(order: Pick<OrderRecord, 'id'>): OtherTillsRefund[] {
    const self = this.selfId();
    const adopted = this.shopRefunds.adopted(order.id);
    const origin = adopted === undefined ? { till_id: self, order_id: order.id } : { till_id: adopted.origin_till_id, order_id: adopted.origin_order_id };
    const localOf = new Map(adopted === undefined ? [] : [...adopted.items].map(([local, originId]) => [originId, local]));
    const local = (originId: number) => (adopted === undefined ? originId : localOf.get(originId));
    return this.shopRefunds.refundsOf(origin, self).map((refund) => ({
      id: 0,
      order_id: order.id,
      amount: refund.amount,
      reason: '',
      refunded_by: null,
      refunded_payment: false,
      restock: false,
      line_items: refund.line_items.flatMap((line) => {
        const id = local(line.refunded_item_id);
        return id === undefined ? [] : [{ ...line, refunded_item_id: id }];
      }),
      meta_data: [],
      date_created_gmt: refund.date_created_gmt,
      gateway_id: refund.gateway_id,
    }));
  }

  /** The units of each product line of an order that the other tills refunded, for a refund form to offer only what is left. */
  unitsRefundedElsewhere(order: Pick<OrderRecord, 'id'>): Array<{ id: number; quantity: number }> {
    const units = new Map<number, Decimal>();
    for (const refund of this.othersOf(order)) {
      for (const line of refund.line_items) {
        if (line.type === 'line_item' && line.quantity > 0)
          units.set(line.refunded_item_id, (units.get(line.refunded_item_id) ?? new Decimal(0)).plus(line.quantity));
      }
    }
    return [...units].map(([id, quantity]) => ({ id, quantity: quantity.toNumber() }));
  }

  /** What the other tills refunded through each tender (an unknown tender counts against the one tender of a copy). */
  takeOthersFrom(order: OrderRecord, left: Map<string, Decimal>): void {
    for (const refund of this.othersOf(order)) {
      const only = left.size === 1 ? [...left.keys()][0] : undefined;
      const gateway = left.has(refund.gateway_id) ? refund.gateway_id : only;
      if (gateway !== undefined) left.set(gateway, (left.get(gateway) ?? new Decimal(0)).minus(refund.amount));
    }
  }

  /**
   * What the shop's list says of a sale: how much every till held here refunded of it, and the order
   * of this till that refunds it (the sale itself if it is this till's, its copy once adopted, else null).
   */
  refundedAcrossTills(origin: OriginKey): { refunded: Decimal; localOrderId: number | null } {
    const self = this.selfId();
    const localOrderId = origin.till_id === self ? origin.order_id : (this.shopRefunds.adoptedByOrigin(origin)?.order_id ?? null);
    const amounts = [
      ...this.shopRefunds.refundsOf(origin, self).map((refund) => refund.amount),
      ...(localOrderId === null ? [] : this.refunds.forOrder(localOrderId).map((refund) => refund.amount)),
    ];
    return { refunded: amounts.reduce((total, amount) => total.plus(amount), new Decimal(0)), localOrderId };
  }

  /** One of this till's refunds as the shop's other tills count it (undefined: it is no longer here). */
  replicated(orderId: number, refundId: number): ReplicatedRefund | undefined {
    const refund = this.refunds.forOrder(orderId).find((candidate) => candidate.id === refundId);
    if (refund === undefined) return undefined;
    const adopted = this.shopRefunds.adopted(orderId);
    const originItem = (localId: number) => (adopted === undefined ? localId : (adopted.items.get(localId) ?? localId));
    const tender = this.payments.refundTendersOfOrder(orderId).find((candidate) => candidate.refund_id === refundId);
    return {
      id: refund.id,
      origin: this.originOf(orderId),
      amount: refund.amount,
      gateway_id: tender?.gateway_id ?? '',
      line_items: refund.line_items.map((line) => ({ ...line, refunded_item_id: originItem(line.refunded_item_id) })),
      date_created_gmt: refund.date_created_gmt,
    };
  }
}
