/** What the cart shows about its lines besides the server's figures: which line just changed, and how many items. */
import { Decimal } from 'decimal.js';
import { useRef } from 'preact/hooks';
import type { Order } from '../shared/resources/orders.js';

/**
 * The line an answer added or put more of (a tile, a scan, +), to scroll to and highlight; null
 * when nothing grew (a removal, a discount) or when the answer is another order (a resumed one).
 */
export function grownLine(before: Order | null, after: Order | null): number | null {
  if (after === null || before === null || before.id !== after.id) {
    return after !== null && before === null && after.line_items.length === 1 ? (after.line_items[0]?.id ?? null) : null;
  }
  const was = new Map(before.line_items.map((line) => [line.id, line.quantity]));
  const grown = after.line_items.filter((line) => {
    const quantity = was.get(line.id);
    return quantity === undefined || new Decimal(line.quantity).gt(quantity);
  });
  return grown.at(-1)?.id ?? null;
}

/** Items in the cart: each whole unit counts; a weighed line (1.5 kg) counts as one item. */
export function itemCount(order: Order | null): number {
  return (order?.line_items ?? []).reduce((count, line) => count + (Number.isInteger(line.quantity) ? line.quantity : 1), 0);
}

/** The line last added to (by `grownLine`), kept while later answers only change other things of the same order. */
export function useGrownLine(order: Order | null): number | null {
  const seen = useRef<{ order: Order | null; line: number | null }>({ order: null, line: null });
  if (seen.current.order !== order) {
    const before = seen.current.order;
    const kept = order !== null && before?.id === order.id && order.line_items.some((line) => line.id === seen.current.line) ? seen.current.line : null;
    seen.current = { order, line: grownLine(before, order) ?? kept };
  }
  return seen.current.line;
}
