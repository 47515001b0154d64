import { idOf, isJson, list, metaValue, objectsOf, whole } from '../shop/answers.js';
import type { WooProductRef } from './order-body.js';

/**
 * WooCommerce's answers to the push, read through the checked readers of shop/answers.ts: what the
 * push keeps of them (ids, totals, line ids) is read field by field, and an answer without the id
 * the push needs reads as `undefined`, which the push treats as an answer it could not read.
 */

/** An order WooCommerce made or read: its id, its total as answered, and its lines' ids and product ids in the order they were posted. */
export interface MadeOrder {
  readonly id: number;
  readonly total: unknown;
  readonly lineIds: readonly (number | undefined)[];
  /** 0 for a line WooCommerce made by name, without a product (its product is not there, §15.2). */
  readonly lineProductIds: readonly number[];
}

export function madeOrderOf(body: unknown): MadeOrder | undefined {
  const id = idOf(body);
  if (id === undefined || !isJson(body)) return undefined;
  const lines = list(body.line_items);
  return { id, total: body.total, lineIds: lines.map(idOf), lineProductIds: lines.map((line) => (isJson(line) ? whole(line.product_id) : 0)) };
}

/** The product (or variation) of `sku` among the products WooCommerce listed for it; undefined when none has that SKU. */
export function productBySku(body: unknown, sku: string): { found: WooProductRef } | { unreadable: true } | undefined {
  const match = objectsOf(body).find((product) => product.sku === sku);
  if (match === undefined) return undefined;
  const id = idOf(match);
  if (id === undefined) return { unreadable: true };
  const parent = whole(match.parent_id);
  return { found: parent > 0 ? { product_id: parent, variation_id: id } : { product_id: id, variation_id: 0 } };
}

/** A product's `stock_quantity` as WooCommerce answered it: a number when it manages the stock. */
export const stockQuantityOf = (body: unknown): number | undefined => {
  const quantity = isJson(body) ? body.stock_quantity : undefined;
  return typeof quantity === 'number' && Number.isFinite(quantity) ? quantity : undefined;
};

/** The uuids a product's meta `key` holds (a JSON list the push writes), none when it holds something else. */
export function uuidsInMeta(body: unknown, key: string): string[] {
  const value = isJson(body) ? metaValue(body, key) : undefined;
  if (value === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return list(parsed).filter((uuid): uuid is string => typeof uuid === 'string');
  } catch {
    return [];
  }
}
