import type { Database } from '../database.js';
import { gmtNow } from '../../model/dates.js';
import { managedStockStatus, variableStockStatus } from '../../model/catalogue/stock.js';
import { Decimal } from '../../model/money.js';
import { prepared } from '../statements.js';
import type { StockLedgerRepository, StockEntry } from './stock-ledger.js';

interface StockRow {
  manage_stock: number;
  stock_quantity: number | null;
  backorders: string;
  type: string;
  parent_id: number;
}

/**
 * Every write of a product's stock quantity. Each one is recorded in the stock ledger (by the
 * database's trigger) with the entry the caller declares.
 */
export class ProductStockRepository {
  constructor(
    private readonly db: Database,
    private readonly ledger: StockLedgerRepository,
  ) {}

  private row(id: number): StockRow | undefined {
    return prepared<[number], StockRow>(this.db, 'SELECT manage_stock, stock_quantity, backorders, type, parent_id FROM products WHERE id = ?').get(id);
  }

  private write(id: number, row: StockRow, quantity: number): void {
    prepared(this.db, 'UPDATE products SET stock_quantity = ?, stock_status = ?, date_modified_gmt = ? WHERE id = ?').run(
      quantity,
      managedStockStatus(quantity, row.backorders),
      gmtNow(),
      id,
    );
    if (row.type === 'variation') this.syncParentStockStatus(row.parent_id);
  }

  /**
   * Changes a stock-managed item's stock by `delta` (negative to take), exactly in decimal; returns
   * the new quantity, or undefined when the item does not exist or does not manage stock.
   */
  adjust(id: number, delta: number, entry: StockEntry): number | undefined {
    return this.ledger.recording(entry, () => {
      const row = this.row(id);
      if (!row || row.manage_stock !== 1) return undefined;
      const quantity = new Decimal(row.stock_quantity ?? 0).plus(delta).toNumber();
      this.write(id, row, quantity);
      return quantity;
    });
  }

  /** Sets a stock-managed item's stock to `quantity` (a count, an import); undefined when it does not manage stock. */
  set(id: number, quantity: number, entry: StockEntry): number | undefined {
    return this.ledger.recording(entry, () => {
      const row = this.row(id);
      if (!row || row.manage_stock !== 1) return undefined;
      this.write(id, row, quantity);
      return quantity;
    });
  }

  /**
   * Turns stock management on (with a quantity) or off (the quantity becomes null, which the ledger
   * records as taking the remaining units out), as a product update or an import does.
   */
  setManaged(id: number, managed: boolean, quantity: number | null, entry: StockEntry): void {
    this.ledger.recording(entry, () => {
      const row = this.row(id);
      if (!row) return;
      const stock = managed ? (quantity ?? row.stock_quantity ?? 0) : null;
      const status = stock === null ? undefined : managedStockStatus(stock, row.backorders);
      prepared(
        this.db,
        'UPDATE products SET manage_stock = ?, stock_quantity = ?, stock_status = COALESCE(?, stock_status), date_modified_gmt = ? WHERE id = ?',
      ).run(managed ? 1 : 0, stock, status ?? null, gmtNow(), id);
      if (row.type === 'variation') this.syncParentStockStatus(row.parent_id);
    });
  }

  /** A variable product's stored stock status, derived from its variations (as WooCommerce syncs it). */
  syncParentStockStatus(parentId: number): void {
    const parent = prepared<[number], { stock_status: string; type: string }>(this.db, 'SELECT stock_status, type FROM products WHERE id = ?').get(parentId);
    if (parent?.type !== 'variable') return;
    const children = prepared<[number], { stock_status: string }>(
      this.db,
      "SELECT stock_status FROM products WHERE parent_id = ? AND type = 'variation' AND status = 'publish'",
    )
      .all(parentId)
      .map((child) => child.stock_status);
    const status = variableStockStatus(children);
    if (status !== parent.stock_status)
      prepared(this.db, 'UPDATE products SET stock_status = ?, date_modified_gmt = ? WHERE id = ?').run(status, gmtNow(), parentId);
  }
}
