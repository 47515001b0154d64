import type { MetaData } from '../stores.js';

/**
 * Two product settings kept in the product's meta, where WooCommerce and the POS plugin keep them,
 * so they need no column and travel with the meta: the product's own low-stock amount (WooCommerce's
 * protected meta `_low_stock_amount`, answered as the field `low_stock_amount`), and whether it is
 * sold by weight (`_pos_sold_by_weight` = `yes`: the till asks for a weight and the server takes a
 * decimal quantity for it even where decimal quantities are off).
 */
export const LOW_STOCK_META = '_low_stock_amount';
export const SOLD_BY_WEIGHT_META = '_pos_sold_by_weight';

type MetaEntry = { key: string; value: unknown };

/** The product's own low-stock amount, or null when it has none (the store's amount applies). */
export function lowStockAmountOf(meta: readonly MetaEntry[]): number | null {
  const value = meta.findLast((entry) => entry.key === LOW_STOCK_META)?.value;
  if (value === undefined || value === null || value === '') return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}

export function isSoldByWeight(meta: readonly MetaEntry[]): boolean {
  const value = meta.findLast((entry) => entry.key === SOLD_BY_WEIGHT_META)?.value;
  return value === 'yes' || value === true;
}

/** The meta the answer lists: the low-stock amount is a field of its own, as in WooCommerce. */
export function listedMeta<T extends MetaEntry>(meta: readonly T[]): T[] {
  return meta.filter((entry) => entry.key !== LOW_STOCK_META);
}

/** Keys a write of `meta_data` that leaves them out keeps (a form sending `_pos_visibility` must not clear them). */
const KEPT_KEYS = [LOW_STOCK_META, SOLD_BY_WEIGHT_META];

/**
 * The meta a write stores: the meta sent (or the current one), keeping the current low-stock amount
 * and sold-by-weight flag unless the write names them, and the `low_stock_amount` field applied
 * (null removes it). Undefined when the write changes no meta.
 */
export function writtenMeta(current: MetaData, sent: MetaData | undefined, lowStockAmount: number | null | undefined): MetaData | undefined {
  if (sent === undefined && lowStockAmount === undefined) return undefined;
  let meta = sent ?? current;
  if (sent !== undefined) {
    const kept = current.filter((entry) => KEPT_KEYS.includes(entry.key) && !sent.some((other) => other.key === entry.key));
    meta = [...sent, ...kept];
  }
  if (lowStockAmount !== undefined) {
    meta = meta.filter((entry) => entry.key !== LOW_STOCK_META);
    if (lowStockAmount !== null) meta = [...meta, { id: 0, key: LOW_STOCK_META, value: String(lowStockAmount) }];
  }
  // Ids are positions where the sent meta had none; keep them unique.
  const used = new Set<number>();
  let next = meta.reduce((highest, entry) => Math.max(highest, entry.id), 0) + 1;
  return meta.map((entry) => {
    if (entry.id > 0 && !used.has(entry.id)) {
      used.add(entry.id);
      return entry;
    }
    const id = next++;
    used.add(id);
    return { ...entry, id };
  });
}
