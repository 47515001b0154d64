/**
 * A sale made earlier, as the Orders screen shows it: the order opened with what of each line was
 * refunded already, and its refund (`POST /orders/{id}/refunds`, behind a manager's approval where
 * the settings ask for one). The cart being rung up is sale.ts.
 */
import { formatPrice } from './format.js';
import type { Till } from './till.js';
import type { Order, ShopOrder } from '../shared/resources/orders.js';
import * as ordersApi from './api/orders.js';
import { sumOfUnits, unitsRefunded } from './refunds-left.js';

export interface RefundDraft {
  /** Order item id → quantity to refund. */
  quantities: Record<number, number>;
  restock: boolean;
  destination: string;
  reason: string;
}

export class OrderHistory {
  constructor(private readonly till: Till) {}

  private get client() {
    return this.till.client;
  }

  async openHistoryOrder(id: number): Promise<void> {
    try {
      const [historyOrder, refunds] = await Promise.all([ordersApi.get(this.client, id), ordersApi.refunds(this.client, id)]);
      const historyRefunded = unitsRefunded(refunds);
      // What the shop's other tills refunded of the sale is left out of the form too.
      for (const line of historyOrder.refunded_at_other_tills ?? []) historyRefunded[line.id] = sumOfUnits(historyRefunded[line.id] ?? 0, line.quantity);
      this.till.state.set({ historyOrder, historyRefunded });
    } catch (error) {
      this.till.state.set({ historyOrder: null, historyRefunded: {} });
      this.till.fail(error);
    }
  }

  /**
   * A sale of the shop's list, opened to be refunded here: this till's own, or its copy of another
   * till's sale, made the first time one is opened (the server keeps it once), so that the refund,
   * the reprint and the approvals work as on any order of this till's.
   */
  async openShopOrder(order: ShopOrder): Promise<void> {
    if (order.order_here !== null) {
      await this.openHistoryOrder(order.order_here);
      return;
    }
    try {
      const copy = await ordersApi.adopt(this.client, order.till.id, order.id);
      await this.openHistoryOrder(copy.id);
    } catch (error) {
      this.till.fail(error);
    }
  }

  async refund(order: Order, draft: RefundDraft): Promise<boolean> {
    const lineItems = Object.entries(draft.quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([id, quantity]) => ({ id: Number(id), quantity }));
    if (lineItems.length === 0) {
      this.till.state.set({ status: { kind: 'error', message: 'Choose at least one item to refund.' } });
      return false;
    }
    this.till.state.set({ busy: true, status: null });
    try {
      const body = { line_items: lineItems, api_restock: draft.restock, refund_destination: draft.destination, reason: draft.reason };
      const refund = await this.till.approvals.run(order.id, (headers) => ordersApi.refund(this.client, order.id, body, headers));
      this.till.state.set({
        busy: false,
        status: { kind: 'info', message: `Refunded ${formatPrice(refund.amount, this.till.state.get().store)} on order ${order.number}.` },
      });
      await this.openHistoryOrder(order.id);
      return true;
    } catch (error) {
      this.till.fail(error);
      return false;
    }
  }
}
