/**
 * How many of each item of an order were refunded already, from the order's refunds: each refund
 * line names its order item in `_refunded_item_id` and carries its quantity negative, as WooCommerce
 * writes it. A refund form offers only what is left, so the server never has to refuse a unit
 * refunded twice.
 */
import type { OrderRefund } from '../shared/resources/orders.js';

/** Thousandths: the finest quantity the till sells (weighed goods). */
const QUANTITY_SCALE = 1000;

export function unitsRefunded(refunds: readonly OrderRefund[]): Record<number, number> {
  const refunded: Record<number, number> = {};
  for (const refund of refunds) {
    for (const line of refund.line_items) {
      const itemId = Number(line.meta_data.find((entry) => entry.key === '_refunded_item_id')?.value);
      if (!Number.isInteger(itemId)) continue;
      // Summed in thousandths, so 0.1 + 0.2 kg is 0.3 and not 0.30000000000000004.
      refunded[itemId] = sumOfUnits(refunded[itemId] ?? 0, Math.abs(line.quantity));
    }
  }
  return refunded;
}

/** Two quantities added in thousandths (0.1 + 0.2 kg is 0.3). */
export function sumOfUnits(a: number, b: number): number {
  return Math.round((a + b) * QUANTITY_SCALE) / QUANTITY_SCALE;
}

/** The units of a line still to refund: whole units offered in the refund form, none below zero. */
export function unitsLeft(quantity: number, refunded: number | undefined): number {
  return Math.max(0, Math.round((quantity - (refunded ?? 0)) * QUANTITY_SCALE) / QUANTITY_SCALE);
}
