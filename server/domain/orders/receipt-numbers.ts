import type { OrderNumbersRepository } from '../../data/repositories/order-numbers.js';

/** What ReceiptNumbers is built from: the numbers given, and this till's prefix while it belongs to a shop. */
export interface ReceiptNumbersParts {
  numbers: OrderNumbersRepository;
  /** "A" for "Till A"; undefined while the till is alone, whose sales keep their ids as numbers. */
  prefix: () => string | undefined;
}

/**
 * The prefix of a till's receipt series, from its name: the name's last word when it is a short
 * code ("Till A" → "A", "Till 12" → "12"), else the initials of its words ("Front desk" → "FD").
 * Pairing keeps tills' names apart; the prefix is what a cashier reads aloud.
 */
export function receiptPrefixOf(tillName: string): string {
  const words = tillName
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const last = words.at(-1) ?? '';
  if (/^[\p{L}\p{N}]{1,3}$/u.test(last)) return last.toUpperCase();
  const initials = words.map((word) => word.charAt(0).toUpperCase()).join('');
  return initials.slice(0, 3) || 'T';
}

/**
 * Receipt numbers unique in the shop: each till numbers its own sales in its series, "A-1", "A-2",
 * ..., given once when the sale is journaled and kept from then on (a till renamed later does not
 * renumber its past receipts). An order without one is numbered by its id, as WooCommerce numbers
 * it; the sync sends WooCommerce no number either way.
 */
export class ReceiptNumbers {
  private readonly numbers: OrderNumbersRepository;
  private readonly prefix: () => string | undefined;

  constructor(parts: ReceiptNumbersParts) {
    this.numbers = parts.numbers;
    this.prefix = parts.prefix;
  }

  /** Inside the sale's transaction: the order's number in this till's series, or its id while the till is alone. */
  assign(orderId: number): string {
    const given = this.numbers.numberOf(orderId);
    if (given !== undefined) return given;
    const prefix = this.prefix();
    if (prefix === undefined) return String(orderId);
    const index = this.numbers.nextIndex();
    const number = `${prefix}-${index}`;
    this.numbers.insert(orderId, index, number);
    return number;
  }

  numberOf(orderId: number): string {
    return this.numbers.numberOf(orderId) ?? String(orderId);
  }

  numbersOf(orderIds: readonly number[]): Map<number, string> {
    return this.numbers.numbersOf(orderIds);
  }
}
