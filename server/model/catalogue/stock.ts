export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const BACKORDER_OPTIONS = ['no', 'notify', 'yes'] as const;
export type Backorders = (typeof BACKORDER_OPTIONS)[number];

/**
 * The stock status of a stock-managed item after its quantity changed, as WooCommerce decides it
 * (`validate_props`): in stock above zero, else on backorder when backorders are allowed, else out of stock.
 */
export function managedStockStatus(quantity: number, backorders: string): StockStatus {
  if (quantity > 0) return 'instock';
  return backorders === 'no' ? 'outofstock' : 'onbackorder';
}

/** A variable product's status from its children's (`WC_Product_Variable::sync_stock_status`). */
export function variableStockStatus(children: readonly string[]): StockStatus {
  if (children.includes('instock')) return 'instock';
  if (children.includes('onbackorder')) return 'onbackorder';
  return 'outofstock';
}
