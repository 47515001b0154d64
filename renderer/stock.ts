/**
 * Stock as the till shows it: a tile's "3 left" or "Out of stock", and the check when an item is
 * added beyond what is in stock. With overselling prevented (the store's or the checkout setting)
 * the server refuses such a sale at payment; the till says so when the item is added instead, in
 * plain words. Otherwise it warns and sells.
 */
import type { CatalogueItemFields } from '../shared/resources/products.js';

export type StockFields = Pick<CatalogueItemFields, 'manage_stock' | 'stock_quantity' | 'stock_status' | 'backorders'>;

/** What a tile says about stock: null when the product's stock is not counted. */
export function stockNote(item: StockFields): string | null {
  if (item.manage_stock && item.stock_quantity !== null) return item.stock_quantity > 0 ? `${item.stock_quantity} left` : 'Out of stock';
  return item.stock_status === 'outofstock' ? 'Out of stock' : null;
}

export function isOutOfStock(item: StockFields): boolean {
  return stockNote(item) === 'Out of stock';
}

export type StockVerdict = { kind: 'ok' } | { kind: 'refuse'; message: string; explanation: string } | { kind: 'warn'; message: string };

/**
 * Whether `wanted` of the item (all of it in the sale after the change) can be sold: the server's
 * rule (server/domain/orders/lifecycle.ts) is that a counted item taking no backorders cannot go
 * below zero while overselling is prevented.
 */
export function checkStock(item: StockFields, name: string, wanted: number, overSellingPrevented: boolean): StockVerdict {
  if (!item.manage_stock || item.stock_quantity === null || wanted <= item.stock_quantity) return { kind: 'ok' };
  const left = Math.max(0, item.stock_quantity);
  const inStock = left === 0 ? `${name} is out of stock` : `Only ${left} ${name} in stock`;
  if (overSellingPrevented && item.backorders === 'no') {
    return {
      kind: 'refuse',
      message: `${inStock}: the sale cannot have ${wanted}.`,
      explanation: 'This shop sells only what it has in stock. If more is on the shelf, a manager can correct the stock level.',
    };
  }
  return { kind: 'warn', message: `${inStock}; this sale now has ${wanted}. Check the stock level after the sale.` };
}
